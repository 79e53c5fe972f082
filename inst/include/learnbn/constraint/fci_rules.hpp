// The orientation of a PAG: unshielded colliders (R0) from the separating sets, then
// Zhang's (2008) rules R1-R4, R5-R7 (selection bias) and R8-R10, each group until nothing
// changes, as pcalg's udag2pag() applies them (same order of edges and rules, so the same
// PAG even where the data are not faithful and the order matters).
//
// Marks in pcalg's coding: mark(i, j) is the mark at j's end of the edge i - j, 0 none,
// 1 circle, 2 arrowhead, 3 tail. Triples marked unfaithful (conservative or majority-rule
// FCI found them ambiguous) orient nothing, as in pcalg. Marks fixed by background
// knowledge (pag_evidence.hpp) are never changed: the changes refused are conflicts.
#pragma once
#include <algorithm>
#include <cstddef>
#include <deque>
#include <functional>
#include <utility>
#include <vector>

#include "pag_evidence.hpp"

namespace learnbn {

class PagOrienter {
 public:
  PagOrienter(int n, std::vector<int>& marks, const PagEvidence& evidence,
              std::vector<PagStep>* steps, std::vector<PagStep>* conflicts = nullptr)
      : n_(n), g_(marks), ev_(evidence), steps_(steps), conflicts_(conflicts) {}

  // Unshielded colliders: x *-> y <-* z when y is not in the separating set of x and z.
  void colliders() {
    for (const auto& e : pairs([&](int x, int y) { return m(x, y) == kCircle; })) {
      const int x = e.first, y = e.second;
      for (int z = 0; z < n_; ++z) {
        if (z == x || !m(y, z) || m(x, z) || !ev_.has_sepset[ev_.at(x, z)]) continue;
        if (ev_.in_sepset(x, z, y) || faithless(x, y, z)) continue;
        if (!ev_.collider_allowed(g_, x, y, z)) {  // both marks, as a pair
          if (conflicts_) {
            conflicts_->insert(conflicts_->end(), {{0, x, y, kArrow}, {0, z, y, kArrow}});
          }
          continue;
        }
        set(0, x, y, kArrow);
        set(0, z, y, kArrow);
      }
    }
  }

  // Colliders x *-> y <-* z made by knowledge with y in the separating set: conflicts.
  void knowledge_colliders() {
    if (!conflicts_ || ev_.fixed.empty()) return;
    for (int y = 0; y < n_; ++y) {
      for (int x = 0; x < n_; ++x) {
        for (int z = x + 1; z < n_; ++z) {
          if (x == y || z == y || m(x, y) != kArrow || m(z, y) != kArrow || adj(x, z)) continue;
          if (!ev_.has_sepset[ev_.at(x, z)] || !ev_.in_sepset(x, z, y) || faithless(x, y, z) ||
              (!ev_.is_fixed(x, y) && !ev_.is_fixed(z, y))) continue;
          conflicts_->push_back(PagStep{kKnowledgeRule, x, y, kArrow});
          conflicts_->push_back(PagStep{kKnowledgeRule, z, y, kArrow});
        }
      }
    }
  }

  // RFCI's check of a discriminating path before R4 orients along it: tests its edges,
  // and returns true when it removed one.
  void on_discriminating_path(std::function<bool(const std::vector<int>&)> check) {
    check_path_ = std::move(check);
  }

  // Zhang's rules, in pcalg's three groups, each until nothing changes.
  void rules(bool selection_bias = true) {
    knowledge_colliders();
    close([&] { rule1(); rule2(); rule3(); rule4(); forbidden_heads(); });
    if (selection_bias) close([&] { rule5(); rule6(); rule7(); });
    close([&] { rule8(); rule9(); rule10(); });
  }

 private:
  int m(int i, int j) const { return g_[static_cast<std::size_t>(i) * n_ + j]; }
  bool adj(int i, int j) const { return m(i, j) != kNone; }
  bool circle_or_arrow(int i, int j) const { return m(i, j) == kCircle || m(i, j) == kArrow; }
  bool circle_or_tail(int i, int j) const { return m(i, j) == kCircle || m(i, j) == kTail; }
  // i *-o j or i *-> j at j, and i o-* or i -* at i: a potentially directed edge i to j.
  bool pd_edge(int i, int j) const { return circle_or_arrow(i, j) && circle_or_tail(j, i); }
  bool faithless(int a, int b, int c) const { return ev_.is_ambiguous(a, b, c); }

  void set(int rule, int from, int to, int mark) {
    int& cell = g_[static_cast<std::size_t>(from) * n_ + to];
    if (cell == mark) return;
    if (ev_.is_fixed(from, to)) {  // refused: a conflict
      if (conflicts_) conflicts_->push_back(PagStep{rule, from, to, mark});
      return;
    }
    cell = mark;
    if (steps_) steps_->push_back(PagStep{rule, from, to, mark});
  }

  // The pairs (i, j) satisfying `pred`, in R's column-major order of which(arr.ind = TRUE).
  template <class Pred>
  std::vector<std::pair<int, int>> pairs(Pred pred) const {
    std::vector<std::pair<int, int>> out;
    for (int j = 0; j < n_; ++j) {
      for (int i = 0; i < n_; ++i) if (i != j && pred(i, j)) out.emplace_back(i, j);
    }
    return out;
  }

  template <class Body>
  void close(Body body) {
    std::vector<int> before;
    do {
      before = g_;
      body();
    } while (before != g_);
  }

  // A forbidden a -> b that fixed no mark, once an arrowhead at a or b rules out a --- b.
  void forbidden_heads() {
    if (ev_.open_forbidden.empty()) return;
    auto head = [&](int v) {
      for (int u = 0; u < n_; ++u) if (m(u, v) == kArrow) return true;
      return false;
    };
    for (const auto& e : pairs([&](int a, int b) { return ev_.open_forbidden[ev_.at(a, b)]; })) {
      const int a = e.first, b = e.second;
      if (m(b, a) == kCircle && (head(a) || head(b))) set(kKnowledgeRule, b, a, kArrow);
    }
  }

  // R1: a *-> b o-* c, a and c not adjacent: b -> c.
  void rule1() {
    for (const auto& e : pairs([&](int a, int b) { return m(a, b) == kArrow; })) {
      const int a = e.first, b = e.second;
      for (int c = 0; c < n_; ++c) {
        if (c == a || c == b || !adj(b, c) || m(c, b) != kCircle || adj(a, c)) continue;
        if (faithless(a, b, c)) continue;
        set(1, b, c, kArrow);
        set(1, c, b, kTail);
      }
    }
  }

  // R2: a -> b *-> c or a *-> b -> c, and a *-o c: a *-> c.
  void rule2() {
    for (const auto& e : pairs([&](int a, int c) { return m(a, c) == kCircle; })) {
      const int a = e.first, c = e.second;
      for (int b = 0; b < n_; ++b) {
        if (b == a || b == c) continue;
        const bool first = m(a, b) == kArrow && m(b, a) == kTail && adj(c, b) && m(b, c) == kArrow;
        const bool second = m(a, b) == kArrow && adj(b, a) && m(c, b) == kTail &&
                            m(b, c) == kArrow;
        if (first || second) {
          set(2, a, c, kArrow);
          break;
        }
      }
    }
  }

  // R3: a *-> b <-* c, a *-o d o-* c, a and c not adjacent, d *-o b: d *-> b.
  void rule3() {
    for (const auto& e : pairs([&](int b, int d) { return m(d, b) == kCircle; })) {
      const int b = e.first, d = e.second;
      std::vector<int> ac;
      for (int x = 0; x < n_; ++x) {
        if (x != b && x != d && adj(b, x) && m(x, b) == kArrow && m(x, d) == kCircle && adj(d, x)) {
          ac.push_back(x);
        }
      }
      for (std::size_t i = 0; i + 1 < ac.size() && m(d, b) != kArrow; ++i) {
        for (std::size_t k = i + 1; k < ac.size() && m(d, b) != kArrow; ++k) {
          if (adj(ac[i], ac[k]) || faithless(ac[i], d, ac[k])) continue;
          set(3, d, b, kArrow);
        }
      }
    }
  }

  // The shortest discriminating path <end, ..., a, b, c> for b, as pcalg's
  // minDiscrPath() returns it: {end, its successor, b, c} (pcalg keeps only the last two
  // nodes of the paths it grows), or empty. A breadth-first search back from a along
  // colliders that are parents of c.
  std::vector<int> discriminating_path(int a, int b, int c) const {
    std::vector<char> visited(n_, 0);
    visited[a] = visited[b] = visited[c] = 1;
    std::deque<std::pair<int, int>> queue;  // (predecessor, node)
    for (int d = 0; d < n_; ++d) {
      if (!visited[d] && adj(a, d) && m(d, a) == kArrow) queue.emplace_back(a, d);
    }
    while (!queue.empty()) {
      const int pred = queue.front().first, d = queue.front().second;
      queue.pop_front();
      if (!adj(c, d)) return {d, pred, b, c};
      if (m(d, c) == kArrow && m(c, d) == kTail && m(pred, d) == kArrow) {
        visited[d] = 1;
        for (int r = 0; r < n_; ++r) {
          if (!visited[r] && adj(d, r) && m(r, d) == kArrow) queue.emplace_back(d, r);
        }
      }
    }
    return {};
  }

  // R4: a discriminating path <end, ..., a, b, c> for b with b o-* c: b -> c when b is
  // in the separating set of end and c, else a <-> b <-> c. RFCI first tests the edges
  // of the path (check_path_): when that removes one, the path is searched again.
  void rule4() {
    for (const auto& e : pairs([&](int b, int c) { return m(c, b) == kCircle; })) {
      const int b = e.first, c = e.second;
      std::vector<int> as;
      for (int a = 0; a < n_; ++a) {
        if (a != b && a != c && m(b, a) == kArrow && adj(a, b) && m(c, a) == kTail &&
            m(a, c) == kArrow) {
          as.push_back(a);
        }
      }
      for (std::size_t k = 0; k < as.size() && m(c, b) == kCircle; ++k) {
        const int a = as[k];
        while (adj(a, b) && adj(a, c) && adj(b, c)) {
          const std::vector<int> path = discriminating_path(a, b, c);
          if (path.empty()) break;
          if (check_path_ && check_path_(path)) continue;  // an edge went: search again
          if (ev_.in_sepset(path.front(), c, b)) {
            set(4, b, c, kArrow);
            set(4, c, b, kTail);
          } else {
            set(4, b, c, kArrow);
            set(4, c, b, kArrow);
            set(4, a, b, kArrow);
          }
          break;
        }
      }
    }
  }

  bool uncovered(const std::vector<int>& path) const {
    for (std::size_t l = 0; l + 2 < path.size(); ++l) {
      if (adj(path[l], path[l + 2])) return false;
    }
    return true;
  }

  // No ambiguous triple along a path read as closed, as pcalg's faith.check(): the
  // triples starting at each node but the last (pcalg's loop skips the triple
  // (p[k - 1], p[0], p[1]); kept, so that conservative FCI gives pcalg's PAG).
  bool faithful_cycle(const std::vector<int>& p) const {
    if (!ev_.any_ambiguous()) return true;
    const std::size_t k = p.size();
    for (std::size_t l = 0; l + 1 < k; ++l) {
      if (faithless(p[l], p[(l + 1) % k], p[(l + 2) % k])) return false;
    }
    return true;
  }

  // pcalg's minUncovCircPath: an uncovered circle path a o-o c o-o ... o-o d o-o b.
  std::vector<int> uncovered_circle_path(int a, int c, int d, int b) const {
    std::vector<char> visited(n_, 0);
    visited[a] = visited[c] = visited[d] = visited[b] = 1;
    auto circle = [&](int i, int j) { return m(i, j) == kCircle && m(j, i) == kCircle; };
    std::deque<std::vector<int>> queue;
    for (int x = 0; x < n_; ++x) if (!visited[x] && circle(c, x)) queue.push_back({c, x});
    while (!queue.empty()) {
      std::vector<int> path = std::move(queue.front());
      queue.pop_front();
      const int x = path.back();
      visited[x] = 1;
      if (circle(x, d)) {
        path.insert(path.begin(), a);
        path.push_back(d);
        path.push_back(b);
        if (uncovered(path) && faithful_cycle(path)) return path;
      } else {
        for (int r = 0; r < n_; ++r) {
          if (visited[r] || !circle(x, r)) continue;
          std::vector<int> next(path);
          next.push_back(r);
          queue.push_back(std::move(next));
        }
      }
    }
    return {};
  }

  void tails_along(const std::vector<int>& cycle) {
    for (std::size_t l = 0; l < cycle.size(); ++l) {
      const int i = cycle[l], j = cycle[(l + 1) % cycle.size()];
      set(5, i, j, kTail);
      set(5, j, i, kTail);
    }
  }

  // R5: a o-o b on an uncovered circle path a o-o c ... d o-o b with a, d and b, c not
  // adjacent: every edge of the cycle becomes a tail-tail edge.
  void rule5() {
    auto circle = [&](int i, int j) { return m(i, j) == kCircle && m(j, i) == kCircle; };
    for (const auto& e : pairs(circle)) {
      const int a = e.first, b = e.second;
      std::vector<int> cs, ds;
      for (int x = 0; x < n_; ++x) {
        if (x != b && circle(a, x) && !adj(b, x)) cs.push_back(x);
        if (x != a && circle(b, x) && !adj(a, x)) ds.push_back(x);
      }
      for (std::size_t i = 0; i < cs.size() && m(a, b) == kCircle; ++i) {
        for (std::size_t k = 0; k < ds.size() && m(a, b) == kCircle; ++k) {
          const int c = cs[i], d = ds[k];
          if (circle(c, d)) {
            if (faithful_cycle({a, c, d, b})) tails_along({a, c, d, b});
          } else {
            const std::vector<int> path = uncovered_circle_path(a, c, d, b);
            if (!path.empty()) tails_along(path);
          }
        }
      }
    }
  }

  // R6: a - b o-* c: b -* c.
  void rule6() {
    for (const auto& e : pairs([&](int b, int c) { return adj(b, c) && m(c, b) == kCircle; })) {
      const int b = e.first, c = e.second;
      for (int a = 0; a < n_; ++a) {
        if (a != b && m(b, a) == kTail && m(a, b) == kTail) {
          set(6, c, b, kTail);
          break;
        }
      }
    }
  }

  // R7: a -o b o-* c, a and c not adjacent: b -* c.
  void rule7() {
    for (const auto& e : pairs([&](int b, int c) { return adj(b, c) && m(c, b) == kCircle; })) {
      const int b = e.first, c = e.second;
      for (int a = 0; a < n_; ++a) {
        if (a == b || a == c || m(b, a) != kTail || m(a, b) != kCircle || adj(a, c)) continue;
        if (faithless(a, b, c)) continue;
        set(7, c, b, kTail);
      }
    }
  }

  bool o_arrow(int a, int c) const { return m(a, c) == kArrow && m(c, a) == kCircle; }

  // R8: a -> b -> c or a -o b -> c, and a o-> c: a -> c.
  void rule8() {
    for (const auto& e : pairs([&](int a, int c) { return o_arrow(a, c); })) {
      const int a = e.first, c = e.second;
      for (int b = 0; b < n_; ++b) {
        if (b == a || b == c) continue;
        if (m(b, a) == kTail && circle_or_arrow(a, b) && m(c, b) == kTail && m(b, c) == kArrow) {
          set(8, c, a, kTail);
          break;
        }
      }
    }
  }

  // pcalg's minUncovPdPath: an uncovered potentially directed path a, b, ..., c.
  bool uncovered_pd_path(int a, int b, int c) const {
    if (pd_edge(b, c) && m(c, a) == kNone) {
      if (faithful_cycle({a, b, c})) return true;
    }
    std::vector<char> visited(n_, 0);
    visited[a] = visited[b] = visited[c] = 1;
    std::deque<std::vector<int>> queue;
    for (int d = 0; d < n_; ++d) {
      if (!visited[d] && pd_edge(b, d) && m(d, a) == kNone) queue.push_back({b, d});
    }
    while (!queue.empty()) {
      std::vector<int> path = std::move(queue.front());
      queue.pop_front();
      const int d = path.back();
      visited[d] = 1;
      if (pd_edge(d, c)) {
        path.insert(path.begin(), a);
        path.push_back(c);
        if (uncovered(path) && faithful_cycle(path)) return true;
      } else {
        for (int r = 0; r < n_; ++r) {
          if (visited[r] || !pd_edge(d, r)) continue;
          std::vector<int> next(path);
          next.push_back(r);
          queue.push_back(std::move(next));
        }
      }
    }
    return false;
  }

  // R9: a o-> c with an uncovered potentially directed path a, b, ..., c where b and c
  // are not adjacent: a -> c.
  void rule9() {
    for (const auto& e : pairs([&](int a, int c) { return o_arrow(a, c); })) {
      const int a = e.first, c = e.second;
      for (int b = 0; b < n_ && m(c, a) == kCircle; ++b) {
        if (b == c || b == a || !pd_edge(a, b) || adj(c, b)) continue;
        if (uncovered_pd_path(a, b, c)) set(9, c, a, kTail);
      }
    }
  }

  // R10: a o-> c, b -> c <- d, uncovered potentially directed paths from a to b and from
  // a to d whose second nodes are distinct and not adjacent: a -> c.
  void rule10() {
    for (const auto& e : pairs([&](int a, int c) { return o_arrow(a, c); })) {
      const int a = e.first, c = e.second;
      std::vector<int> into_c, from_a;
      for (int x = 0; x < n_; ++x) {
        if (x != c && m(c, x) == kTail && m(x, c) == kArrow) into_c.push_back(x);
        if (x != a && x != c && pd_edge(a, x)) from_a.push_back(x);
      }
      if (into_c.size() < 2) continue;
      for (int b : into_c) {
        for (int d : into_c) {
          if (d == b || m(c, a) != kCircle) continue;
          if (pd_edge(a, b) && pd_edge(a, d) && !adj(b, d)) {
            if (!faithless(b, a, d)) set(10, c, a, kTail);
            continue;
          }
          rule10_paths(a, c, b, d, from_a);
        }
      }
    }
  }

  void rule10_paths(int a, int c, int b, int d, const std::vector<int>& from_a) {
    for (int first : from_a) {
      for (int second : from_a) {
        if (second == first || m(c, a) != kCircle) continue;
        const bool t1 = first == b || uncovered_pd_path(a, first, b);
        if (!t1) continue;
        const bool t2 = second == d || uncovered_pd_path(a, second, d);
        if (t2 && m(first, second) == kNone && !faithless(first, a, second)) {
          set(10, c, a, kTail);
        }
      }
    }
  }

  const int n_;
  std::vector<int>& g_;
  const PagEvidence& ev_;
  std::vector<PagStep>* steps_;
  std::vector<PagStep>* conflicts_;
  std::function<bool(const std::vector<int>&)> check_path_;
};

}  // namespace learnbn
