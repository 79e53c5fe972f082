// Grow requests of the grow-shrink trees (grow_shrink.hpp) whose candidate parent shows one
// state in the data: such a parent splits no configuration of the base, so the family
// base + {u} has the counts of the base's non-constant parents N (only q_i differs). One
// count of (node | N), kept, scores every constant candidate of every tree node whose
// base has those non-constant parents, without counting rows.
//
// Why it matters: under BDeu a node whose configurations are (nearly) pure gains a little
// from every parent that splits none of them (alpha_ij shrinks with q_i), so on munin
// (326 of 1,041 columns constant at 1k-10k rows) the trees of non-constant nodes, not
// only of constant ones (constant_families.hpp), grow long paths of constant parents;
// their grow requests ask for every constant candidate again at each level (30% of the
// families of munin's first minute at 10k rows). Summed by count (ScoreSpec::sum_by_count),
// a family's score depends only on its counts and q_i, so the numbers are the scorer's to
// the last bit.
//
// Under BDeu the same store also bounds the other candidates: a tree node whose base is
// N plus constant parents scores a non-constant candidate u that an earlier tree node with
// the same N counted from (Q, D, W) of the counts of (node | N + u), without counting
// (see Bound); a candidate whose bound is below the tree node's own score cannot become
// a branch (GrowShrinkTree::answer() keeps only the scores above it) and gets -inf.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <unordered_map>
#include <vector>

#include "../data/counts.hpp"
#include "../score/conditional_gaussian.hpp"
#include "../score/constant_columns.hpp"
#include "../score/family_score.hpp"
#include "../util/kept_by_index.hpp"

namespace learnbn {

class ConstantParents {
 public:
  // Off (constant() always false) unless single_state_columns() applies to the data,
  // scores are summed by count and the score is one whose value depends on the counts
  // and q_i only.
  ConstantParents(const DataView& data, const ScoreSpec& spec)
      : data_(data), spec_(spec), counter_(data) {
    if (spec.sum_by_count && counts_only(spec.type)) constant_ = single_state_columns(data);
    bounded_ = spec.type == ScoreType::bdeu && data.whole_cases();  // see Bound
  }

  bool constant(int v) const { return !constant_.empty() && constant_[v]; }

  // Scores here what it can of a grow request (`node`, the base `parents`, sorted, and
  // the tree node's own score `grow_score`): `direct` gets one number per extra, NaN
  // where the scorer must score it; `extras` keeps only those.
  void split(int node, const std::vector<int>& parents, double grow_score,
             std::vector<int>& extras, std::vector<double>& direct) {
    if (constant_.empty()) return;
    key_.assign(1, node);
    for (int u : parents) if (!constant(u)) key_.push_back(u);
    const bool bounded = bounded_ && key_.size() <= parents.size();
    bool any = bounded;
    for (int u : extras) any = any || constant(u);
    if (!any) return;
    Store& store = store_of(key_);
    double q_base = 1;  // as Counter::count_plus() forms q_i: the base, then the extra
    for (int u : parents) q_base *= data_.columns[u].cardinality;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    direct.assign(extras.size(), nan);
    base_set_ = false;
    by_states_.forget();
    log_a_.forget();
    std::size_t kept = 0;
    for (std::size_t e = 0; e < extras.size(); ++e) {
      const int u = extras[e];
      const int r = data_.columns[u].cardinality;
      const double q = q_base * r;
      if (constant(u)) {
        direct[e] = by_states_.get(r, [&] {
          return family_score(counts_family(node, q, counts_of(store, key_)), spec_,
                              data_.n_cases, parents.size() + 1);
        }) + log_modular_prior(spec_, node, parents.data(), parents.size(), u);
      } else if (bounded) {
        direct[e] = bounded_score(store, node, parents, u, q, grow_score);
      }
      if (std::isnan(direct[e])) extras[kept++] = u;
    }
    extras.resize(kept);
  }
  // The score of `node` with `parents` (sorted) when one of them shows one state (the
  // family then has the counts of its non-constant parents N, kept as split()'s), into
  // `score`; false when it must be counted. A shrink step of a grow-shrink tree removes
  // one parent of a family of many constant ones: the same N again and again.
  bool family(int node, const std::vector<int>& parents, double& score) {
    if (constant_.empty()) return false;
    key_.assign(1, node);
    for (int u : parents) if (!constant(u)) key_.push_back(u);
    if (key_.size() > parents.size()) return false;
    const Store& counts = counts_of(store_of(key_), key_);
    // q_i as Counter::count() forms it: the product in the parents' order.
    const double q = parent_configs(data_, parents.data(), parents.size());
    score = family_score(counts_family(node, q, counts), spec_, data_.n_cases, parents.size()) +
            log_modular_prior(spec_, node, parents.data(), parents.size());
    return true;
  }
  // Puts the scorer's scores (`counted`) in split()'s NaN places (all of them when
  // split() scored nothing): the scores of the request's extras in their order.
  static const std::vector<double>& merge(std::vector<double>& direct,
                                          const std::vector<double>& counted) {
    if (direct.empty()) return counted;
    std::size_t c = 0;
    for (double& s : direct) if (std::isnan(s)) s = counted[c++];
    return direct;
  }

 private:
  // What bounds the BDeu score of (node | N + u) at any q_i >= q_N r_u, alpha = iss/(q_i r)
  // and a = alpha / r: each observed configuration's term is the log probability of its
  // rows in sequence, -log r for its first row, a / (alpha + t) at most for the first row
  // of each further state, (a_0 + c) / (alpha + t) for the others. With Q configurations,
  // D = cells - Q and a_0 = iss / (q_N r_u r), score <= -Q log r + D log a + W, where
  // W = sum_cells [lgamma(a_0 + n_ijk) - lgamma(a_0 + 1)] - sum_j lgamma(n_ij). Rows in
  // sequence need whole counts: rows weighted by fractions are not bounded.
  struct Bound {
    double q = 0, d = 0, w = 0;
  };
  struct Store {
    bool counted = false;
    std::vector<double> cells, totals;  // the non-zero counts of (node | N)
    std::unordered_map<int, Bound> bounds;  // by u
  };
  static bool counts_only(ScoreType t) {
    return t == ScoreType::bdeu || t == ScoreType::bd || t == ScoreType::k2 ||
           t == ScoreType::bic || t == ScoreType::aic || t == ScoreType::loglik;
  }
  // The store of key[0] given the parents key[1, ...); emptied when it holds more than
  // kMaxHeld numbers (it is only a cache).
  Store& store_of(const std::vector<int>& key) {
    auto found = stores_.find(key);
    if (found != stores_.end()) return found->second;
    if (held_ > kMaxHeld) {
      stores_.clear();
      held_ = 0;
    }
    held_ += 16;
    return stores_[key];
  }
  const Store& counts_of(Store& store, const std::vector<int>& key) {
    if (store.counted) return store;
    const FamilyCounts& f = counter_.count(key[0], key.data() + 1, key.size() - 1);
    for (double n : f.cell_count) if (n > 0) store.cells.push_back(n);
    for (double n : f.config_total) if (n > 0) store.totals.push_back(n);
    held_ += store.cells.size() + store.totals.size();
    store.counted = true;
    return store;
  }
  // The kept counts as a family of q_i = q configurations.
  const FamilyCounts& counts_family(int node, double q, const Store& counts) {
    FamilyCounts& c = scratch_;
    c.states = data_.columns[node].cardinality;
    c.parent_configs = q;
    c.dense = false;
    c.singleton_configs = 0;
    c.n_folds = 0;
    c.cell_count = counts.cells;
    c.config_total = counts.totals;
    c.cell_config.assign(counts.cells.size(), 0);  // unused by the scores summed by count
    c.cell_state.assign(counts.cells.size(), 0);
    return c;
  }
  // -inf when u's bound shows it below `grow_score`, the score when it counts u here
  // (the first time for this N), NaN for the scorer.
  double bounded_score(Store& store, int node, const std::vector<int>& parents, int u,
                       double q, double grow_score) {
    const double r = data_.columns[node].cardinality;
    auto found = store.bounds.find(u);
    if (found == store.bounds.end()) {
      if (!base_set_) counter_.set_base(node, key_.data() + 1, key_.size() - 1);
      base_set_ = true;  // for the rest of this split()
      const FamilyCounts& f = counter_.count_plus(node, u, key_.data() + 1, key_.size() - 1);
      double q_n = data_.columns[u].cardinality;  // q_N r_u: the least q_i of N + u
      for (std::size_t i = 1; i < key_.size(); ++i) q_n *= data_.columns[key_[i]].cardinality;
      store.bounds[u] = bound_of(f, spec_.iss / (q_n * r));
      held_ += 4;
      scratch_ = f;
      scratch_.parent_configs = q;
      return family_score(scratch_, spec_, data_.n_cases, parents.size() + 1) +
             log_modular_prior(spec_, node, parents.data(), parents.size(), u);
    }
    const Bound& b = found->second;
    const double bound = -b.q * log_of(r) + b.d * log_a(q, r, data_.columns[u].cardinality) +
                         b.w +
                         log_structure_prior(spec_, parents.size() + 1) +
                         log_modular_prior(spec_, node, parents.data(), parents.size(), u);
    const double margin = 1e-6 * (1 + std::fabs(grow_score));
    if (bound + margin < grow_score) return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
  }
  // log(x) for a small whole x (a node's number of states), kept: the bounds of a split()
  // take it per extra. The same number std::log gives.
  double log_of(double x) {
    return logs_.get(static_cast<std::size_t>(x), [x] { return std::log(x); });
  }
  // log a = log(iss / (q r)) of split()'s extras with r_u states (q = q_base r_u within one
  // split()), kept until the next split().
  double log_a(double q, double r, int r_u) {
    return log_a_.get(r_u, [&] { return std::log(spec_.iss / (q * r)); });
  }
  static Bound bound_of(const FamilyCounts& f, double a0) {
    Bound b;
    double cells = 0;
    for (double n : f.cell_count) {
      if (n <= 0) continue;
      ++cells;
      b.w += std::lgamma(a0 + n) - std::lgamma(a0 + 1);
    }
    for (double n : f.config_total) {
      if (n <= 0) continue;
      ++b.q;
      b.w -= std::lgamma(n);
    }
    b.d = cells - b.q;
    return b;
  }

  static constexpr std::size_t kMaxHeld = std::size_t(1) << 24;
  const DataView& data_;
  ScoreSpec spec_;
  Counter counter_;
  std::vector<char> constant_;  // empty: off
  bool bounded_ = false;         // BDeu on whole counts: the bound applies
  std::map<std::vector<int>, Store> stores_;
  std::size_t held_ = 0;
  bool base_set_ = false;  // split()'s base is the counter's
  std::vector<int> key_;
  FamilyCounts scratch_;
  KeptByIndex by_states_;  // split()'s scores of constant extras, by r_u
  KeptByIndex log_a_, logs_;  // log_a()'s (until the next split()) and log_of()'s
};

}  // namespace learnbn
