// (Also "cg_lrt", MixedCITest::lrt_test(): the likelihood-ratio test of the "cg_bic" score.)
// The mixed-data conditional independence test "mi_cg": bnlearn 4.9's "mi-cg", the
// likelihood ratio 2 N MI of two nested conditional linear Gaussian models, chi-square.
// With zc the continuous and zd the discrete members of z (q = prod of zd's declared
// levels, 1 when zd is empty), and ll(v | C, D) the CLG log-likelihood of continuous v
// regressed on C within each configuration of D (score/conditional_gaussian.hpp, as
// bnlearn's c_fast_ccgloglik):
//   x, y continuous, z empty: -N log(1 - r^2), df 1;
//   x, y continuous: 2 (ll(y | zc + x, zd) - ll(y | zc, zd)), df q;
//   one discrete d, one continuous c: 2 (ll(c | zc, zd + d) - ll(c | zc, zd)),
//     df (|d| - 1) q (|zc| + 2);
//   x, y discrete, zc empty: G2 of x, y given zd, df (|x| - 1)(|y| - 1) q;
//   x, y discrete, zc = (g_1, ..., g_k): G2 of x, y given zd plus, by bnlearn's chain
//     rule, 2 sum_i (ll(g_i | g_>i, y + zd) - ll(g_i | g_>i, zd)); df the G2's plus
//     q' k (k + 3) / 2 (|y| - 1), where q' is 0 when zd is empty (as bnlearn's code).
// A term whose models include a singular one (an exact fit, or a configuration with no
// more cases than coefficients) is 0: bnlearn never rejects on a singular null model.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "../data/data.hpp"
#include "../score/conditional_gaussian.hpp"
#include "spec.hpp"

namespace learnbn {

class MixedCITest {
 public:
  // `lrt`: the "cg_lrt" test instead (lrt_test()).
  explicit MixedCITest(const DataView& data, bool lrt = false)
      : data_(data), cg_(data, lrt ? lrt_spec() : loglik_spec()), lrt_(lrt) {}

  // "cg_lrt": the likelihood-ratio test of the "cg_bic" score (Tetrad's
  // IndTestConditionalGaussianLrt): 2 (L(y | x, z) - L(y | z)) with L the score's
  // likelihood and df the difference of its degrees of freedom, chi-square. Not
  // symmetric in x and y. Where L is undefined (a singular cell), p = 1 (Tetrad stops).
  CITestResult lrt_test(int x, int y, const std::vector<int>& z) {
    parents_.assign(z.begin(), z.end());
    double dof0 = 0, dof1 = 0;
    const double l0 = cg_.tetrad_likelihood(y, parents_.data(), parents_.size(), dof0);
    parents_.push_back(x);
    const double l1 = cg_.tetrad_likelihood(y, parents_.data(), parents_.size(), dof1);
    CITestResult out;
    out.df = dof1 - dof0;
    out.n = data_.n_cases;
    out.statistic = std::isnan(l1 - l0) ? 0.0 : std::max(0.0, 2 * (l1 - l0));
    out.p_value = std::isinf(out.statistic) ? 0.0
                  : out.statistic == 0 ? 1.0 : chisq_upper_tail(out.statistic, out.df);
    return out;
  }

  CITestResult test(int x, int y, const std::vector<int>& z) {
    if (lrt_) return lrt_test(x, y, z);
    std::vector<int> zc, zd;
    for (int v : z) (continuous(v) ? zc : zd).push_back(v);
    double q = 1;
    for (int v : zd) q *= data_.columns[v].cardinality;
    CITestResult out;
    const bool cx = continuous(x), cy = continuous(y);
    if (cx && cy && z.empty()) {
      const double r = correlation(x, y);
      out.statistic = -data_.n_cases * std::log1p(-r * r);
      out.df = 1;
    } else if (cx && cy) {
      std::vector<int> alternative(zc);
      alternative.push_back(x);
      out.statistic = 2 * lr(y, alternative, zd, zc, zd);
      out.df = q;
    } else if (cx || cy) {
      const int c = cx ? x : y, d = cx ? y : x;
      std::vector<int> alternative(zd);
      alternative.push_back(d);
      out.statistic = 2 * lr(c, zc, alternative, zc, zd);
      out.df = (data_.columns[d].cardinality - 1.0) * q * (zc.size() + 2.0);
    } else {
      out.statistic = g2(x, y, zd);
      out.df = (data_.columns[x].cardinality - 1.0) * (data_.columns[y].cardinality - 1.0) * q;
      std::vector<int> with_y(zd);
      with_y.push_back(y);
      for (std::size_t i = 0; i < zc.size(); ++i) {
        const std::vector<int> later(zc.begin() + i + 1, zc.end());
        // bnlearn's terms ll(g | x) - ll(g | zd) and ll(g | x) - ll(g | y, zd): each is 0
        // when one of its models is singular.
        const double lx = loglik(zc[i], later, {x});
        const double l0 = loglik(zc[i], later, zd), l1 = loglik(zc[i], later, with_y);
        const double t0 = finite(lx, l0) ? lx - l0 : 0, t1 = finite(lx, l1) ? lx - l1 : 0;
        out.statistic += 2 * (t0 - t1);
      }
      if (!zd.empty()) {
        const double k = static_cast<double>(zc.size());
        out.df += q * (k * (k + 3) / 2) * (data_.columns[y].cardinality - 1.0);
      }
    }
    out.p_value = std::isinf(out.statistic) ? 0.0 : chisq_upper_tail(out.statistic, out.df);
    out.n = data_.n_cases;
    return out;
  }

 private:
  static ScoreSpec lrt_spec() {
    ScoreSpec spec;
    spec.type = ScoreType::cg_bic;
    return spec;
  }
  static ScoreSpec loglik_spec() {
    ScoreSpec spec;
    spec.type = ScoreType::loglik;
    return spec;
  }
  static bool finite(double a, double b) { return std::isfinite(a) && std::isfinite(b); }

  bool continuous(int v) const { return data_.columns[v].real != nullptr; }

  // The CLG log-likelihood of continuous `node` given continuous `cont` within the
  // configurations of discrete `disc`; -Inf for a singular model.
  double loglik(int node, const std::vector<int>& cont, const std::vector<int>& disc) {
    parents_.assign(cont.begin(), cont.end());
    parents_.insert(parents_.end(), disc.begin(), disc.end());
    const CGFamily f = cg_.fit(node, parents_.data(), parents_.size());
    if (f.status != CGStatus::none && f.status != CGStatus::collinear) {
      return -std::numeric_limits<double>::infinity();
    }
    return f.loglik;
  }

  // ll(node | alternative) - ll(node | null), 0 when either model is singular.
  double lr(int node, const std::vector<int>& c1, const std::vector<int>& d1,
            const std::vector<int>& c0, const std::vector<int>& d0) {
    const double l1 = loglik(node, c1, d1), l0 = loglik(node, c0, d0);
    return finite(l1, l0) ? l1 - l0 : 0;
  }

  double correlation(int x, int y) const {
    const double *a = data_.columns[x].real, *b = data_.columns[y].real;
    double sa = 0, sb = 0;
    for (std::size_t r = 0; r < data_.n_rows; ++r) {
      sa += data_.weight(r) * a[r];
      sb += data_.weight(r) * b[r];
    }
    const double ma = sa / data_.n_cases, mb = sb / data_.n_cases;
    double saa = 0, sbb = 0, sab = 0;
    for (std::size_t r = 0; r < data_.n_rows; ++r) {
      const double w = data_.weight(r), da = a[r] - ma, db = b[r] - mb;
      saa += w * da * da;
      sbb += w * db * db;
      sab += w * da * db;
    }
    return saa > 0 && sbb > 0 ? sab / std::sqrt(saa * sbb) : 0.0;
  }

  // G2 = 2 sum N[x,y,z] log(N[x,y,z] N[z] / (N[x,z] N[y,z])) over the observed cells,
  // added in the order of a hash map that took the cells as they first appeared (the
  // order of the first implementation, kept to the last bit). The counts go to dense
  // tables when there are at most kDenseCells cells, else to hash maps.
  static constexpr double kDenseCells = 65536;
  double g2(int x, int y, const std::vector<int>& zd) {
    const std::uint64_t nx = data_.columns[x].cardinality, ny = data_.columns[y].cardinality;
    double q = 1;
    for (int v : zd) q *= data_.columns[v].cardinality;
    const bool dense = q * static_cast<double>(nx * ny) <= kDenseCells;
    const std::size_t nz = dense ? static_cast<std::size_t>(q) : 0;
    std::unordered_map<std::uint64_t, double> xyz, xz, yz, zz;
    xyz_.assign(nz * nx * ny, 0.0);
    seen_.assign(nz * nx * ny, 0);
    xz_.assign(nz * nx, 0.0);
    yz_.assign(nz * ny, 0.0);
    zz_.assign(nz, 0.0);
    first_.clear();
    for (std::size_t r = 0; r < data_.n_rows; ++r) {
      std::uint64_t z = 0, stride = 1;
      for (int v : zd) {
        z += stride * static_cast<std::uint64_t>(data_.columns[v].code(r));
        stride *= data_.columns[v].cardinality;
      }
      const std::uint64_t a = data_.columns[x].code(r), b = data_.columns[y].code(r);
      const double w = data_.weight(r);
      const std::uint64_t cell = (z * ny + b) * nx + a;
      if (!dense) {
        xyz[cell] += w;
        xz[z * nx + a] += w;
        yz[z * ny + b] += w;
        zz[z] += w;
        continue;
      }
      if (!seen_[cell]) {
        seen_[cell] = 1;
        first_.push_back(cell);
      }
      xyz_[cell] += w;
      xz_[z * nx + a] += w;
      yz_[z * ny + b] += w;
      zz_[z] += w;
    }
    auto count = [dense](std::unordered_map<std::uint64_t, double>& map,
                         const std::vector<double>& table, std::uint64_t key) {
      return dense ? table[key] : map[key];
    };
    for (std::uint64_t cell : first_) xyz.emplace(cell, xyz_[cell]);
    double s = 0;
    for (const auto& cell : xyz) {
      const std::uint64_t a = cell.first % nx, b = (cell.first / nx) % ny;
      const std::uint64_t z = cell.first / nx / ny;
      s += cell.second * std::log(cell.second * count(zz, zz_, z) /
                                  (count(xz, xz_, z * nx + a) * count(yz, yz_, z * ny + b)));
    }
    return 2 * s;
  }

  const DataView& data_;
  ConditionalGaussian cg_;
  std::vector<int> parents_;
  bool lrt_;
  std::vector<double> xyz_, xz_, yz_, zz_;  // g2()'s dense tables
  std::vector<char> seen_;
  std::vector<std::uint64_t> first_;         // g2()'s cells as they first appeared
};

}  // namespace learnbn
