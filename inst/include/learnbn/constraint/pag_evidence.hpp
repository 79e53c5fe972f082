// The evidence a PAG is oriented from (fci_rules.hpp): the separating sets of the
// non-adjacent pairs, the triples left ambiguous, and the marks background knowledge
// fixes.
//
// Marks in pcalg's coding: mark(i, j) is the mark at j's end of the edge i - j, 0 none,
// 1 circle, 2 arrowhead, 3 tail.
//
// Background knowledge (as Tetrad's fciOrientbk()) speaks of the edges of the maximal
// ancestral graph: a required i -> j is a tail at i and an arrowhead at j; a forbidden
// i -> j (with j -> i allowed) leaves an arrowhead at i when there are no selection
// variables (the edges left are i <- j and i <-> j). These marks are fixed: the
// orientation skips a collider that needs another mark there and refuses a rule's
// change, each listed as a conflict. With selection variables (i --- j is possible) a
// forbidden i -> j fixes no mark, but once i or j has an arrowhead on any edge, i --- j is
// out and rule forbidden_heads() (fci_rules.hpp) puts an arrowhead at i.
#pragma once
#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace learnbn {

enum PagMark { kNone = 0, kCircle = 1, kArrow = 2, kTail = 3 };

// One mark set by a rule: the mark at `to`'s end of the edge from - to became `mark`.
struct PagStep {
  int rule = 0;  // 0 unshielded collider, 1-10 Zhang's rules, 11 background knowledge
  int from = 0, to = 0, mark = 0;
};

// Separating sets of the non-adjacent pairs, and the triples left ambiguous.
struct PagEvidence {
  int n = 0;
  std::vector<std::vector<int>> sepset;  // n * n, sorted, symmetric
  std::vector<char> has_sepset;          // n * n: pairs removed by a test
  std::vector<char> ambiguous;           // n * n * n, symmetric in the ends (a, c)
  std::vector<char> fixed;               // n * n: marks set by knowledge (empty: none)
  std::vector<char> open_forbidden;      // n * n: forbidden arcs that fixed no mark

  explicit PagEvidence(int nodes = 0)
      : n(nodes), sepset(static_cast<std::size_t>(nodes) * nodes),
        has_sepset(static_cast<std::size_t>(nodes) * nodes, 0) {}
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i) * n + j; }
  void set_sepset(int x, int y, std::vector<int> z) {
    std::sort(z.begin(), z.end());
    sepset[at(x, y)] = z;
    sepset[at(y, x)] = std::move(z);
    has_sepset[at(x, y)] = has_sepset[at(y, x)] = 1;
  }
  bool in_sepset(int x, int y, int m) const {
    const std::vector<int>& s = sepset[at(x, y)];
    return std::binary_search(s.begin(), s.end(), m);
  }
  void mark_ambiguous(int a, int b, int c) {
    if (ambiguous.empty()) ambiguous.assign(static_cast<std::size_t>(n) * n * n, 0);
    ambiguous[at(a, b) * n + c] = ambiguous[at(c, b) * n + a] = 1;
  }
  bool is_ambiguous(int a, int b, int c) const {
    return !ambiguous.empty() && ambiguous[at(a, b) * n + c];
  }
  bool any_ambiguous() const { return !ambiguous.empty(); }
  bool is_fixed(int i, int j) const { return !fixed.empty() && fixed[at(i, j)]; }
  // A collider's arrowheads at y (from x and z) against the marks knowledge fixed there.
  bool collider_allowed(const std::vector<int>& marks, int x, int y, int z) const {
    return (!is_fixed(x, y) || marks[at(x, y)] == kArrow) &&
           (!is_fixed(z, y) || marks[at(z, y)] == kArrow);
  }
};

constexpr int kKnowledgeRule = 11;

// Sets the marks of `marks` (an adjacency of circles) that the knowledge fixes, in
// `ev.fixed`; `required` and `forbidden` are n * n (empty: none). Logged in `steps`.
inline void knowledge_marks(std::vector<int>& marks, const std::vector<char>& required,
                            const std::vector<char>& forbidden, bool selection_bias,
                            PagEvidence& ev, std::vector<PagStep>* steps) {
  const int n = ev.n;
  ev.fixed.clear();
  ev.open_forbidden.clear();
  if (required.empty() && forbidden.empty()) return;
  ev.fixed.assign(marks.size(), 0);
  auto fix = [&](int from, int to, int mark) {
    ev.fixed[ev.at(from, to)] = 1;
    if (marks[ev.at(from, to)] == mark) return;
    marks[ev.at(from, to)] = mark;
    if (steps) steps->push_back(PagStep{kKnowledgeRule, from, to, mark});
  };
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i == j || marks[ev.at(i, j)] == kNone) continue;
      if (!required.empty() && required[ev.at(i, j)]) {
        fix(j, i, kTail);
        fix(i, j, kArrow);
      } else if (!forbidden.empty() && forbidden[ev.at(i, j)] && !forbidden[ev.at(j, i)]) {
        if (!selection_bias) {
          fix(j, i, kArrow);
          continue;
        }
        if (ev.open_forbidden.empty()) ev.open_forbidden.assign(marks.size(), 0);
        ev.open_forbidden[ev.at(i, j)] = 1;
      }
    }
  }
}

}  // namespace learnbn
