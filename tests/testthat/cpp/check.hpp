// The CHECK machinery of the C++ core tests and helpers shared by the groups. Every
// check is counted; a failing one records "file:line: condition" (printed by the
// standalone runner, returned to testthat by core_tests()).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <learnbn/data/data.hpp>
#include <learnbn/data/gaussian_stats.hpp>

namespace learnbn_test {

struct Tally {
  int checks = 0;
  std::vector<std::string> failures;
};

inline Tally& tally() {
  static Tally t;
  return t;
}

inline void record(bool ok, const char* file, int line, const char* what) {
  Tally& t = tally();
  ++t.checks;
  if (ok) return;
  std::string where = file;
  const std::size_t slash = where.find_last_of('/');
  if (slash != std::string::npos) where = where.substr(slash + 1);
  t.failures.push_back(where + ":" + std::to_string(line) + ": " + what);
}

// Runs one test function; an exception counts as a failed check.
template <class F>
void run_test(const char* name, F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    record(false, name, 0, (std::string("exception: ") + e.what()).c_str());
  } catch (...) {
    record(false, name, 0, "unknown exception");
  }
}

// Whether a and b are the same double to the bit (also when both are the same NaN:
// under valgrind, whose long double has 64 bits, boost's chi-square tail gives NaN for
// some large df, on every path alike).
inline bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

inline bool near(double a, double b, double tolerance = 1e-9) {
  return std::fabs(a - b) <= tolerance * (1 + std::fabs(b));
}

// Continuous columns with their sufficient statistics, viewed through a DataView (which
// points into the members, so a table can be neither copied nor moved).
struct GaussianTable {
  std::vector<std::vector<double>> x;
  learnbn::GaussianStats stats;
  learnbn::DataView view;

  explicit GaussianTable(std::vector<std::vector<double>> columns) : x(std::move(columns)) {
    std::vector<const double*> pointers;
    for (auto& c : x) pointers.push_back(c.data());
    const std::size_t n = x.empty() ? 0 : x[0].size();
    stats = learnbn::gaussian_stats(pointers, n, nullptr);
    view.n_rows = n;
    view.n_cases = static_cast<double>(n);
    view.correlation = stats.correlation.data();
    view.sd = stats.sds.data();
    for (auto& c : x) { learnbn::Column col; col.real = c.data(); view.columns.push_back(col); }
  }
  GaussianTable(const GaussianTable&) = delete;
  GaussianTable& operator=(const GaussianTable&) = delete;
};

// Random discrete data held in plain vectors, viewed through a DataView.
struct Table {
  std::vector<std::vector<std::uint8_t>> small;
  std::vector<std::vector<int>> wide;
  std::vector<double> weights;
  learnbn::DataView view;

  Table(std::size_t rows, const std::vector<int>& cards, bool weighted, std::mt19937& rng) {
    small.resize(cards.size());
    wide.resize(cards.size());
    for (std::size_t v = 0; v < cards.size(); ++v) {
      std::uniform_int_distribution<int> draw(0, cards[v] - 1);
      if (cards[v] <= 256) {
        for (std::size_t r = 0; r < rows; ++r) small[v].push_back(static_cast<std::uint8_t>(draw(rng)));
      } else {
        for (std::size_t r = 0; r < rows; ++r) wide[v].push_back(draw(rng));
      }
    }
    if (weighted) {
      std::uniform_int_distribution<int> draw(0, 5);
      for (std::size_t r = 0; r < rows; ++r) weights.push_back(draw(rng));
    }
    refresh(cards);
  }
  // Points the view at the vectors again (after the codes were edited in place, the
  // pointers stay valid; after a resize they must be refreshed).
  void refresh(const std::vector<int>& cards) {
    view = learnbn::DataView();
    for (std::size_t v = 0; v < cards.size(); ++v) {
      learnbn::Column column;
      column.cardinality = cards[v];
      if (cards[v] <= 256) column.small = small[v].data(); else column.wide = wide[v].data();
      view.columns.push_back(column);
    }
    view.n_rows = small.empty() ? 0 : std::max(small[0].size(), wide[0].size());
    view.n_cases = static_cast<double>(view.n_rows);
    if (!weights.empty()) {
      view.n_cases = 0;
      for (double w : weights) view.n_cases += w;
      view.weights = weights.data();
    }
  }
};

// Data simulated from a small discrete network given by parent lists and CPTs in
// CptNetwork's layout (the node's state fastest, then its parents, first fastest);
// nodes must be listed parents first.
struct Simulated {
  std::vector<std::vector<std::uint8_t>> codes;
  learnbn::DataView view;

  Simulated(std::size_t rows, const std::vector<int>& cards, const std::vector<std::vector<int>>& parents,
            const std::vector<std::vector<double>>& cpts, std::uint32_t seed) {
    const std::size_t n = cards.size();
    codes.assign(n, std::vector<std::uint8_t>(rows));
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unif(0.0, 1.0);
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t v = 0; v < n; ++v) {
        std::size_t config = 0, stride = 1;
        for (int p : parents[v]) { config += codes[p][r] * stride; stride *= cards[p]; }
        double u = unif(rng);
        int k = 0;
        while (k < cards[v] - 1 && (u -= cpts[v][config * cards[v] + k]) >= 0) ++k;
        codes[v][r] = static_cast<std::uint8_t>(k);
      }
    }
    for (std::size_t v = 0; v < n; ++v) {
      learnbn::Column column;
      column.small = codes[v].data();
      column.cardinality = cards[v];
      view.columns.push_back(column);
    }
    view.n_rows = rows;
    view.n_cases = static_cast<double>(rows);
  }
};

}  // namespace learnbn_test

#define CHECK(cond) ::learnbn_test::record(static_cast<bool>(cond), __FILE__, __LINE__, #cond)
