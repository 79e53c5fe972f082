// The PC algorithm (Spirtes, Glymour and Scheines 2000): skeleton by levels of
// conditioning-set size, immoralities from the witness (separating) sets, then the
// orientation rules (Meek 1995) until nothing changes.
//
// Skeleton: for level l = 0, 1, ... every remaining edge X - Y is tested against each
// subset Z of size l of ne(X) \ {Y}, then of ne(Y) \ {X} (a set already tried is a cache
// hit, not a new test); the edge goes at the first p-value above alpha and Z is its
// witness set. The "stable" variant (Colombo and Maathuis 2014) takes the neighbourhoods
// from a snapshot at the start of each level, so the edges of a level are independent of
// each other (and of their order): they are tested in parallel and removed at the end of
// the level. Nodes are processed in index order; the R side passes them sorted by name so
// that the result does not depend on the column order of the data.
//
// Orientation: background knowledge first, then every unshielded triple X - Y - Z whose
// middle node is not in the witness set of X - Z becomes X -> Y <- Z. Two immoralities
// may orient one edge both ways (a conflict); `ConflictPolicy` says what happens and
// every conflict is reported. Then Meek's rules R1 (prohibited immorality), R2
// (acyclicity), R3 (quartet) and, with background knowledge, R4 until nothing changes.
// Orientation is pc_orientation.hpp; options and results are pc_result.hpp.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <iterator>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include "../citest/tester.hpp"
#include "../data/distinct_rows.hpp"
#include "../util/combinations.hpp"
#include "../util/interrupt.hpp"
#include "../util/parallel.hpp"
#include "../util/progress.hpp"
#include "pc_orientation.hpp"
#include "pc_result.hpp"

namespace learnbn {

class PC {
 public:
  PC(const DataView& data, const CITestSpec& spec, PCOptions options)
      : data_(data), spec_(spec), opt_(std::move(options)), n_(static_cast<int>(data.n_vars())) {
    const std::size_t cells = static_cast<std::size_t>(n_) * n_;
    if (opt_.required.empty()) opt_.required.assign(cells, 0);
    if (opt_.forbidden.empty()) opt_.forbidden.assign(cells, 0);
  }

  // `check_interrupt` is polled through an Interrupt (util/interrupt.hpp) before each
  // level, test and permutation, on every thread: when it throws, the threads stop at
  // their next test or permutation and the exception is rethrown.
  // Called on the calling thread after each level of the skeleton phase.
  void on_level(std::function<void(const LevelSummary&)> report) { on_level_ = std::move(report); }
  // Progress over the edges of each level of the skeleton phase (stage "level <k>"),
  // reported on the calling thread between tests.
  void on_progress(Progress progress) { progress_ = std::move(progress); }

  PCResult run(const std::function<void()>& check_interrupt = [] {}) {
    interrupt_ = std::make_unique<Interrupt>(check_interrupt);
    PCResult out;
    adjacent_.assign(static_cast<std::size_t>(n_) * n_, 0);
    for (int i = 0; i < n_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if (i != j && !(forbidden(i, j) && forbidden(j, i))) adjacent_[at(i, j)] = 1;
      }
    }
    compress();
    skeleton(out);
    PCOrienter(n_, opt_).orient(adjacent_, out);
    return out;
  }

 private:
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(i) * n_ + j; }
  bool forbidden(int i, int j) const { return opt_.forbidden[at(i, j)] != 0; }
  bool required(int i, int j) const { return opt_.required[at(i, j)] != 0; }
  bool knowledge_edge(int i, int j) const { return required(i, j) || required(j, i); }

  std::vector<int> neighbours(int node, int except) const {
    std::vector<int> out;
    for (int j = 0; j < n_; ++j) if (j != except && adjacent_[at(node, j)]) out.push_back(j);
    return out;
  }

  struct EdgeOutcome {
    TestRecords tests;
    std::size_t cache_hits = 0;
    bool removed = false;
    Witness witness;
  };

  // Called before each test: true when the run must stop. The calling thread also moves
  // the progress bar.
  bool must_stop() const {
    if (interrupt_->owner()) {
      progress_.update(level_stage_,
                       static_cast<double>(edges_done_.load(std::memory_order_relaxed)),
                       level_edges_);
    }
    return interrupt_->poll();
  }

  // A tester for one thread, whose permutation tests stop when the run must.
  std::unique_ptr<CITester> make_tester() const {
    auto tester = std::make_unique<CITester>(tested_data(), spec_, data_.n_rows);
    tester->on_permutation([this](int) { return !interrupt_->poll(); });
    // With the shortcuts, tables that pay are counted from bit sets of the original rows
    // (the threads share the columns' sets).
    if (opt_.shortcuts) tester->count_bits_from(data_, column_bits_);
    return tester;
  }

  // Results of the tests ahead in the current run of combinations (those sharing all
  // but the last member of Z), computed together by CITester::test_shared_prefix. Only
  // the tests the plain order reaches are recorded; the rest are dropped.
  struct Lookahead {
    std::vector<int> prefix;  // positions pick[0 .. level - 2] of the run
    int from = 0;             // position of the last member of the first result
    std::vector<char> known;  // known[k]: results[k] holds the test with last member from + k
    std::vector<CITestResult> results;
    bool usable = true;       // false once the shortcut does not apply to this edge
    std::size_t tested = 0;   // tests of this edge and level so far (sizes the next batch)
  };

  // True when `z` (of ne(Y)) was tested from the side of ne(X), `tested` (nullptr on
  // that first side): every subset of ne(X) was, and none separated X and Y.
  static bool tested_before(const std::vector<int>* tested, const std::vector<int>& z) {
    if (!tested) return false;
    for (int v : z) if (!std::binary_search(tested->begin(), tested->end(), v)) return false;
    return true;
  }

  // The result of the test of X - Y given the candidates at positions `pick`, from the
  // lookahead when it holds it, else from a new batch over the rest of the run (or alone).
  CITestResult run_test(int x, int y, const std::vector<int>& candidates,
                        const std::vector<int>& pick, const std::vector<int>& z,
                        const std::vector<int>* tested, Lookahead& ahead, CITester& tester) const {
    const int level = static_cast<int>(pick.size());
    ++ahead.tested;
    if (!opt_.shortcuts || level == 0 || !ahead.usable) return tester.test(x, y, z);
    const int last = pick[level - 1];
    const bool same_run = static_cast<int>(ahead.prefix.size()) == level - 1 &&
                          std::equal(ahead.prefix.begin(), ahead.prefix.end(), pick.begin());
    if (same_run && last >= ahead.from &&
        last - ahead.from < static_cast<int>(ahead.known.size()) &&
        ahead.known[last - ahead.from]) {
      return ahead.results[last - ahead.from];
    }
    // A batch grows with the tests this edge has needed so far, so that an edge removed
    // by its first tests wastes little. A run of one test (its last member the last
    // candidate) is a window too: the window's counts skip the z' the statistic does not
    // read, where a single test counts and visits every stratum.
    const std::size_t remaining = candidates.size() - static_cast<std::size_t>(last);
    const std::size_t width = SharedPrefixTables::width_for(std::min(remaining, ahead.tested));
    if (ahead.tested < 2) return tester.test(x, y, z);
    const std::vector<int> prefix(z.begin(), z.end() - 1);
    if (!tester.test_shared_prefix(x, y, prefix, candidates, static_cast<std::size_t>(last), width,
                                   ahead.results)) {
      ahead.usable = false;
      return tester.test(x, y, z);
    }
    ahead.prefix.assign(pick.begin(), pick.end() - 1);
    ahead.from = last;
    ahead.known.assign(std::min(width, remaining), 1);
    std::vector<int> next(z);
    for (std::size_t k = 1; k < ahead.known.size(); ++k) {
      next.back() = candidates[last + k];
      // A cache hit when the plain order reaches it: no test to record.
      if (tested_before(tested, next)) ahead.known[k] = 0;
    }
    return ahead.results[0];
  }

  // Tests X - Y against every subset of size `level` of ne(X), then of ne(Y) (a subset
  // of both is tested once and counted as a cache hit the second time).
  EdgeOutcome test_edge(int x, int y, int level, const std::vector<int>& nx,
                        const std::vector<int>& ny, CITester& tester) const {
    EdgeOutcome out;
    Lookahead ahead;
    for (const std::vector<int>* candidates : {&nx, &ny}) {
      const std::vector<int>* tested = candidates == &ny ? &nx : nullptr;
      const int m = static_cast<int>(candidates->size());
      if (m < level) continue;
      std::vector<int> pick(level), z(level);
      std::iota(pick.begin(), pick.end(), 0);
      ahead.known.clear();  // positions refer to the other side's candidates now
      while (true) {
        if (must_stop()) return out;
        for (int k = 0; k < level; ++k) z[k] = (*candidates)[pick[k]];
        if (tested_before(tested, z)) {
          ++out.cache_hits;
        } else {
          const CITestResult result = run_test(x, y, *candidates, pick, z, tested, ahead, tester);
          const bool independent = result.p_value > opt_.alpha;
          out.tests.add(x, y, level, z, result, independent);
          if (independent) {
            std::sort(z.begin(), z.end());
            out.removed = true;
            out.witness = Witness{x, y, z, result.p_value};
            return out;
          }
        }
        if (!next_combination(pick, m)) break;
      }
    }
    return out;
  }

  void absorb(PCResult& out, EdgeOutcome& outcome) {
    out.tests.append(std::move(outcome.tests));
    out.cache_hits += outcome.cache_hits;
    if (outcome.removed) {
      const Witness& w = outcome.witness;
      adjacent_[at(w.x, w.y)] = adjacent_[at(w.y, w.x)] = 0;
      out.witnesses.push_back(w);
    }
  }

  void skeleton(PCResult& out) {
    for (int level = 0; level <= opt_.max_cond; ++level) {
      interrupt_->check();
      std::vector<std::pair<int, int>> edges;
      std::vector<std::vector<int>> snapshot(n_);
      for (int i = 0; i < n_; ++i) snapshot[i] = neighbours(i, -1);
      for (int i = 0; i < n_; ++i) {
        for (int j = i + 1; j < n_; ++j) {
          if (!adjacent_[at(i, j)] || knowledge_edge(i, j)) continue;
          if (static_cast<int>(snapshot[i].size()) - 1 >= level ||
              static_cast<int>(snapshot[j].size()) - 1 >= level) {
            edges.emplace_back(i, j);
          }
        }
      }
      if (edges.empty()) break;
      out.levels = level + 1;
      level_stage_ = "level " + std::to_string(level);
      level_edges_ = static_cast<double>(edges.size());
      edges_done_ = 0;
      const std::size_t tests_before = out.tests.size(), edges_before = edge_count();
      if (level == 0 && opt_.shortcuts) {
        marginal_level(out, edges);
      } else if (opt_.stable) {
        stable_level(out, edges, level);
      } else {
        const std::unique_ptr<CITester> tester = make_tester();
        for (const auto& e : edges) {
          if (!adjacent_[at(e.first, e.second)]) continue;
          EdgeOutcome outcome = test_edge(e.first, e.second, level, neighbours(e.first, e.second),
                                          neighbours(e.second, e.first), *tester);
          interrupt_->rethrow();
          absorb(out, outcome);
          ++edges_done_;
        }
      }
      progress_.finish(level_stage_, level_edges_, level_edges_);
      if (on_level_) {
        const std::size_t edges_after = edge_count();
        on_level_(
            {level, out.tests.size() - tests_before, edges_before - edges_after, edges_after});
      }
    }
  }

  std::size_t edge_count() const {
    std::size_t edges = 0;
    for (int i = 0; i < n_; ++i) {
      for (int j = i + 1; j < n_; ++j) edges += adjacent_[at(i, j)] != 0;
    }
    return edges;
  }

  // The edges are handed to the threads by decreasing number of subsets to test, so that
  // an edge with a large neighbourhood does not start last and leave one thread working
  // alone. Outcomes are kept by edge and absorbed in edge order: the result does not
  // depend on the threads.
  void stable_level(PCResult& out, const std::vector<std::pair<int, int>>& edges, int level) {
    std::vector<EdgeOutcome> outcomes(edges.size());
    const std::vector<long> order = largest_first(edges, level);
    on_threads(static_cast<long>(edges.size()), [&](CITester& tester, long item) {
      const long e = order[item];
      const int x = edges[e].first, y = edges[e].second;
      outcomes[e] = test_edge(x, y, level, neighbours(x, y), neighbours(y, x), tester);
      edges_done_.fetch_add(1, std::memory_order_relaxed);
    });
    for (auto& outcome : outcomes) absorb(out, outcome);
  }

  // The edges' positions by decreasing number of subsets of size `level` of their two
  // neighbourhoods (ties in edge order); in edge order on one thread.
  std::vector<long> largest_first(const std::vector<std::pair<int, int>>& edges,
                                  int level) const {
    auto subsets = [level](double m) {
      double c = 1;
      for (int k = 0; k < level; ++k) c = c * (m - k) / (k + 1);
      return m < level ? 0.0 : c;
    };
    std::vector<long> order(edges.size());
    std::iota(order.begin(), order.end(), 0L);
    if (opt_.threads <= 1) return order;  // the edge order: neighbouring edges share caches
    std::vector<double> work(edges.size());
    for (std::size_t e = 0; e < edges.size(); ++e) {
      const int x = edges[e].first, y = edges[e].second;
      work[e] = subsets(degree(x) - 1.0) + subsets(degree(y) - 1.0);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&work](long a, long b) { return work[a] > work[b]; });
    return order;
  }
  double degree(int node) const {
    double d = 0;
    for (int j = 0; j < n_; ++j) d += adjacent_[at(node, j)] != 0;
    return d;
  }

  // Runs body(tester, item) for every item in [0, count) on the threads, one CITester
  // per thread; rethrows the first error, or the interrupt that stopped the run.
  template <class Body>
  void on_threads(long count, Body&& body) {
    parallel_items(count, opt_.threads, *interrupt_, [this] { return make_tester(); },
                   [&body](std::unique_ptr<CITester>& tester, long item) { body(*tester, item); });
  }

  // Level 0 with the shortcuts: every edge X - Y is the one test X _||_ Y given nothing
  // (the same in PC and PC-stable), and the edges X - Y of one X are counted together in
  // windows (CITester::test_pairs), the X on several threads. Outcomes as test_edge's.
  void marginal_level(PCResult& out, const std::vector<std::pair<int, int>>& edges) {
    std::vector<std::size_t> starts;  // first edge of each X (edges are sorted)
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (e == 0 || edges[e].first != edges[e - 1].first) starts.push_back(e);
    }
    starts.push_back(edges.size());
    std::vector<EdgeOutcome> outcomes(edges.size());
    on_threads(static_cast<long>(starts.size()) - 1, [&](CITester& tester, long g) {
      const int x = edges[starts[g]].first;
      std::vector<int> ys;
      for (std::size_t e = starts[g]; e < starts[g + 1]; ++e) ys.push_back(edges[e].second);
      std::vector<CITestResult> results;
      for (std::size_t first = 0; first < ys.size(); first += SharedPrefixTables::kMaxWidth) {
        if (must_stop()) break;
        const std::size_t width = SharedPrefixTables::width_for(ys.size() - first);
        const bool together = tester.test_pairs(x, ys, first, width, results);
        for (std::size_t k = 0; k < width && first + k < ys.size(); ++k) {
          const int y = ys[first + k];
          const CITestResult r = together ? results[k] : tester.test(x, y, {});
          EdgeOutcome& o = outcomes[starts[g] + first + k];
          o.tests.add(x, y, 0, {nullptr, 0}, r, r.p_value > opt_.alpha);
          if (r.p_value > opt_.alpha) {
            o.removed = true;
            o.witness = Witness{x, y, {}, r.p_value};
          } else {
            o.cache_hits = 1;  // the empty set again from the side of Y, as in test_edge
          }
          edges_done_.fetch_add(1, std::memory_order_relaxed);
        }
      }
    });
    for (auto& outcome : outcomes) absorb(out, outcome);
  }

  // With the shortcuts, asymptotic tests on complete discrete data of which at most
  // kMaxDistinct of the rows are distinct run on those rows weighted by their cases:
  // the same tables from fewer rows (alarm, 1e6 simulated rows: 24% distinct).
  static constexpr double kMaxDistinct = 0.75;
  void compress() {
    column_bits_ = std::make_shared<ColumnBits>(data_);
    compressed_ =
        opt_.shortcuts && spec_.permutations == 0 && distinct_.build(data_, {}, kMaxDistinct);
  }
  const DataView& tested_data() const { return compressed_ ? distinct_.view() : data_; }

  const DataView& data_;
  DistinctRows distinct_;
  bool compressed_ = false;
  std::shared_ptr<ColumnBits> column_bits_;
  CITestSpec spec_;
  PCOptions opt_;
  int n_;
  std::vector<char> adjacent_;
  std::unique_ptr<Interrupt> interrupt_;
  std::function<void(const LevelSummary&)> on_level_;
  mutable Progress progress_;
  std::string level_stage_;
  double level_edges_ = 0;
  std::atomic<std::size_t> edges_done_{0};
};

}  // namespace learnbn
