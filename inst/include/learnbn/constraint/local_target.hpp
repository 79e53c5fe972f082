// Local discovery for one target (see local_discovery.hpp for the algorithms and the
// whole network): the options, and MMPC, HITON-PC, GS and the IAMBs written against one
// thread's tests (local_memo.hpp) of a callable (x, y, z) -> p-value.
#pragma once
#include <algorithm>
#include <climits>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "../util/combinations.hpp"
#include "../util/interrupt.hpp"
#include "local_memo.hpp"

namespace learnbn {

enum class LocalAlgorithm { mmpc, hiton_pc, gs, iamb, fast_iamb, inter_iamb };

inline const std::vector<std::string>& local_algorithm_names() {
  static const std::vector<std::string> names = {"mmpc", "hiton_pc", "gs", "iamb", "fast_iamb",
                                                 "inter_iamb"};
  return names;
}

inline bool learns_blanket(LocalAlgorithm a) {
  return a != LocalAlgorithm::mmpc && a != LocalAlgorithm::hiton_pc;
}

struct LocalOptions {
  double alpha = 0.05;
  int max_cond = INT_MAX;               // largest conditioning set
  int threads = 1;
  std::vector<char> required, forbidden;  // n * n, [i * n + j]: arc i -> j; empty: none
  // Fast-IAMB's check of 5 cases per cell (discrete asymptotic tests only, empty else):
  // the number of levels of each node and the number of cases.
  std::vector<double> levels;
  double n_cases = 0;
  // The test is not symmetric in x and y (mi_cg with x, y discrete and z continuous
  // members): the memo keys the pair in the order asked, which is bnlearn's order.
  bool ordered_pairs = false;
};

// The algorithms for one target, on one thread's tests.
template <class Tests>
class TargetDiscovery {
 public:
  TargetDiscovery(int n, const LocalOptions& opt, Tests& test) : n_(n), opt_(opt), test_(test) {}

  // The PC set of `target` by MMPC or HITON-PC, forward then backward (no symmetry).
  std::vector<int> pc_set(LocalAlgorithm algorithm, int target) {
    const bool mmpc = algorithm == LocalAlgorithm::mmpc;
    const std::vector<int> cpc = mmpc ? mmpc_forward(target) : hiton_forward(target);
    return backward(target, cpc, cpc, /*empty_set=*/mmpc);
  }

  std::vector<int> blanket(LocalAlgorithm algorithm, int target) {
    switch (algorithm) {
      case LocalAlgorithm::gs: return gs(target);
      case LocalAlgorithm::iamb: return iamb(target);
      case LocalAlgorithm::fast_iamb: return fast_iamb(target);
      default: return inter_iamb(target);
    }
  }

  // The members of `candidates` that no subset of `pool` minus the member (sizes from 0,
  // or 1 without `empty_set`, to max_cond) separates from x; whitelisted members stay and
  // pairs blacklisted both ways go. `pools`, when given, holds the blankets: then the
  // pool for y is the smaller of pool \ {y} and pools[y] \ {x} (bnlearn's neighbour()).
  std::vector<int> backward(int x, const std::vector<int>& candidates,
                            const std::vector<int>& pool, bool empty_set,
                            const std::vector<std::vector<int>>* pools = nullptr) {
    if (candidates.empty()) return {};
    std::vector<int> kept;
    for (int y : candidates) if (!banned(x, y)) kept.push_back(y);
    for (int y : whitelisted(x)) {
      if (std::find(kept.begin(), kept.end(), y) == kept.end()) kept.push_back(y);
    }
    if (kept.size() <= 1) return kept;
    const std::vector<int> tested = kept;
    const Focused focused(test_, focus_of(x, tested, pool, pools));
    for (int y : tested) {
      if (is_whitelisted(x, y)) continue;
      std::vector<int> sep = without(pool, y);
      if (pools) {
        const std::vector<int> other = without((*pools)[y], x);
        if (!(sep.size() < other.size())) sep = other;
      }
      const int largest = std::min(static_cast<int>(sep.size()), opt_.max_cond);
      if (max_p_value(x, y, sep, empty_set ? 0 : 1, largest) > opt_.alpha) {
        kept.erase(std::find(kept.begin(), kept.end(), y));
      }
    }
    return kept;
  }

 private:
  // Focuses the tests on some variables while it lives (Tests::focus()).
  class Focused {
   public:
    Focused(Tests& tests, const std::vector<int>& vars) : tests_(tests) { tests_.focus(vars); }
    ~Focused() { tests_.focus({}); }
    Focused(const Focused&) = delete;
    Focused& operator=(const Focused&) = delete;
   private:
    Tests& tests_;
  };

  // The variables of backward()'s tests: x, the tested members and their pools (sorted).
  static std::vector<int> focus_of(int x, const std::vector<int>& tested,
                                   const std::vector<int>& pool,
                                   const std::vector<std::vector<int>>* pools) {
    std::vector<int> vars = pool;
    vars.push_back(x);
    vars.insert(vars.end(), tested.begin(), tested.end());
    if (pools) for (int y : tested) vars.insert(vars.end(), (*pools)[y].begin(), (*pools)[y].end());
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    return vars;
  }

  bool is_required(int i, int j) const {
    return !opt_.required.empty() && opt_.required[static_cast<std::size_t>(i) * n_ + j];
  }
  bool is_forbidden(int i, int j) const {
    return !opt_.forbidden.empty() && opt_.forbidden[static_cast<std::size_t>(i) * n_ + j];
  }
  bool is_whitelisted(int x, int y) const { return is_required(x, y) || is_required(y, x); }
  // Blacklisted both ways and not whitelisted: never adjacent.
  bool banned(int x, int y) const {
    return is_forbidden(x, y) && is_forbidden(y, x) && !is_whitelisted(x, y);
  }
  std::vector<int> whitelisted(int x) const {
    std::vector<int> out;
    for (int y = 0; y < n_; ++y) if (y != x && is_whitelisted(x, y)) out.push_back(y);
    return out;
  }
  static bool contains(const std::vector<int>& set, int v) {
    return std::find(set.begin(), set.end(), v) != set.end();
  }
  static std::vector<int> without(const std::vector<int>& set, int v) {
    std::vector<int> out;
    for (int u : set) if (u != v) out.push_back(u);
    return out;
  }
  // The nodes other than x outside `taken`.
  std::vector<int> others(int x, const std::vector<int>& taken) const {
    std::vector<int> out;
    for (int y = 0; y < n_; ++y) if (y != x && !contains(taken, y)) out.push_back(y);
    return out;
  }

  // The largest p-value of x _||_ y | S over the subsets S of `pool` of sizes
  // smallest..largest, in order of size, stopping at the first above alpha.
  double max_p_value(int x, int y, const std::vector<int>& pool, int smallest, int largest) {
    double best = 0;
    const int m = static_cast<int>(pool.size());
    std::vector<int> z;
    for (int k = smallest; k <= std::min(largest, m); ++k) {
      std::vector<int> pick(k);
      for (int i = 0; i < k; ++i) pick[i] = i;
      do {
        z.clear();
        for (int i : pick) z.push_back(pool[i]);
        best = std::max(best, test_(x, y, z));
        if (best > opt_.alpha) return best;
      } while (next_combination(pick, m));
    }
    return best;
  }

  // MMPC's associations of the candidates `open` with x, raised by the largest p-value
  // given fixed + S over the subsets S of `pool` in order of size, each candidate's
  // tests stopping at its first p-value above alpha: max_p_value() for each candidate,
  // but with the subsets outside, so that each set's tests run together.
  void raise_associations(int x, const std::vector<int>& open, const std::vector<int>& pool,
                          const std::vector<int>& fixed, std::vector<double>& association) {
    std::vector<double> best(open.size(), 0.0), p;
    std::vector<std::size_t> live(open.size());
    for (std::size_t j = 0; j < live.size(); ++j) live[j] = j;
    std::vector<int> asked, z;
    const int m = static_cast<int>(pool.size());
    for (int k = 0; k <= m && !live.empty(); ++k) {
      std::vector<int> pick(k);
      for (int i = 0; i < k; ++i) pick[i] = i;
      do {
        z = fixed;
        for (int i : pick) z.push_back(pool[i]);
        asked.clear();
        for (std::size_t j : live) asked.push_back(open[j]);
        test_.against(asked, x, z, p);
        std::size_t still = 0;
        for (std::size_t i = 0; i < live.size(); ++i) {
          best[live[i]] = std::max(best[live[i]], p[i]);
          if (!(best[live[i]] > opt_.alpha)) live[still++] = live[i];
        }
        live.resize(still);
      } while (!live.empty() && next_combination(pick, m));
    }
    for (std::size_t j = 0; j < open.size(); ++j) {
      association[j] = std::max(association[j], best[j]);
    }
  }

  std::vector<int> mmpc_forward(int x) {
    std::vector<int> cpc = whitelisted(x);
    std::vector<int> open;
    for (int y : others(x, cpc)) if (!banned(x, y)) open.push_back(y);
    std::vector<double> association(open.size(), 0.0);
    while (static_cast<int>(cpc.size()) <= opt_.max_cond) {
      // Only subsets holding the last member are new; a p-value above alpha only grows.
      std::vector<int> fixed, pool = cpc;
      if (!pool.empty()) {
        fixed.push_back(pool.back());
        pool.pop_back();
      }
      std::vector<int> still;
      std::vector<double> kept;
      for (std::size_t k = 0; k < open.size(); ++k) {
        if (!(association[k] < opt_.alpha)) continue;
        still.push_back(open[k]);
        kept.push_back(association[k]);
      }
      open.swap(still);
      association.swap(kept);
      if (open.empty()) break;
      raise_associations(x, open, pool, fixed, association);
      const std::size_t best =
          std::min_element(association.begin(), association.end()) - association.begin();
      if (association[best] > opt_.alpha) break;
      cpc.push_back(open[best]);
      open.erase(open.begin() + best);
      association.erase(association.begin() + best);
    }
    return cpc;
  }

  std::vector<int> hiton_forward(int x) {
    std::vector<int> cpc = whitelisted(x);
    std::vector<int> candidates;
    for (int y : others(x, cpc)) if (!banned(x, y)) candidates.push_back(y);
    std::vector<double> p;
    test_.against(candidates, x, {}, p);
    std::vector<std::pair<double, int>> order;
    for (std::size_t k = 0; k < candidates.size(); ++k) {
      if (p[k] <= opt_.alpha) order.emplace_back(p[k], candidates[k]);
    }
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& candidate : order) {
      if (static_cast<int>(cpc.size()) > opt_.max_cond) break;
      const int y = candidate.second;
      const int largest = std::min(static_cast<int>(cpc.size()), opt_.max_cond);
      if (cpc.empty() || max_p_value(x, y, cpc, 1, largest) <= opt_.alpha) {
        cpc.push_back(y);
      }
    }
    return cpc;
  }

  std::vector<int> gs(int x) {
    std::vector<int> mb = whitelisted(x);
    std::vector<int> open = others(x, mb);
    for (bool grown = true; grown;) {
      grown = false;
      if (static_cast<int>(mb.size()) > opt_.max_cond) break;
      for (std::size_t k = 0; k < open.size(); ++k) {
        if (test_(x, open[k], mb) <= opt_.alpha) {
          mb.push_back(open[k]);
          open.erase(open.begin() + k);
          grown = true;
          break;
        }
      }
    }
    std::vector<int> removable;
    for (int y : mb) if (!is_whitelisted(x, y)) removable.push_back(y);
    for (bool shrunk = true; shrunk;) {
      shrunk = false;
      for (std::size_t k = 0; k < removable.size(); ++k) {
        const int y = removable[k];
        if (test_(x, y, without(mb, y)) > opt_.alpha) {
          mb = without(mb, y);
          removable.erase(removable.begin() + k);
          shrunk = true;
          break;
        }
      }
    }
    return mb;
  }

  // p-values of x against each candidate given `mb`.
  std::vector<double> associations(int x, const std::vector<int>& candidates,
                                   const std::vector<int>& mb) {
    std::vector<double> p;
    test_.against(candidates, x, mb, p);
    return p;
  }

  // The shrink step of the IAMBs, as bnlearn's roundrobin.test(): each member not in
  // `fixed`, in turn, is tested given the members still kept, and goes with a p-value not
  // below alpha (so it no longer conditions the later tests); the tests stop when fewer
  // than two members are left.
  std::vector<int> round_robin(int x, const std::vector<int>& mb, const std::vector<int>& fixed) {
    std::vector<int> out = mb;
    for (int y : mb) {
      if (out.size() < 2) break;
      if (contains(fixed, y)) continue;
      if (!(test_(x, y, without(out, y)) < opt_.alpha)) {
        out.erase(std::find(out.begin(), out.end(), y));
      }
    }
    return out;
  }

  std::vector<int> iamb(int x) {
    const std::vector<int> white = whitelisted(x);
    std::vector<int> mb = white, open = others(x, mb);
    int last = -1;
    while (!open.empty() && static_cast<int>(mb.size()) <= opt_.max_cond) {
      const std::vector<double> p = associations(x, open, mb);
      const std::size_t best = std::min_element(p.begin(), p.end()) - p.begin();
      if (p[best] > opt_.alpha) break;
      last = open[best];
      mb.push_back(last);
      open.erase(open.begin() + best);
    }
    std::vector<int> fixed = white;
    if (last >= 0) fixed.push_back(last);
    return round_robin(x, mb, fixed);
  }

  // Cases per cell of the table of x, y and z (Fast-IAMB's guard), infinite when unknown.
  double cases_per_cell(int x, int y, const std::vector<int>& z) const {
    if (opt_.levels.empty()) return 1e300;
    double cells = opt_.levels[x] * opt_.levels[y];
    for (int v : z) cells *= opt_.levels[v];
    return opt_.n_cases / cells;
  }

  std::vector<int> fast_iamb(int x) {
    const std::vector<int> white = whitelisted(x);
    std::vector<int> mb = white, open = others(x, mb);
    while (!open.empty() && static_cast<int>(mb.size()) <= opt_.max_cond) {
      const std::vector<int> snapshot = mb;
      const std::vector<double> p = associations(x, open, mb);
      std::vector<std::pair<double, int>> order;
      for (std::size_t k = 0; k < open.size(); ++k) {
        if (p[k] <= opt_.alpha) order.emplace_back(p[k], open[k]);
      }
      if (order.empty()) break;
      std::stable_sort(order.begin(), order.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      bool insufficient = false;
      for (const auto& candidate : order) {
        if (static_cast<int>(mb.size()) > opt_.max_cond) continue;
        if (cases_per_cell(x, candidate.second, mb) < 5) {
          insufficient = true;
          break;
        }
        mb.push_back(candidate.second);
      }
      const std::size_t grown = mb.size();
      mb = round_robin(x, mb, white);
      if (mb == snapshot || (insufficient && grown == mb.size())) break;
      std::vector<int> rest;
      for (int y : open) if (!contains(mb, y)) rest.push_back(y);
      open.swap(rest);
    }
    return mb;
  }

  static bool same_set(std::vector<int> a, std::vector<int> b) {
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  }

  std::vector<int> inter_iamb(int x) {
    const std::vector<int> white = whitelisted(x);
    std::vector<int> mb = white, culprits;
    std::vector<std::vector<int>> states;
    for (;;) {
      std::vector<int> open;
      for (int y : others(x, mb)) if (!contains(culprits, y)) open.push_back(y);
      if (open.empty() || static_cast<int>(mb.size()) > opt_.max_cond) break;
      const std::vector<int> snapshot = mb;
      const std::vector<double> p = associations(x, open, mb);
      const std::size_t best = std::min_element(p.begin(), p.end()) - p.begin();
      if (p[best] > opt_.alpha) break;
      mb.push_back(open[best]);
      std::vector<int> fixed = white;
      fixed.push_back(open[best]);
      mb = round_robin(x, mb, fixed);
      if (mb == snapshot) break;
      // A blanket seen before means a loop: its last member is set aside for good.
      bool loop = false;
      for (const auto& state : states) loop = loop || same_set(state, mb);
      if (loop) {
        culprits.push_back(mb.back());
        mb.pop_back();
      } else {
        states.push_back(mb);
      }
    }
    return mb;
  }

  int n_;
  const LocalOptions& opt_;
  Tests& test_;
};

}  // namespace learnbn
