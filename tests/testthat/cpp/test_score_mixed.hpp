// score/cg_rows.hpp and the one-pass additions of conditional_gaussian.hpp, to the bit.
#pragma once
#include <map>
#include <random>
#include <vector>

#include <learnbn/score/conditional_gaussian.hpp>

#include "check.hpp"

namespace learnbn_test {

using namespace learnbn;

// CGRows (the row passes of CLG families) against a plain pass, to the last bit: per
// observed configuration (by first appearance) the cases, sums and lower cross-products
// of the standardised variables less the configuration's first row (its pilot; none
// without discrete variables), with and without weights, dense and
// hashed configurations (50^3 > 65536), byte and int codes, 0 to 6 variables, and more
// discrete sets than it keeps numbered; then the one-pass additions against gather() of
// each family, and ConditionalGaussian::score_additions() against score().
struct PlainCG {
  std::vector<std::uint64_t> keys;
  std::vector<double> n, s, c, p;
};
inline PlainCG plain_cg(const DataView& d, const std::vector<double>& mean,
                        const std::vector<double>& scale, const std::vector<int>& disc,
                        const std::vector<int>& vars) {
  PlainCG out;
  const std::size_t k = vars.size();
  std::map<std::uint64_t, std::size_t> index;
  for (std::size_t row = 0; row < d.n_rows; ++row) {
    std::uint64_t key = 0, stride = 1;
    for (int v : disc) {
      key += stride * static_cast<std::uint64_t>(d.columns[v].code(row));
      stride *= static_cast<std::uint64_t>(d.columns[v].cardinality);
    }
    auto found = index.emplace(key, out.keys.size());
    if (found.second) {
      out.keys.push_back(key);
      out.n.push_back(0);
      out.s.resize(out.s.size() + k, 0.0);
      out.c.resize(out.c.size() + k * k, 0.0);
      for (std::size_t a = 0; a < k; ++a) {
        const double z = (d.columns[vars[a]].real[row] - mean[vars[a]]) * (1 / scale[vars[a]]);
        out.p.push_back(disc.empty() ? 0.0 : z);
      }
    }
    const std::size_t j = found.first->second;
    const double w = d.weight(row);
    out.n[j] += w;
    std::vector<double> v(k);
    for (std::size_t a = 0; a < k; ++a) {
      v[a] = (d.columns[vars[a]].real[row] - mean[vars[a]]) * (1 / scale[vars[a]]) -
             out.p[j * k + a];
      out.s[j * k + a] += w * v[a];
      for (std::size_t b = 0; b <= a; ++b) out.c[(j * k + a) * k + b] += w * v[a] * v[b];
    }
  }
  return out;
}

inline void test_cg_rows() {
  const std::size_t rows = 400;
  std::mt19937 rng(11);
  std::normal_distribution<double> normal(0, 1);
  std::vector<std::vector<std::uint8_t>> small(3);
  std::vector<std::vector<int>> wide(3);
  std::vector<std::vector<double>> real(6);
  std::vector<double> weights(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    small[0].push_back(static_cast<std::uint8_t>(rng() % 3));
    small[1].push_back(static_cast<std::uint8_t>(rng() % 2));
    small[2].push_back(static_cast<std::uint8_t>(rng() % 4));
    for (auto& w : wide) w.push_back(static_cast<int>(rng() % 50));
    for (std::size_t v = 0; v < real.size(); ++v) real[v].push_back(normal(rng) + v * small[0][r]);
    weights[r] = 1 + static_cast<double>(rng() % 4);
  }
  DataView d;  // columns 0-2 small codes, 3-5 wide codes (50 levels), 6-11 continuous
  for (auto& c : small) d.columns.push_back(Column{c.data(), nullptr, nullptr, c == small[1] ? 2 : 3});
  d.columns[2].cardinality = 4;
  for (auto& c : wide) d.columns.push_back(Column{nullptr, c.data(), nullptr, 50});
  for (auto& c : real) d.columns.push_back(Column{nullptr, nullptr, c.data(), 0});
  d.n_rows = rows;
  d.n_cases = rows;
  std::vector<double> mean(d.n_vars(), 0.0), scale(d.n_vars(), 1.0);
  for (std::size_t v = 6; v < 12; ++v) {
    mean[v] = 0.1 * v;
    scale[v] = 1 + 0.05 * v;
  }
  const std::vector<std::vector<int>> discs = {{}, {0}, {0, 1}, {3, 4, 5}, {2, 0}, {1}, {4}, {0}};
  const std::vector<int> all = {6, 7, 8, 9, 10, 11};
  bool same = true;
  for (int weighted = 0; weighted < 2; ++weighted) {
    d.weights = weighted ? weights.data() : nullptr;
    CGRows cg_rows(d, mean, scale);
    for (int round = 0; round < 2; ++round) {
      for (const auto& disc : discs) {
        for (std::size_t k = 0; k <= all.size(); ++k) {
          const std::vector<int> vars(all.begin(), all.begin() + k);
          PlainCG got;
          cg_rows.gather(disc, vars, got.keys, got.n, got.s, got.c, got.p);
          const PlainCG want = plain_cg(d, mean, scale, disc, vars);
          same = same && got.keys == want.keys && got.n == want.n && got.s == want.s &&
                 got.c == want.c && got.p == want.p;
        }
      }
    }
    // Additions: family (disc {0} or {3, 4} or none; continuous 6, 7; node 8).
    for (const auto& disc : {std::vector<int>{0}, std::vector<int>{3, 4}, std::vector<int>{}}) {
      std::vector<char> taken;
      cg_rows.gather_additions(disc, {6, 7, 8}, {9, 10}, {1, 2, 5}, taken);
      same = same && taken == std::vector<char>(5, 1);
      for (std::size_t t = 0; t < 5; ++t) {
        PlainCG got;
        std::vector<int> fd = disc, fv = {6, 7, 8};
        if (t < 2) {
          cg_rows.continuous_addition(t, got.keys, got.n, got.s, got.c, got.p);
          fv = {6, 7, t == 0 ? 9 : 10, 8};
        } else {
          cg_rows.discrete_addition(t - 2, got.keys, got.n, got.s, got.c, got.p);
          fd.push_back(t == 2 ? 1 : t == 3 ? 2 : 5);
        }
        const PlainCG want = plain_cg(d, mean, scale, fd, fv);
        same = same && got.keys == want.keys && got.n == want.n && got.s == want.s &&
               got.c == want.c && got.p == want.p;
      }
    }
    for (ScoreType type : {ScoreType::bic, ScoreType::bcg}) {
      ScoreSpec spec;
      spec.type = type;
      spec.iss = 1e7;
      ConditionalGaussian cg(d, spec);
      const int parents[] = {0, 6};
      const int extras[] = {1, 2, 3, 7, 9, 10, 11};
      double out[7];
      std::vector<char> done;
      cg.score_additions(8, parents, 2, extras, 7, out, done);
      for (std::size_t e = 0; e < 7; ++e) {
        const int family[] = {0, 6, extras[e]};
        same = same && done[e] && out[e] == cg.score(8, family, 3);
      }
    }
  }
  CHECK(same);
}

}  // namespace learnbn_test
