// Gibbs sampling of the CPT parameters of a network from discrete data with missing
// cells (fit_parameters(missing = "gibbs")).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../data/data.hpp"
#include "../network/cpt_network.hpp"
#include "../util/rng.hpp"
#include "sampling.hpp"

namespace learnbn {

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
    check_data_fits(data, net_);
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
    std::copy(row_.begin(), row_.end(),
              codes_.begin() + static_cast<std::ptrdiff_t>(case_start_[c]));
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
