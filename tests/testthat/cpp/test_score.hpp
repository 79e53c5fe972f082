// score/: family scores against hand values, the cache, FamilyScorer (threads, cache,
// additions), Gaussian families and the allowed parent sets.
#pragma once
#include <climits>
#include <random>
#include <vector>

#include <Eigen/Dense>
#include <learnbn/data/gaussian_stats.hpp>
#include <learnbn/score/cache.hpp>
#include <learnbn/score/conditional_gaussian.hpp>
#include <learnbn/score/family_score.hpp>
#include <learnbn/score/family_scorer.hpp>
#include <learnbn/score/gaussian.hpp>
#include <learnbn/score/parent_sets.hpp>
#include <learnbn/util/combinations.hpp>

#include "check.hpp"
#include "test_score_paths.hpp"
#include "test_score_mixed.hpp"

namespace learnbn_test {

using namespace learnbn;

inline void test_scores() {
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
  ScoreSpec aic;
  aic.type = ScoreType::aic;
  CHECK(near(family_score(counter.count(1, nullptr, 0), aic, 4, 0), 3 * std::log(0.75) + std::log(0.25) - 1));
  // BDeu with iss 1 and no parents: alpha_ijk = 1/2, so
  // lgamma(1) - lgamma(5) + lgamma(3.5) - lgamma(.5) + lgamma(1.5) - lgamma(.5).
  ScoreSpec bdeu;
  CHECK(near(family_score(counter.count(1, nullptr, 0), bdeu, 4, 0),
             -std::lgamma(5.0) + std::lgamma(3.5) + std::lgamma(1.5) - 2 * std::lgamma(0.5)));
  // The arc prior: each of the n - 1 = 1 possible parents present with probability 0.2.
  ScoreSpec prior = k2;
  prior.prior = StructurePrior::arcs;
  prior.arc_prob = 0.2;
  prior.n_nodes = 2;
  CHECK(near(family_score(counter.count(1, &parent, 1), prior, 4, 1), -std::log(24.0) + std::log(0.2)));
  CHECK(near(family_score(counter.count(1, nullptr, 0), prior, 4, 0), -std::log(20.0) + std::log(0.8)));
  // bge is not a discrete score.
  ScoreSpec bge;
  bge.type = ScoreType::bge;
  bool refused = false;
  try { family_score(counter.count(1, nullptr, 0), bge, 4, 0); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
  // The modular prior adds prior_node[1] + prior_arc[0 * 2 + 1] to node 1 with parent 0,
  // alike when scored whole and as an addition; the count-only prior term is then 0.
  ScoreSpec modular = k2;
  modular.prior = StructurePrior::modular;
  modular.n_nodes = 2;
  modular.prior_node = std::make_shared<const std::vector<double>>(std::vector<double>{-0.5, -0.25});
  modular.prior_arc = std::make_shared<const std::vector<double>>(std::vector<double>{0, 1.5, 2.5, 0});
  LocalScorer local(d, modular, nullptr);
  CHECK(near(local.score(1, &parent, 1), -std::log(24.0) - 0.25 + 1.5));
  CHECK(near(local.score(1, nullptr, 0), -std::log(20.0) - 0.25));
  local.set_base(1, nullptr, 0);
  CHECK(near(local.score_plus(1, 0, nullptr, 0), -std::log(24.0) - 0.25 + 1.5));
  CHECK(log_structure_prior(modular, 1) == 0);
  CHECK(structure_prior_names().size() == 3 && structure_prior_names()[2] == "modular");
  CHECK(score_type_names().size() == 11 && score_type_names()[0] == "bdeu" &&
        score_type_names()[8] == "bge" && score_type_names()[9] == "bcg" &&
        score_type_names()[10] == "cg_bic");
}

inline void test_cache() {
  ScoreCache cache;
  double s = 0;
  CHECK(!cache.find(1, {0}, s));
  cache.insert(1, {0}, -3.5);
  CHECK(cache.find(1, {0}, s) && s == -3.5);
  // The key is (node, parents): another node or another set is another entry.
  CHECK(!cache.find(0, {1}, s));
  CHECK(!cache.find(1, {}, s));
  cache.insert(1, {}, -1.25);
  cache.insert(1, {}, -9.0);  // a second insert keeps the first value
  CHECK(cache.find(1, {}, s) && s == -1.25);
  CHECK(cache.size() == 2);
  // A key that extends another is another entry.
  cache.insert(1, {2, 3}, -7.0);
  CHECK(!cache.find(1, {2}, s) && cache.find(1, {2, 3}, s) && s == -7.0);
  cache.clear();
  CHECK(cache.size() == 0 && !cache.find(1, {}, s));
  // Every entry survives the table's growth.
  for (int node = 0; node < 50; ++node) {
    for (int a = 0; a < 60; ++a) cache.insert(node, {a, a + 1 + node}, node * 1000.0 + a);
  }
  CHECK(cache.size() == 3000);
  bool all_found = true;
  for (int node = 0; node < 50; ++node) {
    for (int a = 0; a < 60; ++a) all_found = all_found && cache.find(node, {a, a + 1 + node}, s) && s == node * 1000.0 + a;
  }
  CHECK(all_found && !cache.find(0, {0, 2}, s));
  // Rows of addition scores: one per (node, base), NaN until scored, none past the budget.
  AdditionRows rows(4);
  CHECK(rows.find(1, {0}) == nullptr);
  double* row = rows.find_or_add(1, {0}, 100);
  CHECK(row && std::isnan(row[0]) && std::isnan(row[3]));
  row[2] = -4.0;
  CHECK(rows.find(1, {0}) == row && rows.find_or_add(1, {0}, 100) == row && row[2] == -4.0);
  CHECK(rows.find(1, {}) == nullptr && rows.find(0, {0}) == nullptr && rows.find(1, {0, 2}) == nullptr);
  CHECK(rows.find_or_add(2, {}, 7) == nullptr && rows.rows() == 1);  // a second row of 4 > 7
  CHECK(rows.find_or_add(2, {}, 8) != nullptr && rows.rows() == 2);
}

inline void test_family_scorer() {
  std::mt19937 rng(11);
  Table t(800, {2, 3, 2, 4, 2, 3}, false, rng);
  ScoreSpec spec;  // bdeu
  FamilyScorer serial(t.view, spec, 1), threaded(t.view, spec, 2);
  Counter counter(t.view);
  // score() is the family score of the counts, whatever the order of the parents.
  const std::vector<int> parents = {3, 1};
  const std::vector<int> sorted = {1, 3};
  const double direct = family_score(counter.count(0, sorted.data(), 2), spec, t.view.n_cases, 2);
  CHECK(near(serial.score(0, parents), direct));
  CHECK(serial.evaluations() == 1);
  CHECK(near(serial.score(0, sorted), direct));  // a cache hit
  CHECK(serial.evaluations() == 1 && serial.cache_hits() == 1);
  // Additions equal single scores and do not depend on the threads (more than 16
  // candidates so that the threaded path runs).
  std::vector<int> extras;
  for (int rep = 0; rep < 4; ++rep) for (int e : {0, 2, 4, 5}) extras.push_back(e);
  std::vector<double> a, b;
  serial.score_additions(1, {3}, extras, a);
  FamilyScorer fresh(t.view, spec, 2);
  fresh.score_additions(1, {3}, extras, b);
  CHECK(a.size() == extras.size() && a == b);
  for (std::size_t e = 0; e < extras.size(); ++e) CHECK(near(a[e], threaded.score(1, {3, extras[e]})));
  // Singles scored along with a batch equal score(), on one thread or two; a family an
  // earlier batch scored as an addition, or scored alone, is a hit and not scored again.
  auto direct_score = [&](int node, std::vector<int> pa) {
    return family_score(counter.count(node, pa.data(), pa.size()), spec, t.view.n_cases, pa.size());
  };
  std::vector<std::vector<double>> single_scores;
  for (int threads : {1, 2}) {
    FamilyScorer scorer(t.view, spec, threads);
    std::vector<FamilyScorer::Additions> jobs(1);
    jobs[0].node = 2;
    jobs[0].parents = {0};
    for (int rep = 0; rep < 4; ++rep) for (int e : {1, 3, 4, 5}) jobs[0].extras.push_back(e);
    std::vector<FamilyScorer::Family> singles(3);
    singles[0].node = 2, singles[0].parents = {0, 1};
    singles[1].node = 4;
    singles[2].node = 5, singles[2].parents = {1, 3};
    scorer.score_additions(jobs, singles);
    CHECK(scorer.evaluations() == 19 && scorer.cache_hits() == 0);
    std::vector<double> got;
    for (const FamilyScorer::Family& f : singles) {
      CHECK(near(f.score, direct_score(f.node, f.parents)));
      got.push_back(f.score);
    }
    std::vector<FamilyScorer::Family> again(2);
    again[0].node = 2, again[0].parents = {0, 3};  // row (2, {0}) at 3
    again[1].node = 4;
    std::vector<FamilyScorer::Additions> no_jobs;
    scorer.score_additions(no_jobs, again);
    CHECK(scorer.evaluations() == 19 && scorer.cache_hits() == 2);
    CHECK(near(again[0].score, direct_score(2, {0, 3})) && again[1].score == got[1]);
    CHECK(scorer.score(5, {3, 1}) == got[2] && scorer.evaluations() == 19);
    single_scores.push_back(got);
  }
  CHECK(single_scores[0] == single_scores[1]);
  // score_all over a batch equals one score at a time.
  std::vector<int> nodes;
  std::vector<std::vector<int>> families;
  for (int v = 0; v < 6; ++v) {
    for (int u = 0; u < 6; ++u) {
      if (u == v) continue;
      nodes.push_back(v);
      families.push_back({u});
    }
  }
  const std::vector<double> batch = threaded.score_all(nodes, families);
  CHECK(batch.size() == nodes.size());
  bool same = true;
  for (std::size_t f = 0; f < nodes.size(); ++f) same = same && near(batch[f], serial.score(nodes[f], families[f]));
  CHECK(same);
}

// Gaussian families: the rank-one extension of the Conditioner equals a direct
// factorisation, the loglik equals a direct least-squares fit, and the threaded search
// scorer equals the serial one.
inline void test_gaussian() {
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
  const GaussianTable table(x);
  const GaussianStats& stats = table.stats;
  const DataView& view = table.view;
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
  // BIC subtracts log(N) / 2 per parameter (intercept, two coefficients, variance).
  ScoreSpec bic = spec;
  bic.type = ScoreType::bic;
  CHECK(near(GaussianModel(view, bic).score(2, both, 2), model.score(2, both, 2) - 2 * std::log(double(n)), 1e-8));
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
  // Discrete scores do not apply to continuous data; BGe needs aw > n + 1.
  ScoreSpec k2;
  k2.type = ScoreType::k2;
  bool refused = false;
  try { GaussianModel bad(view, k2); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
  ScoreSpec small_aw = spec;
  small_aw.aw = p + 1;
  refused = false;
  try { GaussianModel bad(view, small_aw); } catch (const std::invalid_argument&) { refused = true; }
  CHECK(refused);
}

inline void test_parent_sets() {
  CHECK(node_bit(3) == 8 && set_size(0b1011) == 3 && lowest_node(0b1000) == 3);
  CHECK(set_nodes(0b10110) == (std::vector<int>{1, 2, 4}));
  // Four nodes, no constraints: all 2^3 subsets of the other nodes, by increasing size.
  Constraints none = Constraints::none(4);
  const std::vector<NodeSet> all = allowed_parent_sets(none, 0);
  CHECK(all == (std::vector<NodeSet>{0, 0b0010, 0b0100, 0b1000, 0b0110, 0b1010, 0b1100, 0b1110}));
  // At most one parent; 1 -> 0 required, 2 -> 0 forbidden: {1} and {1, 3} with two.
  Constraints k = Constraints::none(4);
  k.max_parents = 1;
  CHECK(allowed_parent_sets(k, 0).size() == 4);
  k.required[1 * 4 + 0] = 1;
  k.forbidden[2 * 4 + 0] = 1;
  CHECK(allowed_parent_sets(k, 0) == (std::vector<NodeSet>{0b0010}));
  k.max_parents = 2;
  CHECK(allowed_parent_sets(k, 0) == (std::vector<NodeSet>{0b0010, 0b1010}));
  k.max_parents = 0;  // the required parent does not fit
  CHECK(allowed_parent_sets(k, 0).empty());
  // The table of scores: one score per allowed set, equal to the scorer's.
  std::mt19937 rng(4);
  Table t(300, {2, 2, 3, 2}, false, rng);
  ScoreSpec spec;
  FamilyScorer scorer(t.view, spec, 2);
  int ticks = 0;
  const FamilyTable table = score_allowed_families(scorer, none, [&] { ++ticks; });
  CHECK(table.size() == 4 * 8 && ticks == 4);
  bool same = true;
  for (int v = 0; v < 4; ++v) {
    for (std::size_t i = 0; i < table.sets[v].size(); ++i) {
      same = same && near(table.scores[v][i], scorer.score(v, set_nodes(table.sets[v][i])));
    }
  }
  CHECK(same);
}

// allowed_parent_sets() as it was first written: every combination of the optional
// parents by size, in lexicographic order, kept when it holds at most one plus-one parent.
inline std::vector<NodeSet> parent_sets_by_filter(const Constraints& c, int node) {
  NodeSet required = 0, plus_one = 0;
  std::vector<int> optional;
  for (int u = 0; u < c.n; ++u) {
    if (u == node || !c.allowed(u, node)) continue;
    if (c.is_required(u, node)) required |= node_bit(u); else optional.push_back(u);
    if (c.is_plus_one(u, node)) plus_one |= node_bit(u);
  }
  if (set_size(required) > c.max_parents) return {};
  const int m = static_cast<int>(optional.size());
  std::vector<NodeSet> sets;
  for (int k = 0; k <= std::min(c.max_parents - set_size(required), m); ++k) {
    std::vector<int> pick(k);
    for (int i = 0; i < k; ++i) pick[i] = i;
    do {
      NodeSet set = required;
      for (int i : pick) set |= node_bit(optional[i]);
      if (set_size(set & plus_one & ~required) <= 1) sets.push_back(set);
    } while (next_combination(pick, m));
  }
  return sets;
}

// count_allowed_parent_sets() agrees with the listing, and the listing (which skips
// combinations with two plus-one parents without visiting them) with the filtered one,
// set for set and in the same order, under random knowledge with plus-one parents; by
// hand, 10 free candidates and at most 3 parents give
// 1 + 10 + 45 + 120 = 176 sets. Every score has its properties.
inline void test_parent_set_counts() {
  Constraints ten = Constraints::none(11);
  ten.max_parents = 3;
  CHECK(count_allowed_parent_sets(ten, 0) == 176);
  std::mt19937 rng(7);
  std::bernoulli_distribution coin(0.25);
  bool same = true;
  for (int round = 0; round < 40; ++round) {
    Constraints c = Constraints::none(7);
    c.max_parents = round % 5 == 4 ? INT_MAX : round % 5;
    c.plus_one.assign(49, 0);
    for (int u = 0; u < 7; ++u) {
      for (int v = 0; v < 7; ++v) {
        if (u == v) continue;
        if (coin(rng)) c.forbidden[u * 7 + v] = 1;
        else if (coin(rng)) c.plus_one[u * 7 + v] = 1;
        else if (u < v && coin(rng) && coin(rng)) c.required[u * 7 + v] = 1;
      }
    }
    for (int v = 0; v < 7; ++v) {
      const std::vector<NodeSet> sets = allowed_parent_sets(c, v);
      same = same && count_allowed_parent_sets(c, v) == sets.size() &&
             sets == parent_sets_by_filter(c, v);
    }
  }
  CHECK(same);
  CHECK(score_properties().size() == score_type_names().size());
}

// Conditional linear Gaussian families (mixed data) against hand values: Z = 0 0 0 1 1 1,
// X = 1 2 4 3 5 6: each configuration has mean 7/3 or 14/3 and RSS 14/3 with p = 1, so
// s^2 = 7/3 and loglik = 2 (-3/2 log(2 pi 7/3) - 1); 2 (0 + 2) parameters.
inline void test_conditional_gaussian() {
  std::vector<std::uint8_t> z = {0, 0, 0, 1, 1, 1}, w = {0, 0, 0, 0, 0, 1};
  std::vector<double> x = {1, 2, 4, 3, 5, 6};
  std::vector<double> y = {0.5, 1.5, 0.25, 2, 3.5, 1};
  DataView d;
  d.columns = {Column{z.data(), nullptr, nullptr, 2}, Column{nullptr, nullptr, x.data(), 0},
               Column{w.data(), nullptr, nullptr, 2}, Column{nullptr, nullptr, y.data(), 0}};
  d.n_rows = 6;
  d.n_cases = 6;
  CHECK(is_mixed(d));
  ScoreSpec bic;
  bic.type = ScoreType::bic;
  ConditionalGaussian cg(d, bic);
  const int zp = 0;
  const CGFamily f = cg.fit(1, &zp, 1);
  const double loglik = 2 * (-1.5 * std::log(2 * M_PI * 7.0 / 3) - 1);
  CHECK(f.status == CGStatus::none);
  CHECK(near(f.loglik, loglik));
  CHECK(near(f.params, 4));
  CHECK(near(cg.score(1, &zp, 1), loglik - 0.5 * std::log(6.0) * 4));
  // W = 1 in one row only: that configuration cannot estimate a variance.
  const int wp = 2;
  const CGFamily few = cg.fit(1, &wp, 1);
  CHECK(few.status == CGStatus::few_rows && few.config == 1);
  CHECK(std::isinf(cg.score(1, &wp, 1)));
  const int xp = 1;
  CHECK(cg.fit(0, &xp, 1).status == CGStatus::continuous_parent);
  // The LocalScorer and FamilyScorer (threads) give the same numbers.
  LocalScorer local(d, bic, nullptr);
  CHECK(near(local.score(1, &zp, 1), cg.score(1, &zp, 1)));
  const int both[] = {0, 1};
  CHECK(near(local.score(3, both, 2), cg.score(3, both, 2)));
  FamilyScorer one(d, bic, 1), two(d, bic, 2);
  std::vector<double> a, b;
  one.score_additions(3, {0}, {1, 2}, a);
  two.score_additions(3, {0}, {1, 2}, b);
  CHECK(a.size() == 2 && near(a[0], cg.score(3, both, 2)) && near(a[0], b[0]));
  CHECK(std::isinf(a[1]) && std::isinf(b[1]));
}

inline void run_score_tests() {
  run_test("test_scores", test_scores);
  run_test("test_cache", test_cache);
  run_test("test_family_scorer", test_family_scorer);
  run_test("test_gaussian", test_gaussian);
  run_test("test_conditional_gaussian", test_conditional_gaussian);
  run_test("test_cg_rows", test_cg_rows);
  run_test("test_parent_sets", test_parent_sets);
  run_test("test_parent_set_counts", test_parent_set_counts);
  run_test("test_count_sum_order", test_count_sum_order);
  run_test("test_score_every_path", test_score_every_path);
  run_test("test_cv_score_every_path", test_cv_score_every_path);
  run_test("test_constant_columns_uncounted", test_constant_columns_uncounted);
}

}  // namespace learnbn_test
