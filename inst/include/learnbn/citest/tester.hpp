// The conditional independence tester X _||_ Y | Z: on discrete data the X2 or G2 of
// the three-way table (discrete.hpp), on continuous data Fisher's z or the Gaussian G2
// from the correlation matrix (gaussian.hpp); asymptotic p-values, or permutation
// p-values (permutation.hpp) when the spec asks for permutations.
//
// Missing values (discrete data, DataView::has_missing): each test uses the available
// cases, the rows observed on all of x, y and z. Those rows' codes are copied into a
// compact view (data/available_cases.hpp) and the test runs on it unchanged, so every
// statistic, df and permutation uses that test's own number of cases
// (CITestResult::n). Tests whose variables have no missing cell take the complete-data
// path directly. Mixed data likewise: mi_cg runs on a copy of the rows observed on x, y
// and z (the same available cases, continuous values copied too), as bnlearn's tests do.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../data/available_cases.hpp"
#include "../data/data.hpp"
#include "../util/format.hpp"
#include "bit_tables.hpp"
#include "conditional_gaussian.hpp"
#include "discrete.hpp"
#include "gaussian.hpp"
#include "permutation.hpp"
#include "shared_prefix.hpp"
#include "spec.hpp"
#include "window_statistic.hpp"

namespace learnbn {

class CITester {
 public:
  // `dense_rows` sizes the dense tables (ci_dense_limit) when it is not 0: the rows of
  // the original data when `data` are their distinct rows (data/distinct_rows.hpp), so
  // that every test takes the path it takes on the original data.
  CITester(const DataView& data, const CITestSpec& spec, std::size_t dense_rows = 0)
      : full_(data),
        spec_(spec),
        dense_rows_(dense_rows > 0 ? dense_rows : data.n_rows),
        available_(data),
        check_missing_(data.has_missing && !data.gaussian() && data.n_vars() > 0) {
    const bool lrt = spec.statistic == CIStatistic::cg_lrt;
    if (is_mixed(data)) mixed_ = std::make_unique<MixedCITest>(data, lrt);
    if (static_cast<bool>(mixed_) != (spec.statistic == CIStatistic::mixed_cg || lrt)) {
      throw std::invalid_argument("the mi_cg and cg_lrt tests are the tests of mixed data");
    }
    if (data.n_rows >= std::numeric_limits<std::uint32_t>::max()) {
      throw std::length_error("too many rows: at most 2^32 - 1 are supported");
    }
  }

  const CITestSpec& spec() const { return spec_; }

  // Called after each permutation of a permutation test (on this tester's thread).
  void on_permutation(PermutationTick tick) { on_permutation_ = std::move(tick); }

  CITestResult test(int x, int y, const std::vector<int>& z) {
    return test(std::vector<int>{x}, std::vector<int>{y}, z);
  }

  // Counts the tables from bit sets of `rows` where that is estimated cheaper
  // (bit_tables.hpp): `rows` are the rows the tested data stand for (the data
  // themselves, or the original rows of distinct rows), complete and unweighted, and
  // must outlive the tester. Returns false when they cannot be used.
  bool count_bits_from(const DataView& rows, std::shared_ptr<ColumnBits> bits) {
    return !mixed_ && rows.n_vars() == full_.n_vars() && !full_.has_missing &&
           spec_.permutations == 0 &&
           bits_.attach(rows, std::move(bits));
  }

  CITestResult test(const std::vector<int>& x, const std::vector<int>& y,
                    const std::vector<int>& z) {
    if (mixed_) {
      if (x.size() != 1 || y.size() != 1) {
        throw std::invalid_argument("the mi_cg test tests single variables x and y");
      }
      if (full_.has_missing) return mixed_available_case_test(x[0], y[0], z);
      return mixed_->test(x[0], y[0], z);
    }
    if (bits_.attached() && x.size() == 1 && y.size() == 1) {
      CITestResult out;
      if (bit_test(x[0], y[0], z, out)) return out;
    }
    // The permutation stream depends on the original variable ids, also on a subset.
    const std::uint64_t seed = spec_.permutations > 0 ? permutation_seed(spec_.seed, x, y, z) : 0;
    if (check_missing_ && (available_.any_missing(x) || available_.any_missing(y) ||
                           available_.any_missing(z))) {
      return available_case_test(x, y, z, seed);
    }
    CITestResult out = test_view(full_, x, y, z, seed);
    out.n = full_.n_cases;
    return out;
  }

  // The tests x _||_ y | prefix + {c} for the candidates c at positions first, ...,
  // first + width - 1 (width from SharedPrefixTables::width_for; positions past the end
  // give results to ignore), counted together (shared_prefix.hpp); each result equals
  // test(x, y, prefix + {c}). Returns false, computing nothing, where that shortcut does
  // not apply (permutations, continuous data, missing cells, wide codes, tables past the
  // dense limit): then run the tests one by one.
  bool test_shared_prefix(int x, int y, const std::vector<int>& prefix,
                          const std::vector<int>& candidates, std::size_t first, std::size_t width,
                          std::vector<CITestResult>& results) {
    shared_vars_.assign({x, y});
    shared_vars_.insert(shared_vars_.end(), prefix.begin(), prefix.end());
    return test_window(shared_vars_, candidates, first, width, results);
  }

  // The same for the tests x _||_ c given nothing: each result equals test(x, c, {}).
  bool test_pairs(int x, const std::vector<int>& candidates, std::size_t first, std::size_t width,
                  std::vector<CITestResult>& results) {
    shared_vars_.assign({x});
    return test_window(shared_vars_, candidates, first, width, results);
  }

 private:
  // Costs of a pass over one row of the tested data (a single test) and of one lane of
  // a window on one row, in words of bit sets: measured on alarm (PC, 2e4 and 1e6 rows,
  // 1, 2 and 4 tried; 2 fastest on both). A window's tables from bit sets are counted
  // together (BitTables::count_each), which halved the cost of their words: lanes at 4
  // (3, 4, 5 and 6 tried on alarm 1e6; 4 and 5 fastest).
  static constexpr double kRowCost = 2.0, kLaneCost = 4.0;

  // The single test x _||_ y | z from bit sets, when the dense table applies and the bit
  // sets are estimated cheaper than a pass over the rows: the free variable (counted
  // against the cells of the others) is the one whose shared cells are the cheapest to
  // have, the last member of z, y or x. False, computing nothing, otherwise.
  bool bit_test(int x, int y, const std::vector<int>& z, CITestResult& out) {
    if (full_.gaussian() || spec_.statistic == CIStatistic::fisher_z ||
        spec_.statistic == CIStatistic::gaussian_g2) {
      return false;
    }
    const double nx = full_.columns[x].cardinality, ny = full_.columns[y].cardinality;
    const double nz = configurations(full_, z);
    if (nx * ny * nz > ci_dense_limit(dense_rows_)) return false;
    double best = kRowCost * static_cast<double>(full_.n_rows) * (2.0 + z.size());
    int choice = -1;
    for (int option = 0; option < 3; ++option) {
      if (option == 0 && z.empty()) continue;
      free_shared(x, y, z, option);
      const double cost = bits_.cost(shared_vars_, free_var_);
      if (cost < best) { best = cost; choice = option; }
    }
    if (choice < 0) return false;
    free_shared(x, y, z, choice);
    bits_.count(shared_vars_, free_var_, free_inner_, table_.cells());
    const bool pearson = spec_.statistic == CIStatistic::pearson_x2;
    double adjusted_df = 0;
    out.statistic = table_.statistic(static_cast<std::size_t>(nx), static_cast<std::size_t>(ny),
                                     static_cast<std::size_t>(nz), pearson, &adjusted_df);
    out.df = spec_.adjusted_df ? adjusted_df : (nx - 1) * (ny - 1) * nz;
    out.p_value = chisq_upper_tail(out.statistic, out.df);
    out.n = full_.n_cases;
    return true;
  }

  // Option 0: z's last member free, shared x, y and the rest of z; option 1: y free,
  // shared x and z; option 2: x free, shared y and z. free_inner_: the configurations of
  // the variables before the free one in the layout x, y, z.
  void free_shared(int x, int y, const std::vector<int>& z, int option) {
    if (option == 0) {
      shared_vars_.assign({x, y});
      shared_vars_.insert(shared_vars_.end(), z.begin(), z.end() - 1);
      free_var_ = z.back();
      free_inner_ = 1;
      for (int v : shared_vars_) free_inner_ *= full_.columns[v].cardinality;
      return;
    }
    shared_vars_.assign({option == 1 ? x : y});
    shared_vars_.insert(shared_vars_.end(), z.begin(), z.end());
    free_var_ = option == 1 ? y : x;
    free_inner_ = option == 1 ? full_.columns[x].cardinality : 1;
  }

  // Whether the window of `real` candidates from `first` is counted from bit sets: their
  // estimated cost against a pass over the tested rows with one lane per candidate.
  bool bits_pay(const std::vector<int>& shared, const std::vector<int>& candidates,
                std::size_t first, std::size_t real) const {
    double cells = 0;
    double cost = bits_.build_cost(shared, cells);
    for (std::size_t k = 0; k < real; ++k) cost += bits_.free_cost(cells, candidates[first + k]);
    return cost < kLaneCost * static_cast<double>(full_.n_rows) * (1.0 + real);
  }

  // The tests of x _||_ y | Z' + {c} where `shared` is (x, y, Z') or (x) (then c plays y).
  bool test_window(const std::vector<int>& shared, const std::vector<int>& candidates,
                   std::size_t first, std::size_t width, std::vector<CITestResult>& results) {
    if (spec_.permutations > 0 || full_.gaussian() || full_.has_missing || full_.expected ||
        mixed_)
      return false;
    double shared_cells = 1;
    for (int v : shared) {
      if (!full_.columns[v].small) return false;
      shared_cells *= full_.columns[v].cardinality;
    }
    const double dense_limit = ci_dense_limit(dense_rows_);
    for (int c : candidates) {
      if (!full_.columns[c].small || shared_cells * full_.columns[c].cardinality > dense_limit)
        return false;
    }
    const std::size_t real = std::min(width, candidates.size() - first);
    const bool bits = bits_.attached() && bits_pay(shared, candidates, first, real);
    if (!bits) {
      shared_.set_candidates(full_, candidates);
      shared_.count(full_, shared, first, width, true);  // every z' the statistic reads
    }
    const bool pearson = spec_.statistic == CIStatistic::pearson_x2;
    const bool pairs = shared.size() == 1;
    const std::size_t nx = full_.columns[shared[0]].cardinality;
    const std::size_t ny = pairs ? 0 : full_.columns[shared[1]].cardinality;
    const double prefix_z = pairs ? 1 : shared_cells / (static_cast<double>(nx) * ny);
    results.resize(width);
    const std::size_t tables = std::min(width, candidates.size() - first);
    const bool whole = !bits && shared_.whole_counts();
    if (bits) {  // every table at once
      bit_tables_.resize(tables);
      bits_.count_each(shared, &candidates[first], tables, static_cast<std::size_t>(shared_cells),
                       bit_tables_.data());
    }
    if (whole) {  // every table's statistic at once
      window_.resize(tables);
      window_stat_.resize(tables);
      window_df_.resize(tables);
      for (std::size_t k = 0; k < tables; ++k) {
        const std::size_t states = full_.columns[candidates[first + k]].cardinality;
        window_[k] = window_cells(k, nx, ny, states, prefix_z, pairs);
      }
      window_statistics(window_.data(), tables, pearson, window_stat_.data(), window_df_.data(),
                        shared_.live_strata(), shared_.live_count());
    }
    for (std::size_t k = 0; k < tables; ++k) {
      const std::size_t states = full_.columns[candidates[first + k]].cardinality;
      // Given nothing, c is y and z has one configuration; else c is the last of z.
      const std::size_t y_states = pairs ? states : ny;
      const std::size_t nz = pairs ? 1 : static_cast<std::size_t>(prefix_z) * states;
      CITestResult& out = results[k];
      double adjusted_df = 0;
      if (bits) {
        table_.cells().swap(bit_tables_[k]);
        out.statistic = table_.statistic(nx, y_states, nz, pearson, &adjusted_df);
        table_.cells().swap(bit_tables_[k]);
      } else if (whole) {
        out.statistic = window_stat_[k];
        adjusted_df = window_df_[k];
      } else {
        shared_.table(full_, k, table_.cells());
        out.statistic = table_.statistic(nx, y_states, nz, pearson, &adjusted_df);
      }
      out.df =
          spec_.adjusted_df ? adjusted_df : (nx - 1.0) * (y_states - 1.0) * static_cast<double>(nz);
      out.p_value = chisq_upper_tail(out.statistic, out.df);
      out.n = full_.n_cases;
    }
    return true;
  }

  // Where the table of the window's position k lies in the whole counts of shared_: the
  // shared cell x + nx * (y + ny * z') (given nothing: x, and the candidate is y) and the
  // candidate's state c.
  WindowCells window_cells(std::size_t k, std::size_t nx, std::size_t ny, std::size_t states,
                           double prefix_z, bool pairs) const {
    const std::size_t w = shared_.width(), row = shared_.last_states() * w;
    WindowCells cells;
    cells.counts = shared_.whole_counts() + k;
    cells.nx = nx;
    cells.sx = row;
    if (pairs) {
      cells.ny = states;
      cells.sy = w;
      return cells;
    }
    cells.ny = ny;
    cells.sy = nx * row;
    cells.sz = nx * ny * row;
    cells.sc = w;
    cells.nz = static_cast<std::size_t>(prefix_z);
    cells.nc = states;
    return cells;
  }

  // The test on the rows observed on x, y and z, as a view whose columns are x, then y,
  // then z.
  CITestResult available_case_test(const std::vector<int>& x, const std::vector<int>& y,
                                   const std::vector<int>& z, std::uint64_t seed) {
    std::vector<int> vars(x);
    vars.insert(vars.end(), y.begin(), y.end());
    vars.insert(vars.end(), z.begin(), z.end());
    const DataView& subset = available_.select(vars);
    std::vector<int> sx(x.size()), sy(y.size()), sz(z.size());
    int next = 0;
    for (auto* ids : {&sx, &sy, &sz}) for (int& id : *ids) id = next++;
    CITestResult out = test_view(subset, sx, sy, sz, seed);
    out.n = subset.n_cases;
    return out;
  }

  // mi_cg on the rows observed on x, y and z (all rows when none is missing), as bnlearn
  // tests incomplete mixed data; the test fits its models on that subset alone.
  CITestResult mixed_available_case_test(int x, int y, const std::vector<int>& z) {
    std::vector<int> vars{x, y};
    vars.insert(vars.end(), z.begin(), z.end());
    if (!available_.any_missing(vars)) return mixed_->test(x, y, z);
    const DataView& subset = available_.select(vars);
    if (subset.n_rows == 0) {  // no row observed on them all: no evidence of dependence
      CITestResult none;
      none.statistic = 0;
      none.p_value = 1;
      none.n = 0;
      return none;
    }
    std::vector<int> sz(z.size());
    for (std::size_t k = 0; k < z.size(); ++k) sz[k] = static_cast<int>(k) + 2;
    MixedCITest on_subset(subset, spec_.statistic == CIStatistic::cg_lrt);
    return on_subset.test(0, 1, sz);
  }

  // The test on `data` (the full data or an available-case subset).
  CITestResult test_view(const DataView& data, const std::vector<int>& x, const std::vector<int>& y,
                         const std::vector<int>& z, std::uint64_t seed) {
    if (spec_.statistic == CIStatistic::fisher_z) return fisher_z_test(data, x, y, z, seed);
    if (spec_.statistic == CIStatistic::gaussian_g2) return gaussian_g2_test(data, x, y, z);
    return discrete_test(data, x, y, z, seed);
  }

  // X2 or G2: the byte-coded fast path for single x and y, else the dense table over the
  // configuration ids, or the sparse statistic when that table is large.
  CITestResult discrete_test(const DataView& data, const std::vector<int>& x,
                             const std::vector<int>& y, const std::vector<int>& z,
                             std::uint64_t seed) {
    const double dense_limit = ci_dense_limit(&data == &full_ ? dense_rows_ : data.n_rows);
    const bool pearson = spec_.statistic == CIStatistic::pearson_x2;
    CITestResult out;
    const double full_x = configurations(data, x), full_y = configurations(data, y);
    const double full_z = configurations(data, z);
    out.df = (full_x - 1) * (full_y - 1) * full_z;
    double adjusted_df = 0;
    if (spec_.permutations == 0 && x.size() == 1 && y.size() == 1 &&
        full_x * full_y * full_z <= dense_limit && table_.count_small(data, x[0], y[0], z)) {
      out.statistic = table_.statistic(static_cast<std::size_t>(full_x),
                                       static_cast<std::size_t>(full_y),
                                       static_cast<std::size_t>(full_z), pearson, &adjusted_df);
      if (spec_.adjusted_df) out.df = adjusted_df;
      out.p_value = chisq_upper_tail(out.statistic, out.df);
      return out;
    }
    ids_.compute(data, x, y, z, dense_limit);
    if (static_cast<double>(ids_.nx) * ids_.ny * ids_.nz <= dense_limit) {
      table_.count(data, ids_);
      out.statistic = table_.statistic(ids_.nx, ids_.ny, ids_.nz, pearson, &adjusted_df);
      if (spec_.permutations > 0) {
        out.p_value = stratified_permutation_p_value(data, ids_, table_, pearson, out.statistic,
                                                     spec_.permutations, seed, on_permutation_);
      }
    } else {
      if (spec_.permutations > 0) {
        throw std::length_error("the permutation test needs a table of at most " +
                                format_count(dense_limit) + " cells");
      }
      out.statistic = sparse_statistic(data, ids_, pearson, &adjusted_df);
    }
    if (spec_.adjusted_df) out.df = adjusted_df;
    if (spec_.permutations == 0) out.p_value = chisq_upper_tail(out.statistic, out.df);
    return out;
  }

  CITestResult gaussian_g2_test(const DataView& data, const std::vector<int>& x,
                                const std::vector<int>& y, const std::vector<int>& z) const {
    if (!data.gaussian()) throw std::invalid_argument("the mi_g test needs continuous data");
    CITestResult out;
    out.statistic = gaussian_g2(data, x, y, z);
    out.df = static_cast<double>(x.size() * y.size());
    // +inf: x and y linearly related given z (gamma_q() does not take infinity).
    out.p_value = std::isinf(out.statistic) ? 0.0 : chisq_upper_tail(out.statistic, out.df);
    return out;
  }

  // Continuous data: Fisher's z of the partial correlation (see gaussian.hpp); the
  // permutation version shuffles the residuals of y on z against those of x on z.
  CITestResult fisher_z_test(const DataView& data, const std::vector<int>& x,
                             const std::vector<int>& y, const std::vector<int>& z,
                             std::uint64_t seed) const {
    if (!data.gaussian() || x.size() != 1 || y.size() != 1) {
      throw std::invalid_argument(
          "Fisher's z test needs continuous data and single variables x and y");
    }
    const FisherZ f =
        fisher_z_from_r(partial_correlation(data, x[0], y[0], z), data.n_cases, z.size());
    CITestResult out;
    out.statistic = f.statistic;
    out.df = f.df;
    out.p_value = spec_.permutations > 0 && f.df > 0
                      ? residual_permutation_p_value(data, x[0], y[0], z, spec_.permutations, seed,
                                                     on_permutation_)
                      : f.p_value;
    return out;
  }

  const DataView& full_;
  CITestSpec spec_;
  std::size_t dense_rows_;
  PermutationTick on_permutation_;
  AvailableCases available_;
  std::unique_ptr<MixedCITest> mixed_;  // mixed data: the mi_cg or cg_lrt test
  bool check_missing_;  // discrete data with missing cells: tests may need available cases
  ConfigurationIds ids_;
  ThreeWayTable table_;
  SharedPrefixTables shared_;
  std::vector<WindowCells> window_;          // test_window()'s tables
  std::vector<double> window_stat_, window_df_;
  std::vector<std::vector<double>> bit_tables_;  // test_window()'s tables from bit sets
  std::vector<int> shared_vars_;
  BitTables bits_;
  int free_var_ = 0;
  std::size_t free_inner_ = 1;
};

}  // namespace learnbn
