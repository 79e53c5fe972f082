// bench/munin.R's searches without R, for perf: hill_climb or boss, BDeu iss 1, on data
// written by the R lines below (munin at 2k or 10k rows, columns shuffled as in
// bench/munin.R), printing CPU and wall seconds, the score and the peak resident memory.
// A boss run can stop after `checks` interrupt checks (a fixed piece of work, the same
// for every build). From the package root:
//   Rscript -e 'library(learnbn); set.seed(1); rows <- 2000
//     raw <- simulate_data(read_bif("../shared/networks/munin.bif.gz"), rows)
//     raw <- raw[sample(ncol(raw))]; con <- file("/tmp/munin-2000.bin", "wb")
//     writeBin(c(nrow(raw), ncol(raw)), con); writeBin(vapply(raw, nlevels, 1L), con)
//     for (x in raw) writeBin(as.raw(as.integer(x) - 1L), con); close(con)'
//   g++ -std=c++17 -O2 -g -fopenmp -Wno-ignored-attributes -Iinst/include \
//     -I$(Rscript -e 'cat(system.file("include", package = "RcppEigen"))') \
//     bench/munin_core.cpp -o /tmp/munin-core
//   perf record -g /tmp/munin-core /tmp/munin-2000.bin boss 1 400  # file search threads checks
// Two more arguments: keep only the first `columns` columns (0: all), and stop after
// `cpu` seconds of CPU time. It prints the DAG's arc count and a hash of its arcs, to
// compare builds: /tmp/munin-core /tmp/munin-10000.bin grasp 1 -1 250 60
// Search `sweeps` runs boss's sweeps (no BES) on its own forest, printing after each sweep
// the CPU seconds, peak memory and what the grow-shrink trees asked for and how it was
// answered (GrowShrinkForest::Stats): /tmp/munin-core /tmp/munin-10000.bin sweeps
// Search `phases` times boss()'s default phases one by one (see phases()), `ges` GES from
// the empty graph alone: /tmp/munin-core /tmp/munin-10000.bin phases
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <learnbn/data/gaussian_stats_eigen.hpp>
#include <learnbn/score/gaussian_eigen.hpp>
#include <learnbn/search/boss.hpp>
#include <learnbn/search/boss_ges.hpp>
#include <learnbn/search/grasp.hpp>
#include <learnbn/search/hill_climb.hpp>

using namespace learnbn;

static double cpu_seconds() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static long peak_mb() {
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss / 1024;
}

// boss()'s sweeps from a random order, as boss.hpp runs them, with the forest's counts.
static int sweeps(FamilyScorer& scorer, const Constraints& k, Random& rng,
                  const InterruptCheck& check, const DataView& view, double cpu) {
  GrowShrinkForest forest(scorer, k, check, &view);
  auto report = [&](double score) {
    const GrowShrinkForest::Stats& s = forest.stats();
    std::printf("cpu %.1f s, peak %ld MB, score %.6f: tree nodes %zu, grow requests %zu "
                "(%zu extras: %zu constant families, %zu from kept counts, %zu to the scorer),"
                " shrink steps %zu; scorer evaluations %zu\n", cpu_seconds() - cpu, peak_mb(),
                score, forest.tree_nodes(), s.grow_requests, s.grow_extras,
                s.constant_families, s.derived, s.to_scorer, s.shrink_requests,
                scorer.evaluations());
    std::fflush(stdout);
  };
  std::vector<int> order = random_order(Dag(k.n), k, rng), visit = order, pos;
  OrderFamilies current(k.n);
  double score = 0;
  for (auto& family : forest.families(order, pos)) {
    score += family.score;
    current[family.node] = std::move(family);
  }
  report(score);
  for (bool moved = true; moved;) {
    moved = false;
    for (int v = k.n - 1; v > 0; --v) std::swap(visit[v], visit[rng.below(v + 1)]);
    for (int v : visit) moved = best_position(forest, order, v, k, current) || moved;
    score = 0;
    for (int v : order) score += current[v].score;
    report(score);
  }
  return 0;
}

// boss()'s default phases one by one, timed: the sweeps of a random run, GES's phases
// from its DAG (BES), GES from the empty graph and the run from GES's DAG (boss_ges.hpp);
// with `only_ges`, GES from the empty graph alone (the same in every build: no randomness).
static int phases(FamilyScorer& scorer, const Constraints& k, Random& rng,
                  const InterruptCheck& check, const DataView& view, bool only_ges) {
  const double max_operators = 1e9 / kGesBytesPerOperator;  // R's default limit
  auto lap = [last = cpu_seconds()](const char* phase, double score) mutable {
    const double now = cpu_seconds();
    std::printf("%s: cpu %.1f s, score %.6f, peak %ld MB\n", phase, now - last, score,
                peak_mb());
    std::fflush(stdout);
    last = now;
  };
  const PermutationOptions plain;
  if (!only_ges) {
    SearchResult found = boss(scorer, k, Dag(k.n), plain, rng, check, &view);
    lap("sweeps", found.score);
    double too_large = 0;
    polish(found, scorer, k, max_operators, check, too_large);
    lap(too_large > 0 ? "BES (skipped: too many operators)" : "BES", found.score);
  }
  Ges ges(scorer, k, boss_ges_options(max_operators), check);
  SearchResult from;
  try {
    from = ges.run(parent_lists(Dag(k.n)));
  } catch (const OperatorLimitError&) {  // boss() leaves the run from it out
    lap("GES from the empty graph (stopped: too many operators)", 0);
    return 0;
  }
  lap("GES from the empty graph", from.score);
  std::printf("GES steps %zu\n", from.stats.iterations);
  if (only_ges) return 0;
  const SearchResult run = boss(scorer, k, from.dag, plain, rng, check, &view);
  lap("run from GES's DAG", run.score);
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: file hc|boss|grasp|sweeps|phases|ges [threads] [checks] "
                         "[columns] [cpu]\n");
    return 1;
  }
  const std::string file = argv[1], search = argv[2];
  const int threads = argc > 3 ? std::atoi(argv[3]) : 1;
  const long limit = argc > 4 ? std::atol(argv[4]) : -1;
  const int keep = argc > 5 ? std::atoi(argv[5]) : 0;
  const double cpu_limit = argc > 6 ? std::atof(argv[6]) : 1e9;
  std::ifstream in(file, std::ios::binary);
  int dims[2];
  in.read(reinterpret_cast<char*>(dims), sizeof dims);
  std::vector<int> cards(dims[1]);
  in.read(reinterpret_cast<char*>(cards.data()), sizeof(int) * dims[1]);
  std::vector<std::vector<std::uint8_t>> codes(dims[1], std::vector<std::uint8_t>(dims[0]));
  for (auto& column : codes) in.read(reinterpret_cast<char*>(column.data()), dims[0]);
  DataView view;
  view.n_rows = dims[0];
  view.n_cases = dims[0];
  const int used = keep > 0 && keep < dims[1] ? keep : dims[1];
  for (int j = 0; j < used; ++j) {
    Column column;
    column.small = codes[j].data();
    column.cardinality = cards[j];
    view.columns.push_back(column);
  }
  ScoreSpec spec;
  spec.iss = 1;
  spec.n_nodes = used;
  const Constraints k = Constraints::none(used);
  Random rng(1);
  long checks = 0;
  const InterruptCheck check = [&] {
    if (++checks == limit) throw std::runtime_error("stopped");
    if (checks % 64 == 0 && cpu_seconds() > cpu_limit) throw std::runtime_error("stopped");
  };
  const auto wall = std::chrono::steady_clock::now();
  const double cpu = cpu_seconds();
  FamilyScorer scorer(view, spec, threads);
  SearchResult result;
  if (search == "sweeps") return sweeps(scorer, k, rng, check, view, cpu);
  if (search == "phases") return phases(scorer, k, rng, check, view, false);
  if (search == "ges") return phases(scorer, k, rng, check, view, true);
  try {
    result = search == "hc"
                 ? hill_climb(Dag(used), scorer, k, SIZE_MAX, 0, 1, rng, check)
                 : search == "grasp"
                 ? grasp(scorer, k, Dag(used), PermutationOptions(), rng, check, &view)
                 : boss(scorer, k, Dag(used), PermutationOptions(), rng, check, &view);
  } catch (const std::runtime_error&) {
    std::printf("stopped after %ld checks\n", checks);
  }
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - wall;
  rusage u;
  getrusage(RUSAGE_SELF, &u);
  unsigned long long hash = 1469598103934665603ull;  // FNV-1a over the arcs
  long arcs = 0;
  for (int a = 0; a < result.dag.size(); ++a) {
    for (int b = 0; b < result.dag.size(); ++b) {
      if (!result.dag.has_arc(a, b)) continue;
      ++arcs;
      hash = (hash ^ (a * 4099ull + b)) * 1099511628211ull;
    }
  }
  std::printf("dag arcs %ld hash %llx\n", arcs, hash);
  std::printf("%s %s, %d threads: cpu %.1f s, wall %.1f s, score %.6f, evaluations %zu "
              "(%zu not counted), peak %ld MB\n", file.c_str(), search.c_str(), threads,
              cpu_seconds() - cpu, elapsed.count(), result.score, scorer.evaluations(),
              scorer.uncounted(), u.ru_maxrss / 1024);
}
