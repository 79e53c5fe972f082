// Conditional independence tests X _||_ Y | Z: on discrete data from one pass of
// counting over (x, y, z); on continuous data from the correlation matrix (Fisher's z
// and the Gaussian G2, see gaussian.hpp).
//
// X, Y and Z may each be a set of variables (a set acts as one combined variable whose
// states are the combinations of its members' states). Rows are first mapped to ids of
// x, y and z configurations; the three-way table N[x, y, z] is then counted densely when
// it is small, otherwise only its observed cells are kept (hash-renumbered), so memory
// stays linear in the rows.
//
// Statistics (seed 002 notation, E = N[x,z] N[y,z] / N[z]):
//   Pearson   X2 = sum (N[x,y,z] - E)^2 / E
//   G2 (= 2 N MI(X; Y | Z)) = 2 sum N[x,y,z] log(N[x,y,z] / E)
// Degrees of freedom: (|X| - 1)(|Y| - 1) prod |Z| over the declared states, or adjusted
// for empty strata and structural zeros: per observed stratum z,
// (max(1, #x with N[x,z] > 0) - 1) (max(1, #y with N[y,z] > 0) - 1), summed.
// Permutation versions permute y within the strata of z (B times) and report
// p = (1 + #{stat* >= stat}) / (B + 1).
//
// Missing values (discrete data, DataView::has_missing): each test uses the available
// cases, the rows observed on all of x, y and z. Those rows' codes are copied into a
// compact view and the test runs on it unchanged, so every statistic, df and
// permutation uses that test's own number of cases (CITestResult::n). Tests whose
// variables have no missing cell take the complete-data path directly.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/math/special_functions/gamma.hpp>

#include "../data/counts.hpp"
#include "../data/data.hpp"
#include "../util/rng.hpp"
#include "gaussian.hpp"

namespace learnbn {

enum class CIStatistic { pearson_x2, likelihood_g2, fisher_z, gaussian_g2 };
// The registry of statistic names, in the order of CIStatistic.
inline const std::vector<std::string>& ci_statistic_names() {
  static const std::vector<std::string> names{"pearson_x2", "g2", "fisher_z", "gaussian_g2"};
  return names;
}

struct CITestSpec {
  CIStatistic statistic = CIStatistic::pearson_x2;
  bool adjusted_df = false;
  int permutations = 0;     // B; 0 means the asymptotic chi-square p-value
  std::uint64_t seed = 0;   // base seed of the permutation streams
};

struct CITestResult {
  double statistic = 0;
  double df = 0;
  double p_value = 1;
  double n = 0;  // cases used: all of them, or the available cases of this test
};

// P(chi2_df > stat); a test with no degrees of freedom never rejects.
inline double chisq_upper_tail(double stat, double df) {
  if (!(df > 0) || !(stat > 0)) return 1.0;
  return boost::math::gamma_q(df / 2.0, stat / 2.0);
}

// Memo of test results keyed by (x, y, z) with x < y and z sorted.
class CITestCache {
 public:
  static std::vector<int> key(int x, int y, std::vector<int> z) {
    std::sort(z.begin(), z.end());
    std::vector<int> k{std::min(x, y), std::max(x, y)};
    k.insert(k.end(), z.begin(), z.end());
    return k;
  }
  const CITestResult* find(const std::vector<int>& k) const {
    auto it = map_.find(k);
    return it == map_.end() ? nullptr : &it->second;
  }
  void insert(const std::vector<int>& k, const CITestResult& r) { map_.emplace(k, r); }
  std::size_t size() const { return map_.size(); }

 private:
  struct KeyHash {  // splitmix64 chained over the node ids
    std::size_t operator()(const std::vector<int>& key) const {
      std::uint64_t h = key.size();
      for (int id : key) h = splitmix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(id)));
      return static_cast<std::size_t>(h);
    }
  };
  std::unordered_map<std::vector<int>, CITestResult, KeyHash> map_;
};

class CITester {
 public:
  CITester(const DataView& data, const CITestSpec& spec) : full_(data), data_(&data), spec_(spec) {
    if (data.n_rows >= std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("too many rows: at most 2^32 - 1 are supported");
    }
    dense_limit_ = dense_limit_for(data.n_rows);
    if (data.has_missing && !data.gaussian()) column_missing_.assign(data.n_vars(), -1);
  }

  const CITestSpec& spec() const { return spec_; }

  CITestResult test(int x, int y, const std::vector<int>& z) {
    return test(std::vector<int>{x}, std::vector<int>{y}, z);
  }

  CITestResult test(const std::vector<int>& x, const std::vector<int>& y,
                    const std::vector<int>& z) {
    // The permutation stream depends on the original variable ids, also on a subset.
    const std::uint64_t seed = spec_.permutations > 0 ? test_seed(x, y, z) : 0;
    if (!column_missing_.empty() && touches_missing(x, y, z)) {
      return available_case_test(x, y, z, seed);
    }
    CITestResult out = test_view(x, y, z, seed);
    out.n = full_.n_cases;
    return out;
  }

 private:
  static double dense_limit_for(std::size_t n_rows) {
    return std::min(Counter::kMaxDenseCells, std::max(65536.0, 4.0 * n_rows));
  }

  // Whether column v has a missing cell; found by one scan on first use.
  bool column_has_missing(int v) {
    signed char& flag = column_missing_[v];
    if (flag < 0) {
      const Column& column = full_.columns[v];
      bool any = false;
      column.for_each(full_.n_rows, [&](std::size_t, int code) { any |= column.missing(code); });
      flag = any;
    }
    return flag > 0;
  }

  bool touches_missing(const std::vector<int>& x, const std::vector<int>& y,
                       const std::vector<int>& z) {
    for (const auto* vars : {&x, &y, &z}) {
      for (int v : *vars) if (column_has_missing(v)) return true;
    }
    return false;
  }

  // The test on the rows observed on x, y and z: their codes (and weights) are copied
  // into subset_, whose columns are x, then y, then z, and the test runs on that view.
  CITestResult available_case_test(const std::vector<int>& x, const std::vector<int>& y,
                                   const std::vector<int>& z, std::uint64_t seed) {
    std::vector<int> vars(x);
    vars.insert(vars.end(), y.begin(), y.end());
    vars.insert(vars.end(), z.begin(), z.end());
    const std::size_t n = full_.n_rows;
    keep_.assign(n, 1);
    for (int v : vars) {
      if (!column_has_missing(v)) continue;
      const Column& column = full_.columns[v];
      column.for_each(n, [&](std::size_t row, int code) { if (column.missing(code)) keep_[row] = 0; });
    }
    rows_.clear();
    for (std::size_t row = 0; row < n; ++row) if (keep_[row]) rows_.push_back(row);
    const std::size_t m = rows_.size();
    subset_ = DataView();
    subset_.n_rows = m;
    subset_.n_cases = static_cast<double>(m);
    if (full_.weights) {
      subset_weights_.resize(m);
      double total = 0;
      for (std::size_t i = 0; i < m; ++i) total += subset_weights_[i] = full_.weights[rows_[i]];
      subset_.weights = subset_weights_.data();
      subset_.n_cases = total;
    }
    small_codes_.resize(vars.size());
    wide_codes_.resize(vars.size());
    for (std::size_t j = 0; j < vars.size(); ++j) {
      const Column& column = full_.columns[vars[j]];
      Column copy;
      copy.cardinality = column.cardinality;
      if (column.small) {
        small_codes_[j].resize(m);
        for (std::size_t i = 0; i < m; ++i) small_codes_[j][i] = column.small[rows_[i]];
        copy.small = small_codes_[j].data();
      } else {
        wide_codes_[j].resize(m);
        for (std::size_t i = 0; i < m; ++i) wide_codes_[j][i] = column.wide[rows_[i]];
        copy.wide = wide_codes_[j].data();
      }
      subset_.columns.push_back(copy);
    }
    std::vector<int> sx(x.size()), sy(y.size()), sz(z.size());
    int next = 0;
    for (auto* ids : {&sx, &sy, &sz}) for (int& id : *ids) id = next++;
    // Run on the subset view; restore the full view even if the test throws.
    struct Restore {
      CITester& t;
      ~Restore() { t.data_ = &t.full_; t.dense_limit_ = dense_limit_for(t.full_.n_rows); }
    } restore{*this};
    data_ = &subset_;
    dense_limit_ = dense_limit_for(m);
    CITestResult out = test_view(sx, sy, sz, seed);
    out.n = subset_.n_cases;
    return out;
  }

  // The test on the active view data_ (the full data or an available-case subset).
  CITestResult test_view(const std::vector<int>& x, const std::vector<int>& y,
                         const std::vector<int>& z, std::uint64_t seed) {
    if (spec_.statistic == CIStatistic::fisher_z) return fisher_z_test(x, y, z, seed);
    if (spec_.statistic == CIStatistic::gaussian_g2) return gaussian_g2_test(x, y, z);
    CITestResult out;
    const double full_x = configurations(x), full_y = configurations(y);
    const double full_z = configurations(z);
    out.df = (full_x - 1) * (full_y - 1) * full_z;
    double adjusted_df = 0;
    if (spec_.permutations == 0 && x.size() == 1 && y.size() == 1 &&
        full_x * full_y * full_z <= dense_limit_ && count_small(x[0], y[0], z)) {
      out.statistic = dense_statistic(static_cast<std::size_t>(full_x),
                                      static_cast<std::size_t>(full_y),
                                      static_cast<std::size_t>(full_z), &adjusted_df);
      if (spec_.adjusted_df) out.df = adjusted_df;
      out.p_value = chisq_upper_tail(out.statistic, out.df);
      return out;
    }
    const std::size_t nx = configuration_ids(x, x_ids_);
    const std::size_t ny = configuration_ids(y, y_ids_);
    std::size_t nz = configuration_ids(z, z_ids_);
    if (static_cast<double>(nx) * ny * nz <= dense_limit_) {
      count_dense(nx, ny, nz);
      out.statistic = dense_statistic(nx, ny, nz, &adjusted_df);
      if (spec_.permutations > 0) {
        out.p_value = permutation_p_value(nx, ny, nz, out.statistic, seed);
      }
    } else {
      if (spec_.permutations > 0) {
        throw std::length_error("the permutation test needs a table of at most " +
                                std::to_string(dense_limit_) + " cells");
      }
      out.statistic = sparse_statistic(nx, ny, &adjusted_df);
    }
    if (spec_.adjusted_df) out.df = adjusted_df;
    if (spec_.permutations == 0) out.p_value = chisq_upper_tail(out.statistic, out.df);
    return out;
  }

  CITestResult gaussian_g2_test(const std::vector<int>& x, const std::vector<int>& y,
                                const std::vector<int>& z) const {
    if (!data_->gaussian()) throw std::invalid_argument("the mi_g test needs continuous data");
    CITestResult out;
    out.statistic = gaussian_g2(*data_, x, y, z);
    out.df = static_cast<double>(x.size() * y.size());
    out.p_value = chisq_upper_tail(out.statistic, out.df);
    return out;
  }

  // Continuous data: Fisher's z of the partial correlation (see gaussian.hpp); the
  // permutation version shuffles the residuals of y on z against those of x on z.
  CITestResult fisher_z_test(const std::vector<int>& x, const std::vector<int>& y,
                             const std::vector<int>& z, std::uint64_t seed) {
    if (!data_->gaussian() || x.size() != 1 || y.size() != 1) {
      throw std::invalid_argument("Fisher's z test needs continuous data and single variables x and y");
    }
    const FisherZ f = fisher_z_from_r(partial_correlation(*data_, x[0], y[0], z), data_->n_cases, z.size());
    CITestResult out;
    out.statistic = f.statistic;
    out.df = f.df;
    out.p_value = spec_.permutations > 0 && f.df > 0 ? residual_permutation_p_value(x[0], y[0], z, seed)
                                                    : f.p_value;
    return out;
  }

  // Residuals of x and y on z by weighted least squares, cases expanded by their
  // whole-number weights; p = (1 + #{|r*| >= |r|}) / (B + 1) over B shuffles of y's.
  double residual_permutation_p_value(int x, int y, const std::vector<int>& z, std::uint64_t seed) {
    const Eigen::Index n = static_cast<Eigen::Index>(data_->n_rows), k = static_cast<Eigen::Index>(z.size());
    Eigen::MatrixXd design(n, k + 1);
    design.col(0).setOnes();
    for (Eigen::Index j = 0; j < k; ++j) design.col(j + 1) = column_values(z[j]);
    Eigen::VectorXd w = Eigen::VectorXd::Ones(n);
    if (data_->weights) w = Eigen::Map<const Eigen::VectorXd>(data_->weights, n);
    const Eigen::VectorXd sw = w.cwiseSqrt();
    const auto qr = (sw.asDiagonal() * design).colPivHouseholderQr();
    auto residual = [&](int v) -> Eigen::VectorXd {
      const Eigen::VectorXd values = column_values(v);
      return values - design * qr.solve(sw.asDiagonal() * values);
    };
    const Eigen::VectorXd rx = residual(x), ry = residual(y);
    std::vector<double> case_x, case_y;
    for (Eigen::Index row = 0; row < n; ++row) {
      for (std::size_t c = 0; c < static_cast<std::size_t>(w[row]); ++c) {
        case_x.push_back(rx[row]);
        case_y.push_back(ry[row]);
      }
    }
    auto cross = [&] {
      double s = 0;
      for (std::size_t i = 0; i < case_x.size(); ++i) s += case_x[i] * case_y[i];
      return std::fabs(s);
    };
    const double observed = cross();
    Random rng(seed);
    const double tolerance = 1e-10 * std::max(1.0, observed);
    std::size_t at_least = 0;
    for (int b = 0; b < spec_.permutations; ++b) {
      for (std::size_t i = case_y.size(); i > 1; --i) {
        std::swap(case_y[i - 1], case_y[rng.below(static_cast<std::uint32_t>(i))]);
      }
      if (cross() >= observed - tolerance) ++at_least;
    }
    return (1.0 + at_least) / (spec_.permutations + 1.0);
  }

  Eigen::VectorXd column_values(int v) const {
    return Eigen::Map<const Eigen::VectorXd>(data_->columns[v].real, static_cast<Eigen::Index>(data_->n_rows));
  }

  // The seed of one test's permutation stream: fixed by the base seed and the variables.
  std::uint64_t test_seed(const std::vector<int>& x, const std::vector<int>& y,
                          const std::vector<int>& z) const {
    std::uint64_t key = spec_.seed;
    for (const auto* vars : {&x, &y, &z}) {
      key = splitmix64(key ^ 0x5851f42d4c957f2dULL);
      for (int v : *vars) key = splitmix64(key ^ static_cast<std::uint64_t>(v));
    }
    return key;
  }

  double configurations(const std::vector<int>& vars) const {
    double q = 1;
    for (int v : vars) q *= data_->columns[v].cardinality;
    return q;
  }

  // Ids of the configurations of `vars` in every row: a mixed-radix index (first
  // variable fastest) while it stays small, renumbered to the observed configurations
  // beyond that. Returns an upper bound on the ids (1 for the empty set).
  std::size_t configuration_ids(const std::vector<int>& vars, std::vector<std::uint32_t>& ids) {
    return static_cast<std::size_t>(combine_columns(*data_, vars.data(), vars.size(), dense_limit_, index_, ids));
  }

  // Fast path of the dense count when every column is stored as bytes: one pass over
  // the rows computes each cell index from the codes directly. Small tables are counted
  // in four interleaved copies so that runs of rows hitting one cell do not stall on
  // the previous increment. Returns false (nothing counted) when the path does not apply.
  bool count_small(int x, int y, const std::vector<int>& z) {
    constexpr std::size_t kMaxVars = 8;
    const std::size_t k = z.size() + 2;
    if (k > kMaxVars) return false;
    const std::uint8_t* col[kMaxVars];
    std::uint32_t stride[kMaxVars];
    std::uint32_t cells = 1;
    for (std::size_t j = 0; j < k; ++j) {
      const Column& column = data_->columns[j == 0 ? x : j == 1 ? y : z[j - 2]];
      if (!column.small) return false;
      col[j] = column.small;
      stride[j] = cells;
      cells *= static_cast<std::uint32_t>(column.cardinality);
    }
    const std::size_t lanes = cells <= 1024 ? 4 : 1;
    scratch_.assign(static_cast<std::size_t>(cells) * lanes, 0.0);
    double* t = scratch_.data();
    const std::size_t n = data_->n_rows;
    const double* w = data_->weights;
    switch (k) {
      case 2: count_rows<2>(col, stride, n, w, t, cells, lanes); break;
      case 3: count_rows<3>(col, stride, n, w, t, cells, lanes); break;
      case 4: count_rows<4>(col, stride, n, w, t, cells, lanes); break;
      case 5: count_rows<5>(col, stride, n, w, t, cells, lanes); break;
      default: count_rows<0>(col, stride, n, w, t, cells, lanes, k); break;
    }
    table_.assign(t, t + cells);
    for (std::size_t lane = 1; lane < lanes; ++lane) {
      const double* part = t + lane * cells;
      for (std::uint32_t c = 0; c < cells; ++c) table_[c] += part[c];
    }
    return true;
  }

  // K > 0: K variables known at compile time; K == 0: `k` variables.
  template <std::size_t K>
  static void count_rows(const std::uint8_t* const* col, const std::uint32_t* stride,
                         std::size_t n, const double* w, double* t, std::uint32_t cells,
                         std::size_t lanes, std::size_t k = K) {
    const std::size_t vars = K ? K : k;
    const std::size_t lane_mask = lanes - 1;
    for (std::size_t row = 0; row < n; ++row) {
      std::uint32_t index = 0;
      for (std::size_t j = 0; j < vars; ++j) index += col[j][row] * stride[j];
      t[(row & lane_mask) * cells + index] += w ? w[row] : 1.0;
    }
  }

  // table_[(z * ny + y) * nx + x] = N[x, y, z]
  void count_dense(std::size_t nx, std::size_t ny, std::size_t nz) {
    table_.assign(nx * ny * nz, 0.0);
    const std::uint32_t *xi = x_ids_.data(), *yi = y_ids_.data(), *zi = z_ids_.data();
    double* t = table_.data();
    const std::size_t n = data_->n_rows;
    if (data_->weights) {
      for (std::size_t row = 0; row < n; ++row) {
        t[(zi[row] * ny + yi[row]) * nx + xi[row]] += data_->weights[row];
      }
    } else {
      for (std::size_t row = 0; row < n; ++row) t[(zi[row] * ny + yi[row]) * nx + xi[row]] += 1.0;
    }
  }

  double dense_statistic(std::size_t nx, std::size_t ny, std::size_t nz, double* adjusted_df) {
    row_total_.resize(nx);
    col_total_.resize(ny);
    double stat = 0, df = 0;
    const bool pearson = spec_.statistic == CIStatistic::pearson_x2;
    for (std::size_t z = 0; z < nz; ++z) {
      const double* t = table_.data() + z * nx * ny;
      std::fill(row_total_.begin(), row_total_.end(), 0.0);
      std::fill(col_total_.begin(), col_total_.end(), 0.0);
      double total = 0;
      for (std::size_t y = 0; y < ny; ++y) {
        for (std::size_t x = 0; x < nx; ++x) {
          row_total_[x] += t[y * nx + x];
          col_total_[y] += t[y * nx + x];
        }
        total += col_total_[y];
      }
      if (total <= 0) continue;
      if (adjusted_df) {
        std::size_t rows = 0, cols = 0;
        for (double v : row_total_) rows += v > 0;
        for (double v : col_total_) cols += v > 0;
        df += static_cast<double>(std::max<std::size_t>(rows, 1) - 1) *
              static_cast<double>(std::max<std::size_t>(cols, 1) - 1);
      }
      for (std::size_t y = 0; y < ny; ++y) {
        if (col_total_[y] <= 0) continue;
        for (std::size_t x = 0; x < nx; ++x) {
          const double expected = row_total_[x] * col_total_[y] / total;
          if (expected <= 0) continue;
          const double observed = t[y * nx + x];
          if (pearson) {
            stat += (observed - expected) * (observed - expected) / expected;
          } else if (observed > 0) {
            stat += 2.0 * observed * std::log(observed / expected);
          }
        }
      }
    }
    if (adjusted_df) *adjusted_df = df;
    return stat;
  }

  // Observed cells only: x and y configurations are paired with the stratum through
  // hash renumbering, so nothing grows with the product of the cardinalities.
  double sparse_statistic(std::size_t nx, std::size_t ny, double* adjusted_df) {
    const std::size_t n = data_->n_rows;
    KeyIndex xz_index, yz_index, cell_index, z_index;
    xz_index.reset(n); yz_index.reset(n); cell_index.reset(n); z_index.reset(n);
    std::vector<double> n_xz, n_yz, n_z, n_cell;
    std::vector<std::uint32_t> xz_stratum, yz_stratum, cell_xz, cell_yz;
    for (std::size_t row = 0; row < n; ++row) {
      const double w = data_->weight(row);
      const std::uint32_t z = z_index.id(z_ids_[row]);
      if (z == n_z.size()) n_z.push_back(0.0);
      n_z[z] += w;
      const std::uint32_t xz = xz_index.id(static_cast<std::uint64_t>(z) * nx + x_ids_[row]);
      if (xz == n_xz.size()) { n_xz.push_back(0.0); xz_stratum.push_back(z); }
      n_xz[xz] += w;
      const std::uint32_t yz = yz_index.id(static_cast<std::uint64_t>(z) * ny + y_ids_[row]);
      if (yz == n_yz.size()) { n_yz.push_back(0.0); yz_stratum.push_back(z); }
      n_yz[yz] += w;
      const std::uint32_t cell = cell_index.id(static_cast<std::uint64_t>(xz) * ny + y_ids_[row]);
      if (cell == n_cell.size()) { n_cell.push_back(0.0); cell_xz.push_back(xz); cell_yz.push_back(yz); }
      n_cell[cell] += w;
    }
    if (adjusted_df) {
      std::vector<double> rows(n_z.size(), 0.0), cols(n_z.size(), 0.0);
      for (std::uint32_t s : xz_stratum) rows[s] += 1;
      for (std::uint32_t s : yz_stratum) cols[s] += 1;
      double df = 0;
      for (std::size_t z = 0; z < n_z.size(); ++z) df += (rows[z] - 1) * (cols[z] - 1);
      *adjusted_df = df;
    }
    // Pearson: sum over all cells of (O - E)^2 / E = sum over observed cells of O^2 / E - N.
    double stat = 0;
    const bool pearson = spec_.statistic == CIStatistic::pearson_x2;
    for (std::size_t cell = 0; cell < n_cell.size(); ++cell) {
      const double observed = n_cell[cell];
      const double expected =
          n_xz[cell_xz[cell]] * n_yz[cell_yz[cell]] / n_z[xz_stratum[cell_xz[cell]]];
      stat += pearson ? observed * observed / expected
                      : 2.0 * observed * std::log(observed / expected);
    }
    if (pearson) stat -= data_->n_cases;
    return std::max(stat, 0.0);
  }

  // Cases (rows expanded by their whole-number weights) sorted by stratum; y is shuffled
  // within each stratum, which keeps N[x, z], N[y, z] and N[z] fixed.
  double permutation_p_value(std::size_t nx, std::size_t ny, std::size_t nz, double observed,
                             std::uint64_t seed) {
    const std::size_t n = data_->n_rows;
    std::vector<std::size_t> start(nz + 1, 0);
    for (std::size_t row = 0; row < n; ++row) {
      start[z_ids_[row] + 1] += static_cast<std::size_t>(data_->weight(row));
    }
    for (std::size_t s = 0; s < nz; ++s) start[s + 1] += start[s];
    const std::size_t n_cases = start[nz];
    std::vector<std::uint32_t> case_x(n_cases), case_y(n_cases);
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t row = 0; row < n; ++row) {
      const std::size_t copies = static_cast<std::size_t>(data_->weight(row));
      for (std::size_t c = 0; c < copies; ++c) {
        const std::size_t at = fill[z_ids_[row]]++;
        case_x[at] = x_ids_[row];
        case_y[at] = y_ids_[row];
      }
    }
    Random rng(seed);
    const double tolerance = 1e-10 * std::max(1.0, std::fabs(observed));
    std::size_t at_least = 0;
    for (int b = 0; b < spec_.permutations; ++b) {
      for (std::size_t s = 0; s < nz; ++s) {  // Fisher-Yates within the stratum
        for (std::size_t i = start[s + 1] - start[s]; i > 1; --i) {
          const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
          std::swap(case_y[start[s] + i - 1], case_y[start[s] + j]);
        }
      }
      table_.assign(nx * ny * nz, 0.0);
      for (std::size_t s = 0; s < nz; ++s) {
        double* t = table_.data() + s * nx * ny;
        for (std::size_t c = start[s]; c < start[s + 1]; ++c) t[case_y[c] * nx + case_x[c]] += 1.0;
      }
      if (dense_statistic(nx, ny, nz, nullptr) >= observed - tolerance) ++at_least;
    }
    return (1.0 + at_least) / (spec_.permutations + 1.0);
  }

  const DataView& full_;
  const DataView* data_;  // the view tested: full_, or subset_ during an available-case test
  CITestSpec spec_;
  double dense_limit_;
  // Available-case tests only: which columns have missing cells (-1 not yet known), and
  // the compact view of the rows complete on the variables of the current test.
  std::vector<signed char> column_missing_;
  std::vector<char> keep_;
  std::vector<std::size_t> rows_;
  DataView subset_;
  std::vector<double> subset_weights_;
  std::vector<std::vector<std::uint8_t>> small_codes_;
  std::vector<std::vector<int>> wide_codes_;
  std::vector<std::uint32_t> x_ids_, y_ids_, z_ids_;
  std::vector<double> table_, scratch_, row_total_, col_total_;
  KeyIndex index_;
};

}  // namespace learnbn
