// Unit tests of the C++ core without R: the core has no R types, so it builds and runs
// on its own (also under valgrind and the sanitizers). Run with `make cpp-test`.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <learnbn/data/gaussian_stats.hpp>
#include <learnbn/score/cache.hpp>
#include <learnbn/score/gaussian.hpp>
#include <learnbn/search/hill_climb.hpp>

using namespace learnbn;

static int failures = 0, checks = 0;
#define CHECK(cond)                                                          \
  do {                                                                       \
    ++checks;                                                                \
    if (!(cond)) { ++failures; std::printf("FAIL %s:%d %s\n", __FILE__, __LINE__, #cond); } \
  } while (0)

static bool near(double a, double b) { return std::fabs(a - b) <= 1e-9 * (1 + std::fabs(b)); }

// Random discrete data held in plain vectors, viewed through a DataView.
struct Table {
  std::vector<std::vector<std::uint8_t>> small;
  std::vector<std::vector<int>> wide;
  std::vector<double> weights;
  DataView view;

  Table(std::size_t rows, const std::vector<int>& cards, bool weighted, std::mt19937& rng) {
    small.resize(cards.size());
    wide.resize(cards.size());
    for (std::size_t v = 0; v < cards.size(); ++v) {
      Column column;
      column.cardinality = cards[v];
      std::uniform_int_distribution<int> draw(0, cards[v] - 1);
      if (cards[v] <= 256) {
        for (std::size_t r = 0; r < rows; ++r) small[v].push_back(static_cast<std::uint8_t>(draw(rng)));
        column.small = small[v].data();
      } else {
        for (std::size_t r = 0; r < rows; ++r) wide[v].push_back(draw(rng));
        column.wide = wide[v].data();
      }
      view.columns.push_back(column);
    }
    view.n_rows = rows;
    view.n_cases = static_cast<double>(rows);
    if (weighted) {
      std::uniform_int_distribution<int> draw(0, 5);
      view.n_cases = 0;
      for (std::size_t r = 0; r < rows; ++r) { weights.push_back(draw(rng)); view.n_cases += weights.back(); }
      view.weights = weights.data();
    }
  }
};

// N_ijk by brute force: a map from (parent codes..., state) to the weighted count.
static std::map<std::vector<int>, double> brute_counts(const DataView& d, int node, const std::vector<int>& parents) {
  std::map<std::vector<int>, double> out;
  for (std::size_t r = 0; r < d.n_rows; ++r) {
    std::vector<int> key;
    for (int p : parents) key.push_back(d.columns[p].code(r));
    key.push_back(d.columns[node].code(r));
    out[key] += d.weight(r);
  }
  return out;
}

static double brute_loglik(const DataView& d, int node, const std::vector<int>& parents) {
  auto cells = brute_counts(d, node, parents);
  std::map<std::vector<int>, double> configs;
  for (auto& [key, n] : cells) configs[std::vector<int>(key.begin(), key.end() - 1)] += n;
  double ll = 0;
  for (auto& [key, n] : cells) {
    if (n > 0) ll += n * std::log(n / configs[std::vector<int>(key.begin(), key.end() - 1)]);
  }
  return ll;
}

static void test_counting() {
  std::mt19937 rng(1);
  for (bool weighted : {false, true}) {
    Table t(500, {2, 3, 4, 2, 300, 5, 4, 4, 4, 4, 4, 4}, weighted, rng);
    Counter counter(t.view);
    const std::vector<std::vector<int>> families = {{}, {0}, {1, 2}, {4}, {4, 1, 2}, {6, 7, 8, 9, 10, 11, 1, 2, 3}};
    for (const auto& parents : families) {
      for (int node : {0, 5}) {
        const FamilyCounts& c = counter.count(node, parents.data(), parents.size());
        double total = 0;
        for (double n : c.cell_count) total += n;
        CHECK(near(total, t.view.n_cases));
        CHECK(near(log_likelihood(c), brute_loglik(t.view, node, parents)));
        std::size_t nonzero = 0, brute_nonzero = 0;
        for (double n : c.cell_count) nonzero += n > 0;
        for (auto& cell : brute_counts(t.view, node, parents)) brute_nonzero += cell.second > 0;
        CHECK(nonzero == brute_nonzero);
      }
    }
    // set_base + count_plus equals a plain count of the larger family, for a small base
    // and for one whose table is renumbered to the observed configurations.
    ScoreSpec bdeu;
    for (const std::vector<int>& base : {std::vector<int>{1, 2}, std::vector<int>{6, 7, 8, 9, 10, 11, 1, 2, 3}}) {
      counter.set_base(base.data(), base.size());
      const FamilyCounts& c = counter.count_plus(0, 5, base.data(), base.size());
      const double plus_ll = log_likelihood(c), plus_bdeu = family_score(c, bdeu, t.view.n_cases, base.size() + 1);
      std::vector<int> family = base;
      family.push_back(5);
      const FamilyCounts& d = counter.count(0, family.data(), family.size());
      CHECK(near(plus_ll, log_likelihood(d)));
      CHECK(near(plus_bdeu, family_score(d, bdeu, t.view.n_cases, family.size())));
    }
  }
}

static void test_scores() {
  // The tiny table of the R tests: A = a0 a0 a0 a1, B = b0 b0 b1 b0.
  std::vector<std::uint8_t> a = {0, 0, 0, 1}, b = {0, 0, 1, 0};
  DataView d;
  d.columns = {Column{a.data(), nullptr, nullptr, 2}, Column{b.data(), nullptr, nullptr, 2}};
  d.n_rows = 4;
  d.n_cases = 4;
  Counter counter(d);
  ScoreSpec k2;
  k2.type = ScoreType::k2;
  const int parent = 0;
  CHECK(near(family_score(counter.count(1, nullptr, 0), k2, 4, 0), -std::log(20.0)));
  CHECK(near(family_score(counter.count(1, &parent, 1), k2, 4, 1), -std::log(24.0)));
  ScoreSpec bic;
  bic.type = ScoreType::bic;
  CHECK(near(family_score(counter.count(1, &parent, 1), bic, 4, 1),
             2 * std::log(2.0 / 3) + std::log(1.0 / 3) - std::log(4.0)));
  ScoreCache cache;
  double s = 0;
  CHECK(!cache.find(1, {0}, s));
  cache.insert(1, {0}, -3.5);
  CHECK(cache.find(1, {0}, s) && s == -3.5);
  CHECK(cache.hits() == 1 && cache.misses() == 1);
}

static void test_dag() {
  std::mt19937 rng(2);
  const int n = 70;  // more than 64 nodes: bitsets span several words
  Dag dag(n);
  std::uniform_int_distribution<int> node(0, n - 1);
  for (int step = 0; step < 400; ++step) {
    const int from = node(rng), to = node(rng);
    if (dag.can_add(from, to)) dag.add_arc(from, to);
    else if (dag.has_arc(from, to) && step % 3 == 0) dag.remove_arc(from, to);
    else if (dag.has_arc(from, to) && dag.can_reverse(from, to)) dag.reverse_arc(from, to);
    CHECK(dag.is_acyclic());
  }
  // reaches() agrees with a depth-first search.
  for (int u = 0; u < n; ++u) {
    std::vector<char> seen(n, 0);
    std::vector<int> stack(dag.children(u).begin(), dag.children(u).end());
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      if (seen[v]) continue;
      seen[v] = 1;
      for (int c : dag.children(v)) stack.push_back(c);
    }
    for (int v = 0; v < n; ++v) CHECK(dag.reaches(u, v) == (seen[v] != 0));
  }
}

static void test_hill_climb() {
  std::mt19937 rng(3);
  Table t(2000, {2, 3, 2, 2, 3}, false, rng);
  // Make column 1 depend on column 0 so there is structure to find.
  for (std::size_t r = 0; r < 2000; ++r) if (r % 3) t.small[1][r] = t.small[0][r];
  ScoreSpec spec;
  spec.type = ScoreType::bic;
  FamilyScorer scorer(t.view, spec, 1);
  Constraints k = Constraints::none(5);
  Random random(7);
  const SearchResult result = hill_climb(Dag(5), scorer, k, 1000, 0, 0, random, [] {});
  CHECK(result.dag.adjacent(0, 1));
  double total = 0;
  for (int v = 0; v < 5; ++v) total += scorer.score(v, result.dag.parents(v));
  CHECK(near(total, result.score));
  // No single move improves the result.
  ArcMoves moves(scorer, k);
  moves.refresh_all(result.dag);
  CHECK(!moves.best(result.dag).valid() || moves.best(result.dag).delta <= kImprovement);
}

// Gaussian families: the rank-one extension of the Conditioner equals a direct
// factorisation, the loglik equals a direct least-squares fit, and the threaded search
// scorer equals the serial one.
static void test_gaussian() {
  std::mt19937 rng(5);
  std::normal_distribution<double> normal;
  const std::size_t n = 500, p = 5;
  std::vector<std::vector<double>> x(p, std::vector<double>(n));
  for (std::size_t r = 0; r < n; ++r) {
    x[0][r] = normal(rng);
    x[1][r] = 0.8 * x[0][r] + normal(rng);
    x[2][r] = 2 + 0.5 * x[0][r] - 0.7 * x[1][r] + 1.5 * normal(rng);
    x[3][r] = normal(rng) + x[2][r];
    x[4][r] = 10 * normal(rng);
  }
  std::vector<const double*> columns;
  for (auto& c : x) columns.push_back(c.data());
  const GaussianStats stats = gaussian_stats(columns, n, nullptr);
  DataView view;
  view.n_rows = n;
  view.n_cases = n;
  view.correlation = stats.correlation.data();
  view.sd = stats.sds.data();
  for (auto& c : x) { Column col; col.real = c.data(); view.columns.push_back(col); }
  ScoreSpec spec;
  spec.type = ScoreType::loglik;
  GaussianModel model(view, spec);
  // Direct least squares of column 2 on columns 0 and 1 (normal equations).
  Eigen::MatrixXd design(n, 3);
  Eigen::VectorXd y(n);
  for (std::size_t r = 0; r < n; ++r) { design(r, 0) = 1; design(r, 1) = x[0][r]; design(r, 2) = x[1][r]; y[r] = x[2][r]; }
  const Eigen::VectorXd beta = (design.transpose() * design).ldlt().solve(design.transpose() * y);
  const double rss = (y - design * beta).squaredNorm();
  const double direct = -0.5 * n * (std::log(2 * M_PI * rss / n) + 1);
  const int both[] = {0, 1};
  CHECK(std::fabs(model.score(2, both, 2) - direct) < 1e-8 * std::fabs(direct));
  Conditioner base(model.matrix(), model.size());
  const int one[] = {0};
  base.set_base(2, one, 1);
  const Conditioner::Result extended = base.plus(1);
  Conditioner direct_pair(model.matrix(), model.size());
  const Conditioner::Result full = direct_pair.set_base(2, both, 2);
  CHECK(near(extended.residual, full.residual) && near(extended.log_det, full.log_det));
  spec.type = ScoreType::bge;
  spec.aw = p + 2;
  FamilyScorer serial(view, spec, 1), threaded(view, spec, 2);
  std::vector<double> a, b;
  serial.score_additions(3, {}, {0, 1, 2, 4}, a);
  threaded.score_additions(3, {}, {0, 1, 2, 4}, b);
  CHECK(a == b);
  // Score equivalence of BGe: A -> B and B -> A score the same.
  CHECK(near(serial.score(0, {}) + serial.score(1, {0}), serial.score(1, {}) + serial.score(0, {1})));
}

int main() {
  test_counting();
  test_gaussian();
  test_scores();
  test_dag();
  test_hill_climb();
  std::printf("%d passed, %d failed\n", checks - failures, failures);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
