// Exact structure learning by dynamic programming over subsets (Silander & Myllymaki
// 2006), and the table of allowed families shared with the exhaustive search.
//
// 1. Local scores ls(v, P) of every parent set P the constraints allow (required
//    parents included, forbidden ones excluded, |P| <= max_parents).
// 2. Best parent-set scores bps(v, C) = max_{P subset of C} ls(v, P), for every subset C
//    of v's candidate parents (a subset-max transform over the candidate bits only).
// 3. Sinks: best(S) = max_{v in S} best(S \ {v}) + bps(v, S \ {v}), best({}) = 0; the
//    maximising v is the best sink of S. best(V) is the optimum over all allowed DAGs.
// 4. Reconstruction: peel sinks off V, each taking its best parent set among the rest.
//
// Memory: sum_v 2^|candidates(v)| doubles for bps, 2^n doubles and 2^n bytes for the
// sinks, plus the family table (see exact_memory_bytes in R/learn-exact.R).
#pragma once
#include <algorithm>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../local_scorer.hpp"
#include "../scores.hpp"
#include "constraints.hpp"

namespace learnbn {

using NodeSet = std::uint64_t;  // bit v set: node v is in the set

inline NodeSet node_bit(int v) { return NodeSet(1) << v; }
inline int set_size(NodeSet s) { return __builtin_popcountll(s); }
inline int lowest_node(NodeSet s) { return __builtin_ctzll(s); }

inline std::vector<int> set_nodes(NodeSet s) {
  std::vector<int> out;
  for (; s; s &= s - 1) out.push_back(lowest_node(s));
  return out;
}

// Every parent set of `node` the constraints allow, by increasing size: the required
// parents plus up to max_parents - |required| of the other allowed parents.
inline std::vector<NodeSet> allowed_parent_sets(const Constraints& c, int node) {
  NodeSet required = 0;
  std::vector<int> optional;
  for (int u = 0; u < c.n; ++u) {
    if (u == node || !c.allowed(u, node)) continue;
    if (c.is_required(u, node)) required |= node_bit(u); else optional.push_back(u);
  }
  const int n_required = set_size(required);
  if (n_required > c.max_parents) return {};
  const int n_optional = static_cast<int>(optional.size());
  const int extra = std::min(c.max_parents - n_required, n_optional);
  std::vector<NodeSet> sets;
  for (int k = 0; k <= extra; ++k) {
    std::vector<int> pick(k);
    for (int i = 0; i < k; ++i) pick[i] = i;
    while (true) {  // combinations of k optional parents in lexicographic order
      NodeSet set = required;
      for (int i : pick) set |= node_bit(optional[i]);
      sets.push_back(set);
      int i = k - 1;
      while (i >= 0 && pick[i] == n_optional - k + i) --i;
      if (i < 0) break;
      ++pick[i];
      for (int j = i + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
    }
  }
  return sets;
}

// The allowed families of every node with their local scores.
struct FamilyTable {
  std::vector<std::vector<NodeSet>> sets;    // by node
  std::vector<std::vector<double>> scores;   // aligned with `sets`
  std::size_t size() const {
    std::size_t total = 0;
    for (const auto& s : sets) total += s.size();
    return total;
  }
};

// Scores every allowed family, `threads` at a time, in batches; `tick` runs on the
// calling thread between batches (for user interrupts).
inline FamilyTable score_allowed_families(const DataView& data, const ScoreSpec& spec,
                                          const Constraints& c, int threads,
                                          const std::function<void()>& tick) {
  FamilyTable table;
  std::vector<std::pair<int, std::size_t>> jobs;
  for (int v = 0; v < c.n; ++v) {
    table.sets.push_back(allowed_parent_sets(c, v));
    table.scores.emplace_back(table.sets.back().size());
    for (std::size_t i = 0; i < table.sets.back().size(); ++i) jobs.emplace_back(v, i);
  }
  threads = std::max(1, threads);
  const auto gaussian = gaussian_model(data, spec);
  std::vector<std::unique_ptr<LocalScorer>> scorers;
  for (int t = 0; t < threads; ++t) scorers.emplace_back(new LocalScorer(data, spec, gaussian));
  const std::size_t batch = 4096;
  for (std::size_t start = 0; start < jobs.size(); start += batch) {
    const std::size_t end = std::min(jobs.size(), start + batch);
    std::exception_ptr error = nullptr;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16)
    for (std::size_t j = start; j < end; ++j) {
      try {
#ifdef _OPENMP
        LocalScorer& scorer = *scorers[omp_get_thread_num()];
#else
        LocalScorer& scorer = *scorers[0];
#endif
        const int node = jobs[j].first;
        const std::vector<int> parents = set_nodes(table.sets[node][jobs[j].second]);
        table.scores[node][jobs[j].second] = scorer.score(node, parents.data(), parents.size());
      } catch (...) {
#pragma omp critical
        error = std::current_exception();
      }
    }
    if (error) std::rethrow_exception(error);
    tick();
  }
  return table;
}

// Maps a node set to the index of its members among one node's candidate parents
// (a parallel bit extract done one byte at a time with lookup tables).
class CandidateIndex {
 public:
  CandidateIndex(NodeSet candidates, int n) : chunks_((n + 7) / 8), table_(chunks_ * 256, 0) {
    int below = 0;  // candidates in lower chunks
    for (int chunk = 0; chunk < chunks_; ++chunk) {
      const NodeSet in_chunk = (candidates >> (8 * chunk)) & 0xFF;
      for (int byte = 0; byte < 256; ++byte) {
        NodeSet index = 0;
        int position = below;
        for (int b = 0; b < 8; ++b) {
          if (!(in_chunk >> b & 1)) continue;
          if (byte >> b & 1) index |= NodeSet(1) << position;
          ++position;
        }
        table_[chunk * 256 + byte] = index;
      }
      below += set_size(in_chunk);
    }
  }
  NodeSet operator()(NodeSet s) const {
    NodeSet index = 0;
    for (int chunk = 0; chunk < chunks_; ++chunk) index |= table_[chunk * 256 + ((s >> (8 * chunk)) & 0xFF)];
    return index;
  }

 private:
  int chunks_;
  std::vector<NodeSet> table_;
};

// One pass of the subset-max transform: for each index with bit `half` set,
// f[C] = max(f[C], f[C without that bit]), within f[begin, end).
inline void subset_max_pass(double* f, std::size_t begin, std::size_t end, std::size_t half) {
  for (std::size_t base = begin; base < end; base += 2 * half) {
    double* low = f + base;
    double* high = low + half;
    for (std::size_t i = 0; i < half; ++i) high[i] = std::max(high[i], low[i]);
  }
}

// f[C] = max over subsets D of C of f[D], over all bits of the index. The low bits are
// done block by block (each block stays in cache), the high bits over the whole array.
inline void subset_max_transform(std::vector<double>& f) {
  const std::size_t size = f.size(), block = std::min<std::size_t>(size, 1 << 14);
  for (std::size_t begin = 0; begin < size; begin += block) {
    for (std::size_t half = 1; half < block; half *= 2) subset_max_pass(f.data(), begin, begin + block, half);
  }
  for (std::size_t half = block; half < size; half *= 2) subset_max_pass(f.data(), 0, size, half);
}

struct ExactResult {
  std::vector<NodeSet> parents;  // by node
  double score = 0;
};

// The highest-scoring DAG whose families all come from `families`.
inline ExactResult exact_search(const FamilyTable& families, int n, int threads,
                                const std::function<void()>& tick) {
  if (n < 1 || n > 40) throw std::length_error("exact search handles 1 to 40 nodes");
  const double minus_inf = -std::numeric_limits<double>::infinity();
  std::vector<CandidateIndex> index;
  std::vector<std::vector<double>> best_parents(n);
  for (int v = 0; v < n; ++v) {
    NodeSet candidates = 0;
    for (NodeSet s : families.sets[v]) candidates |= s;
    index.emplace_back(candidates, n);
    best_parents[v].assign(std::size_t(1) << set_size(candidates), minus_inf);
  }
  std::exception_ptr error = nullptr;
#pragma omp parallel for num_threads(std::max(1, threads)) schedule(dynamic, 1)
  for (int v = 0; v < n; ++v) {
    try {
      std::vector<double>& bps = best_parents[v];
      for (std::size_t i = 0; i < families.sets[v].size(); ++i) {
        double& slot = bps[index[v](families.sets[v][i])];
        slot = std::max(slot, families.scores[v][i]);
      }
      subset_max_transform(bps);
    } catch (...) {
#pragma omp critical
      error = std::current_exception();
    }
  }
  if (error) std::rethrow_exception(error);
  tick();

  const NodeSet all = node_bit(n) - 1;
  std::vector<double> best(std::size_t(all) + 1);
  std::vector<std::uint8_t> sink(std::size_t(all) + 1, 0);
  best[0] = 0;
  for (NodeSet s = 1; s <= all; ++s) {
    double top = minus_inf;
    int top_sink = 0;
    for (NodeSet rest = s; rest; rest &= rest - 1) {
      const int v = lowest_node(rest);
      const NodeSet others = s & ~node_bit(v);
      const double value = best[others] + best_parents[v][index[v](others)];
      if (value > top) {
        top = value;
        top_sink = v;
      }
    }
    best[s] = top;
    sink[s] = static_cast<std::uint8_t>(top_sink);
    if ((s & 0x3FFFF) == 0) tick();
  }
  if (best[all] == minus_inf) throw std::runtime_error("no DAG satisfies the constraints");

  ExactResult result;
  result.score = best[all];
  result.parents.assign(n, 0);
  for (NodeSet s = all; s;) {
    const int v = sink[s];
    const NodeSet others = s & ~node_bit(v);
    const double target = best_parents[v][index[v](others)];
    for (std::size_t i = 0; i < families.sets[v].size(); ++i) {
      const NodeSet set = families.sets[v][i];
      if ((set & ~others) == 0 && families.scores[v][i] == target) {
        result.parents[v] = set;
        break;
      }
    }
    s = others;
  }
  return result;
}

}  // namespace learnbn
