// score/count_sum.hpp: summed by count (ScoreSpec::sum_by_count, as the permutation
// searches score), a family's score is the same to the last bit whichever counting path
// counted it (count() with its parents in any order, dense or sparse; count_plus()
// from bit sets, by a pass over the rows, by base configuration with single-row
// configurations apart, as a whole family; four at once in a window), for every score of
// counts, on unweighted, whole-weighted and fractionally weighted rows, with folds.
// Families with columns of one state (score/constant_columns.hpp) are scored without
// counting to the bits of the counted ones, summed in the order the cells come in.
#pragma once
#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

#include <learnbn/data/counts.hpp>
#include <learnbn/score/count_sum.hpp>
#include <learnbn/score/constant_columns.hpp>
#include <learnbn/score/family_score.hpp>
#include <learnbn/score/family_scorer.hpp>
#include <learnbn/score/local_scorer.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// CountSum's sum depends on the multiset of counts only: shuffled lists of small, large
// and fractional counts (with repeats) give the same bits.
inline void test_count_sum_order() {
  std::mt19937 rng(3);
  std::vector<double> counts = {1, 1, 1, 2, 3, 255, 256, 257, 1000, 1000, 0.25, 7.5, 7.5, 40};
  auto f = [](double n) { return std::lgamma(0.37 + n) - std::lgamma(0.37); };
  CountSum sum;
  for (double n : counts) sum.add(n);
  const double first = sum.sum(f);
  double naive = 0;
  for (double n : counts) naive += f(n);
  CHECK(near(first, naive, 1e-12));
  for (int shuffle = 0; shuffle < 20; ++shuffle) {
    std::shuffle(counts.begin(), counts.end(), rng);
    for (double n : counts) sum.add(n);
    CHECK(sum.sum(f) == first);
  }
  // A count added `times` times, and zeros (left out).
  sum.add(1, 2);
  sum.add(1);
  sum.add(0);
  CHECK(sum.sum(f) == 3 * f(1));
  CHECK(sum.sum(f) == 0);  // forgotten
}

// The scores of node with parents base + {extra} by every path, which must all equal
// `reference`; `paths` collects the paths seen.
inline void check_family_paths(const DataView& d, int node, const std::vector<int>& base, int extra,
                               const std::vector<ScoreSpec>& specs, std::set<int>& paths) {
  std::vector<int> family = base;
  family.push_back(extra);
  std::vector<int> sorted = family;
  std::sort(sorted.begin(), sorted.end());
  const std::size_t k = family.size();
  Counter whole(d), no_bits(d), bits(d), groups(d);
  no_bits.use_bits(false);
  no_bits.use_groups(false);
  bits.use_groups(false);
  for (const ScoreSpec& spec : specs) {
    const bool dirichlet = singletons_apart_ok(spec);
    const FamilyCounts& c = whole.count(node, sorted.data(), k);
    paths.insert(c.dense ? 10 : 11);
    const double reference = family_score(c, spec, d.n_cases, k);
    std::vector<int> reversed(sorted.rbegin(), sorted.rend());
    CHECK(family_score(whole.count(node, reversed.data(), k), spec, d.n_cases, k) == reference);
    for (Counter* counter : {&no_bits, &bits, &groups}) {
      counter->set_base(node, base.data(), base.size());
      const bool apart = dirichlet && counter == &groups;
      paths.insert(static_cast<int>(
          counter->plus_path(d.columns[extra], d.columns[node].cardinality, apart)));
      const FamilyCounts& p = counter->count_plus(node, extra, base.data(), base.size(), apart);
      CHECK(family_score(p, spec, d.n_cases, k) == reference);
    }
  }
}

inline void test_score_every_path() {
  std::mt19937 rng(13);
  const std::vector<int> cards = {2, 3, 4, 2, 300, 5, 4, 21, 3, 6};
  std::vector<ScoreSpec> specs(7);
  specs[1].type = ScoreType::k2;
  specs[2].type = ScoreType::bd;
  specs[2].alpha = 0.3;
  specs[3].type = ScoreType::bic;
  specs[4].type = ScoreType::aic;
  specs[5].type = ScoreType::loglik;
  specs[6].iss = 7;
  specs[6].prior = StructurePrior::arcs;
  specs[6].arc_prob = 0.2;
  specs[6].n_nodes = 10;
  for (ScoreSpec& spec : specs) spec.sum_by_count = true;
  const std::vector<std::vector<int>> bases = {{}, {4}, {7, 1}, {1, 2, 6}, {3, 1, 2}, {4, 9}};
  std::set<int> paths;
  for (int weighting = 0; weighting < 3; ++weighting) {  // none, whole, fractional
    Table t(700, cards, weighting > 0, rng);
    for (double& w : t.weights) w *= weighting == 2 ? 0.37 : 1;
    t.refresh(cards);
    for (const auto& base : bases) {
      for (int node : {0, 5, 7}) {
        if (std::find(base.begin(), base.end(), node) != base.end()) continue;
        std::vector<int> extras;
        for (int v = 0; v < static_cast<int>(cards.size()); ++v) {
          if (v != node && std::find(base.begin(), base.end(), v) == base.end()) extras.push_back(v);
        }
        for (int extra : extras) check_family_paths(t.view, node, base, extra, specs, paths);
        // Four at once (count_plus_window, where it applies) against whole families.
        LocalScorer many(t.view, specs[0], nullptr), one(t.view, specs[0], nullptr);
        std::vector<double> got(extras.size());
        many.set_base(node, base.data(), base.size());
        many.score_plus_many(node, extras.data(), extras.size(), base.data(), base.size(), got.data());
        for (std::size_t e = 0; e < extras.size(); ++e) {
          std::vector<int> family = base;
          family.push_back(extras[e]);
          std::sort(family.begin(), family.end());
          CHECK(got[e] == one.score(node, family.data(), family.size()));
        }
      }
    }
  }
  // Dense and sparse count(); count_plus() by groups, whole, bits and tally.
  using P = Counter::PlusPath;
  for (int path : {10, 11, static_cast<int>(P::groups), static_cast<int>(P::whole),
                   static_cast<int>(P::bits), static_cast<int>(P::tally)}) {
    CHECK(paths.count(path) == 1);
  }
}

// The cross-validated score likewise, on rows with three folds (dense and sparse
// count(), count_plus() by configuration).
inline void test_cv_score_every_path() {
  std::mt19937 rng(17);
  const std::vector<int> cards = {2, 3, 4, 2, 300, 5, 300};
  Table t(600, cards, false, rng);
  std::vector<int> folds(600);
  for (std::size_t r = 0; r < folds.size(); ++r) folds[r] = static_cast<int>(r % 3);
  t.view.fold = folds.data();
  t.view.n_folds = 3;
  ScoreSpec cv;
  cv.type = ScoreType::cv;
  cv.sum_by_count = true;
  std::set<int> paths;
  for (const std::vector<int>& base : {std::vector<int>{}, {1}, {4}, {1, 2}}) {
    for (int extra : {3, 5, 6}) {
      if (std::find(base.begin(), base.end(), extra) != base.end()) continue;
      check_family_paths(t.view, 0, base, extra, {cv}, paths);
    }
  }
  CHECK(paths.count(static_cast<int>(Counter::PlusPath::folds)) == 1 && paths.count(11) == 1);
}

// Columns of one state (some of many declared states, the first, the last or another):
// score_plus_many() scores the families of a constant extra, and all families of a
// constant node over constant base parents, without counting; each score must be the
// counted one (a LocalScorer without the marginals) to the bit, for every score of counts,
// summed in cell order or by count, with and without counting by base configuration.
// The bases reach every path and both orders of Counter::one_cell_order().
inline void test_constant_columns_uncounted() {
  std::mt19937 rng(29);
  // Constant: 0, 1, 2, 3, 8, 10; 4, 5, 6, 7, 9, 11 vary (2 and 6 with wide codes).
  const std::vector<int> cards = {2, 3, 300, 4, 2, 5, 300, 21, 40, 3, 1, 90};
  const std::vector<std::pair<int, int>> constant = {{0, 1}, {1, 0}, {2, 7}, {3, 3},
                                                     {8, 39}, {10, 0}};
  Table t(700, cards, false, rng);
  for (auto [v, state] : constant) {
    if (cards[v] > 256) std::fill(t.wide[v].begin(), t.wide[v].end(), state);
    else std::fill(t.small[v].begin(), t.small[v].end(), static_cast<std::uint8_t>(state));
  }
  std::vector<ScoreSpec> specs(7);
  specs[1].type = ScoreType::bde;
  specs[2].type = ScoreType::k2;
  specs[3].type = ScoreType::bic;
  specs[4].type = ScoreType::aic;
  specs[5].type = ScoreType::loglik;
  specs[6].type = ScoreType::bd;
  specs[6].alpha = 0.3;
  specs[0].prior = StructurePrior::modular;
  specs[0].n_nodes = static_cast<int>(cards.size());
  specs[0].prior_node = std::make_shared<std::vector<double>>(cards.size(), -0.25);
  std::vector<double> arcs(cards.size() * cards.size());
  for (std::size_t a = 0; a < arcs.size(); ++a) arcs[a] = -0.01 * static_cast<double>(a % 17);
  specs[0].prior_arc = std::make_shared<std::vector<double>>(arcs);
  const auto marginals = std::make_shared<ColumnMarginals>(t.view);
  CHECK(marginals->usable() && marginals->constant(2) && !marginals->constant(6));
  const std::vector<std::vector<int>> bases = {
      {}, {1}, {2}, {8, 2}, {2, 8, 3}, {2, 8, 1, 3}, {2, 8, 3, 0, 1}, {5}, {1, 5}, {2, 7}};
  std::set<std::vector<int>> orders;  // path, configs by row, cells by row
  std::size_t uncounted = 0;
  for (int by_count = 0; by_count < 2; ++by_count) {
    for (ScoreSpec spec : specs) {
      spec.sum_by_count = by_count == 1;
      for (int groups = 0; groups < 2; ++groups) {
        LocalScorer fast(t.view, spec, nullptr), counted(t.view, spec, nullptr);
        fast.share_column_marginals(marginals);
        fast.use_groups(groups == 0);
        counted.use_groups(groups == 0);
        Counter probe(t.view);
        probe.use_groups(groups == 0);
        for (const auto& base : bases) {
          for (int node : {0, 1, 3, 8, 10, 5, 7}) {
            if (std::find(base.begin(), base.end(), node) != base.end()) continue;
            std::vector<int> extras;
            for (int v = 0; v < static_cast<int>(cards.size()); ++v) {
              if (v != node && std::find(base.begin(), base.end(), v) == base.end()) {
                extras.push_back(v);
              }
            }
            std::vector<double> got(extras.size()), want(extras.size());
            fast.set_base(node, base.data(), base.size());
            fast.score_plus_many(node, extras.data(), extras.size(), base.data(), base.size(),
                                 got.data());
            counted.set_base(node, base.data(), base.size());
            for (std::size_t e = 0; e < extras.size(); ++e) {
              want[e] = counted.score_plus(node, extras[e], base.data(), base.size());
              CHECK(same_bits(got[e], want[e]));
            }
            probe.set_base(node, base.data(), base.size());
            const bool apart = singletons_apart_ok(spec);
            for (int extra : extras) {
              if (!marginals->constant(node)) break;
              const auto path = probe.plus_path(t.view.columns[extra], cards[node], apart);
              const Counter::OneCellOrder o = probe.one_cell_order(extra, apart);
              orders.insert({static_cast<int>(path), o.configs_by_row, o.cells_by_row});
            }
          }
        }
        uncounted += fast.uncounted();
        CHECK(counted.uncounted() == 0);
      }
    }
  }
  CHECK(uncounted > 0);
  // FamilyScorer's rows of additions (extras with one state put last, in windows over
  // two threads) give the counted scores too.
  for (int threads : {1, 2}) {
    FamilyScorer rows(t.view, specs[0], threads);
    LocalScorer counted(t.view, specs[0], nullptr);
    for (const auto& base : bases) {
      for (int node : {0, 8, 5}) {
        if (std::find(base.begin(), base.end(), node) != base.end()) continue;
        std::vector<int> extras;
        for (int v = static_cast<int>(cards.size()) - 1; v >= 0; --v) {
          if (v != node && std::find(base.begin(), base.end(), v) == base.end()) {
            extras.insert(extras.end(), 3, v);  // repeated: rows of more than 16
          }
        }
        std::vector<int> sorted = base;
        std::sort(sorted.begin(), sorted.end());
        std::vector<double> got;
        rows.score_additions(node, sorted, extras, got);
        counted.set_base(node, sorted.data(), sorted.size());
        for (std::size_t e = 0; e < extras.size(); ++e) {
          CHECK(same_bits(got[e], counted.score_plus(node, extras[e], sorted.data(),
                                                     sorted.size())));
        }
      }
    }
    CHECK(rows.uncounted() > 0);
  }
  using P = Counter::PlusPath;
  const int whole = static_cast<int>(P::whole), tally = static_cast<int>(P::tally);
  for (const std::vector<int>& seen : std::vector<std::vector<int>>{
           {static_cast<int>(P::groups), 1, 1}, {static_cast<int>(P::bits), 0, 0},
           {whole, 0, 1}, {whole, 1, 1}, {tally, 0, 0}, {tally, 0, 1}}) {
    CHECK(orders.count(seen) == 1);
  }
}

}  // namespace learnbn_test
