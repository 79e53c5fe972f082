// Families of a row of addition scores (LocalScorer::score_plus_many: a node, its base
// parents and many candidate extras) that need no pass over the rows, because of columns
// that show one state in the data:
// - an extra with one state leaves every row in its base cell, so base + {extra} has the
//   base's counts, listed in the same order by every counting path, whatever that extra
//   and its state. Only q_i depends on the extra (through its number of states, which
//   also picks the path): the first extra with one state of each number of states is
//   counted, and the others take its score;
// - a node whose base parents and itself each show one state puts every row in one base
//   cell, so base + {extra} has the extra's own counts, listed by state or in order of
//   first appearance as the path would list them (Counter::one_cell_order).
// Either way the family's counts, their order and q_i are the counted ones, so its score
// is the scorer's to the last bit. Why it matters: munin's samples show one state of 326
// of its 1,041 nodes, and hill climbing gives them one another as parents (under BDeu
// alpha_ij shrinks as q_i grows), so more than half of its rows of addition scores are
// of such nodes.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

#include "../data/counts.hpp"
#include "conditional_gaussian.hpp"
#include "family_score.hpp"

namespace learnbn {

// Which columns show one state in the data (by column), or nothing when the data are not
// at least two complete, observational discrete rows without folds or expected counts:
// the data whose families with such columns this header, search/constant_families.hpp
// and search/constant_parents.hpp score without counting.
inline std::vector<char> single_state_columns(const DataView& data) {
  std::vector<char> constant;
  if (data.gaussian() || is_mixed(data) || data.has_missing || data.expected || data.fold ||
      data.interventions || data.n_rows < 2) {
    return constant;
  }
  constant.resize(data.n_vars());
  for (std::size_t v = 0; v < data.n_vars(); ++v) {
    data.columns[v].with_codes([&](const auto* code) {
      std::size_t row = 1;
      while (row < data.n_rows && code[row] == code[0]) ++row;
      constant[v] = row == data.n_rows;
    });
  }
  return constant;
}

// Which columns show one state, and each column's counts of its observed states (built
// on first use, once, by whichever thread needs them first). Off (usable() false) for
// weighted rows and where single_state_columns() is: the data the reasoning above covers
// (the counts, weighted, still serve search/constant_families.hpp, whose scores are
// summed by count).
class ColumnMarginals {
 public:
  struct Marginal {
    std::vector<double> by_state;  // by state, the observed ones only
    std::vector<double> by_row;    // in order of first appearance in the rows
  };

  explicit ColumnMarginals(const DataView& data)
      : data_(data), marginals_(data.n_vars()), once_(new std::once_flag[data.n_vars()]) {
    // UncountedPlus's orders (Counter::one_cell_order) are tested on unweighted rows.
    if (!data.weights) constant_ = single_state_columns(data);
  }
  ColumnMarginals(const ColumnMarginals&) = delete;
  ColumnMarginals& operator=(const ColumnMarginals&) = delete;

  bool usable() const { return !constant_.empty(); }
  bool constant(int var) const { return constant_[var]; }
  const DataView& data() const { return data_; }

  const Marginal& operator[](int var) {
    std::call_once(once_[var], [&] { build(var); });
    return marginals_[var];
  }

 private:
  // Weighted rows are summed in row order, as the counting paths sum them.
  void build(int var) {
    const Column& column = data_.columns[var];
    std::vector<double> count(column.cardinality, 0.0);
    std::vector<char> seen(column.cardinality, 0);
    std::vector<int> first;  // states in order of first appearance
    const double* w = data_.weights;
    column.for_each(data_.n_rows, [&](std::size_t row, int code) {
      const double n = w ? w[row] : 1.0;
      if (n > 0 && !seen[code]) first.push_back(code);
      seen[code] |= n > 0;
      count[code] += n;
    });
    Marginal& m = marginals_[var];
    for (double n : count) if (n > 0) m.by_state.push_back(n);
    for (int state : first) m.by_row.push_back(count[state]);
  }

  const DataView& data_;
  std::vector<char> constant_;  // empty: off
  std::vector<Marginal> marginals_;
  std::unique_ptr<std::once_flag[]> once_;
};

// The counts of a family whose rows all fall in one cell of its node and base parents,
// plus one parent more: one configuration of one cell for each observed state of that
// parent, `configs` and `cells` its counts (ColumnMarginals) in the orders the counting
// path lists the configurations and the cells; q is q_i. The one way both UncountedPlus
// below and search/constant_families.hpp build them, so that their scores agree.
inline void fill_one_cell_counts(FamilyCounts& c, int states, double q,
                                 const std::vector<double>& configs,
                                 const std::vector<double>& cells) {
  c.states = states;
  c.parent_configs = q;
  c.dense = false;
  c.singleton_configs = 0;
  c.n_folds = 0;
  c.config_total = configs;
  c.cell_count = cells;
  c.cell_config.resize(c.cell_count.size());
  c.cell_state.assign(c.cell_count.size(), 0);
  for (std::size_t i = 0; i < c.cell_config.size(); ++i) {
    c.cell_config[i] = static_cast<std::uint32_t>(i);
  }
}

// One LocalScorer's families base + {extra} scored without counting (see the top):
// set_base() with every base, then score() for each extra.
class UncountedPlus {
 public:
  void share(std::shared_ptr<ColumnMarginals> marginals) { marginals_ = std::move(marginals); }

  void set_base(int node, const int* parents, std::size_t k) {
    forget();
    if (!marginals_ || !marginals_->usable()) return;
    one_cell_ = marginals_->constant(node);
    for (std::size_t p = 0; one_cell_ && p < k; ++p) one_cell_ = marginals_->constant(parents[p]);
    base_total_ = parent_configs(marginals_->data(), parents, k);  // as FamilyBase's
  }
  // Forgets the scores taken from this base (the counting paths or the sums changed).
  void forget() {
    for (int r : memo_states_) memo_[r] = kUnknown;
    memo_states_.clear();
  }
  // Families scored here so far.
  std::size_t scored() const { return scored_; }

  // The score of `node` with `parents` (those of set_base()) + {extra}, without its
  // modular prior, into `out`; false, scoring nothing, when the family must be counted.
  // An extra with one state whose number of states is new to this base is counted here,
  // through counter.count_plus() (which needs its set_base()).
  bool score(Counter& counter, const ScoreSpec& spec, double n_cases, int node, int extra,
             const int* parents, std::size_t k, bool singletons_apart, double& out) {
    if (!marginals_ || !marginals_->usable()) return false;
    if (one_cell_) {
      out = family_score(one_cell_counts(counter, node, extra, singletons_apart), spec, n_cases,
                         k + 1);
      ++scored_;
      return true;
    }
    if (!marginals_->constant(extra)) return false;
    const int r = marginals_->data().columns[extra].cardinality;
    if (static_cast<std::size_t>(r) >= memo_.size()) memo_.resize(r + 1, kUnknown);
    if (std::isnan(memo_[r])) {  // the first of its number of states: counted
      memo_[r] = family_score(counter.count_plus(node, extra, parents, k, singletons_apart),
                              spec, n_cases, k + 1);
      memo_states_.push_back(r);
    } else {
      ++scored_;
    }
    out = memo_[r];
    return true;
  }

 private:
  static constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

  // The counts of base + {extra} when every row is in one base cell: the extra's.
  const FamilyCounts& one_cell_counts(const Counter& counter, int node, int extra,
                                      bool singletons_apart) {
    const Counter::OneCellOrder order = counter.one_cell_order(extra, singletons_apart);
    const ColumnMarginals::Marginal& m = (*marginals_)[extra];
    const DataView& data = marginals_->data();
    fill_one_cell_counts(counts_, data.columns[node].cardinality,
                         base_total_ * data.columns[extra].cardinality,  // as count_plus()'s
                         order.configs_by_row ? m.by_row : m.by_state,
                         order.cells_by_row ? m.by_row : m.by_state);
    return counts_;
  }

  std::shared_ptr<ColumnMarginals> marginals_;
  bool one_cell_ = false;  // every row in one base cell
  double base_total_ = 1;  // q of the base parents
  std::vector<double> memo_;     // by the extra's number of states: this base's score
  std::vector<int> memo_states_;  // the entries of memo_ set since set_base()
  FamilyCounts counts_;
  std::size_t scored_ = 0;
};

}  // namespace learnbn
