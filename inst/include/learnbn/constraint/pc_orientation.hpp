// PC's orientation phase: background knowledge first, then every unshielded triple
// X - Y - Z whose middle node is not in the witness set of X - Z becomes X -> Y <- Z
// (conflicts resolved by the ConflictPolicy and reported), then Meek's rules by the
// orienter of graph/meek.hpp, shared with cpdag() and the equivalence-class searches.
#pragma once
#include <algorithm>
#include <cstddef>
#include <numeric>
#include <vector>

#include "../graph/constraints.hpp"
#include "../graph/meek.hpp"
#include "../graph/pdag.hpp"
#include "pc_result.hpp"

namespace learnbn {

class PCOrienter {
 public:
  PCOrienter(int n, const PCOptions& options) : n_(n), opt_(options) {}

  // Knowledge, immoralities, then Meek's rules (R4 only once knowledge has oriented an
  // edge), by the orienter shared with cpdag() and the equivalence-class searches.
  void orient(const std::vector<char>& adjacent, PCResult& out) {
    g_ = Pdag(n_);
    for (int i = 0; i < n_; ++i) {
      for (int j = i + 1; j < n_; ++j) {
        if (adjacent[at(i, j)]) g_.add_undirected(i, j);
      }
    }
    bidirected_.assign(adjacent.size(), 0);
    source_.assign(adjacent.size(), -2);
    Constraints knowledge;
    knowledge.n = n_;
    knowledge.required = opt_.required;
    knowledge.forbidden = opt_.forbidden;
    MeekOrienter orienter(g_, &bidirected_, &out.steps);
    const bool oriented_by_knowledge = orienter.apply_knowledge(knowledge) > 0;
    for (const OrientationStep& s : out.steps) source_[at(s.from, s.to)] = -1;
    immoralities(out);
    orienter.close(oriented_by_knowledge);
    out.amat.assign(adjacent.size(), 0);
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) out.amat[at(i, j)] = g_.mark(i, j);
    }
    out.bidirected = bidirected_;
  }

 private:
  void immoralities(PCResult& out) {
    std::vector<const Witness*> witness(static_cast<std::size_t>(n_) * n_, nullptr);
    for (const Witness& w : out.witnesses) witness[at(w.x, w.y)] = witness[at(w.y, w.x)] = &w;
    std::vector<Immorality>& found = out.immoralities;
    for (int x = 0; x < n_; ++x) {
      for (int y = x + 1; y < n_; ++y) {
        const Witness* w = witness[at(x, y)];
        if (adj(x, y) || !w) continue;  // pairs removed by the blacklist have no witness
        for (int m = 0; m < n_; ++m) {
          if (!adj(x, m) || !adj(y, m)) continue;
          if (std::binary_search(w->z.begin(), w->z.end(), m)) continue;
          found.push_back(Immorality{x, m, y, w->p_value, 0});
        }
      }
    }
    std::vector<std::size_t> order(found.size());
    std::iota(order.begin(), order.end(), 0);
    if (opt_.conflicts == ConflictPolicy::strongest) {
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return found[a].strength > found[b].strength;
      });
    } else if (opt_.conflicts == ConflictPolicy::bnlearn) {
      // bnlearn sorts by ascending p-value; ties go by middle node, as bnlearn finds them.
      std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (found[a].strength != found[b].strength) return found[a].strength < found[b].strength;
        return found[a].middle < found[b].middle;
      });
    }
    for (std::size_t k : order) apply_immorality(out, static_cast<int>(k));
  }

  // Orients x -> middle <- y. An end already oriented middle -> end is a conflict:
  // against background knowledge, or under the policies "first", "strongest" and
  // "bnlearn", the earlier immorality (or the knowledge) wins and this one is dropped
  // whole; under
  // "bidirected" two clashing immoralities leave the edge oriented both ways.
  void apply_immorality(PCResult& out, int k) {
    Immorality& v = out.immoralities[k];
    const int ends[2] = {v.x, v.y};
    const int m = v.middle;
    bool clash = false, against_knowledge = false;
    for (int e : ends) {
      if (!arc(m, e)) continue;
      clash = true;
      against_knowledge = against_knowledge || source_[at(m, e)] < 0;
    }
    const bool drop = against_knowledge || (clash && opt_.conflicts != ConflictPolicy::bidirected);
    for (int e : ends) {
      if (arc(m, e)) out.conflicts.push_back(Conflict{m, e, source_[at(m, e)], k, drop ? 1 : 0});
    }
    // bnlearn also skips an immorality that would close a directed cycle.
    if (drop || (opt_.conflicts == ConflictPolicy::bnlearn && closes_cycle(v))) {
      v.status = 2;
      return;
    }
    for (int e : ends) {
      if (undirected(e, m)) {
        set_arc(e, m);
        source_[at(e, m)] = k;
      } else if (arc(m, e)) {
        g_.add_undirected(e, m);  // both marks: bidirected
        bidirected_[at(e, m)] = bidirected_[at(m, e)] = 1;
        v.status = 1;
      }
    }
  }

  // Whether x -> middle <- y would close a directed cycle: a directed path (arcs only)
  // from the middle back to x or y.
  bool closes_cycle(const Immorality& v) const {
    std::vector<char> seen(static_cast<std::size_t>(n_), 0);
    std::vector<int> stack{v.middle};
    seen[v.middle] = 1;
    while (!stack.empty()) {
      const int u = stack.back();
      stack.pop_back();
      for (int w = 0; w < n_; ++w) {
        if (seen[w] || !arc(u, w)) continue;
        if (w == v.x || w == v.y) return true;
        seen[w] = 1;
        stack.push_back(w);
      }
    }
    return false;
  }

  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i) * n_ + j; }
  bool adj(int i, int j) const { return g_.adjacent(i, j); }
  bool arc(int i, int j) const { return g_.has_arc(i, j); }
  bool undirected(int i, int j) const { return g_.has_undirected(i, j) && !bidirected_[at(i, j)]; }
  void set_arc(int from, int to) { g_.add_arc(from, to); }

  const int n_;
  const PCOptions& opt_;
  Pdag g_;
  std::vector<char> bidirected_;
  std::vector<int> source_;  // who set each arc: -2 nobody, -1 knowledge, k immorality k
};

}  // namespace learnbn
