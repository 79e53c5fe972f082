// Each target's posterior given evidence from one Hugin propagation in a junction tree,
// where variable elimination would run once per target (query(type = "marginal")).
// The factors are the CPTs of the ancestors of the targets and the evidence, reduced by
// the evidence; their moral graph is triangulated by min-weight elimination (as variable
// elimination orders its steps); the maximal cliques, joined by a maximum spanning tree of
// separator sizes (a forest when the graph falls apart), hold the factors; one collect
// pass gives P(evidence), one distribute pass every clique's posterior. Tables are kept
// divided by their largest value, the logs apart, as in variable elimination (P(evidence)
// on hundreds of nodes underflows a double). A clique past kMaxFactorCells, or cliques
// past twice that in all, are a length_error before any table is allocated.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../network/cpt_network.hpp"
#include "../util/format.hpp"
#include "factor.hpp"
#include "variable_elimination.hpp"

namespace learnbn {

namespace junction {

// The evidence-reduced CPTs of the relevant nodes, each rescaled; CPTs reduced to a
// number are folded into log_scale (zero: `impossible`).
struct ReducedFactors {
  std::vector<Factor> factors;
  std::vector<int> free_nodes;  // relevant and unobserved, increasing
  double log_scale = 0;
  bool impossible = false;
};

inline ReducedFactors reduced_factors(const CptNetwork& net, const std::vector<int>& targets,
                                      const Evidence& evidence) {
  std::vector<int> seeds = targets;
  seeds.insert(seeds.end(), evidence.nodes.begin(), evidence.nodes.end());
  const std::vector<char> relevant = ancestral_set(net, seeds);
  std::vector<int> observed(relevant.size(), -1);
  for (std::size_t i = 0; i < evidence.nodes.size(); ++i)
    observed[evidence.nodes[i]] = evidence.states[i];
  ReducedFactors out;
  for (int v = 0; v < net.n_nodes(); ++v) {
    if (!relevant[v]) continue;
    if (observed[v] < 0) out.free_nodes.push_back(v);
    Factor f = cpt_factor(net, v);
    const std::vector<int> family = f.vars;
    for (int u : family) {
      if (observed[u] >= 0) f = reduce(f, u, observed[u]);
    }
    if (f.vars.empty()) {
      out.impossible = out.impossible || !(f.values[0] > 0);
      if (!out.impossible) out.log_scale += std::log(f.values[0]);
      continue;
    }
    rescale(f, out.log_scale);
    out.factors.push_back(std::move(f));
  }
  return out;
}

// Elimination cliques of the moral graph of `factors`, over local indices of
// `free_nodes`: eliminating the variable whose clique has the fewest cells (log weights
// updated for the neighbours of each eliminated variable only), the first on ties.
struct Triangulation {
  std::vector<std::vector<int>> cliques;  // per local variable: itself, then neighbours
  std::vector<int> order;                 // local variables in elimination order
};

inline Triangulation triangulate(const std::vector<Factor>& factors, const std::vector<int>& local,
                                 const std::vector<double>& log_card) {
  const std::size_t m = log_card.size();
  std::vector<std::vector<int>> adjacent(m);
  std::vector<std::size_t> stamp(m, 0);
  std::size_t round = 0;
  const auto add_missing_edges = [&](const std::vector<int>& group) {
    for (std::size_t i = 0; i < group.size(); ++i) {
      for (int u : adjacent[group[i]]) stamp[u] = round + 1;
      for (std::size_t j = i + 1; j < group.size(); ++j) {
        if (stamp[group[j]] == round + 1) continue;
        adjacent[group[i]].push_back(group[j]);
        adjacent[group[j]].push_back(group[i]);
      }
      ++round;
    }
  };
  for (const Factor& f : factors) {
    std::vector<int> group;
    for (int v : f.vars) group.push_back(local[v]);
    add_missing_edges(group);
  }
  std::vector<double> weight(m);
  const auto reweigh = [&](std::size_t v) {
    weight[v] = log_card[v];
    for (int u : adjacent[v]) weight[v] += log_card[u];
  };
  for (std::size_t v = 0; v < m; ++v) reweigh(v);
  std::vector<char> done(m, 0);
  Triangulation out;
  out.cliques.resize(m);
  for (std::size_t step = 0; step < m; ++step) {
    std::size_t best = m;
    for (std::size_t v = 0; v < m; ++v) {
      if (!done[v] && (best == m || weight[v] < weight[best])) best = v;
    }
    if (weight[best] > std::log(kMaxFactorCells) + 1e-9) {
      throw std::length_error("a clique of " + format_count(std::exp(weight[best])) + " cells");
    }
    const std::vector<int> neighbours = adjacent[best];
    out.cliques[best].push_back(static_cast<int>(best));
    out.cliques[best].insert(out.cliques[best].end(), neighbours.begin(), neighbours.end());
    out.order.push_back(static_cast<int>(best));
    done[best] = 1;
    for (int u : neighbours) {
      auto& list = adjacent[u];
      list.erase(std::find(list.begin(), list.end(), static_cast<int>(best)));
    }
    add_missing_edges(neighbours);
    for (int u : neighbours) reweigh(static_cast<std::size_t>(u));
  }
  return out;
}

// The cliques of a triangulation that no earlier clique contains, and for each variable
// the kept clique holding its elimination clique. An elimination clique inside another
// lies inside one eliminated earlier, which holds its variable.
struct MaximalCliques {
  std::vector<std::vector<int>> cliques;
  std::vector<int> owner;  // per local variable
};

inline MaximalCliques maximal_cliques(const Triangulation& t) {
  const std::size_t m = t.cliques.size();
  MaximalCliques out;
  out.owner.assign(m, -1);
  std::vector<std::vector<int>> holding(m);  // kept cliques holding each variable
  std::vector<std::size_t> stamp(m, 0);
  std::size_t round = 0;
  for (int v : t.order) {
    const std::vector<int>& clique = t.cliques[v];
    int inside = -1;
    for (int c : holding[v]) {
      ++round;
      for (int u : out.cliques[c]) stamp[u] = round;
      const bool all =
          std::all_of(clique.begin(), clique.end(), [&](int u) { return stamp[u] == round; });
      if (all) {
        inside = c;
        break;
      }
    }
    if (inside < 0) {
      inside = static_cast<int>(out.cliques.size());
      out.cliques.push_back(clique);
      for (int u : clique) holding[u].push_back(inside);
    }
    out.owner[v] = inside;
  }
  return out;
}

// A maximum spanning forest of the cliques weighted by their separators' sizes (Kruskal,
// heaviest first, earlier pairs first on ties), which is a junction tree for the maximal
// cliques of a chordal graph; as a parent per clique (-1 for roots) and a parents-first
// order.
struct Forest {
  std::vector<int> parent, order;
};

inline Forest spanning_forest(const std::vector<std::vector<int>>& cliques, std::size_t m) {
  const std::size_t k = cliques.size();
  std::vector<std::vector<int>> holding(m);
  for (std::size_t c = 0; c < k; ++c) {
    for (int u : cliques[c]) holding[u].push_back(static_cast<int>(c));
  }
  struct Edge {
    int shared, a, b;
  };
  std::vector<Edge> edges;
  std::vector<int> shared(k, 0);
  for (std::size_t a = 0; a < k; ++a) {
    std::vector<int> touched;
    for (int u : cliques[a]) {
      for (int b : holding[u]) {
        if (b <= static_cast<int>(a)) continue;
        if (shared[b]++ == 0) touched.push_back(b);
      }
    }
    std::sort(touched.begin(), touched.end());
    for (int b : touched) {
      edges.push_back(Edge{shared[b], static_cast<int>(a), b});
      shared[b] = 0;
    }
  }
  std::stable_sort(edges.begin(), edges.end(),
                   [](const Edge& x, const Edge& y) { return x.shared > y.shared; });
  std::vector<int> set(k);
  std::iota(set.begin(), set.end(), 0);
  const auto find = [&](int x) {
    while (set[x] != x) {
      x = set[x] = set[set[x]];
    }
    return x;
  };
  std::vector<std::vector<int>> linked(k);
  for (const Edge& e : edges) {
    const int ra = find(e.a), rb = find(e.b);
    if (ra == rb) continue;
    set[ra] = rb;
    linked[e.a].push_back(e.b);
    linked[e.b].push_back(e.a);
  }
  Forest out;
  out.parent.assign(k, -2);  // -2: not reached yet
  for (std::size_t root = 0; root < k; ++root) {
    if (out.parent[root] != -2) continue;
    out.parent[root] = -1;
    std::size_t next = out.order.size();
    out.order.push_back(static_cast<int>(root));
    for (; next < out.order.size(); ++next) {
      const int c = out.order[next];
      for (int d : linked[c]) {
        if (out.parent[d] != -2) continue;
        out.parent[d] = c;
        out.order.push_back(d);
      }
    }
  }
  return out;
}

// All clique tables are held at once: their total is capped at twice the largest factor
// (2 GB), checked before any is allocated.
inline void check_total_cells(const std::vector<std::vector<int>>& cliques,
                              const std::vector<double>& log_card) {
  double total = 0;
  for (const auto& clique : cliques) {
    double log_cells = 0;
    for (int u : clique) log_cells += log_card[u];
    total += std::exp(log_cells);
  }
  if (total > 2 * kMaxFactorCells * (1 + 1e-9)) {  // (exp(log(x)) is not always x)
    throw std::length_error("cliques of " + format_count(total) + " cells in all");
  }
}

// A table of ones per clique, over its nodes: those outside the separator to its parent
// first, then the separator's in increasing order, so that a clique's exchanges with its
// parent run over long blocks of one separator cell.
inline std::vector<Factor> clique_tables(const CptNetwork& net,
                                         const std::vector<std::vector<int>>& cliques,
                                         const Forest& forest, const std::vector<int>& nodes) {
  std::vector<Factor> tables(cliques.size());
  std::vector<char> shared(nodes.size(), 0);
  for (std::size_t c = 0; c < cliques.size(); ++c) {
    const int parent = forest.parent[c];
    if (parent >= 0) {
      for (int u : cliques[parent]) shared[u] = 1;
    }
    std::vector<int> own, separator;
    for (int u : cliques[c]) (shared[u] ? separator : own).push_back(u);
    std::sort(separator.begin(), separator.end());
    own.insert(own.end(), separator.begin(), separator.end());
    for (int u : own) {
      const int node = nodes[u];
      tables[c].vars.push_back(node);
      tables[c].card.push_back(net.states(node));
    }
    tables[c].values.assign(static_cast<std::size_t>(detail::cells(tables[c].card)), 1.0);
    if (parent >= 0) {
      for (int u : cliques[parent]) shared[u] = 0;
    }
  }
  return tables;
}

// detail::for_each_state by runs over the leading variables, as many as are laid out the
// same way in both tables (the strides of the other continue those of the first, or are
// all zero), so that the inner loops are long and tight: f(i, index, step, length)
// stands for the states i + k at index + k * step, k < length.
template <class F>
void for_each_run(const std::vector<int>& card, const std::vector<std::size_t>& strides, F f) {
  const std::size_t k = card.size();
  std::size_t lead = 0, length = 1;
  while (lead < k && strides[lead] == strides[0] * length) {
    length *= static_cast<std::size_t>(card[lead]);
    ++lead;
  }
  const std::size_t n = static_cast<std::size_t>(detail::cells(card));
  const std::size_t step = k ? strides[0] : 0;
  std::vector<int> state(k, 0);
  std::size_t index = 0;
  for (std::size_t i = 0; i < n; i += length) {
    f(i, index, step, length);
    for (std::size_t l = lead; l < k; ++l) {
      if (++state[l] < card[l]) {
        index += strides[l];
        break;
      }
      state[l] = 0;
      index -= static_cast<std::size_t>(card[l] - 1) * strides[l];
    }
  }
}

// big *= small, where small's variables are among big's.
inline void multiply_into(Factor& big, const Factor& small) {
  double* out = big.values.data();
  const double* in = small.values.data();
  for_each_run(big.card, detail::strides_in(small, big.vars),
               [&](std::size_t i, std::size_t index, std::size_t step, std::size_t length) {
                 if (step == 0) {
                   for (std::size_t k = 0; k < length; ++k) out[i + k] *= in[index];
                 } else {
                   for (std::size_t k = 0; k < length; ++k) out[i + k] *= in[index + k * step];
                 }
               });
}

// f summed onto `vars` (a subset of f's), in that order.
inline Factor sum_onto(const Factor& f, const std::vector<int>& vars) {
  Factor out;
  out.vars = vars;
  for (int v : vars) out.card.push_back(f.card[static_cast<std::size_t>(f.position(v))]);
  out.values.assign(static_cast<std::size_t>(detail::cells(out.card)), 0.0);
  double* sums = out.values.data();
  const double* in = f.values.data();
  for_each_run(f.card, detail::strides_in(out, f.vars),
               [&](std::size_t i, std::size_t index, std::size_t step, std::size_t length) {
                 if (step == 0) {
                   double total = 0;
                   for (std::size_t k = 0; k < length; ++k) total += in[i + k];
                   sums[index] += total;
                 } else {
                   for (std::size_t k = 0; k < length; ++k) sums[index + k * step] += in[i + k];
                 }
               });
  return out;
}

inline std::vector<int> shared_vars(const Factor& a, const Factor& b) {
  std::vector<int> out;
  for (int v : a.vars) {
    if (b.position(v) >= 0) out.push_back(v);
  }
  return out;
}

}  // namespace junction

// P(target, evidence) for each of `targets`, scaled: values summing to one (all zero when
// the evidence is impossible) with log_scale = log P(evidence).
inline std::vector<ScaledJoint> marginals_with_evidence(const CptNetwork& net,
                                                        const std::vector<int>& targets,
                                                        const Evidence& evidence) {
  using namespace junction;
  ReducedFactors reduced = reduced_factors(net, targets, evidence);
  const std::size_t m = reduced.free_nodes.size();
  std::vector<int> local(static_cast<std::size_t>(net.n_nodes()), -1);
  std::vector<double> log_card(m);
  for (std::size_t i = 0; i < m; ++i) {
    local[reduced.free_nodes[i]] = static_cast<int>(i);
    log_card[i] = std::log(static_cast<double>(net.states(reduced.free_nodes[i])));
  }
  const Triangulation triangulation = triangulate(reduced.factors, local, log_card);
  const MaximalCliques maximal = maximal_cliques(triangulation);
  const Forest forest = spanning_forest(maximal.cliques, m);
  // Clique tables of ones, then each factor multiplied into the clique of its variable
  // eliminated first (whose elimination clique holds all of the factor's variables).
  check_total_cells(maximal.cliques, log_card);
  std::vector<Factor> tables = clique_tables(net, maximal.cliques, forest, reduced.free_nodes);
  std::vector<int> rank(m);
  for (std::size_t i = 0; i < m; ++i) rank[triangulation.order[i]] = static_cast<int>(i);
  for (const Factor& f : reduced.factors) {
    int first = local[f.vars[0]];
    for (int v : f.vars) {
      const int u = local[v];
      if (rank[u] < rank[first]) first = u;
    }
    multiply_into(tables[maximal.owner[first]], f);
  }
  // Collect (children first): P(evidence) = exp(log_scale) times the roots' sums.
  double log_evidence = reduced.log_scale;
  bool impossible = reduced.impossible;
  std::vector<Factor> separators(tables.size());
  for (std::size_t i = forest.order.size(); i-- > 0;) {
    const std::size_t c = static_cast<std::size_t>(forest.order[i]);
    rescale(tables[c], log_evidence);
    const int parent = forest.parent[c];
    if (parent < 0) {
      const double total = std::accumulate(tables[c].values.begin(), tables[c].values.end(), 0.0);
      if (!(total > 0))
        impossible = true;
      else
        log_evidence += std::log(total);
      continue;
    }
    Factor& to = tables[parent];
    separators[c] = sum_onto(tables[c], shared_vars(tables[c], to));
    rescale(separators[c], log_evidence);
    multiply_into(to, separators[c]);
  }
  std::vector<ScaledJoint> out;
  if (impossible) {
    for (int t : targets) {
      out.push_back(ScaledJoint{std::vector<double>(static_cast<std::size_t>(net.states(t)), 0.0),
                                -std::numeric_limits<double>::infinity()});
    }
    return out;
  }
  // Distribute (parents first): each clique times new / old separator (0 / 0 = 0);
  // scales no longer matter, every clique is normalised when read.
  double ignored = 0;
  for (int c : forest.order) {
    const int parent = forest.parent[c];
    if (parent < 0) continue;
    Factor& separator = separators[c];
    const Factor update = sum_onto(tables[parent], separator.vars);
    for (std::size_t i = 0; i < separator.values.size(); ++i) {
      separator.values[i] = separator.values[i] > 0 ? update.values[i] / separator.values[i] : 0.0;
    }
    rescale(separator, ignored);
    multiply_into(tables[c], separator);
    rescale(tables[c], ignored);
  }
  // Each target from the smallest clique holding it.
  std::vector<std::size_t> smallest(m, tables.size());
  for (std::size_t c = 0; c < tables.size(); ++c) {
    for (int u : maximal.cliques[c]) {
      std::size_t& best = smallest[u];
      if (best == tables.size() || tables[c].values.size() < tables[best].values.size()) best = c;
    }
  }
  for (int t : targets) {
    const std::size_t best = smallest[local[t]];
    Factor p = sum_onto(tables[best], {t});
    const double total = std::accumulate(p.values.begin(), p.values.end(), 0.0);
    for (double& v : p.values) v /= total;
    out.push_back(ScaledJoint{std::move(p.values), log_evidence});
  }
  return out;
}

}  // namespace learnbn
