// FCI (Spirtes, Glymour and Scheines 2000; Zhang 2008) after the skeleton: the
// possible-d-separation phase, the check of unshielded triples (conservative or
// majority-rule FCI, Colombo and Maathuis 2014) and the orientation of the PAG
// (fci_rules.hpp), as pcalg's fci() does them. The skeleton and its separating sets come
// from PC's (pc.hpp) on data, or from stable_skeleton() below for any test given as a
// function (the d-separation oracle of dsep_oracle.hpp).
#pragma once
#include <climits>
#include <cstddef>
#include <functional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../util/combinations.hpp"
#include "../util/interrupt.hpp"
#include "dsep_oracle.hpp"
#include "fci_rules.hpp"
#include "fci_tests.hpp"
#include "pc_result.hpp"

namespace learnbn {

// Calls body(subset) for each subset of `items` of size k, in lexicographic order of
// positions (as R's combn()), until it returns true.
template <class Body>
void for_each_subset(const std::vector<int>& items, int k, Body&& body) {
  const int m = static_cast<int>(items.size());
  if (k > m) return;
  std::vector<int> pick(k), subset(k);
  for (int i = 0; i < k; ++i) pick[i] = i;
  do {
    for (int i = 0; i < k; ++i) subset[i] = items[pick[i]];
    if (body(static_cast<const std::vector<int>&>(subset))) return;
  } while (k > 0 && next_combination(pick, m));
}

// How unshielded triples are read: from the separating set found (standard), or by
// testing every subset of the neighbours of their ends (conservative: ambiguous unless
// all separating sets agree; majority: the majority of them decides).
enum class TripleRule { standard, conservative, majority };
inline const std::vector<std::string>& triple_rule_names() {
  static const std::vector<std::string> names{"standard", "conservative", "majority"};
  return names;
}

struct FCIOptions {
  double alpha = 0.05;
  int max_cond = INT_MAX;   // largest conditioning set, both phases
  bool pdsep = true;        // the possible-d-separation phase
  TripleRule triples = TripleRule::standard;
  bool selection_bias = true;  // rules R5-R7
  std::vector<char> required;   // n * n: arcs required (whitelisted pairs are never tested)
  std::vector<char> forbidden;  // n * n: arcs forbidden (empty: none)
};

// The phase of each test: the skeleton, possible-d-sep, the subsets of conservative or
// majority-rule orientation, and RFCI's tests of unshielded triples and of the edges of
// discriminating paths.
enum FCIPhase {
  kSkeletonPhase = 0, kPdsepPhase = 1, kTriplePhase = 2, kRfciTriplePhase = 3, kRfciPathPhase = 4
};

struct FCIResult {
  std::vector<int> amat;  // n * n, pcalg's coding: amat[i * n + j] the mark at j
  TestRecords tests;
  std::vector<int> phase;  // FCIPhase of each test
  std::vector<Witness> witnesses;  // the final separating sets
  std::vector<PagStep> steps;
  std::vector<PagStep> conflicts;  // marks the colliders or rules could not set (knowledge)
  std::vector<std::vector<int>> ambiguous;  // triples (a, b, c), a < c
  std::size_t cache_hits = 0;
  int levels = 0;
};

// PC-stable's skeleton for a test given as a function (no data): the oracle's. Fills the
// adjacency (n * n), the witnesses and the tests of `out`.
inline std::vector<char> stable_skeleton(int n, const IndependenceTest& test,
                                         const FCIOptions& opt, const std::vector<char>& forbidden,
                                         Interrupt& interrupt, FCIResult& out) {
  auto at = [n](int i, int j) { return static_cast<std::size_t>(i) * n + j; };
  std::vector<char> adj(static_cast<std::size_t>(n) * n, 0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      adj[at(i, j)] = i != j && !(forbidden[at(i, j)] && forbidden[at(j, i)]);
    }
  }
  for (int level = 0; level <= opt.max_cond; ++level) {
    std::vector<std::vector<int>> ne(n);
    for (int i = 0; i < n; ++i) for (int j = 0; j < n; ++j) if (adj[at(i, j)]) ne[i].push_back(j);
    bool any = false;
    std::vector<Witness> removed;
    for (int x = 0; x < n; ++x) {
      for (int y = x + 1; y < n; ++y) {
        if (!adj[at(x, y)] || opt.required[at(x, y)] || opt.required[at(y, x)]) continue;
        for (int side = 0; side < 2; ++side) {
          std::vector<int> cand;
          for (int v : ne[side ? y : x]) if (v != (side ? x : y)) cand.push_back(v);
          if (static_cast<int>(cand.size()) < level) continue;
          any = true;
          bool done = false;
          for_each_subset(cand, level, [&](const std::vector<int>& z) {
            interrupt.check();
            const CITestResult r = test(x, y, z);
            const bool independent = r.p_value > opt.alpha;
            out.tests.add(x, y, level, z, r, independent);
            out.phase.push_back(kSkeletonPhase);
            if (independent) removed.push_back(Witness{x, y, z, r.p_value});
            return done = independent;
          });
          if (done) break;
        }
      }
    }
    if (!any) break;
    out.levels = level + 1;
    for (const Witness& w : removed) adj[at(w.x, w.y)] = adj[at(w.y, w.x)] = 0;
    out.witnesses.insert(out.witnesses.end(), removed.begin(), removed.end());
  }
  return adj;
}

class FCI {
 public:
  FCI(int n, IndependenceTest test, FCIOptions options)
      : n_(n), tests_(std::move(test)), opt_(std::move(options)), ev_(n) {
    if (opt_.required.empty()) opt_.required.assign(static_cast<std::size_t>(n) * n, 0);
  }

  // The tests after the skeleton on tests.size() threads, one test each (fci_tests.hpp).
  FCI& use_threads(std::vector<IndependenceTest> tests) {
    tests_.use_threads(std::move(tests));
    return *this;
  }

  // From the skeleton `adjacent` (n * n) with the witnesses and tests already in `out`.
  void run(std::vector<char> adjacent, FCIResult& out, Interrupt& interrupt) {
    load(std::move(adjacent), out);
    if (opt_.pdsep) possible_dsep(out, interrupt);
    if (opt_.triples != TripleRule::standard) check_triples(out, interrupt);
    out.amat = circles();
    knowledge(out.amat, &out.steps);
    PagOrienter orienter(n_, out.amat, ev_, &out.steps, &out.conflicts);
    orienter.colliders();
    orienter.rules(opt_.selection_bias);
    store_witnesses(out);
  }

 protected:
  void load(std::vector<char> adjacent, const FCIResult& out) {
    adj_ = std::move(adjacent);
    for (const Witness& w : out.witnesses) {
      ev_.set_sepset(w.x, w.y, w.z);
      p_sep_[at(std::min(w.x, w.y), std::max(w.x, w.y))] = w.p_value;
    }
  }

  void store_witnesses(FCIResult& out) const {
    out.witnesses.clear();
    for (int x = 0; x < n_; ++x) {
      for (int y = x + 1; y < n_; ++y) {
        if (!ev_.has_sepset[at(x, y)]) continue;
        out.witnesses.push_back(Witness{x, y, ev_.sepset[at(x, y)], p_sep(x, y)});
      }
    }
  }

  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i) * n_ + j; }
  bool adj(int i, int j) const { return adj_[at(i, j)] != 0; }
  bool required(int i, int j) const { return opt_.required[at(i, j)] || opt_.required[at(j, i)]; }

  // The skeleton with a circle at both ends of every edge.
  std::vector<int> circles() const {
    std::vector<int> marks(adj_.size(), kNone);
    for (std::size_t k = 0; k < adj_.size(); ++k) if (adj_[k]) marks[k] = kCircle;
    return marks;
  }

  // The marks the knowledge fixes on the current skeleton (pag_evidence.hpp).
  void knowledge(std::vector<int>& marks, std::vector<PagStep>* steps) {
    knowledge_marks(marks, opt_.required, opt_.forbidden, opt_.selection_bias, ev_, steps);
  }
  double p_sep(int x, int y) const {
    const auto it = p_sep_.find(at(std::min(x, y), std::max(x, y)));
    return it == p_sep_.end() ? 1.0 : it->second;
  }

  bool independent(int x, int y, const std::vector<int>& z, int phase, FCIResult& out,
                   Interrupt& interrupt) {
    interrupt.check();
    const CITestResult r = tests_(x, y, z);
    interrupt.check();  // a permutation test stopped by an interrupt has no result
    return record(x, y, z, r, phase, out);
  }

  // For each set z of generate(yield) in order, the test x _||_ y | z recorded, until
  // found(z, independent) returns true; on the threads of tests_ (fci_tests.hpp).
  template <class Generate, class Found>
  void tests_in_order(int x, int y, Generate&& generate, int phase, FCIResult& out,
                      Interrupt& interrupt, Found&& found) {
    tests_.in_order(x, y, generate, [&](const std::vector<int>& z, const CITestResult& r) {
      return found(z, record(x, y, z, r, phase, out));
    }, interrupt);
  }

  bool record(int x, int y, const std::vector<int>& z, const CITestResult& r, int phase,
              FCIResult& out) {
    const bool indep = r.p_value > opt_.alpha;
    out.tests.add(x, y, static_cast<int>(z.size()), z, r, indep);
    out.phase.push_back(phase);
    if (indep) p_sep_[at(std::min(x, y), std::max(x, y))] = r.p_value;
    return indep;
  }

  // pcalg's qreach: the nodes reachable from x along paths on which every inner node is
  // a collider or the middle of a triangle (possible-d-sep, Spirtes et al. 2000).
  std::vector<int> possible_dsep_set(int x, const std::vector<int>& marks) const {
    auto mark = [&](int i, int j) { return marks[at(i, j)]; };
    std::vector<char> used(adj_.size(), 0), in(n_, 0);
    std::vector<std::pair<int, int>> queue;  // (predecessor, node)
    for (int b = 0; b < n_; ++b) {
      if (mark(x, b)) {
        queue.emplace_back(x, b);
        used[at(x, b)] = 1;
        in[b] = 1;
      }
    }
    for (std::size_t q = 0; q < queue.size(); ++q) {
      const int pred = queue[q].first, a = queue[q].second;
      for (int b = 0; b < n_; ++b) {
        if (!mark(a, b) || used[at(a, b)] || pred == b || !mark(pred, a)) continue;
        if (mark(pred, b) || (mark(pred, a) == kArrow && mark(b, a) == kArrow)) {
          used[at(a, b)] = 1;
          queue.emplace_back(a, b);
          in[b] = 1;
        }
      }
    }
    std::vector<int> out;
    for (int v = 0; v < n_; ++v) if (in[v] && v != x) out.push_back(v);
    return out;
  }

  // pcalg's pdsep(): the colliders of the skeleton, then for each x and each neighbour y,
  // the subsets of Possible-D-Sep(x) \ {y} not within the neighbours of x.
  void possible_dsep(FCIResult& out, Interrupt& interrupt) {
    std::vector<int> marks = circles();
    knowledge(marks, nullptr);
    PagOrienter(n_, marks, ev_, nullptr).colliders();
    remove_by_pdsep(marks, out, interrupt);
  }

  // The tests of possible_dsep() with the collider marks `marks` (GFCI's are its own).
  // For each x in turn, the edges x - y (y adjacent to x when x's turn comes) are
  // independent searches: run on the threads, merged in the order of y.
  void remove_by_pdsep(const std::vector<int>& marks, FCIResult& out, Interrupt& interrupt) {
    std::vector<std::vector<int>> pdsep(n_);
    for (int x = 0; x < n_; ++x) pdsep[x] = possible_dsep_set(x, marks);
    for (int x = 0; x < n_; ++x) {
      std::vector<int> adj_x, ys;
      for (int v = 0; v < n_; ++v) if (adj(x, v)) adj_x.push_back(v);
      for (int y : adj_x) if (!required(x, y)) ys.push_back(y);
      std::vector<EdgeSearch> searches(ys.size());
      tests_.each(static_cast<long>(ys.size()), interrupt,
                  [&](const IndependenceTest& test, long k) {
        searches[k] = pdsep_search(x, ys[k], adj_x, pdsep[x], test, interrupt);
      });
      for (std::size_t k = 0; k < ys.size(); ++k) {
        for (const auto& t : searches[k].tests) {
          record(x, ys[k], t.first, t.second, kPdsepPhase, out);
        }
        if (!searches[k].found) continue;
        adj_[at(x, ys[k])] = adj_[at(ys[k], x)] = 0;
        ev_.set_sepset(x, ys[k], searches[k].tests.back().first);
      }
    }
  }

  struct EdgeSearch {
    std::vector<std::pair<std::vector<int>, CITestResult>> tests;  // in order
    bool found = false;  // the last test found an independence
  };

  // pcalg's pdsep() for the edge x - y: the subsets of Possible-D-Sep(x) \ {y} not within
  // the neighbours of x, by size, until the first independence.
  EdgeSearch pdsep_search(int x, int y, const std::vector<int>& adj_x,
                          const std::vector<int>& pdsep_x, const IndependenceTest& test,
                          Interrupt& interrupt) const {
    EdgeSearch out;
    std::vector<int> tf;
    bool outside = false;
    for (int v : pdsep_x) {
      if (v == y) continue;
      tf.push_back(v);
      outside = outside || !std::binary_search(adj_x.begin(), adj_x.end(), v);
    }
    if (!outside) return out;
    const int top = std::min(static_cast<int>(tf.size()), opt_.max_cond);
    bool stop = false;
    for (int ord = 1; ord <= top && !stop; ++ord) {
      for_each_subset(tf, ord, [&](const std::vector<int>& s) {
        bool within = true;
        for (int v : s) within = within && std::binary_search(adj_x.begin(), adj_x.end(), v);
        if (within && ord <= static_cast<int>(adj_x.size())) return false;
        if (interrupt.poll()) return stop = true;  // rethrown after the threads
        const CITestResult r = test(x, y, s);
        if (interrupt.stopped()) return stop = true;  // a stopped permutation test
        out.tests.emplace_back(s, r);
        return stop = out.found = r.p_value > opt_.alpha;
      });
    }
    return out;
  }

  // pcalg's pc.cons.intern() and checkTriple(): for each unshielded triple a - b - c
  // (a < c), every subset of the neighbours of a, then of c, is tested; b in all the
  // separating sets found makes a non-collider, in none a collider, else it is
  // ambiguous (conservative) or the majority decides (ties ambiguous).
  void check_triples(FCIResult& out, Interrupt& interrupt) {
    std::vector<std::vector<int>> triples;
    for (int b = 0; b < n_; ++b) {
      for (int a = 0; a < n_; ++a) {
        if (!adj(a, b)) continue;
        for (int c = a + 1; c < n_; ++c) {
          if (c != b && adj(b, c) && !adj(a, c)) triples.push_back({a, b, c});
        }
      }
    }
    triple_tests_ahead(triples, interrupt);
    for (int b = 0; b < n_; ++b) {
      for (int a = 0; a < n_; ++a) {
        if (!adj(a, b)) continue;
        for (int c = a + 1; c < n_; ++c) {
          if (c == b || !adj(b, c) || adj(a, c)) continue;
          check_triple(a, b, c, out, interrupt, opt_.triples);
        }
      }
    }
    tests_.forget();
  }

  // The tests check_triple() asks of `triples` (a, b, c), computed ahead on the threads.
  void triple_tests_ahead(const std::vector<std::vector<int>>& triples, Interrupt& interrupt) {
    if (tests_.threads() < 2) return;
    std::vector<std::tuple<int, int, std::vector<int>>> keys;
    for (const std::vector<int>& t : triples) {
      for (int end : {t[0], t[2]}) {
        std::vector<int> nbrs;
        for (int v = 0; v < n_; ++v) if (adj(end, v)) nbrs.push_back(v);
        for (int size = 0; size <= static_cast<int>(nbrs.size()); ++size) {
          for_each_subset(nbrs, size, [&](const std::vector<int>& s) {
            keys.emplace_back(t[0], t[2], s);
            return false;
          });
        }
      }
    }
    tests_.ahead(keys, interrupt);
  }

  // pcalg's checkTriple(): a ⊥ c given every subset of the neighbours of a, then of c.
  void check_triple(int a, int b, int c, FCIResult& out, Interrupt& interrupt,
                    TripleRule rule, bool none_ambiguous = false) {
    int with_b = 0, separating = 0;
    for (int end : {a, c}) {
      std::vector<int> nbrs;
      for (int v = 0; v < n_; ++v) if (adj(end, v)) nbrs.push_back(v);
      for (int size = 0; size <= static_cast<int>(nbrs.size()); ++size) {
        for_each_subset(nbrs, size, [&](const std::vector<int>& s) {
          if (independent(a, c, s, kTriplePhase, out, interrupt)) {
            ++separating;
            with_b += std::binary_search(s.begin(), s.end(), b);
          }
          return false;
        });
      }
    }
    decide(a, b, c, with_b, separating, out, rule, none_ambiguous);
  }

  // `none_ambiguous`: a triple that no set separated is ambiguous too (RFCI's checks of
  // the triples its path tests create, pcalg's version.unf = c(2, 1)).
  void decide(int a, int b, int c, int with_b, int separating, FCIResult& out,
              TripleRule rule, bool none_ambiguous) {
    const double share = separating ? static_cast<double>(with_b) / separating : 0.0;
    int decision;  // 1 collider, 2 non-collider, 3 ambiguous
    if (separating && with_b == separating) {
      decision = 2;
    } else if (with_b == 0) {
      decision = 1;
    } else if (rule != TripleRule::majority || share == 0.5) {
      decision = 3;
    } else {
      decision = share < 0.5 ? 1 : 2;
    }
    std::vector<int> s = ev_.sepset[at(a, c)];
    if (decision == 3 || (none_ambiguous && separating == 0)) {
      ev_.mark_ambiguous(a, b, c);
      out.ambiguous.push_back({std::min(a, c), b, std::max(a, c)});
    }
    if (decision == 3) return;
    const bool has = std::binary_search(s.begin(), s.end(), b);
    if (decision == 2 && !has) s.push_back(b);
    if (decision == 1 && has) s.erase(std::find(s.begin(), s.end(), b));
    ev_.set_sepset(a, c, s);
  }

  const int n_;
  FCITests tests_;
  FCIOptions opt_;
  PagEvidence ev_;
  std::vector<char> adj_;
  std::unordered_map<std::size_t, double> p_sep_;
};

// The PAG of the DAG's marginal over its observed nodes (pcalg's dag2pag()): two observed
// nodes are adjacent unless their observed ancestors d-separate them (then those are
// their separating set), and the PAG's marks follow from the rules.
inline FCIResult dag_to_pag(const DsepOracle& oracle, bool selection_bias = true) {
  const int n = oracle.n_observed();
  FCIResult out;
  std::vector<char> adj(static_cast<std::size_t>(n) * n, 0);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      const std::vector<char> anc = oracle.ancestors({oracle.dag_node(i), oracle.dag_node(j)});
      std::vector<int> z;
      for (int k = 0; k < n; ++k) if (k != i && k != j && anc[oracle.dag_node(k)]) z.push_back(k);
      if (oracle.test(i, j, z).p_value > 0.5) {
        out.witnesses.push_back(Witness{i, j, z, 1.0});
      } else {
        adj[static_cast<std::size_t>(i) * n + j] = adj[static_cast<std::size_t>(j) * n + i] = 1;
      }
    }
  }
  FCIOptions options;
  options.pdsep = false;
  options.selection_bias = selection_bias;
  Interrupt interrupt;
  FCI(n, [&oracle](int x, int y, const std::vector<int>& z) { return oracle.test(x, y, z); },
      options).run(std::move(adj), out, interrupt);
  return out;
}

}  // namespace learnbn
