// Exact structure learning by dynamic programming over subsets (Silander & Myllymaki
// 2006) from the table of allowed families (score/parent_sets.hpp).
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
// sinks, plus the family table (exact_search_bytes() in search/memory.hpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

#include "../score/parent_sets.hpp"
#include "../util/parallel.hpp"
#include "common.hpp"

namespace learnbn {

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
    for (int chunk = 0; chunk < chunks_; ++chunk)
      index |= table_[chunk * 256 + ((s >> (8 * chunk)) & 0xFF)];
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
    for (std::size_t half = 1; half < block; half *= 2)
      subset_max_pass(f.data(), begin, begin + block, half);
  }
  for (std::size_t half = block; half < size; half *= 2) subset_max_pass(f.data(), 0, size, half);
}

// The DAG in which node v has the parents in parents[v].
inline Dag dag_of_sets(const std::vector<NodeSet>& parents) {
  Dag dag(static_cast<int>(parents.size()));
  for (std::size_t v = 0; v < parents.size(); ++v) {
    for (int p : set_nodes(parents[v])) dag.add_arc(p, static_cast<int>(v));
  }
  return dag;
}

// The highest-scoring DAG whose families all come from `families`; `progress` counts
// the node sets whose best sink is known (stage "subsets", 2^n of them).
inline SearchResult exact_search(const FamilyTable& families, int n, int threads,
                                const std::function<void()>& tick, Progress progress = Progress()) {
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
  parallel_for(n, threads, [&](long v) {
    std::vector<double>& bps = best_parents[v];
    for (std::size_t i = 0; i < families.sets[v].size(); ++i) {
      double& slot = bps[index[v](families.sets[v][i])];
      slot = std::max(slot, families.scores[v][i]);
    }
    subset_max_transform(bps);
  });
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
    if ((s & 0xFFF) == 0)
      progress.update("subsets", static_cast<double>(s), static_cast<double>(all) + 1);
    if ((s & 0x3FFFF) == 0) tick();
  }
  progress.finish("subsets", static_cast<double>(all) + 1, static_cast<double>(all) + 1);
  if (best[all] == minus_inf) throw std::runtime_error("no DAG satisfies the constraints");

  std::vector<NodeSet> parents(n, 0);
  for (NodeSet s = all; s;) {
    const int v = sink[s];
    const NodeSet others = s & ~node_bit(v);
    const double target = best_parents[v][index[v](others)];
    for (std::size_t i = 0; i < families.sets[v].size(); ++i) {
      const NodeSet set = families.sets[v][i];
      if ((set & ~others) == 0 && families.scores[v][i] == target) {
        parents[v] = set;
        break;
      }
    }
    s = others;
  }
  SearchResult result;
  result.dag = dag_of_sets(parents);
  result.score = best[all];
  result.stats.trace.push_back(result.score);
  return result;
}

}  // namespace learnbn
