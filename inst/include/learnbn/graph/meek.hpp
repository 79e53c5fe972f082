// Background knowledge on partially directed graphs: orienting the edges that required
// and forbidden arcs decide, closing under Meek's (1995) rules R1-R4, and checking that
// some DAG of a class (or some consistent extension of a PDAG) satisfies the knowledge.
//
// Started from a CPDAG and knowledge that a DAG of its class satisfies, orienting the
// decided edges and closing under R1-R4 gives Meek's maximally oriented PDAG: an edge is
// directed exactly when every DAG of the class that satisfies the knowledge has that arc,
// and every consistent extension of it is such a DAG. PC orients its graph with the same
// rules (logging each step); cpdag(), pdag_to_dag(), GES and pdag_search() with knowledge
// go through fit_knowledge().
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "constraints.hpp"
#include "pdag.hpp"

namespace learnbn {

struct OrientationStep {
  int from = 0, to = 0;
  int rule = 0;  // 0 knowledge, 1-4 Meek's rules
};

// Does the knowledge decide the undirected edge a - b as a -> b? It does when a -> b is
// required (and b -> a is not) or when b -> a is forbidden (and a -> b is not).
inline bool knowledge_orients(const Constraints& k, int a, int b) {
  return (k.is_required(a, b) && !k.is_required(b, a)) || (!k.allowed(b, a) && k.allowed(a, b));
}

// Orients the undirected edges of a PDAG in place. Edges flagged in `frozen` (n * n, or
// null: PC's bidirected edges, which carry both marks) count as adjacencies only: no
// rule orients them or uses them as arcs. Every orientation is appended to `log`.
class MeekOrienter {
 public:
  explicit MeekOrienter(Pdag& g, const std::vector<char>* frozen = nullptr,
                        std::vector<OrientationStep>* log = nullptr)
      : g_(g), frozen_(frozen), log_(log), n_(g.size()) {}

  // Orients every undirected edge the knowledge decides, pairs in row-major order;
  // returns how many.
  int apply_knowledge(const Constraints& k) {
    int oriented = 0;
    for (int a = 0; a < n_; ++a) {
      for (int b = 0; b < n_; ++b) {
        if (a == b || !undirected(a, b) || !knowledge_orients(k, a, b)) continue;
        orient(a, b, 0);
        ++oriented;
      }
    }
    return oriented;
  }

  // Meek's rules until nothing changes. Each sweep visits the undirected edges a - b in
  // row-major order and orients a -> b by the first rule that applies, at once (later
  // edges of the sweep see it). R1-R3 complete a pattern (Meek 1995, Theorem 2); R4 is
  // needed once knowledge has oriented edges, and `rule4 = false` leaves it out.
  void close(bool rule4) {
    bool changed = true;
    while (changed) {
      changed = false;
      for (int a = 0; a < n_; ++a) {
        for (int b = 0; b < n_; ++b) {
          if (a == b || !undirected(a, b)) continue;
          const int rule = rule_orienting(a, b, rule4);
          if (!rule) continue;
          orient(a, b, rule);
          changed = true;
        }
      }
    }
  }

 private:
  bool frozen(int a, int b) const {
    return frozen_ && (*frozen_)[static_cast<std::size_t>(a) * n_ + b];
  }
  bool adj(int a, int b) const { return g_.adjacent(a, b); }
  bool arc(int a, int b) const { return g_.has_arc(a, b); }
  bool undirected(int a, int b) const { return g_.has_undirected(a, b) && !frozen(a, b); }

  void orient(int from, int to, int rule) {
    g_.add_arc(from, to);
    if (log_) log_->push_back(OrientationStep{from, to, rule});
  }

  // The first of Meek's rules that orients the undirected edge a - b as a -> b, or 0.
  int rule_orienting(int a, int b, bool rule4) const {
    for (int c = 0; c < n_; ++c) {  // R1: c -> a - b, c and b not adjacent
      if (c != b && arc(c, a) && !adj(c, b)) return 1;
    }
    for (int c = 0; c < n_; ++c) {  // R2: a -> c -> b
      if (arc(a, c) && arc(c, b)) return 2;
    }
    for (int c = 0; c < n_; ++c) {  // R3: a - c -> b, a - d -> b, c and d not adjacent
      if (c == a || !undirected(a, c) || !arc(c, b)) continue;
      for (int d = c + 1; d < n_; ++d) {
        if (d != a && undirected(a, d) && arc(d, b) && !adj(c, d)) return 3;
      }
    }
    if (!rule4) return 0;
    for (int d = 0; d < n_; ++d) {  // R4: a - c -> d -> b, a adjacent to d, c and b not adjacent
      if (d == a || d == b || !arc(d, b) || !adj(a, d)) continue;
      for (int c = 0; c < n_; ++c) {
        if (c != a && c != b && arc(c, d) && undirected(a, c) && !adj(c, b)) return 4;
      }
    }
    return 0;
  }

  Pdag& g_;
  const std::vector<char>* frozen_;
  std::vector<OrientationStep>* log_;
  int n_;
};

// One arc of the knowledge as the user gave it: whitelisted (required) or blacklisted.
struct KnowledgeArc {
  int from = 0, to = 0;
  bool required = false;
  bool operator==(const KnowledgeArc& o) const {
    return from == o.from && to == o.to && required == o.required;
  }
};

enum class KnowledgeProblem {
  none,
  no_extension,  // the graph itself has no consistent extension
  not_adjacent,  // a required arc between non-adjacent nodes
  against_arc,   // a required arc reversed in the graph, or a forbidden arc in it
  no_member      // the arcs in `culprits` cannot hold together
};

struct KnowledgeFit {
  KnowledgeProblem problem = KnowledgeProblem::none;
  // One arc for not_adjacent and against_arc; for no_member a minimal set (any one of
  // them left out, the others hold together), in the order of knowledge_arcs().
  std::vector<KnowledgeArc> culprits;
  Pdag oriented;          // without a problem: the graph oriented by the knowledge and R1-R4
  ParentLists extension;  // without a problem: a consistent extension of `oriented`
};

// The required arcs, then the forbidden ones, each in row-major order (no self-loops).
inline std::vector<KnowledgeArc> knowledge_arcs(const Constraints& k) {
  std::vector<KnowledgeArc> out;
  for (bool required : {true, false}) {
    for (int a = 0; a < k.n; ++a) {
      for (int b = 0; b < k.n; ++b) {
        if (a != b && (required ? k.is_required(a, b) : !k.allowed(a, b)))
          out.push_back({a, b, required});
      }
    }
  }
  return out;
}

namespace detail {

inline Constraints constraints_of(int n, const std::vector<KnowledgeArc>& arcs) {
  Constraints k = Constraints::none(n);
  for (const KnowledgeArc& e : arcs) {
    const std::size_t at = static_cast<std::size_t>(e.from) * n + e.to;
    if (e.required) k.required[at] = 1; else k.forbidden[at] = 1;
  }
  return k;
}

// Does the DAG have a v-structure p -> v <- q that g lacks (an arc of g is an arc of
// every consistent extension, so only the DAG's extra ones need looking for)?
inline bool adds_v_structure(const Pdag& g, const ParentLists& dag) {
  for (int v = 0; v < static_cast<int>(dag.size()); ++v) {
    for (int p : dag[v]) {
      for (int q : dag[v]) {
        if (p < q && !g.adjacent(p, q) && !(g.has_arc(p, v) && g.has_arc(q, v))) return true;
      }
    }
  }
  return false;
}

inline bool satisfies(const ParentLists& dag, const std::vector<KnowledgeArc>& arcs) {
  for (const KnowledgeArc& e : arcs) {
    const bool has = std::find(dag[e.to].begin(), dag[e.to].end(), e.from) != dag[e.to].end();
    if (has != e.required) return false;
  }
  return true;
}

// Orients g by the arcs and R1-R4 and extends it; true when the extension is one of g
// (no new v-structure) and satisfies the arcs. When some consistent extension of g
// satisfies the arcs, every orientation made is one they all share (the rules are
// sound), so Dor and Tarsi's algorithm, which is complete, finds one: the test is exact.
inline bool orient_and_extend(const Pdag& g, const std::vector<KnowledgeArc>& arcs, Pdag& oriented,
                              ParentLists& extension) {
  oriented = g;
  MeekOrienter orienter(oriented);
  orienter.apply_knowledge(constraints_of(g.size(), arcs));
  orienter.close(true);
  return consistent_extension(oriented, extension) && !adds_v_structure(g, extension) &&
         satisfies(extension, arcs);
}

}  // namespace detail

// Orients `g` (a CPDAG, or any PDAG with a consistent extension) by the knowledge's
// required and forbidden arcs (max_parents plays no part) and closes it under R1-R4.
// With no problem, `oriented` is the maximally oriented PDAG and `extension` a consistent
// extension of it, which satisfies the knowledge. Otherwise `problem` says why no
// consistent extension of g can satisfy the knowledge and `culprits` names the arcs.
inline KnowledgeFit fit_knowledge(const Pdag& g, const Constraints& k) {
  KnowledgeFit fit;
  ParentLists extension;
  if (!consistent_extension(g, extension)) {
    fit.problem = KnowledgeProblem::no_extension;
    return fit;
  }
  const std::vector<KnowledgeArc> arcs = knowledge_arcs(k);
  std::vector<KnowledgeArc> open;  // arcs on undirected edges: the ones that orient
  for (const KnowledgeArc& e : arcs) {
    if (e.required && !g.adjacent(e.from, e.to)) fit.problem = KnowledgeProblem::not_adjacent;
    else if (e.required ? g.has_arc(e.to, e.from) : g.has_arc(e.from, e.to))
      fit.problem = KnowledgeProblem::against_arc;
    else if (g.has_undirected(e.from, e.to)) open.push_back(e);
    if (fit.problem != KnowledgeProblem::none) {
      fit.culprits = {e};
      return fit;
    }
  }
  if (detail::orient_and_extend(g, open, fit.oriented, fit.extension)) return fit;
  // Adding arcs only removes extensions: the shortest failing prefix ends with a culprit;
  // then drop every earlier arc the failure does not need.
  Pdag scratch;
  auto fails = [&](const std::vector<KnowledgeArc>& some) {
    return !detail::orient_and_extend(g, some, scratch, extension);
  };
  std::size_t low = 0, high = open.size();  // prefix `low` holds, prefix `high` fails
  while (high - low > 1) {
    const std::size_t mid = (low + high) / 2;
    if (fails(std::vector<KnowledgeArc>(open.begin(), open.begin() + mid)))
      high = mid;
    else
      low = mid;
  }
  std::vector<KnowledgeArc> kept(open.begin(), open.begin() + high);
  for (std::size_t i = 0; i + 1 < kept.size();) {
    std::vector<KnowledgeArc> without = kept;
    without.erase(without.begin() + i);
    if (fails(without)) kept = without; else ++i;
  }
  fit.problem = KnowledgeProblem::no_member;
  fit.culprits = kept;
  fit.oriented = Pdag();
  fit.extension.clear();
  return fit;
}

// Admissible extension of a CPDAG under the constraints, used by GES and pdag_search:
// the edges the constraints decide are oriented, the graph is extended (Dor-Tarsi), and
// the extension must add no v-structure, have no forbidden arc, have every required arc
// and keep max_parents. The rules R1-R4 are not needed to decide whether such an
// extension exists (Dor and Tarsi's algorithm is complete); leaving them out keeps the
// extension the searches have always used, which max_parents is checked on.
inline bool admissible_extension(const Pdag& cpdag, const Constraints& k, ParentLists& extension) {
  const int n = cpdag.size();
  Pdag oriented = cpdag;
  MeekOrienter(oriented).apply_knowledge(k);
  if (!consistent_extension(oriented, extension)) return false;
  if (oriented != cpdag && cpdag_of_dag(extension) != cpdag) return false;  // new v-structure
  for (int v = 0; v < n; ++v) {
    if (static_cast<int>(extension[v].size()) > k.max_parents) return false;
    for (int u = 0; u < n; ++u) {
      const bool has = std::find(extension[v].begin(), extension[v].end(), u) != extension[v].end();
      if (u != v && (has ? !k.allowed(u, v) : k.is_required(u, v))) return false;
    }
  }
  return true;
}

}  // namespace learnbn
