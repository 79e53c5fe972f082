// RFCI (Colombo, Maathuis, Kalisch and Richardson 2012), as pcalg's rfci(): instead of
// FCI's possible-d-sep phase, each unshielded triple x - y - z of the skeleton is checked
// (x and y, and z and y, are tested given the separating set of x and z less y; an edge
// found independent goes, with the triples this makes or breaks), and before R4 orients
// along a discriminating path its edges are tested given the separating set of the
// path's ends. The other rules are FCI's (fci_rules.hpp).
#pragma once
#include <algorithm>
#include <tuple>
#include <vector>

#include "fci.hpp"

namespace learnbn {

class RFCI : public FCI {
 public:
  using FCI::FCI;

  void run(std::vector<char> adjacent, FCIResult& out, Interrupt& interrupt) {
    load(std::move(adjacent), out);
    out.amat = circles();
    knowledge(out.amat, &out.steps);
    amat_ = &out.amat;
    std::vector<Triple> triples;
    for (int y = 0; y < n_; ++y) {  // pcalg's find.unsh.triple() order
      for (int x = 0; x < n_; ++x) {
        if (!adj(x, y)) continue;
        for (int z = x + 1; z < n_; ++z) {
          if (z != y && adj(y, z) && !adj(x, z)) triples.push_back({x, y, z, true});
        }
      }
    }
    v_structures(triples, opt_.triples, false, out, interrupt);
    PagOrienter orienter(n_, out.amat, ev_, &out.steps, &out.conflicts);
    orienter.on_discriminating_path(
        [&](const std::vector<int>& path) { return check_path(path, out, interrupt); });
    orienter.rules(opt_.selection_bias);
    store_witnesses(out);
  }

 private:
  struct Triple {
    int x, y, z;
    bool active;
  };

  int mark(int i, int j) const { return (*amat_)[at(i, j)]; }
  bool circle_edge(int i, int j) const { return mark(i, j) == kCircle && mark(j, i) == kCircle; }
  void remove_edge(int x, int y, const std::vector<int>& s) {
    adj_[at(x, y)] = adj_[at(y, x)] = 0;
    (*amat_)[at(x, y)] = (*amat_)[at(y, x)] = kNone;
    ev_.set_sepset(x, y, s);
  }

  // The first subset of `sep` (by size, then in combn() order) given which x and y are
  // independent: the edge goes. False when none is (or the pair is whitelisted).
  bool remove_if_separated(int x, int y, const std::vector<int>& sep, int phase,
                           FCIResult& out, Interrupt& interrupt) {
    bool removed = false;
    if (required(x, y)) return false;
    auto subsets = [&](auto&& yield) {
      for (int size = 1; size <= static_cast<int>(sep.size()); ++size) {
        bool stop = false;
        for_each_subset(sep, size, [&](const std::vector<int>& s) { return stop = yield(s); });
        if (stop) return;
      }
    };
    tests_in_order(x, y, subsets, phase, out, interrupt,
                   [&](const std::vector<int>& s, bool independent) {
      if (!independent) return false;
      remove_edge(x, y, s);
      return removed = true;
    });
    return removed;
  }

  static void deactivate(std::vector<Triple>& triples, int a, int b, int c) {
    if (a > c) std::swap(a, c);
    for (Triple& t : triples) {
      if (t.x == a && t.y == b && t.z == c) {
        t.active = false;
        return;
      }
    }
  }

  // After the edge x - y went (y the middle of the triple checked, `other` its third
  // node): the new unshielded triples x - m - y, and the triples through x - y no more.
  void update_triples(std::vector<Triple>& triples, int x, int y, int other) {
    const int lo = std::min(x, y), hi = std::max(x, y);
    for (int v = 0; v < n_; ++v) {
      if (v == x || v == y || v == other) continue;
      const bool at_x = circle_edge(x, v), at_y = circle_edge(y, v);
      const bool none_x = mark(x, v) == kNone && mark(v, x) == kNone;
      const bool none_y = mark(y, v) == kNone && mark(v, y) == kNone;
      if (at_x && at_y) triples.push_back({lo, v, hi, true});
      if (at_x && none_y) deactivate(triples, v, x, y);
      if (none_x && at_y) deactivate(triples, v, y, x);
    }
  }

  // pcalg's dep.triple(): for each triple x - y - z (those given at the start), x and y,
  // then z and y, are tested given the separating set of x and z less y.
  void dependent_triples(std::vector<Triple>& triples, FCIResult& out, Interrupt& interrupt) {
    const std::size_t count = triples.size();
    test_ahead(triples, interrupt);
    for (std::size_t k = 0; k < count; ++k) {
      if (!triples[k].active) continue;
      const int x = triples[k].x, y = triples[k].y, z = triples[k].z;
      std::vector<int> sep;
      for (int v : ev_.sepset[at(x, z)]) if (v != y) sep.push_back(v);
      if (sep.empty()) continue;
      bool removed = false;
      for (int end : {x, z}) {
        if (required(end, y)) continue;
        if (!independent(end, y, sep, kRfciTriplePhase, out, interrupt)) continue;
        removed = true;
        remove_if_separated(end, y, sep, kRfciTriplePhase, out, interrupt);
        update_triples(triples, end, y, end == x ? z : x);
      }
      if (removed) triples[k].active = false;
    }
    tests_.forget();
  }

  // The first tests of dependent_triples(), in parallel (with threads): most are asked.
  void test_ahead(const std::vector<Triple>& triples, Interrupt& interrupt) {
    if (tests_.threads() < 2) return;
    std::vector<std::tuple<int, int, std::vector<int>>> keys;
    for (const Triple& t : triples) {
      std::vector<int> sep;
      for (int v : ev_.sepset[at(t.x, t.z)]) if (v != t.y) sep.push_back(v);
      if (sep.empty()) continue;
      for (int end : {t.x, t.z}) if (!required(end, t.y)) keys.emplace_back(end, t.y, sep);
    }
    tests_.ahead(keys, interrupt);
  }

  // pcalg's rfci.vStruc(): the triples that stay unshielded after the tests become
  // colliders unless their middle is in the separating set (or, conservatively, as
  // checkTriple() decides).
  void v_structures(std::vector<Triple> triples, TripleRule rule, bool none_ambiguous,
                    FCIResult& out, Interrupt& interrupt) {
    dependent_triples(triples, out, interrupt);
    if (rule != TripleRule::standard) {
      std::vector<std::vector<int>> active;
      for (const Triple& t : triples) if (t.active) active.push_back({t.x, t.y, t.z});
      triple_tests_ahead(active, interrupt);
    }
    for (const Triple& t : triples) {
      if (!t.active) continue;
      if (rule != TripleRule::standard) {
        check_triple(t.x, t.y, t.z, out, interrupt, rule, none_ambiguous);
      }
      if (adj(t.x, t.z) || !adj(t.x, t.y) || !adj(t.z, t.y)) continue;
      if (ev_.in_sepset(t.x, t.z, t.y) || ev_.is_ambiguous(t.x, t.y, t.z)) continue;
      if (!ev_.collider_allowed(*amat_, t.x, t.y, t.z)) {
        for (int end : {t.x, t.z}) out.conflicts.push_back(PagStep{0, end, t.y, kArrow});
        continue;
      }
      for (int end : {t.x, t.z}) {
        if (mark(end, t.y) == kArrow) continue;
        (*amat_)[at(end, t.y)] = kArrow;
        out.steps.push_back(PagStep{0, end, t.y, kArrow});
      }
    }
    tests_.forget();
  }

  // pcalg's checkEdges(): the edges of the discriminating path {end, ..., b, c} are tested
  // given subsets of the separating set of end and c; the first independence removes
  // its edge (and the triples it leaves are checked as new v-structures). True then.
  bool check_path(const std::vector<int>& path, FCIResult& out, Interrupt& interrupt) {
    const std::vector<int> total = ev_.sepset[at(path.front(), path.back())];
    if (total.empty()) return false;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
      const int x = path[i], y = path[i + 1];
      std::vector<int> sep;
      for (int v : total) if (v != x && v != y) sep.push_back(v);
      if (sep.empty() || !remove_if_separated(x, y, sep, kRfciPathPhase, out, interrupt)) {
        continue;
      }
      std::vector<Triple> made;
      for (int m = 0; m < n_; ++m) {
        if (m != x && m != y && adj(x, m) && adj(y, m)) {
          made.push_back({std::min(x, y), m, std::max(x, y), true});
        }
      }
      if (!made.empty()) {
        const TripleRule rule =
            ev_.any_ambiguous() ? TripleRule::conservative : TripleRule::standard;
        v_structures(made, rule, true, out, interrupt);
      }
      return true;
    }
    return false;
  }

  std::vector<int>* amat_ = nullptr;
};

}  // namespace learnbn
