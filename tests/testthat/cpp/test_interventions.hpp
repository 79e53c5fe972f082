// Interventional data (data/interventions.hpp, score/interventional.hpp): the family of a
// node set by intervention in some rows scores as the family of the data without those
// rows, on every counting path (dense, sparse, bits, groups, windows), on threads, and
// for Gaussian data.
#pragma once
#include <algorithm>
#include <climits>
#include <memory>
#include <random>
#include <vector>

#include <learnbn/data/gaussian_stats.hpp>
#include <learnbn/graph/interventional_essential.hpp>
#include <learnbn/graph/topological_order.hpp>
#include <learnbn/search/ges_turning.hpp>
#include <learnbn/score/family_scorer.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// The rows of `t` not in `set` (sorted), as a Table of their own.
inline Table rows_without(const Table& t, const std::vector<int>& cards,
                          const std::vector<std::size_t>& set, std::mt19937& rng) {
  Table out(0, cards, false, rng);
  std::size_t next = 0;
  for (std::size_t row = 0; row < t.view.n_rows; ++row) {
    if (next < set.size() && set[next] == row) { ++next; continue; }
    for (std::size_t v = 0; v < cards.size(); ++v) {
      if (cards[v] <= 256) out.small[v].push_back(t.small[v][row]);
      else out.wide[v].push_back(t.wide[v][row]);
    }
    if (!t.weights.empty()) out.weights.push_back(t.weights[row]);
  }
  out.refresh(cards);
  return out;
}

inline void test_interventional_counts() {
  std::mt19937 rng(17);
  const std::vector<int> cards = {2, 3, 2, 4, 2, 300};
  for (bool weighted : {false, true}) {
    Table t(3000, cards, weighted, rng);
    auto interventions = std::make_shared<Interventions>();
    interventions->rows.resize(cards.size());
    std::bernoulli_distribution set(0.3);
    for (std::size_t row = 0; row < 3000; ++row) {
      if (set(rng)) interventions->rows[1].push_back(row);
      if (row % 3 == 0) interventions->rows[5].push_back(row);
    }
    t.view.interventions = interventions;
    for (ScoreType type : {ScoreType::bdeu, ScoreType::bic}) {
      ScoreSpec spec;
      spec.type = type;
      for (int threads : {1, 2}) {
        FamilyScorer scorer(t.view, spec, threads);
        for (int node : {1, 5, 2}) {
          Table own = rows_without(t, cards, interventions->rows[node], rng);
          Counter counter(own.view);
          // BIC's penalty takes the log of all the cases.
          auto direct = [&](std::vector<int> pa) {
            return family_score(counter.count(node, pa.data(), pa.size()), spec, t.view.n_cases,
                                pa.size());
          };
          CHECK(near(scorer.score(node, {0, 3}), direct({0, 3})));
          // Additions (more than 16 extras: the threaded, windowed and bit-set paths).
          std::vector<int> extras;
          for (int rep = 0; rep < 5; ++rep) {
            for (int e = 0; e < 6; ++e) if (e != node && e != 3) extras.push_back(e);
          }
          std::vector<double> scores;
          scorer.score_additions(node, {3}, extras, scores);
          bool same = true;
          for (std::size_t e = 0; e < extras.size(); ++e) {
            std::vector<int> pa = {3, extras[e]};
            std::sort(pa.begin(), pa.end());
            same = same && near(scores[e], direct(pa));
          }
          CHECK(same);
          scorer.use_groups(false);
          if (node != 2) CHECK(near(scorer.score(node, {0, 2, 3}), direct({0, 2, 3})));
          scorer.use_groups(true);
        }
      }
    }
  }
}

inline void test_interventional_gaussian() {
  std::mt19937 rng(23);
  std::normal_distribution<double> normal;
  const std::size_t n = 400, p = 4;
  std::vector<std::vector<double>> values(p, std::vector<double>(n));
  for (std::size_t r = 0; r < n; ++r) {
    values[0][r] = normal(rng);
    values[1][r] = values[0][r] + normal(rng);
    values[2][r] = r < 100 ? 3 + normal(rng) : values[1][r] - values[0][r] + normal(rng);
    values[3][r] = values[2][r] + normal(rng);
  }
  auto view_of = [&](const std::vector<std::vector<double>>& cols, GaussianStats& stats) {
    DataView view;
    std::vector<const double*> pointers;
    for (const auto& c : cols) {
      Column column;
      column.real = c.data();
      view.columns.push_back(column);
      pointers.push_back(c.data());
    }
    view.n_rows = cols[0].size();
    view.n_cases = static_cast<double>(view.n_rows);
    stats = gaussian_stats(pointers, view.n_rows, nullptr);
    view.correlation = stats.correlation.data();
    view.sd = stats.sds.data();
    return view;
  };
  GaussianStats all_stats, own_stats;
  DataView all = view_of(values, all_stats);
  auto interventions = std::make_shared<Interventions>();
  interventions->rows.resize(p);
  for (std::size_t r = 0; r < 100; ++r) interventions->rows[2].push_back(r);
  all.interventions = interventions;
  std::vector<std::vector<double>> kept(p);
  for (std::size_t v = 0; v < p; ++v) kept[v].assign(values[v].begin() + 100, values[v].end());
  const DataView own = view_of(kept, own_stats);
  for (ScoreType type : {ScoreType::loglik, ScoreType::bic, ScoreType::bge}) {
    ScoreSpec spec;
    spec.type = type;
    spec.am = 1;
    spec.aw = p + 2.0;  // BGe's defaults for p = 4 variables
    FamilyScorer scorer(all, spec, 1);
    const GaussianModel own_model(own, spec, static_cast<double>(n)), all_model(all, spec);
    const int parents[] = {0, 1};
    CHECK(near(scorer.score(2, {0, 1}), own_model.score(2, parents, 2)));
    // A node never set by intervention scores on every row.
    const int two = 2;
    CHECK(near(scorer.score(3, {2}), all_model.score(3, &two, 1)));
    std::vector<double> added;
    scorer.score_additions(2, {0}, {1, 3}, added);
    const int with_one[] = {0, 1}, with_three[] = {0, 3};
    CHECK(near(added[0], own_model.score(2, with_one, 2)));
    CHECK(near(added[1], own_model.score(2, with_three, 2)));
  }
}

// Every DAG on 4 nodes (each pair absent or one of two arcs; acyclic ones kept), as
// n x n arc matrices.
inline std::vector<std::vector<char>> all_dags4() {
  const int n = 4;
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < n; ++a) for (int b = a + 1; b < n; ++b) pairs.emplace_back(a, b);
  std::vector<std::vector<char>> out;
  int total = 1;
  for (std::size_t i = 0; i < pairs.size(); ++i) total *= 3;
  for (int code = 0; code < total; ++code) {
    std::vector<char> arcs(n * n, 0);
    ParentLists parents(n);
    int rest = code;
    for (const auto& pr : pairs) {
      const int state = rest % 3;
      rest /= 3;
      if (state == 0) continue;
      const int from = state == 1 ? pr.first : pr.second, to = state == 1 ? pr.second : pr.first;
      arcs[from * n + to] = 1;
      parents[to].push_back(from);
    }
    if (!topological_order(parents).empty()) out.push_back(arcs);
  }
  return out;
}

// Interventional Markov equivalence of two DAGs on 4 nodes given as arc matrices, by the
// definition (Hauser and Buhlmann 2012, Theorem 10), without Meek's rules: the same
// skeleton, the same v-structures and the same orientation of every edge with one end in
// a target.
struct Equivalence4 {
  static constexpr int n = 4;
  std::vector<std::vector<char>> targets;
  static bool adjacent(const std::vector<char>& d, int a, int b) {
    return d[a * n + b] || d[b * n + a];
  }
  static std::vector<int> v_structures(const std::vector<char>& d) {
    std::vector<int> out;
    for (int v = 0; v < n; ++v)
      for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
          if (d[a * n + v] && d[b * n + v] && !adjacent(d, a, b))
            out.push_back((v * n + a) * n + b);
    return out;
  }
  bool operator()(const std::vector<char>& d, const std::vector<char>& e) const {
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b) if (adjacent(d, a, b) != adjacent(e, a, b)) return false;
    if (v_structures(d) != v_structures(e)) return false;
    for (const auto& t : targets)
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (t[a] != t[b] && d[a * n + b] != e[a * n + b]) return false;
    return true;
  }
};

inline ParentLists parents_of4(const std::vector<char>& d) {
  ParentLists parents(4);
  for (int a = 0; a < 4; ++a)
    for (int b = 0; b < 4; ++b) if (d[a * 4 + b]) parents[b].push_back(a);
  return parents;
}

inline const std::vector<std::vector<std::vector<char>>>& target_families4() {
  static const std::vector<std::vector<std::vector<char>>> families = {
      {}, {{0, 1, 0, 0}}, {{1, 0, 0, 0}, {0, 0, 1, 1}}, {{0, 1, 1, 0}}};
  return families;
}

// An edge of the essential graph is directed when all the DAGs of the class orient it
// alike.
inline void test_interventional_essential_graph() {
  const int n = 4;
  const std::vector<std::vector<char>> dags = all_dags4();
  CHECK(dags.size() == 543);  // the number of labelled DAGs on 4 nodes
  bool all_same = true;
  for (const auto& targets : target_families4()) {
    const Equivalence4 equivalent{targets};
    for (const auto& d : dags) {
      std::vector<char> seen(n * n, 0);
      for (const auto& e : dags) {
        if (!equivalent(d, e)) continue;
        for (int i = 0; i < n * n; ++i) if (e[i]) seen[i] = 1;
      }
      const Pdag g = interventional_essential_graph(parents_of4(d), targets);
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          all_same = all_same && (g.mark(a, b) == (seen[a * n + b] != 0));
    }
  }
  CHECK(all_same);
}

// GIES's turning operators (search/ges_turning.hpp) on every interventional essential
// graph of 4 nodes under 4 target families, by the definition of a turn: reversing an
// arc v -> u of a DAG of the class, which gives a DAG of another class. Every turn
// enumerated is such a reversal, in a DAG where v and u have the parents the operator
// scores, and turned_dag() gives its class; every reversal that leaves the class is
// enumerated.
inline void test_turning_operators() {
  const int n = 4;
  const std::vector<std::vector<char>> dags = all_dags4();
  const Constraints none = Constraints::none(n);
  bool sound = true, complete = true, reproduced = true;
  int turns = 0;
  for (const auto& targets : target_families4()) {
    const Equivalence4 equivalent{targets};
    std::vector<char> done(dags.size(), 0);
    for (std::size_t i = 0; i < dags.size(); ++i) {
      if (done[i]) continue;
      std::vector<ParentLists> members;
      for (std::size_t j = i; j < dags.size(); ++j) {
        if (!equivalent(dags[i], dags[j])) continue;
        done[j] = 1;
        members.push_back(parents_of4(dags[j]));
      }
      const Pdag g = interventional_essential_graph(members[0], targets);
      // The class after reversing v -> u in a member, or nothing when that closes a cycle.
      auto reversed = [&](ParentLists dag, int v, int u, Pdag& out) {
        dag[u].erase(std::find(dag[u].begin(), dag[u].end(), v));
        dag[v].push_back(u);
        std::sort(dag[v].begin(), dag[v].end());
        if (topological_order(dag).empty()) return false;
        out = interventional_essential_graph(dag, targets);
        return true;
      };
      std::vector<std::pair<std::pair<int, int>, Pdag>> enumerated;
      for (int v = 0; v < n; ++v) {
        std::vector<int> v_parents = g.parents(v);
        for_each_turn(g, none, INT_MAX, v, [&](int u, const std::vector<int>& c, bool essential,
                                               const std::vector<int>& u_before,
                                               const std::vector<int>&) {
          ++turns;
          std::vector<int> v_new = v_parents;
          v_new.insert(v_new.end(), c.begin(), c.end());
          std::sort(v_new.begin(), v_new.end());
          bool found = false;
          Pdag result;
          for (const ParentLists& m : members) {
            if (m[v] != v_new || m[u] != u_before) continue;
            found = found || reversed(m, v, u, result);
          }
          sound = sound && found && !(result == g);
          ParentLists turned;
          const TurnOperator op{u, v, c, essential, 0.0};
          reproduced = reproduced && found && turned_dag(g, op, turned) &&
                       interventional_essential_graph(turned, targets) == result;
          enumerated.push_back({{v, u}, result});
        });
      }
      for (const ParentLists& m : members) {
        for (int u = 0; u < n; ++u) {
          for (int v : m[u]) {
            Pdag result;
            if (!reversed(m, v, u, result) || result == g) continue;
            bool listed = false;
            for (const auto& e : enumerated) listed = listed || (e.first == std::make_pair(v, u) &&
                                                                 e.second == result);
            complete = complete && listed;
          }
        }
      }
    }
  }
  CHECK(turns > 100);
  CHECK(sound);
  CHECK(reproduced);
  CHECK(complete);
}

inline void run_intervention_tests() {
  run_test("test_interventional_essential_graph", test_interventional_essential_graph);
  run_test("test_turning_operators", test_turning_operators);
  run_test("test_interventional_counts", test_interventional_counts);
  run_test("test_interventional_gaussian", test_interventional_gaussian);
}

}  // namespace learnbn_test
