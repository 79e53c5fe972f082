// Learning from discrete data with missing cells, under a network with known CPTs.
//
// In one row, the missing variables fall into components: two missing variables share a
// component when some family (a node and its parents) contains both. Given the row's
// observed cells the components are independent, so with theta the CPT entries
//   P(observed cells) = prod_{families without missing cells} theta
//                       * prod_components Z_c,
//   Z_c = sum over the completions of component c of the product of its families' theta,
// and each component's posterior is enumerated exactly (beyond `max_component`
// completions it is Gibbs-sampled instead). From these, in one of four modes:
//   counts: the expected counts E[N_ijk] of every family of the network (each component
//           adds its completions' posterior probabilities to the cells of its families),
//           the E-step of EM;
//   joint:  a completed data set: each incomplete row replaced by the completions of its
//           missing cells, weighted by row_weight * P(completion | observed cells)
//           (products of the components' completions; at most `max_completions` of
//           them, less those below `min_probability`, the rest renormalised; else
//           `samples` independent draws). Its counts are the expected counts of any
//           family (up to that pruning or sampling), so structural EM's search runs on
//           it unchanged;
//   gibbs:  the same with `samples` draws of a Gibbs chain over the row's missing cells
//           (each cell redrawn from its Markov blanket) after `burn_in` sweeps;
//   map:    the most probable completion of each row (impute()).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "../data/data.hpp"
#include "../graph/topological_order.hpp"
#include "../util/rng.hpp"

namespace learnbn {

// A discrete network with CPTs theta[node][cell]: the node's state fastest, then its
// parents in order, first parent fastest (the layout of R's CPT arrays).
class CptNetwork {
 public:
  CptNetwork(std::vector<int> states, std::vector<std::vector<int>> parents,
             std::vector<std::vector<double>> cpts)
      : states_(std::move(states)), parents_(std::move(parents)), cpts_(std::move(cpts)) {
    const std::size_t n = states_.size();
    if (parents_.size() != n || cpts_.size() != n) {
      throw std::invalid_argument("network: one parent set and one CPT per node are needed");
    }
    strides_.resize(n);
    children_.resize(n);
    log_cpts_.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
      std::size_t stride = static_cast<std::size_t>(states_[v]);
      for (int p : parents_[v]) {
        if (p < 0 || static_cast<std::size_t>(p) >= n || p == static_cast<int>(v)) {
          throw std::invalid_argument("network: parent index out of range");
        }
        strides_[v].push_back(stride);
        stride *= static_cast<std::size_t>(states_[p]);
        children_[p].push_back(static_cast<int>(v));
      }
      if (cpts_[v].size() != stride) throw std::invalid_argument("network: CPT size mismatch");
      refresh_logs(static_cast<int>(v));
    }
    order_ = topological_order(parents_, children_);
    if (order_.size() != n) throw std::invalid_argument("network: not acyclic");
  }

  int n_nodes() const { return static_cast<int>(states_.size()); }
  int states(int v) const { return states_[v]; }
  const std::vector<int>& parents(int v) const { return parents_[v]; }
  const std::vector<int>& children(int v) const { return children_[v]; }
  const std::vector<int>& order() const { return order_; }
  const std::vector<double>& cpt(int v) const { return cpts_[v]; }
  std::size_t cells(int v) const { return cpts_[v].size(); }

  // Cell of P(x_v | x_parents) for a row whose family of v is assigned.
  std::size_t cell(int v, const int* row) const {
    std::size_t c = static_cast<std::size_t>(row[v]);
    const std::vector<int>& pa = parents_[v];
    for (std::size_t p = 0; p < pa.size(); ++p) {
      c += static_cast<std::size_t>(row[pa[p]]) * strides_[v][p];
    }
    return c;
  }
  double log_prob(int v, const int* row) const { return log_cpts_[v][cell(v, row)]; }

  void set_cpt(int v, std::vector<double> theta) {
    cpts_[v] = std::move(theta);
    refresh_logs(v);
  }

 private:
  void refresh_logs(int v) {
    log_cpts_[v].resize(cpts_[v].size());
    for (std::size_t c = 0; c < cpts_[v].size(); ++c) log_cpts_[v][c] = std::log(cpts_[v][c]);
  }

  std::vector<int> states_;
  std::vector<std::vector<int>> parents_;
  std::vector<std::vector<double>> cpts_, log_cpts_;
  std::vector<std::vector<std::size_t>> strides_;
  std::vector<std::vector<int>> children_;
  std::vector<int> order_;
};

// Draws index k with probability proportional to exp(log_weight[k]); -1 if all are zero.
inline int draw_log_weights(const std::vector<double>& log_weight, std::size_t n, Random& rng) {
  double top = -std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < n; ++k) top = std::max(top, log_weight[k]);
  if (top == -std::numeric_limits<double>::infinity()) return -1;
  double total = 0;
  for (std::size_t k = 0; k < n; ++k) total += std::exp(log_weight[k] - top);
  double u = rng.uniform() * total;
  int last = -1;
  for (std::size_t k = 0; k < n; ++k) {
    const double p = std::exp(log_weight[k] - top);
    if (p <= 0) continue;
    last = static_cast<int>(k);
    if (u < p) return last;
    u -= p;
  }
  return last;  // rounding left u at the end
}

// Log of P(x_v = k | Markov blanket) up to a constant, for every state k of v: its own
// CPT entry and its children's. Leaves row[v] as it was.
inline void blanket_log_weights(const CptNetwork& net, std::vector<int>& row, int v,
                                std::vector<double>& out) {
  const int current = row[v];
  out.resize(static_cast<std::size_t>(net.states(v)));
  for (int k = 0; k < net.states(v); ++k) {
    row[v] = k;
    double lp = net.log_prob(v, row.data());
    for (int c : net.children(v)) lp += net.log_prob(c, row.data());
    out[static_cast<std::size_t>(k)] = lp;
  }
  row[v] = current;
}

// One Gibbs update of the cells `vars` of a row: each redrawn from its Markov blanket
// (kept when every state has probability zero).
inline void gibbs_sweep(const CptNetwork& net, std::vector<int>& row, const std::vector<int>& vars,
                        Random& rng, std::vector<double>& buffer) {
  for (int v : vars) {
    blanket_log_weights(net, row, v, buffer);
    const int k = draw_log_weights(buffer, buffer.size(), rng);
    if (k >= 0) row[v] = k;
  }
}

// Assigns `vars` (in topological order) by forward sampling from their CPTs.
inline void forward_sample(const CptNetwork& net, std::vector<int>& row, const std::vector<int>& vars,
                           Random& rng, std::vector<double>& buffer) {
  for (int v : vars) {
    buffer.resize(static_cast<std::size_t>(net.states(v)));
    for (int k = 0; k < net.states(v); ++k) {
      row[v] = k;
      buffer[static_cast<std::size_t>(k)] = net.log_prob(v, row.data());
    }
    const int k = draw_log_weights(buffer, buffer.size(), rng);
    row[v] = k >= 0 ? k : 0;
  }
}

struct CompletionOptions {
  enum class Mode { counts, joint, gibbs, map };
  Mode mode = Mode::counts;
  std::size_t max_completions = 256;     // joint: largest joint posterior enumerated per row
  std::size_t max_component = 1u << 16;  // largest component posterior enumerated exactly
  std::size_t samples = 16;              // draws per row past those limits, or in gibbs mode
  std::size_t burn_in = 20;              // Gibbs sweeps before the first draw
  double min_probability = 0;            // joint: smallest completion probability kept
  double max_bytes = 1e9;                // memory limit of the completed data
};

// A completed data set: codes by column, a weight and the input row of every row (or,
// in counts mode, the expected counts of every family in the CPT layout), and
// log P(observed cells) of every input row (unweighted).
struct CompletedData {
  std::vector<std::vector<double>> family_counts;
  std::vector<std::vector<std::uint16_t>> codes;
  std::vector<double> weights;
  std::vector<int> source;
  std::vector<double> row_loglik;
  std::size_t inexact_rows = 0;  // rows whose likelihood is a Monte-Carlo estimate
};

class MemoryLimitError : public std::length_error {
 public:
  explicit MemoryLimitError(const std::string& what) : std::length_error(what) {}
};

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
      : net_(net), options_(options), rng_(rng), slot_(static_cast<std::size_t>(net.n_nodes()), -1) {}

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
    for (Component& c : components_) loglik += c.sampled ? sample_component(c, row) : enumerate(c, row);
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
    components_.clear();
    for (std::size_t i = 0; i < m; ++i) {
      const int r = find(static_cast<int>(i));
      if (component_of_[r] < 0) {
        component_of_[r] = static_cast<int>(components_.size());
        components_.emplace_back();
      }
    }
    // Variables in topological order, so forward sampling within a component works.
    for (int v : net_.order()) {
      if (slot_[v] >= 0) components_[component_of_[find(slot_[v])]].vars.push_back(v);
    }
    for (int v = 0; v < net_.n_nodes(); ++v) {
      if (family_root_[v] >= 0) components_[component_of_[find(family_root_[v])]].factors.push_back(v);
    }
    for (Component& c : components_) {
      double size = 1;
      for (int v : c.vars) size *= net_.states(v);
      c.sampled = size > static_cast<double>(options_.max_component);
    }
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
    var_factors_.assign(m, {});
    for (std::size_t f = 0; f < n_factors; ++f) {
      const int node = c.factors[f];
      for (std::size_t i = 0; i < m; ++i) {
        const int v = c.vars[i];
        const auto& pa = net_.parents(node);
        if (v == node || std::find(pa.begin(), pa.end(), v) != pa.end()) var_factors_[i].push_back(f);
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
    for (std::size_t k = 0; k < c.prob.size(); ++k) total += c.prob[k] = std::exp(c.log_score[k] - top);
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
  std::vector<Component> components_;
  std::vector<std::vector<std::size_t>> var_factors_;
  std::vector<double> buffer_, factor_value_;
  double fixed_loglik_ = 0;
  bool exact_ = true;
};

// Completes every row of `data` (whose columns are the network's nodes) as set by
// `options.mode`; rows without missing cells pass through. Throws MemoryLimitError when
// the completed data would exceed options.max_bytes.
class DataCompleter {
 public:
  DataCompleter(const DataView& data, const CptNetwork& net, const CompletionOptions& options,
                LazyRandom& rng)
      : data_(data), net_(net), options_(options), rng_(rng), posterior_(net, options, rng),
        row_(static_cast<std::size_t>(net.n_nodes())) {
    if (static_cast<int>(data.n_vars()) != net.n_nodes()) {
      throw std::invalid_argument("the data must have one column per node of the network");
    }
    if (options.mode == CompletionOptions::Mode::counts) {
      out_.family_counts.resize(data.n_vars());
      for (int v = 0; v < net.n_nodes(); ++v) out_.family_counts[v].assign(net.cells(v), 0.0);
    } else {
      out_.codes.resize(data.n_vars());
    }
    // Per completed row: its codes, weight and source here and the codes and weight of
    // the R copy (one byte a code at least).
    bytes_per_row_ = 3.0 * static_cast<double>(data.n_vars()) + 20.0;
  }

  CompletedData run(const std::function<void()>& check_interrupt) {
    out_.row_loglik.assign(data_.n_rows, 0.0);
    for (std::size_t r = 0; r < data_.n_rows; ++r) {
      if (r % 1024 == 0) check_interrupt();
      complete_row(r);
    }
    return std::move(out_);
  }

 private:
  void complete_row(std::size_t r) {
    bool incomplete = false;
    for (std::size_t v = 0; v < data_.n_vars(); ++v) {
      const Column& column = data_.columns[v];
      const int code = column.code(r);
      row_[v] = column.missing(code) ? -1 : code;
      incomplete = incomplete || row_[v] < 0;
    }
    const double w = data_.weight(r);
    vars_.clear();  // the missing cells in topological order, for forward sampling
    for (int v : net_.order()) if (row_[v] < 0) vars_.push_back(v);
    if (!incomplete) {
      double lp = 0;
      for (int v = 0; v < net_.n_nodes(); ++v) lp += net_.log_prob(v, row_.data());
      out_.row_loglik[r] = lp;
      emit(r, w);
      return;
    }
    out_.row_loglik[r] = posterior_.analyse(row_);
    if (!posterior_.exact()) ++out_.inexact_rows;
    switch (options_.mode) {
      case CompletionOptions::Mode::counts: add_expected_counts(w); break;
      case CompletionOptions::Mode::joint: emit_joint(r, w); break;
      case CompletionOptions::Mode::gibbs: emit_gibbs(r, w); break;
      case CompletionOptions::Mode::map: posterior_.assign_map(row_); emit(r, w); break;
    }
  }

  void emit(std::size_t r, double weight) {
    if (options_.mode == CompletionOptions::Mode::counts) {
      for (int v = 0; v < net_.n_nodes(); ++v) {
        out_.family_counts[v][net_.cell(v, row_.data())] += weight;
      }
      return;
    }
    if (weight <= 0) return;
    if (static_cast<double>(out_.weights.size() + 1) * bytes_per_row_ > options_.max_bytes) {
      throw MemoryLimitError("the completed data would need more than " +
                             std::to_string(options_.max_bytes) + " bytes");
    }
    for (std::size_t v = 0; v < row_.size(); ++v) {
      out_.codes[v].push_back(static_cast<std::uint16_t>(row_[v]));
    }
    out_.weights.push_back(weight);
    out_.source.push_back(static_cast<int>(r));
  }

  // Adds each component's completions, weighted by w * probability, to the cells of its
  // families; families without missing cells get w.
  void add_expected_counts(double w) {
    const auto& comps = posterior_.components();
    in_component_.assign(row_.size(), false);
    for (std::size_t c = 0; c < comps.size(); ++c) {
      for (int f : comps[c].factors) in_component_[f] = true;
      for (std::size_t k = 0; k < comps[c].size(); ++k) {
        posterior_.assign(c, k, row_);
        const double p = w * comps[c].prob[k];
        for (int f : comps[c].factors) out_.family_counts[f][net_.cell(f, row_.data())] += p;
      }
    }
    for (int v = 0; v < net_.n_nodes(); ++v) {
      if (!in_component_[v]) out_.family_counts[v][net_.cell(v, row_.data())] += w;
    }
  }

  // The joint posterior: all products of the components' completions, or `samples`
  // independent draws of one completion per component when there are too many.
  void emit_joint(std::size_t r, double w) {
    const auto& comps = posterior_.components();
    const std::size_t n = comps.size();
    double size = 1;
    bool sampled = false;
    for (const auto& c : comps) {
      size *= static_cast<double>(c.size());
      sampled = sampled || c.sampled;
    }
    if (!sampled && size <= static_cast<double>(options_.max_completions)) {
      // Completions below min_probability are dropped and the rest renormalised.
      double kept = 0;
      for_each_product(comps, [&](double p) { if (p >= options_.min_probability) kept += p; });
      const double floor = kept > 0 ? options_.min_probability : 0;
      if (kept <= 0) kept = 1;
      for_each_product(comps, [&](double p) {
        if (p < floor) return;
        for (std::size_t c = 0; c < n; ++c) posterior_.assign(c, index_[c], row_);
        emit(r, w * p / kept);
      });
      return;
    }
    const std::size_t draws = std::max<std::size_t>(options_.samples, 1);
    draws_.assign(draws * n, 0);
    for (std::size_t s = 0; s < draws; ++s) {
      for (std::size_t c = 0; c < n; ++c) draws_[s * n + c] = draw_index(comps[c].prob);
    }
    emit_merged(r, w, draws, n, [&](std::size_t s) {
      for (std::size_t c = 0; c < n; ++c) posterior_.assign(c, draws_[s * n + c], row_);
    });
  }

  // Calls f(probability) for every product of the components' completions, with
  // index_ holding the completion of each component.
  template <class F>
  void for_each_product(const std::vector<RowPosterior::Component>& comps, F f) {
    const std::size_t n = comps.size();
    index_.assign(n, 0);
    while (true) {
      double p = 1;
      for (std::size_t c = 0; c < n; ++c) p *= comps[c].prob[index_[c]];
      f(p);
      std::size_t c = 0;
      for (; c < n; ++c) {
        if (++index_[c] < comps[c].size()) break;
        index_[c] = 0;
      }
      if (c == n) return;
    }
  }

  // A Gibbs chain over the row's missing cells under the network's parameters.
  void emit_gibbs(std::size_t r, double w) {
    const std::vector<int>& vars = vars_;
    Random& rng = rng_.get();
    forward_sample(net_, row_, vars, rng, buffer_);
    for (std::size_t s = 0; s < options_.burn_in; ++s) gibbs_sweep(net_, row_, vars, rng, buffer_);
    const std::size_t draws = std::max<std::size_t>(options_.samples, 1), m = vars.size();
    draws_.assign(draws * m, 0);
    for (std::size_t s = 0; s < draws; ++s) {
      gibbs_sweep(net_, row_, vars, rng, buffer_);
      for (std::size_t i = 0; i < m; ++i) draws_[s * m + i] = static_cast<std::size_t>(row_[vars[i]]);
    }
    emit_merged(r, w, draws, m, [&](std::size_t s) {
      for (std::size_t i = 0; i < m; ++i) row_[vars[i]] = static_cast<int>(draws_[s * m + i]);
    });
  }

  // Emits each distinct draw (rows of `draws_`, `width` entries each) once, with weight
  // w times its share of the draws; `apply(s)` writes draw s into the row.
  template <class Apply>
  void emit_merged(std::size_t r, double w, std::size_t draws, std::size_t width, Apply apply) {
    order_.resize(draws);
    std::iota(order_.begin(), order_.end(), 0);
    auto key = [&](std::size_t s) { return draws_.begin() + static_cast<std::ptrdiff_t>(s * width); };
    std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      return std::lexicographical_compare(key(a), key(a) + static_cast<std::ptrdiff_t>(width), key(b),
                                          key(b) + static_cast<std::ptrdiff_t>(width));
    });
    for (std::size_t i = 0; i < draws;) {
      std::size_t j = i + 1;
      while (j < draws && std::equal(key(order_[i]), key(order_[i]) + static_cast<std::ptrdiff_t>(width),
                                     key(order_[j]))) ++j;
      apply(order_[i]);
      emit(r, w * static_cast<double>(j - i) / static_cast<double>(draws));
      i = j;
    }
  }

  std::size_t draw_index(const std::vector<double>& prob) {
    double u = rng_.get().uniform();
    for (std::size_t k = 0; k + 1 < prob.size(); ++k) {
      if (u < prob[k]) return k;
      u -= prob[k];
    }
    return prob.size() - 1;
  }

  const DataView& data_;
  const CptNetwork& net_;
  const CompletionOptions& options_;
  LazyRandom& rng_;
  RowPosterior posterior_;
  CompletedData out_;
  std::vector<int> row_, vars_;
  std::vector<bool> in_component_;
  std::vector<std::size_t> index_, draws_, order_;
  std::vector<double> buffer_;
  double bytes_per_row_ = 0;
};

// Counts N_ijk of a family over the rows where the node and its parents are all observed
// (available cases), dense: node state fastest, then parents, first parent fastest.
inline std::vector<double> available_counts(const DataView& data, int node,
                                            const std::vector<int>& parents) {
  std::size_t cells = static_cast<std::size_t>(data.columns[node].cardinality);
  std::vector<std::size_t> stride;
  for (int p : parents) {
    stride.push_back(cells);
    cells *= static_cast<std::size_t>(data.columns[p].cardinality);
  }
  std::vector<double> counts(cells, 0.0);
  for (std::size_t r = 0; r < data.n_rows; ++r) {
    const int code = data.columns[node].code(r);
    if (data.columns[node].missing(code)) continue;
    std::size_t cell = static_cast<std::size_t>(code);
    bool observed = true;
    for (std::size_t p = 0; p < parents.size() && observed; ++p) {
      const int pc = data.columns[parents[p]].code(r);
      observed = !data.columns[parents[p]].missing(pc);
      cell += static_cast<std::size_t>(pc) * stride[p];
    }
    if (observed) counts[cell] += data.weight(r);
  }
  return counts;
}

// Gibbs sampling of the parameters from incomplete data (seed 004, "Methods for
// incomplete data"): each sweep counts N_ijk on the completed data, draws every
// theta_ij from its Dirichlet posterior Dir(alpha_ijk + N_ijk) with the BDeu prior
// alpha_ijk = iss / (q_i r_i) (equations 10-11), then redraws every missing cell from its
// Markov blanket under the drawn theta. The estimate is the average over the sweeps
// after burn-in of the posterior means (alpha_ijk + N_ijk) / (alpha_ij + N_ij).
// Rows with missing cells are expanded into their (whole-number) case counts, so cases
// of one row are completed independently.
class GibbsParameterSampler {
 public:
  GibbsParameterSampler(const DataView& data, CptNetwork net, double iss, Random& rng)
      : net_(std::move(net)), iss_(iss), rng_(rng), p_(net_.n_nodes()) {
    if (static_cast<int>(data.n_vars()) != p_) {
      throw std::invalid_argument("the data must have one column per node of the network");
    }
    fixed_.resize(static_cast<std::size_t>(p_));
    for (int v = 0; v < p_; ++v) fixed_[v].assign(net_.cells(v), 0.0);
    std::vector<int> row(static_cast<std::size_t>(p_));
    for (std::size_t r = 0; r < data.n_rows; ++r) {
      bool incomplete = false;
      for (int v = 0; v < p_; ++v) {
        const int code = data.columns[v].code(r);
        row[v] = data.columns[v].missing(code) ? -1 : code;
        incomplete = incomplete || row[v] < 0;
      }
      const double w = data.weight(r);
      if (!incomplete) {
        for (int v = 0; v < p_; ++v) fixed_[v][net_.cell(v, row.data())] += w;
        continue;
      }
      if (w != std::floor(w)) {
        throw std::invalid_argument("Gibbs sampling needs whole-number case counts");
      }
      for (double copy = 0; copy < w; ++copy) add_case(row);
    }
    sums_.resize(static_cast<std::size_t>(p_));
    for (int v = 0; v < p_; ++v) sums_[v].assign(net_.cells(v), 0.0);
  }

  std::size_t n_incomplete_cases() const { return case_start_.size(); }

  // Sets every missing cell by forward sampling under the starting parameters.
  void initialise() {
    for (std::size_t c = 0; c < case_start_.size(); ++c) {
      load(c);
      forward_sample(net_, row_, vars_, rng_, buffer_);
      store(c);
    }
  }

  // One sweep; `keep` adds this sweep's posterior means to the average.
  void sweep(bool keep) {
    count();
    for (int v = 0; v < p_; ++v) draw_theta(v, keep);
    for (std::size_t c = 0; c < case_start_.size(); ++c) {
      load(c);
      gibbs_sweep(net_, row_, vars_, rng_, buffer_);
      store(c);
    }
    if (keep) ++kept_;
  }

  // The average of the kept sweeps' posterior means, one CPT per node.
  std::vector<std::vector<double>> estimate() const {
    std::vector<std::vector<double>> out = sums_;
    for (auto& table : out) for (double& x : table) x /= static_cast<double>(kept_);
    return out;
  }

 private:
  void add_case(const std::vector<int>& row) {
    case_start_.push_back(codes_.size());
    codes_.insert(codes_.end(), row.begin(), row.end());
    missing_start_.push_back(missing_.size());
    for (int v : net_.order()) if (row[v] < 0) missing_.push_back(v);
  }
  void load(std::size_t c) {
    row_.assign(codes_.begin() + static_cast<std::ptrdiff_t>(case_start_[c]),
                codes_.begin() + static_cast<std::ptrdiff_t>(case_start_[c] + p_));
    const std::size_t end = c + 1 < missing_start_.size() ? missing_start_[c + 1] : missing_.size();
    vars_.assign(missing_.begin() + static_cast<std::ptrdiff_t>(missing_start_[c]),
                 missing_.begin() + static_cast<std::ptrdiff_t>(end));
  }
  void store(std::size_t c) {
    std::copy(row_.begin(), row_.end(), codes_.begin() + static_cast<std::ptrdiff_t>(case_start_[c]));
  }

  // N_ijk of every family on the completed data.
  void count() {
    counts_ = fixed_;
    for (std::size_t c = 0; c < case_start_.size(); ++c) {
      const int* row = codes_.data() + case_start_[c];
      for (int v = 0; v < p_; ++v) counts_[v][net_.cell(v, row)] += 1.0;
    }
  }

  void draw_theta(int v, bool keep) {
    const std::size_t r = static_cast<std::size_t>(net_.states(v)), cells = net_.cells(v);
    const std::size_t q = cells / r;
    const double alpha = iss_ / static_cast<double>(cells);
    std::vector<double> theta(cells), logs(r);
    for (std::size_t j = 0; j < q; ++j) {
      const double* n = counts_[v].data() + j * r;
      double total = 0;
      for (std::size_t k = 0; k < r; ++k) total += alpha + n[k];
      for (std::size_t k = 0; k < r; ++k) {
        logs[k] = log_gamma_draw(alpha + n[k], rng_);
        if (keep) sums_[v][j * r + k] += (alpha + n[k]) / total;
      }
      const double top = *std::max_element(logs.begin(), logs.end());
      double sum = 0;
      for (std::size_t k = 0; k < r; ++k) sum += theta[j * r + k] = std::exp(logs[k] - top);
      for (std::size_t k = 0; k < r; ++k) theta[j * r + k] /= sum;
    }
    net_.set_cpt(v, std::move(theta));
  }

  CptNetwork net_;
  double iss_;
  Random& rng_;
  int p_;
  std::vector<std::vector<double>> fixed_, counts_, sums_;
  std::vector<int> codes_, missing_, row_, vars_;
  std::vector<std::size_t> case_start_, missing_start_;
  std::vector<double> buffer_;
  std::size_t kept_ = 0;
};

}  // namespace learnbn
