// Scores the families of one data set with one score: by counting (discrete data), from
// the correlation matrix (Gaussian data) or, for mixed data, by counting discrete
// families and fitting conditional Gaussian ones (conditional_gaussian.hpp). One
// LocalScorer per thread; the threads' scorers share one GaussianModel, which they only
// read. On interventional data, an intervened node's family is counted (or regressed) on
// the rows where it was not set (interventional.hpp): each node its own counter.
#pragma once
#include <algorithm>
#include <memory>
#include <vector>

#include "../data/counts.hpp"
#include "conditional_gaussian.hpp"
#include "constant_columns.hpp"
#include "family_score.hpp"
#include "gaussian.hpp"
#include "interventional.hpp"

namespace learnbn {

// The Gaussian model of continuous data, or nullptr for discrete data.
inline std::shared_ptr<const GaussianModel> gaussian_model(const DataView& data,
                                                           const ScoreSpec& spec) {
  if (!data.gaussian()) return nullptr;
  return std::make_shared<const GaussianModel>(data, spec);
}

class LocalScorer {
 public:
  LocalScorer(const DataView& data, const ScoreSpec& spec,
              std::shared_ptr<const GaussianModel> gaussian,
              std::shared_ptr<const InterventionalRows> interventional = nullptr)
      : data_(data),
        spec_(spec),
        counter_(data_),
        gaussian_(std::move(gaussian)),
        singletons_apart_(singletons_apart_ok(spec)),
        interventional_(std::move(interventional)) {
    if (interventional_) own_.resize(data_.n_vars());
    if (gaussian_) conditioner_.reset(new Conditioner(gaussian_->matrix(), gaussian_->size()));
    if (is_mixed(data_)) mixed_.reset(new ConditionalGaussian(data_, spec_));
  }
  // counter_ refers to data_: a copy or a move would count through its source's view.
  LocalScorer(const LocalScorer&) = delete;
  LocalScorer& operator=(const LocalScorer&) = delete;

  void share_column_bits(std::shared_ptr<ColumnBits> bits) {
    counter_.share_column_bits(std::move(bits));
  }
  // The columns with one state, for UncountedPlus (score_plus_many()).
  void share_column_marginals(std::shared_ptr<ColumnMarginals> marginals) {
    uncounted_.share(std::move(marginals));
  }
  std::size_t uncounted() const { return uncounted_.scored(); }  // families not counted
  void prepare_column_bits(int var) {
    if (!mixed_) counter_.prepare_column_bits(var);  // mixed data count plainly
  }

  // `prior_joint`: BDe's P(x_i, pa_i) from a prior network, or nullptr.
  double score(int node, const int* parents, std::size_t k, const double* prior_joint = nullptr) {
    const double prior = log_modular_prior(spec_, node, parents, k);
    if (gaussian_) {
      return model(node).score(node, conditioner(node).set_base(node, parents, k), k) + prior;
    }
    if (mixed_ && !discrete_family(node, parents, k)) {
      return mixed_->score(node, parents, k) + prior;
    }
    const FamilyCounts& c = counter(node).count(node, parents, k, prior_joint != nullptr);
    return family_score(c, spec_, data_.n_cases, k, prior_joint) + prior;
  }

  // Scoring one node against many candidate parents: set_base() once, then
  // score_plus() for the family base + {extra}.
  void set_base(int node, const int* parents, std::size_t k) {
    if (gaussian_) conditioner(node).set_base(node, parents, k);
    else if (!mixed_) counter(node).set_base(node, parents, k);
    uncounted_.set_base(node, parents, k);
  }
  double score_plus(int node, int extra, const int* parents, std::size_t k) {
    if (mixed_) {  // every family scored afresh (with its prior): CLG families have no base
      family_.assign(parents, parents + k);
      family_.push_back(extra);
      return score(node, family_.data(), family_.size());
    }
    const double prior = log_modular_prior(spec_, node, parents, k, extra);
    if (gaussian_) return model(node).score(node, conditioner(node).plus(extra), k + 1) + prior;
    const FamilyCounts& c = counter(node).count_plus(node, extra, parents, k, singletons_apart_);
    return family_score(c, spec_, data_.n_cases, k + 1) + prior;
  }
  // out[e] = score_plus(node, extras[e], parents, k) for e < n, the same numbers, with
  // the families the counter can count together (Counter::window_path) gathered by path
  // and taken Counter::kWindow at a time (Counter::count_plus_window; the last ones of a
  // path together too), the others one by one. Gathering matters: a row's extras take
  // different paths by their number of states, and a window of neighbours with one odd
  // path would be counted one by one.
  void score_plus_many(int node, const int* extras, std::size_t n, const int* parents,
                       std::size_t k, double* out) {
    if (mixed_) return score_plus_mixed(node, extras, n, parents, k, out);
    if (gaussian_) {
      for (std::size_t e = 0; e < n; ++e) out[e] = score_plus(node, extras[e], parents, k);
      return;
    }
    constexpr std::size_t window = Counter::kWindow;
    Counter& c = counter(node);
    // Pending extras of the windowed paths (groups, tally, off_mode): positions in `extras`.
    std::size_t pending[3][window], held[3] = {0, 0, 0};
    auto count_held = [&](int p) {  // the pending extras of path p, counted together
      int group[window];
      for (std::size_t w = 0; w < held[p]; ++w) group[w] = extras[pending[p][w]];
      c.count_plus_window(node, group, singletons_apart_, held[p]);
      for (std::size_t w = 0; w < held[p]; ++w) {
        out[pending[p][w]] = family_score(c.window_counts(w), spec_, data_.n_cases, k + 1) +
                             log_modular_prior(spec_, node, parents, k, group[w]);
      }
      held[p] = 0;
    };
    for (std::size_t e = 0; e < n; ++e) {
      double s;
      if (uncounted_.score(c, spec_, data_.n_cases, node, extras[e], parents, k, singletons_apart_,
                           s)) {
        out[e] = s + log_modular_prior(spec_, node, parents, k, extras[e]);
        continue;
      }
      const Counter::PlusPath path = c.window_path(node, extras[e], singletons_apart_);
      if (path == Counter::PlusPath::whole) {
        out[e] = score_plus(node, extras[e], parents, k);
        continue;
      }
      const int p = path == Counter::PlusPath::groups ? 0
                    : path == Counter::PlusPath::tally ? 1
                                                       : 2;
      pending[p][held[p]++] = e;
      if (held[p] == window) count_held(p);
    }
    for (int p = 0; p < 3; ++p) {
      if (held[p] > 0) count_held(p);
    }
  }
  // ScoreSpec::sum_by_count, for the families scored from now on.
  void sum_by_count(bool on) {
    spec_.sum_by_count = on;
    uncounted_.forget();
  }

  // How many of n extras score_plus_many() should take at once over `threads`: the
  // counter's window, or for mixed data (one pass for them all) a thread's share.
  std::size_t window(std::size_t n, int threads) const {
    if (!mixed_) return Counter::kWindow;
    return std::max<std::size_t>(1, (n + threads - 1) / static_cast<std::size_t>(threads));
  }
  // Counting score_plus()'s families by base configuration (Counter::use_groups).
  void use_groups(bool on) {
    groups_ = on;
    uncounted_.forget();
    counter_.use_groups(on);
    for (Own& own : own_) if (own.counter) own.counter->use_groups(on);
  }

 private:
  // score_plus_many() of mixed data: the CLG families in one pass, the others one by one.
  void score_plus_mixed(int node, const int* extras, std::size_t n, const int* parents,
                        std::size_t k, double* out) {
    mixed_->score_additions(node, parents, k, extras, n, out, done_);
    for (std::size_t e = 0; e < n; ++e) {
      if (!done_[e]) {
        out[e] = score_plus(node, extras[e], parents, k);
        continue;
      }
      family_.assign(parents, parents + k);
      family_.push_back(extras[e]);
      out[e] += log_modular_prior(spec_, node, family_.data(), family_.size());
    }
  }

  DataView data_;
  ScoreSpec spec_;
  Counter counter_;
  std::shared_ptr<const GaussianModel> gaussian_;
  std::unique_ptr<Conditioner> conditioner_;
  bool singletons_apart_;  // see Counter::count_plus
  std::unique_ptr<ConditionalGaussian> mixed_;  // mixed data only
  UncountedPlus uncounted_;  // off until share_column_marginals()
  std::vector<int> family_;
  std::vector<char> done_;
  // Interventional data: the rows of each intervened node, and its own counter or
  // conditioner over them, made on first use (own_ is empty for observational data).
  std::shared_ptr<const InterventionalRows> interventional_;
  struct Own {
    std::unique_ptr<Counter> counter;
    std::unique_ptr<Conditioner> conditioner;
  };
  std::vector<Own> own_;
  bool groups_ = true;

  // The counter of `node`'s family: the data's, or that of its observed rows.
  Counter& counter(int node) {
    const DataView* rows = own_.empty() ? nullptr : interventional_->rows(node);
    if (!rows) return counter_;
    Own& own = own_[node];
    if (!own.counter) {
      own.counter.reset(new Counter(*rows));
      own.counter->use_groups(groups_);
    }
    return *own.counter;
  }
  const GaussianModel& model(int node) const {
    const GaussianModel* own = own_.empty() ? nullptr : interventional_->model(node);
    return own ? *own : *gaussian_;
  }
  Conditioner& conditioner(int node) {
    const GaussianModel* own = own_.empty() ? nullptr : interventional_->model(node);
    if (!own) return *conditioner_;
    Own& mine = own_[node];
    if (!mine.conditioner) mine.conditioner.reset(new Conditioner(own->matrix(), own->size()));
    return *mine.conditioner;
  }

  bool discrete_family(int node, const int* parents, std::size_t k) const {
    if (spec_.type == ScoreType::cg_bic) return false;  // every family is Tetrad's
    if (mixed_->continuous(node)) return false;
    for (std::size_t i = 0; i < k; ++i) {
      if (mixed_->continuous(parents[i])) return false;
    }
    return true;
  }
};

}  // namespace learnbn
