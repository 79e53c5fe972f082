// Families the grow-shrink trees (grow_shrink.hpp) can score without counting: those of
// a node whose data show one state, with parents that each show one state too, plus at
// most one more parent. Every row then falls in one cell per state of that last parent,
// so the family's counts are that parent's own counts (one configuration per observed
// state; all rows in one cell without it) over all its parent configurations.
//
// Why it matters: munin's samples show one state of 326 of its 1,041 nodes. Under BDeu
// such a node gains a little from every parent that splits none of its rows (alpha_ij
// shrinks with q_i), so its tree grows a path through the constant nodes before it
// (families of 15 to 22 parents), each level scoring every candidate: two thirds of
// BOSS's families on 150 of munin's nodes. Summed by count (ScoreSpec::sum_by_count), a
// family's score depends only on its counts and q_i, so the score is the scorer's to the
// last bit. The counts are built as hill climbing's UncountedPlus builds them
// (score/constant_columns.hpp: ColumnMarginals, fill_one_cell_counts()).
#pragma once
#include <cmath>
#include <limits>
#include <memory>
#include <vector>

#include "../score/constant_columns.hpp"
#include "../score/family_score.hpp"
#include "../util/kept_by_index.hpp"

namespace learnbn {

class ConstantFamilies {
 public:
  // Off (applies() always false) unless single_state_columns() applies to the data and
  // scores are summed by count. Holds a reference to `data`.
  ConstantFamilies(const DataView& data, const ScoreSpec& spec)
      : spec_(spec), n_cases_(data.n_cases) {
    if (spec.sum_by_count) constant_ = single_state_columns(data);
    if (constant_.empty()) return;
    marginals_.reset(new ColumnMarginals(data));
    for (const Column& column : data.columns) cards_.push_back(column.cardinality);
    bounded_ = spec.type == ScoreType::bdeu && !data.weights;  // whole counts: see below
  }

  // Whether `node` and every one of `parents` show one state in the data.
  bool applies(int node, const std::vector<int>& parents) const {
    if (constant_.empty() || !constant_[node]) return false;
    for (int u : parents) if (!constant_[u]) return false;
    return true;
  }

  // score(node, parents, u) for each u of `extras` into `out`, except where a bound
  // shows it below `grow_score` (the base's own score): -inf there, as no grow-shrink
  // branch. Under BDeu each configuration's term is at most -log r_i (its rows, all in one
  // state, have probability prod_t (alpha_ijk + t) / (alpha_ij + t), 1 / r_i at t = 0),
  // and u makes one configuration per observed state (a weighted count below 1 could
  // score more: unweighted rows only): deep in a tree, where the base's
  // score is near -log r_i, every extra but those with one state drops. Those share their
  // counts, so their score differs by r_u alone and is computed once per r_u.
  void score_additions(int node, const std::vector<int>& parents, const std::vector<int>& extras,
                       double grow_score, std::vector<double>& out) const {
    const std::size_t k = parents.size() + 1;
    const double log_states = std::log(static_cast<double>(cards_[node]));
    const double structure = log_structure_prior(spec_, k);
    const double margin = 1e-6 * (1 + std::fabs(grow_score));
    by_states_.forget();
    out.resize(extras.size());
    for (std::size_t e = 0; e < extras.size(); ++e) {
      const int u = extras[e];
      const double prior = log_modular_prior(spec_, node, parents.data(), parents.size(), u);
      const std::size_t observed = (*marginals_)[u].by_state.size();
      const double bound = structure - static_cast<double>(observed) * log_states + prior;
      if (bounded_ && bound + margin < grow_score) {
        out[e] = -std::numeric_limits<double>::infinity();
        continue;
      }
      if (observed > 1) {
        out[e] = counted_score(node, parents, u) + prior;
        continue;
      }
      out[e] = by_states_.get(cards_[u], [&] { return counted_score(node, parents, u); }) +
               prior;
    }
  }

  // The score of `node` with `parents` (applies(), sorted, as the scorer's base) plus
  // `extra` (any node, -1 for none): FamilyScorer's number for that family.
  double score(int node, const std::vector<int>& parents, int extra) const {
    return counted_score(node, parents, extra) +
           log_modular_prior(spec_, node, parents.data(), parents.size(), extra);
  }

 private:
  // score() without the modular prior. Summed by count, the order of the cells does not
  // matter: listed by state.
  double counted_score(int node, const std::vector<int>& parents, int extra) const {
    const std::vector<double> all{n_cases_};
    const std::vector<double>& counts = extra >= 0 ? (*marginals_)[extra].by_state : all;
    fill_one_cell_counts(scratch_, cards_[node], parent_configs_of(parents, extra), counts,
                         counts);
    return family_score(scratch_, spec_, n_cases_, parents.size() + (extra >= 0));
  }

  // q_i as Counter::count_plus() forms it: the base's product, then the extra's states
  // (from cards_, not the columns: a base has up to 22 parents, and this runs per extra).
  double parent_configs_of(const std::vector<int>& parents, int extra) const {
    double q = 1;
    for (int u : parents) q *= cards_[u];
    if (extra >= 0) q *= cards_[extra];
    return q;
  }

  ScoreSpec spec_;
  double n_cases_;
  std::vector<char> constant_;                  // empty: off
  std::unique_ptr<ColumnMarginals> marginals_;  // the columns' counts, when on
  std::vector<int> cards_;
  mutable FamilyCounts scratch_;
  bool bounded_ = false;  // score_additions() may drop extras
  mutable KeptByIndex by_states_;  // score_additions()'s scores by r_u
};

}  // namespace learnbn
