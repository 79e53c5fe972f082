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
#include <memory>
#include <vector>

#include "../score/constant_columns.hpp"
#include "../score/family_score.hpp"

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
  }

  // Whether `node` and every one of `parents` show one state in the data.
  bool applies(int node, const std::vector<int>& parents) const {
    if (constant_.empty() || !constant_[node]) return false;
    for (int u : parents) if (!constant_[u]) return false;
    return true;
  }

  // The score of `node` with `parents` (applies(), sorted, as the scorer's base) plus
  // `extra` (any node, -1 for none): FamilyScorer's number for that family. Summed by
  // count, the order of the cells does not matter: listed by state.
  double score(int node, const std::vector<int>& parents, int extra) const {
    const std::vector<double> all{n_cases_};
    const std::vector<double>& counts = extra >= 0 ? (*marginals_)[extra].by_state : all;
    fill_one_cell_counts(scratch_, cards_[node], parent_configs_of(parents, extra), counts,
                         counts);
    const std::size_t k = parents.size() + (extra >= 0);
    return family_score(scratch_, spec_, n_cases_, k) +
           log_modular_prior(spec_, node, parents.data(), parents.size(), extra);
  }

 private:
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
};

}  // namespace learnbn
