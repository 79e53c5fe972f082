// Permutation p-values of conditional independence tests: each test draws from its own
// stream, seeded by the base seed and the tested variables, and reports
// p = (1 + #{stat* >= stat}) / (B + 1) over B permutations. Discrete data: y is
// permuted within the strata of z and the table's X2 or G2 recomputed; continuous data:
// the residuals of y on z are shuffled against those of x on z.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "../data/data.hpp"
#include "../util/rng.hpp"
#include "discrete.hpp"

namespace learnbn {

// The seed of one test's permutation stream: fixed by the base seed and the variables.
inline std::uint64_t permutation_seed(std::uint64_t base, const std::vector<int>& x,
                                      const std::vector<int>& y, const std::vector<int>& z) {
  std::uint64_t key = base;
  for (const auto* vars : {&x, &y, &z}) {
    key = splitmix64(key ^ 0x5851f42d4c957f2dULL);
    for (int v : *vars) key = splitmix64(key ^ static_cast<std::uint64_t>(v));
  }
  return key;
}

// Called after each permutation of a test with the number done (for progress bars and
// interrupts); returning false stops the test (its p-value is then meaningless).
using PermutationTick = std::function<bool(int done)>;

// Discrete data: cases (rows expanded by their whole-number weights) sorted by stratum;
// y is shuffled within each stratum, which keeps N[x, z], N[y, z] and N[z] fixed, and
// each permutation's dense table is counted into `table`.
inline double stratified_permutation_p_value(const DataView& data, const ConfigurationIds& ids,
                                             ThreeWayTable& table, bool pearson, double observed,
                                             int permutations, std::uint64_t seed,
                                             const PermutationTick& tick = {}) {
  const std::size_t n = data.n_rows, nx = ids.nx, ny = ids.ny, nz = ids.nz;
  std::vector<std::size_t> start(nz + 1, 0);
  for (std::size_t row = 0; row < n; ++row) {
    start[ids.z[row] + 1] += static_cast<std::size_t>(data.weight(row));
  }
  for (std::size_t s = 0; s < nz; ++s) start[s + 1] += start[s];
  const std::size_t n_cases = start[nz];
  std::vector<std::uint32_t> case_x(n_cases), case_y(n_cases);
  std::vector<std::size_t> fill(start.begin(), start.end() - 1);
  for (std::size_t row = 0; row < n; ++row) {
    const std::size_t copies = static_cast<std::size_t>(data.weight(row));
    for (std::size_t c = 0; c < copies; ++c) {
      const std::size_t at = fill[ids.z[row]]++;
      case_x[at] = ids.x[row];
      case_y[at] = ids.y[row];
    }
  }
  Random rng(seed);
  const double tolerance = 1e-10 * std::max(1.0, std::fabs(observed));
  std::size_t at_least = 0;
  std::vector<double>& cells = table.cells();
  for (int b = 0; b < permutations; ++b) {
    for (std::size_t s = 0; s < nz; ++s) {  // Fisher-Yates within the stratum
      for (std::size_t i = start[s + 1] - start[s]; i > 1; --i) {
        const std::size_t j = rng.below(static_cast<std::uint32_t>(i));
        std::swap(case_y[start[s] + i - 1], case_y[start[s] + j]);
      }
    }
    cells.assign(nx * ny * nz, 0.0);
    for (std::size_t s = 0; s < nz; ++s) {
      double* t = cells.data() + s * nx * ny;
      for (std::size_t c = start[s]; c < start[s + 1]; ++c) t[case_y[c] * nx + case_x[c]] += 1.0;
    }
    if (table.statistic(nx, ny, nz, pearson, nullptr) >= observed - tolerance) ++at_least;
    if (tick && !tick(b + 1)) break;
  }
  return (1.0 + at_least) / (permutations + 1.0);
}

// Continuous data: residuals of x and y on z by weighted least squares, cases expanded
// by their whole-number weights; p = (1 + #{|r*| >= |r|}) / (B + 1) over B shuffles of
// y's residuals, r the (unnormalised) cross product of the residuals. Defined with
// Eigen in gaussian_eigen.hpp.
double residual_permutation_p_value(const DataView& data, int x, int y, const std::vector<int>& z,
                                    int permutations, std::uint64_t seed,
                                    const PermutationTick& tick = {});

}  // namespace learnbn
