// GFCI (Ogarrio, Spirtes and Ramsey 2016), as Tetrad's GFci: FCI's phases started from
// the CPDAG G of a score-based search (GES) instead of PC's skeleton. The edges of G are
// tested against subsets of the neighbours of their ends; colliders are those of G, and
// those of pairs adjacent in G that a test separated without the middle node; then FCI's
// possible-d-sep removal (fci.hpp), the colliders again on the new skeleton, and Zhang's
// rules (fci_rules.hpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include "fci.hpp"

namespace learnbn {

class GFCI : public FCI {
 public:
  using FCI::FCI;

  // `cpdag` (n * n, cpdag[i * n + j] != 0 for i -> j, both ways for i - j) is G; `dag` a
  // member DAG of its class (the same coding). Tests and witnesses go to `out`.
  void run(const std::vector<int>& cpdag, const std::vector<int>& dag, FCIResult& out,
           Interrupt& interrupt) {
    std::vector<char> adjacent(cpdag.size(), 0);
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) adjacent[at(i, j)] = cpdag[at(i, j)] || cpdag[at(j, i)];
    }
    load(std::move(adjacent), out);
    prune(out, interrupt);
    std::vector<int> marks = circles();
    knowledge(marks, nullptr);
    colliders(cpdag, marks, nullptr, nullptr);
    if (opt_.pdsep) remove_by_pdsep(marks, out, interrupt);
    out.amat = circles();  // Tetrad's reorientAllWith(CIRCLE), fciOrientbk(), then R0 again
    knowledge(out.amat, &out.steps);
    colliders(cpdag, out.amat, &out.steps, &out.conflicts);
    store_witnesses(out);
    implied_sepsets(dag);
    PagOrienter orienter(n_, out.amat, ev_, &out.steps, &out.conflicts);
    orienter.rules(opt_.selection_bias);
  }

 private:
  // Tetrad's sepsetSubsetOfAdjxOrAdjy() for each edge of G in turn (not order
  // independent, as Tetrad's): subsets of the current neighbours of x, then of y, by size.
  void prune(FCIResult& out, Interrupt& interrupt) {
    for (int x = 0; x < n_; ++x) {
      for (int y = x + 1; y < n_; ++y) {
        if (!adj(x, y) || required(x, y)) continue;
        bool removed = false;
        for (int level = 0; level <= opt_.max_cond && !removed; ++level) {
          bool any = false;
          std::vector<char> near_x(n_, 0);  // subsets of these were tested from x's side
          for (int v = 0; v < n_; ++v) near_x[v] = v != y && adj(x, v);
          for (int side = 0; side < 2 && !removed; ++side) {
            const int from = side ? y : x, other = side ? x : y;
            std::vector<int> cand;
            for (int v = 0; v < n_; ++v) if (v != other && adj(from, v)) cand.push_back(v);
            if (static_cast<int>(cand.size()) < level) continue;
            any = true;
            for_each_subset(cand, level, [&](const std::vector<int>& z) {
              bool tested = side == 1;
              for (int v : z) tested = tested && near_x[v];
              if (tested) return false;  // Tetrad tests it again; its cache answers
              if (!independent(x, y, z, kSkeletonPhase, out, interrupt)) return false;
              adj_[at(x, y)] = adj_[at(y, x)] = 0;
              ev_.set_sepset(x, y, z);
              return removed = true;
            });
          }
          if (!any) break;
          out.levels = std::max(out.levels, level + 1);
        }
      }
    }
  }

  // GFCI's R0: for each unshielded triple x *-* y *-* z, x *-> y <-* z when G has the
  // collider x -> y <- z, or when x and z were adjacent in G, a test separated them, and
  // y is not in their separating set; unless knowledge fixed other marks at y (listed in
  // `conflicts`).
  void colliders(const std::vector<int>& cpdag, std::vector<int>& marks,
                 std::vector<PagStep>* steps, std::vector<PagStep>* conflicts) const {
    auto directed = [&](int i, int j) { return cpdag[at(i, j)] && !cpdag[at(j, i)]; };
    auto set = [&](int from, int to) {
      if (marks[at(from, to)] == kArrow) return;
      marks[at(from, to)] = kArrow;
      if (steps) steps->push_back(PagStep{0, from, to, kArrow});
    };
    for (int y = 0; y < n_; ++y) {
      for (int x = 0; x < n_; ++x) {
        if (x == y || !adj(x, y)) continue;
        for (int z = x + 1; z < n_; ++z) {
          if (z == y || !adj(z, y) || adj(x, z)) continue;
          const bool in_g = directed(x, y) && directed(z, y);
          const bool by_test = (cpdag[at(x, z)] || cpdag[at(z, x)]) &&
                               ev_.has_sepset[at(x, z)] && !ev_.in_sepset(x, z, y);
          if (!in_g && !by_test) continue;
          if (!ev_.collider_allowed(marks, x, y, z)) {
            if (conflicts) conflicts->push_back(PagStep{0, x, y, kArrow});
            if (conflicts) conflicts->push_back(PagStep{0, z, y, kArrow});
            continue;
          }
          set(x, y);
          set(z, y);
        }
      }
    }
  }

  // Pairs never adjacent in G have no test's separating set, which rule R4 reads: G is an
  // I-map, so the parents in `dag` of whichever of the two is not an ancestor of the
  // other separate them (which separating set does not matter: the node R4 asks about
  // is in all or in none).
  void implied_sepsets(const std::vector<int>& dag) {
    std::vector<std::vector<char>> desc(n_, std::vector<char>(n_, 0));
    for (int s = 0; s < n_; ++s) {
      std::vector<int> stack{s};
      while (!stack.empty()) {
        const int v = stack.back();
        stack.pop_back();
        for (int w = 0; w < n_; ++w) {
          if (dag[at(v, w)] && !desc[s][w]) {
            desc[s][w] = 1;
            stack.push_back(w);
          }
        }
      }
    }
    for (int x = 0; x < n_; ++x) {
      for (int y = x + 1; y < n_; ++y) {
        if (adj(x, y) || ev_.has_sepset[at(x, y)]) continue;
        const int child = desc[x][y] ? y : x;  // the other is not its descendant
        std::vector<int> parents;
        for (int v = 0; v < n_; ++v) if (dag[at(v, child)]) parents.push_back(v);
        ev_.set_sepset(x, y, parents);
      }
    }
  }
};

}  // namespace learnbn
