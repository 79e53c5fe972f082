// Local discovery: the parents and children (PC set) or the Markov blanket of one target
// node (local_target.hpp), learned by conditional independence tests, and the skeleton
// of the whole network from every node's set. The definitions are bnlearn 4.9's, so that
// both give the same sets on the same tests:
//  - MMPC (Tsamardinos, Brown and Aliferis 2006): forward, add the candidate of largest
//    minimum association (smallest maximum p-value over the subsets of the current set
//    that contain its last member); a candidate whose p-value passes alpha is dropped for
//    good. Backward: a member is removed when some subset of the others separates it.
//  - semi-interleaved HITON-PC (Aliferis et al. 2010): candidates in increasing order of
//    their marginal p-value, each kept unless a non-empty subset of the set so far
//    separates it; backward as MMPC but over non-empty subsets.
//  - GS (Margaritis 2003): grow, adding the first node dependent on the target given the
//    blanket so far (restarting the scan), then shrink one node at a time.
//  - IAMB (Tsamardinos et al. 2003), Fast-IAMB (Yaramakala and Margaritis 2005) and
//    Inter-IAMB: grow by the most associated node (all nodes dependent at once, while the
//    tables keep 5 cases per cell, for Fast-IAMB), shrink by testing each member given the
//    others; Inter-IAMB shrinks after every addition.
// The whole network (bnlearn's symmetry corrections): PC sets are kept symmetric by AND
// (y in PC(x) and x in PC(y)); blankets likewise, and then each node's neighbours are
// the members of its blanket that no subset of the smaller of the two blankets separates.
// Everything is written against a test callable (x, y, z) -> p-value, so the same code
// runs on the data's CI tests and on a d-separation oracle.
#pragma once
#include <algorithm>
#include <atomic>
#include <memory>
#include <cstddef>
#include <string>
#include <vector>

#include "../util/interrupt.hpp"
#include "../util/parallel.hpp"
#include "../util/progress.hpp"
#include "local_target.hpp"

namespace learnbn {

struct LocalResult {
  std::vector<std::vector<int>> pc;  // per node, symmetric (sorted); for a target: its set
  std::vector<std::vector<int>> mb;  // per node (blanket algorithms), symmetric (sorted)
  std::size_t tests = 0, cache_hits = 0;
};

// Runs `per_node(discovery, node)` for every node on `threads` threads, each with its own
// tests from make_test(); the counts are summed. Returns the sets in node order.
template <class MakeTest, class PerNode>
std::vector<std::vector<int>> for_every_node(int n, const LocalOptions& opt, MakeTest& make_test,
                                             Interrupt& interrupt, Progress& progress,
                                             const std::string& stage, LocalResult& out,
                                             PerNode per_node) {
  using Tests = CountedTests<decltype(make_test())>;
  std::vector<std::vector<int>> sets(n);
  std::vector<std::size_t> tests(n, 0), hits(n, 0);
  std::atomic<int> done{0};
  const auto make_tests = [&] {
    return std::make_unique<Tests>(make_test(), &interrupt, opt.ordered_pairs);
  };
  parallel_items(
      n, opt.threads, interrupt, make_tests,
      [&](std::unique_ptr<Tests>& t, long node) {
        if (interrupt.owner()) progress.update(stage, done.load(), n);
        t->clear();
        const std::size_t t0 = t->tests, h0 = t->cache_hits;
        TargetDiscovery<Tests> discovery(n, opt, *t);
        try {
          sets[node] = per_node(discovery, static_cast<int>(node));
        } catch (const LocalStopped&) {
          return;
        }
        tests[node] = t->tests - t0;
        hits[node] = t->cache_hits - h0;
        ++done;
      });
  interrupt.rethrow();
  progress.finish(stage, n, n);
  for (int v = 0; v < n; ++v) {
    out.tests += tests[v];
    out.cache_hits += hits[v];
  }
  return sets;
}

// bnlearn's symmetry correction: y stays in the set of x only if x is in the set of y.
inline std::vector<std::vector<int>> symmetric_and(const std::vector<std::vector<int>>& sets) {
  const int n = static_cast<int>(sets.size());
  std::vector<char> in(static_cast<std::size_t>(n) * n, 0);
  for (int x = 0; x < n; ++x) for (int y : sets[x]) in[static_cast<std::size_t>(x) * n + y] = 1;
  std::vector<std::vector<int>> out(n);
  for (int x = 0; x < n; ++x) {
    for (int y = 0; y < n; ++y) {
      if (in[static_cast<std::size_t>(x) * n + y] && in[static_cast<std::size_t>(y) * n + x]) {
        out[x].push_back(y);
      }
    }
  }
  return out;
}

// The whole network: symmetric PC sets (the skeleton) and, for the blanket algorithms,
// symmetric blankets. `make_test()` returns one thread's test callable.
template <class MakeTest>
LocalResult learn_local_network(int n, LocalAlgorithm algorithm, const LocalOptions& opt,
                                MakeTest make_test, Interrupt& interrupt,
                                Progress progress = Progress()) {
  LocalResult out;
  using Tests = CountedTests<decltype(make_test())>;
  if (!learns_blanket(algorithm)) {
    out.pc = symmetric_and(for_every_node(
        n, opt, make_test, interrupt, progress, "parents and children", out,
        [algorithm](TargetDiscovery<Tests>& d, int x) { return d.pc_set(algorithm, x); }));
    return out;
  }
  out.mb = symmetric_and(for_every_node(
      n, opt, make_test, interrupt, progress, "Markov blankets", out,
      [algorithm](TargetDiscovery<Tests>& d, int x) { return d.blanket(algorithm, x); }));
  const auto& mb = out.mb;
  out.pc = symmetric_and(for_every_node(
      n, opt, make_test, interrupt, progress, "neighbours", out,
      [&mb](TargetDiscovery<Tests>& d, int x) { return d.backward(x, mb[x], mb[x], true, &mb); }));
  return out;
}

// One target: its PC set (MMPC, HITON-PC; a member y stays only if the target is in the
// PC set of y, as in the whole network) or its blanket (GS, IAMBs), in `out.pc` /
// `out.mb` as one set.
template <class MakeTest>
LocalResult learn_local_target(int n, int target, LocalAlgorithm algorithm,
                               const LocalOptions& opt, MakeTest make_test, Interrupt& interrupt) {
  using Tests = CountedTests<decltype(make_test())>;
  LocalResult out;
  Tests tests(make_test(), &interrupt, opt.ordered_pairs);
  TargetDiscovery<Tests> discovery(n, opt, tests);
  try {
    if (learns_blanket(algorithm)) {
      std::vector<int> mb = discovery.blanket(algorithm, target);
      std::sort(mb.begin(), mb.end());
      out.mb.push_back(mb);
    } else {
      std::vector<int> kept;
      for (int y : discovery.pc_set(algorithm, target)) {
        tests.clear();
        const std::vector<int> back = discovery.pc_set(algorithm, y);
        if (std::find(back.begin(), back.end(), target) != back.end()) kept.push_back(y);
      }
      std::sort(kept.begin(), kept.end());
      out.pc.push_back(kept);
    }
  } catch (const LocalStopped&) {
  }
  interrupt.rethrow();
  out.tests = tests.tests;
  out.cache_hits = tests.cache_hits;
  return out;
}

}  // namespace learnbn
