// The posterior of one row's missing cells under a network with known CPTs.
//
// In one row, the missing variables fall into components: two missing variables share a
// component when some family (a node and its parents) contains both. Given the row's
// observed cells the components are independent, so with theta the CPT entries
//   P(observed cells) = prod_{families without missing cells} theta
//                       * prod_components Z_c,
//   Z_c = sum over the completions of component c of the product of its families' theta,
// and each component's posterior is enumerated exactly (beyond `max_component`
// completions it is Gibbs-sampled instead).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <vector>

#include "../network/cpt_network.hpp"
#include "../util/rng.hpp"
#include "completion_options.hpp"
#include "sampling.hpp"

namespace learnbn {

// The posterior of one row's missing cells, component by component.
class RowPosterior {
 public:
  // One component: its missing variables, the families (nodes) that contain them, and its
  // completions ("options": states of `vars`, row-major) with normalised probabilities
  // and unnormalised log probabilities.
  struct Component {
    std::vector<int> vars, factors;
    bool sampled = false;
    std::vector<int> states;
    std::vector<double> prob, log_score;
    std::size_t size() const { return prob.size(); }
  };

  RowPosterior(const CptNetwork& net, const CompletionOptions& options, LazyRandom& rng)
      : net_(net),
        options_(options),
        rng_(rng),
        slot_(static_cast<std::size_t>(net.n_nodes()), -1) {}

  // Splits the row (missing cells -1) into components and computes their posteriors;
  // returns log P(observed cells). The row's missing cells are left assigned arbitrarily.
  double analyse(std::vector<int>& row) {
    exact_ = true;
    missing_.clear();
    for (int v = 0; v < net_.n_nodes(); ++v) {
      if (row[v] < 0) {
        slot_[v] = static_cast<int>(missing_.size());
        missing_.push_back(v);
      }
    }
    group(row);
    double loglik = fixed_loglik_;
    for (Component& c : components_)
      loglik += c.sampled ? sample_component(c, row) : enumerate(c, row);
    for (int v : missing_) slot_[v] = -1;
    return loglik;
  }

  const std::vector<Component>& components() const { return components_; }
  bool exact() const { return exact_; }
  const std::vector<int>& missing() const { return missing_; }

  // Writes option `k` of component `c` into the row.
  void assign(std::size_t c, std::size_t k, std::vector<int>& row) const {
    const Component& comp = components_[c];
    const std::size_t m = comp.vars.size();
    for (std::size_t i = 0; i < m; ++i) row[comp.vars[i]] = comp.states[k * m + i];
  }

  // The most probable completion of the row (iterated conditional modes polish the best
  // sample of a sampled component).
  void assign_map(std::vector<int>& row) {
    for (std::size_t c = 0; c < components_.size(); ++c) {
      const Component& comp = components_[c];
      const auto best = std::max_element(comp.log_score.begin(), comp.log_score.end());
      assign(c, static_cast<std::size_t>(best - comp.log_score.begin()), row);
      if (comp.sampled) conditional_modes(comp.vars, row);
    }
  }

 private:
  // Union-find over the missing cells through the families that contain them.
  void group(const std::vector<int>& row) {
    const std::size_t m = missing_.size();
    root_.resize(m);
    std::iota(root_.begin(), root_.end(), 0);
    fixed_loglik_ = 0;
    family_root_.assign(static_cast<std::size_t>(net_.n_nodes()), -1);
    for (int v = 0; v < net_.n_nodes(); ++v) {
      int first = -1;
      auto visit = [&](int u) {
        if (slot_[u] < 0) return;
        if (first < 0) first = slot_[u]; else unite(first, slot_[u]);
      };
      visit(v);
      for (int p : net_.parents(v)) visit(p);
      if (first < 0) fixed_loglik_ += net_.log_prob(v, row.data()); else family_root_[v] = first;
    }
    component_of_.assign(m, -1);
    // The previous row's components go to spare_ and are reused: their buffers stay
    // allocated (a row costs a few microseconds, an allocation a sizeable share of it).
    for (Component& c : components_) spare_.push_back(std::move(c));
    components_.clear();
    for (std::size_t i = 0; i < m; ++i) {
      const int r = find(static_cast<int>(i));
      if (component_of_[r] < 0) {
        component_of_[r] = static_cast<int>(components_.size());
        new_component();
      }
    }
    // Variables in topological order, so forward sampling within a component works.
    for (int v : net_.order()) {
      if (slot_[v] >= 0) components_[component_of_[find(slot_[v])]].vars.push_back(v);
    }
    for (int v = 0; v < net_.n_nodes(); ++v) {
      if (family_root_[v] >= 0)
        components_[component_of_[find(family_root_[v])]].factors.push_back(v);
    }
    for (Component& c : components_) {
      double size = 1;
      for (int v : c.vars) size *= net_.states(v);
      c.sampled = size > static_cast<double>(options_.max_component);
    }
  }
  void new_component() {
    if (spare_.empty()) {
      components_.emplace_back();
      return;
    }
    components_.push_back(std::move(spare_.back()));
    spare_.pop_back();
    Component& c = components_.back();
    c.vars.clear();
    c.factors.clear();
    c.sampled = false;
    c.states.clear();
    c.prob.clear();
    c.log_score.clear();
  }

  int find(int i) {
    while (root_[i] != i) i = root_[i] = root_[root_[i]];
    return i;
  }
  void unite(int a, int b) { root_[find(a)] = find(b); }

  double component_log_score(const Component& c, const std::vector<int>& row) const {
    double lp = 0;
    for (int f : c.factors) lp += net_.log_prob(f, row.data());
    return lp;
  }

  // Every completion of the component (first variable fastest); returns log Z_c. A step
  // rescores only the families of the variables it changed.
  double enumerate(Component& c, std::vector<int>& row) {
    const std::size_t m = c.vars.size(), n_factors = c.factors.size();
    std::size_t size = 1;
    for (int v : c.vars) size *= static_cast<std::size_t>(net_.states(v));
    for (int v : c.vars) row[v] = 0;
    if (var_factors_.size() < m) var_factors_.resize(m);
    for (std::size_t i = 0; i < m; ++i) var_factors_[i].clear();
    for (std::size_t f = 0; f < n_factors; ++f) {
      const int node = c.factors[f];
      for (std::size_t i = 0; i < m; ++i) {
        const int v = c.vars[i];
        const auto& pa = net_.parents(node);
        if (v == node || std::find(pa.begin(), pa.end(), v) != pa.end())
          var_factors_[i].push_back(f);
      }
    }
    factor_value_.resize(n_factors);
    for (std::size_t f = 0; f < n_factors; ++f) {
      factor_value_[f] = net_.log_prob(c.factors[f], row.data());
    }
    c.states.clear();
    c.log_score.clear();
    for (std::size_t k = 0; k < size; ++k) {
      double lp = 0;
      for (double x : factor_value_) lp += x;  // -Inf when some theta is zero
      if (lp > -std::numeric_limits<double>::infinity()) {
        for (int v : c.vars) c.states.push_back(row[v]);
        c.log_score.push_back(lp);
      }
      for (std::size_t i = 0; i < m; ++i) {  // next completion
        const bool carry = ++row[c.vars[i]] == net_.states(c.vars[i]);
        if (carry) row[c.vars[i]] = 0;
        for (std::size_t f : var_factors_[i]) {
          factor_value_[f] = net_.log_prob(c.factors[f], row.data());
        }
        if (!carry) break;
      }
    }
    if (c.log_score.empty()) return impossible(c, row, size);
    return normalise(c);
  }

  // The observed cells have probability zero: every completion gets the same weight, so
  // the row still counts, and the likelihood is -Inf.
  double impossible(Component& c, std::vector<int>& row, std::size_t size) {
    const std::size_t m = c.vars.size();
    for (int v : c.vars) row[v] = 0;
    for (std::size_t k = 0; k < size; ++k) {
      for (int v : c.vars) c.states.push_back(row[v]);
      c.log_score.push_back(0.0);
      for (std::size_t i = 0; i < m; ++i) {
        if (++row[c.vars[i]] < net_.states(c.vars[i])) break;
        row[c.vars[i]] = 0;
      }
    }
    normalise(c);
    return -std::numeric_limits<double>::infinity();
  }

  double normalise(Component& c) {
    const double top = *std::max_element(c.log_score.begin(), c.log_score.end());
    c.prob.resize(c.log_score.size());
    double total = 0;
    for (std::size_t k = 0; k < c.prob.size(); ++k)
      total += c.prob[k] = std::exp(c.log_score[k] - top);
    for (double& p : c.prob) p /= total;
    return top + std::log(total);
  }

  // A component too large to enumerate: `samples` Gibbs draws (equal weights) after
  // `burn_in` sweeps from a forward sample; log Z_c by likelihood weighting, i.e. the
  // mean over forward samples of the product of the evidence families' theta.
  double sample_component(Component& c, std::vector<int>& row) {
    exact_ = false;
    const std::size_t m = c.vars.size(), n = std::max<std::size_t>(options_.samples, 1);
    Random& rng = rng_.get();
    forward_sample(net_, row, c.vars, rng, buffer_);
    for (std::size_t s = 0; s < options_.burn_in; ++s) gibbs_sweep(net_, row, c.vars, rng, buffer_);
    c.states.assign(n * m, 0);
    c.log_score.assign(n, 0.0);
    c.prob.assign(n, 1.0 / static_cast<double>(n));
    for (std::size_t s = 0; s < n; ++s) {
      gibbs_sweep(net_, row, c.vars, rng, buffer_);
      for (std::size_t i = 0; i < m; ++i) c.states[s * m + i] = row[c.vars[i]];
      c.log_score[s] = component_log_score(c, row);
    }
    std::vector<double> evidence(std::max<std::size_t>(n, 64));
    for (double& e : evidence) {
      forward_sample(net_, row, c.vars, rng, buffer_);
      e = 0;
      for (int f : c.factors) if (slot_[f] < 0) e += net_.log_prob(f, row.data());
    }
    const double top = *std::max_element(evidence.begin(), evidence.end());
    if (top == -std::numeric_limits<double>::infinity()) return top;
    double total = 0;
    for (double e : evidence) total += std::exp(e - top);
    return top + std::log(total / static_cast<double>(evidence.size()));
  }

  // Sets each variable to its most probable state given the others until none changes.
  void conditional_modes(const std::vector<int>& vars, std::vector<int>& row) {
    for (int round = 0; round < 100; ++round) {
      bool changed = false;
      for (int v : vars) {
        blanket_log_weights(net_, row, v, buffer_);
        const int best =
            static_cast<int>(std::max_element(buffer_.begin(), buffer_.end()) - buffer_.begin());
        if (buffer_[best] > buffer_[row[v]]) {
          row[v] = best;
          changed = true;
        }
      }
      if (!changed) return;
    }
  }

  const CptNetwork& net_;
  const CompletionOptions& options_;
  LazyRandom& rng_;
  std::vector<int> slot_, missing_, root_, component_of_, family_root_;
  std::vector<Component> components_, spare_;
  std::vector<std::vector<std::size_t>> var_factors_;
  std::vector<double> buffer_, factor_value_;
  double fixed_loglik_ = 0;
  bool exact_ = true;
};

}  // namespace learnbn
