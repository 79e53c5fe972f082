// Completing discrete data with missing cells under a network with known CPTs, from the
// posterior of each row's missing cells (row_posterior.hpp), in one of four modes:
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
#include <cstddef>
#include <cstdint>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "../data/data.hpp"
#include "../network/cpt_network.hpp"
#include "../util/format.hpp"
#include "../util/rng.hpp"
#include "completion_options.hpp"
#include "row_posterior.hpp"
#include "sampling.hpp"

namespace learnbn {

// Completes every row of `data` (whose columns are the network's nodes) as set by
// `options.mode`; rows without missing cells pass through. Throws MemoryLimitError when
// the completed data would exceed options.max_bytes.
class DataCompleter {
 public:
  DataCompleter(const DataView& data, const CptNetwork& net, const CompletionOptions& options,
                LazyRandom& rng)
      : data_(data), net_(net), options_(options), rng_(rng), posterior_(net, options, rng),
        row_(static_cast<std::size_t>(net.n_nodes())) {
    check_data_fits(data, net);
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
                             format_count(options_.max_bytes) + " bytes");
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
      for (std::size_t i = 0; i < m; ++i)
        draws_[s * m + i] = static_cast<std::size_t>(row_[vars[i]]);
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
    auto key = [&](std::size_t s) {
      return draws_.begin() + static_cast<std::ptrdiff_t>(s * width);
    };
    std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
      return std::lexicographical_compare(key(a), key(a) + static_cast<std::ptrdiff_t>(width),
                                          key(b), key(b) + static_cast<std::ptrdiff_t>(width));
    });
    for (std::size_t i = 0; i < draws;) {
      std::size_t j = i + 1;
      while (j < draws &&
             std::equal(key(order_[i]), key(order_[i]) + static_cast<std::ptrdiff_t>(width),
                        key(order_[j])))
        ++j;
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

// Merges the identical rows of a completed data set (joint or gibbs mode), summing
// their weights, in the order of their first occurrence; the sources are dropped. The
// completions of different rows often coincide (alarm, 20,000 rows with 10% missing
// cells: 800,000 completed rows), and every search over the data is linear in its rows.
inline void merge_duplicate_rows(CompletedData& data) {
  const std::size_t rows = data.weights.size(), vars = data.codes.size();
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> kept_by_hash;
  std::vector<std::size_t> kept;
  std::vector<double> weights;
  auto same = [&](std::size_t a, std::size_t b) {
    for (std::size_t v = 0; v < vars; ++v) if (data.codes[v][a] != data.codes[v][b]) return false;
    return true;
  };
  for (std::size_t r = 0; r < rows; ++r) {
    std::uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (std::size_t v = 0; v < vars; ++v) h = mix64(h ^ data.codes[v][r]);
    std::vector<std::size_t>& candidates = kept_by_hash[h];
    bool merged = false;
    for (std::size_t k : candidates) {
      if (same(kept[k], r)) {
        weights[k] += data.weights[r];
        merged = true;
        break;
      }
    }
    if (merged) continue;
    candidates.push_back(kept.size());
    kept.push_back(r);
    weights.push_back(data.weights[r]);
  }
  for (std::size_t v = 0; v < vars; ++v) {
    std::vector<std::uint16_t> column(kept.size());
    for (std::size_t k = 0; k < kept.size(); ++k) column[k] = data.codes[v][kept[k]];
    data.codes[v].swap(column);
  }
  data.weights.swap(weights);
  data.source.clear();
}

}  // namespace learnbn
