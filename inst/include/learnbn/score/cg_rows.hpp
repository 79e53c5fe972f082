// The row passes behind conditional Gaussian families (conditional_gaussian.hpp) and the
// mixed test (citest/conditional_gaussian.hpp). Each row's configuration of a set of
// discrete variables is numbered once (by first appearance) and kept for the next
// families with the same discrete parents: a hill climber's candidate continuous
// parents and a test's null and alternative models share it. Continuous columns are
// standardised once, when first used. The sums and cross-products then take one tight
// loop (unrolled for up to 4 variables); every pass adds the same terms in the same row
// order, so every number is the same to the last bit whichever pass computed it.
// Within a configuration the values are shifted by a pilot, the configuration's first
// row (none without discrete variables: the global centring is exact there): sums about
// the global mean would lose digits in cross - sum sum' / n wherever a configuration's
// mean is far from the global one, and a regression with R^2 near 1 amplifies the loss.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "../data/data.hpp"

namespace learnbn {

class CGRows {
 public:
  static constexpr double kDenseConfigs = 65536;
  static constexpr std::uint32_t kNone = static_cast<std::uint32_t>(-1);
  static constexpr std::size_t kIndices = 4;  // numberings kept (the last used)

  // `mean` and `scale`: each continuous variable's standardisation (others ignored).
  CGRows(const DataView& data, const std::vector<double>& mean, const std::vector<double>& scale)
      : data_(data), mean_(mean), scale_(scale), z_(data.n_vars()) {
    if (data.n_rows >= kNone) throw std::length_error("too many rows for mixed data");
    indices_.reserve(kIndices);
  }
  // Refers to its owner's data and standardisation.
  CGRows(const CGRows&) = delete;
  CGRows& operator=(const CGRows&) = delete;

  // The standardised values (x - mean) / sd of continuous `var`, computed on first use.
  const double* standardised(int var) {
    std::vector<double>& z = z_[var];
    if (z.empty() && data_.n_rows > 0) {
      const double* x = data_.columns[var].real;
      const double shift = mean_[var], inverse = 1 / scale_[var];
      z.resize(data_.n_rows);
      for (std::size_t row = 0; row < data_.n_rows; ++row) z[row] = (x[row] - shift) * inverse;
    }
    return z.data();
  }

  // The cases n, sums s (d a configuration) and lower cross-products c (d x d, row-major)
  // of the standardised `vars` (d of them) less their pilots p (d a configuration) in
  // each configuration of discrete `disc` (in order, the first fastest) observed,
  // numbered by first appearance; `keys` their mixed radix numbers. The configuration's
  // means are p + s / n, its centred cross-products c - s s' / n. `disc` must have fewer
  // than 2^64 configurations.
  void gather(const std::vector<int>& disc, const std::vector<int>& vars,
              std::vector<std::uint64_t>& keys, std::vector<double>& n, std::vector<double>& s,
              std::vector<double>& c, std::vector<double>& p) {
    const Index& index = numbering(disc);
    keys = index.keys;
    const std::size_t d = vars.size(), cells = keys.size();
    n.assign(cells, 0.0);
    s.assign(cells * d, 0.0);
    c.assign(cells * d * d, 0.0);
    columns_.resize(d);
    for (std::size_t a = 0; a < d; ++a) columns_[a] = standardised(vars[a]);
    pilots(index, columns_.data(), d, p);
    const std::uint32_t* cell = index.cell.empty() ? nullptr : index.cell.data();
    const Sums out{n.data(), s.data(), c.data(), p.data()};
    switch (d) {
      case 0: return add<0>(cell, d, out);
      case 1: return add<1>(cell, d, out);
      case 2: return add<2>(cell, d, out);
      case 3: return add<3>(cell, d, out);
      case 4: return add<4>(cell, d, out);
      default: return add<-1>(cell, d, out);
    }
  }

  // One pass for the additions to a family (hill climbing's rows of candidate parents):
  // the family has discrete parents `disc` and standardised `vars` (its continuous
  // parents, then the node); `plus_cont` are candidate continuous parents and `plus_disc`
  // candidate discrete ones. A candidate whose statistics would pass kAdditionBudget
  // doubles (with those before it) is left out: taken[t] (continuous ones first) says.
  static constexpr double kAdditionBudget = 4194304;
  void gather_additions(const std::vector<int>& disc, const std::vector<int>& vars,
                        const std::vector<int>& plus_cont, const std::vector<int>& plus_disc,
                        std::vector<char>& taken) {
    gather(disc, vars, base_keys_, base_n_, base_s_, base_c_, base_p_);
    const Index& index = numbering(disc);
    const std::size_t d = vars.size(), cells = base_keys_.size();
    double budget = kAdditionBudget;
    taken.assign(plus_cont.size() + plus_disc.size(), 0);
    cont_.clear();
    for (std::size_t t = 0; t < plus_cont.size(); ++t) {
      budget -= static_cast<double>(cells) * (d + 2);
      if (budget < 0) break;
      taken[t] = 1;
      cont_.push_back(standardised(plus_cont[t]));
    }
    stride_ = 1;
    for (int var : disc) stride_ *= static_cast<std::uint64_t>(data_.columns[var].cardinality);
    std::size_t slots = 0;
    n_disc_plus_ = 0;
    for (std::size_t t = 0; t < plus_disc.size(); ++t) {
      const Column& column = data_.columns[plus_disc[t]];
      const double more = static_cast<double>(cells) * column.cardinality;
      budget -= more * (1 + d + d * d) + more / 2;
      if (budget < 0) break;
      taken[plus_cont.size() + t] = 1;
      if (disc_plus_.size() == n_disc_plus_) disc_plus_.emplace_back();
      Discrete& plus = disc_plus_[n_disc_plus_++];
      plus.column = column;
      plus.levels = static_cast<std::size_t>(column.cardinality);
      plus.offset = slots;
      slots += static_cast<std::size_t>(more);
    }
    first_.assign(slots, kNone);
    records_.assign(slots * width(d), 0.0);  // kept: no allocation per candidate
    cont_acc_.assign(cont_.size() * cells * (d + 2), 0.0);
    pilots(index, cont_.data(), cont_.size(), cont_p_);  // cells x candidates
    const std::uint32_t* cell = index.cell.empty() ? nullptr : index.cell.data();
    refined_pilots(cell, d, cells);
    if (data_.weights) add_plus<true>(cell, d, cells); else add_plus<false>(cell, d, cells);
    for (std::size_t t = 0; t < n_disc_plus_; ++t) {
      disc_plus_[t].order(first_, cells, base_keys_, stride_);
    }
  }

  // The statistics (as gather()'s) of the family plus its t-th continuous candidate taken
  // (its variables: the continuous parents, the candidate, the node).
  void continuous_addition(std::size_t t, std::vector<std::uint64_t>& keys, std::vector<double>& n,
                           std::vector<double>& s, std::vector<double>& c,
                           std::vector<double>& p) const {
    keys = base_keys_;
    n = base_n_;
    const std::size_t cells = keys.size(), e = columns_.size(), d = e + 1, m = e - 1;
    s.assign(cells * d, 0.0);
    c.assign(cells * d * d, 0.0);
    p.assign(cells * d, 0.0);
    for (std::size_t j = 0; j < cells; ++j) {
      const double* bs = base_s_.data() + j * e;
      const double* bc = base_c_.data() + j * e * e;
      const double* bp = base_p_.data() + j * e;
      const double* acc = cont_acc_.data() + (t * cells + j) * (e + 2);
      double* sj = s.data() + j * d;
      double* cj = c.data() + j * d * d;
      double* pj = p.data() + j * d;
      pj[m] = cont_p_[j * cont_.size() + t];
      pj[m + 1] = bp[m];
      for (std::size_t a = 0; a < m; ++a) {
        pj[a] = bp[a];
        sj[a] = bs[a];
        for (std::size_t b = 0; b <= a; ++b) cj[a * d + b] = bc[a * e + b];
        cj[m * d + a] = acc[1 + a];
        cj[(m + 1) * d + a] = bc[m * e + a];
      }
      sj[m] = acc[0];
      sj[m + 1] = bs[m];
      cj[m * d + m] = acc[1 + m];
      cj[(m + 1) * d + m] = acc[2 + m];
      cj[(m + 1) * d + m + 1] = bc[m * e + m];
    }
  }

  // The statistics of the family plus its t-th discrete candidate taken (last of its
  // discrete parents).
  void discrete_addition(std::size_t t, std::vector<std::uint64_t>& keys, std::vector<double>& n,
                         std::vector<double>& s, std::vector<double>& c,
                         std::vector<double>& p) const {
    const Discrete& plus = disc_plus_[t];
    const std::size_t d = columns_.size(), cells = plus.keys.size(), w = width(d);
    const std::size_t pilot = w - d;
    keys = plus.keys;
    n.assign(cells, 0.0);
    s.assign(cells * d, 0.0);
    c.assign(cells * d * d, 0.0);
    p.assign(cells * d, 0.0);
    for (std::size_t j = 0; j < cells; ++j) {
      const double* record = records_.data() + (plus.offset + plus.cells[j]) * w;
      n[j] = record[0];
      for (std::size_t a = 0, at = 1 + d; a < d; ++a) {
        p[j * d + a] = record[pilot + a];
        s[j * d + a] = record[1 + a];
        for (std::size_t b = 0; b <= a; ++b) c[(j * d + a) * d + b] = record[at++];
      }
    }
  }


 private:
  // The configuration of each row (cell, empty when there is one configuration) and the
  // observed configurations' keys and first rows (none without discrete variables).
  struct Index {
    std::vector<int> disc;
    std::vector<std::uint32_t> cell, first;
    std::vector<std::uint64_t> keys;
    std::uint64_t used = 0;
  };

  const Index& numbering(const std::vector<int>& disc) {
    ++clock_;
    for (Index& index : indices_) {
      if (index.disc == disc) {
        index.used = clock_;
        return index;
      }
    }
    std::size_t slot = indices_.size();
    if (slot < kIndices) {
      indices_.emplace_back();
    } else {
      slot = 0;
      for (std::size_t i = 1; i < indices_.size(); ++i) {
        if (indices_[i].used < indices_[slot].used) slot = i;
      }
    }
    Index& index = indices_[slot];
    index.used = clock_;
    number(disc, index);
    return index;
  }

  void number(const std::vector<int>& disc, Index& index) {
    index.disc = disc;
    index.keys.clear();
    index.cell.clear();
    index.first.clear();
    if (disc.empty()) {
      if (data_.n_rows > 0) index.keys.push_back(0);
      return;
    }
    key_.assign(data_.n_rows, 0);
    std::uint64_t stride = 1;
    double q = 1;
    for (int var : disc) {
      const Column& column = data_.columns[var];
      column.with_codes([&](const auto* codes) {
        for (std::size_t row = 0; row < data_.n_rows; ++row) {
          key_[row] += stride * static_cast<std::uint64_t>(codes[row]);
        }
      });
      stride *= static_cast<std::uint64_t>(column.cardinality);
      q *= column.cardinality;
    }
    index.cell.resize(data_.n_rows);
    if (q <= kDenseConfigs) {
      dense_.assign(static_cast<std::size_t>(q), kNone);
      for (std::size_t row = 0; row < data_.n_rows; ++row) {
        std::uint32_t& j = dense_[key_[row]];
        if (j == kNone) {
          j = static_cast<std::uint32_t>(index.keys.size());
          index.keys.push_back(key_[row]);
          index.first.push_back(static_cast<std::uint32_t>(row));
        }
        index.cell[row] = j;
      }
      return;
    }
    sparse_.clear();
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const auto found = sparse_.emplace(key_[row], static_cast<std::uint32_t>(index.keys.size()));
      if (found.second) {
        index.keys.push_back(key_[row]);
        index.first.push_back(static_cast<std::uint32_t>(row));
      }
      index.cell[row] = found.first->second;
    }
  }

  // p[j * d + a] = the pilot of configuration j for column x[a]: its first row's value.
  static void pilots(const Index& index, const double* const* x, std::size_t d,
                     std::vector<double>& p) {
    p.assign(index.keys.size() * d, 0.0);
    for (std::size_t j = 0; j < index.first.size(); ++j) {
      for (std::size_t a = 0; a < d; ++a) p[j * d + a] = x[a][index.first[j]];
    }
  }

  // The sums of gather(): D variables (D < 0: any number, d).
  struct Sums {
    double *n, *s, *c;
    const double* p;
  };
  template <int D>
  void add(const std::uint32_t* cell, std::size_t d, const Sums& out) const {
    if (data_.weights) return add<D, true>(cell, d, out);
    add<D, false>(cell, d, out);
  }
  template <int D, bool Weighted>
  void add(const std::uint32_t* cell, std::size_t d_any, const Sums& out) const {
    const std::size_t d = D >= 0 ? static_cast<std::size_t>(D) : d_any;
    const double* const* x = columns_.data();
    double small[D > 0 ? D : 1];
    std::vector<double> large(D >= 0 ? 0 : d);
    double* v = D >= 0 ? small : large.data();
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::size_t j = cell ? cell[row] : 0;
      const double w = Weighted ? data_.weights[row] : 1.0;
      out.n[j] += w;
      double* sum = out.s + j * d;
      double* cross = out.c + j * d * d;
      const double* pilot = out.p + j * d;
#pragma GCC unroll 4
      for (std::size_t a = 0; a < d; ++a) {
        v[a] = x[a][row] - pilot[a];
        sum[a] += w * v[a];
#pragma GCC unroll 4
        for (std::size_t b = 0; b <= a; ++b) cross[a * d + b] += w * v[a] * v[b];
      }
    }
  }

  // gather_additions()'s first pass: the pilots of the refined configurations (their
  // first rows, as gather()'s), each candidate's rows scanned until all its configurations
  // have appeared, so that the main pass has no test for them.
  void refined_pilots(const std::uint32_t* cell, std::size_t d, std::size_t cells) {
    const std::size_t w = width(d), pilot = w - d;
    for (std::size_t t = 0; t < n_disc_plus_; ++t) {
      const Discrete& plus = disc_plus_[t];
      std::uint32_t* first = first_.data() + plus.offset;
      double* records = records_.data() + plus.offset * w;
      std::size_t missing = cells * plus.levels;
      for (std::size_t row = 0; row < data_.n_rows && missing > 0; ++row) {
        const std::size_t at = (cell ? cell[row] : 0) * plus.levels +
                               static_cast<std::size_t>(plus.column.code(row));
        if (first[at] != kNone) continue;
        first[at] = static_cast<std::uint32_t>(row);
        --missing;
        for (std::size_t a = 0; a < d; ++a) records[at * w + pilot + a] = columns_[a][row];
      }
    }
  }

  // The main pass: each row adds to each continuous candidate u its own (sum u, u x each
  // continuous parent, u u, node x u) in the row's configuration, and to each discrete
  // candidate the family's sums in the configuration refined by the candidate's state;
  // all shifted by the pilots of the configuration they add to, as gather()'s.
  template <bool Weighted>
  void add_plus(const std::uint32_t* cell, std::size_t d, std::size_t cells) {
    switch (d) {  // the records' widths known to the compiler for the common families
      case 1: return add_plus<Weighted, 1>(cell, d, cells);
      case 2: return add_plus<Weighted, 2>(cell, d, cells);
      case 3: return add_plus<Weighted, 3>(cell, d, cells);
      case 4: return add_plus<Weighted, 4>(cell, d, cells);
      default: return add_plus<Weighted, -1>(cell, d, cells);
    }
  }
  template <bool Weighted, int D>
  void add_plus(const std::uint32_t* cell, std::size_t d_any, std::size_t cells) {
    const std::size_t d = D > 0 ? static_cast<std::size_t>(D) : d_any;
    const std::size_t w_rec = D > 0 ? width(static_cast<std::size_t>(D)) : width(d);
    const std::size_t pilot_at = w_rec - d;
    const std::size_t m = d - 1, width_c = d + 2, n_cont = cont_.size();
    double fixed[2 * (D > 0 ? D : 1)] = {};
    std::vector<double> any(D > 0 ? 0 : 2 * d);
    double* z = D > 0 ? fixed : any.data();
    double* v = z + d;
    const Discrete* plus_end = disc_plus_.data() + n_disc_plus_;
    for (std::size_t row = 0; row < data_.n_rows; ++row) {
      const std::size_t j = cell ? cell[row] : 0;
      const double w = Weighted ? data_.weights[row] : 1.0;
      const double* pilot = base_p_.data() + j * d;
#pragma GCC unroll 4
      for (std::size_t a = 0; a < d; ++a) {
        z[a] = columns_[a][row];
        v[a] = z[a] - pilot[a];
      }
      const double wx = w * v[m];
      double* acc = cont_acc_.data() + j * width_c;
      const double* cont_pilot = cont_p_.data() + j * n_cont;
      for (std::size_t t = 0; t < n_cont; ++t, acc += cells * width_c) {
        const double u = cont_[t][row] - cont_pilot[t], wu = w * u;
        acc[0] += wu;
#pragma GCC unroll 4
        for (std::size_t b = 0; b < m; ++b) acc[1 + b] += wu * v[b];
        acc[1 + m] += wu * u;
        acc[2 + m] += wx * u;
      }
      for (const Discrete* plus = disc_plus_.data(); plus != plus_end; ++plus) {
        const std::size_t refined_at = j * plus->levels + plus->column.code(row);
        // The terms gather() adds, straight into the record: through a buffer, each
        // load of two terms stored apart would stall.
        double* record = records_.data() + (plus->offset + refined_at) * w_rec;
        const double* refined = record + pilot_at;
        record[0] += w;
#pragma GCC unroll 4
        for (std::size_t a = 0; a < d; ++a) {
          v[a] = z[a] - refined[a];
          record[1 + a] += w * v[a];
        }
        std::size_t at = 1 + d;
#pragma GCC unroll 4
        for (std::size_t a = 0; a < d; ++a) {
#pragma GCC unroll 4
          for (std::size_t b = 0; b <= a; ++b) record[at++] += w * v[a] * v[b];
        }
      }
    }
  }

  // A record: the cases, d sums, d (d + 1) / 2 lower cross-products and d pilots.
  static constexpr std::size_t width(std::size_t d) { return 1 + d + d * (d + 1) / 2 + d; }

  // A discrete candidate of gather_additions(): its refined configuration at = j * levels
  // + state (j the family's) has record records_[(offset + at) * width], first row
  // first_[offset + at]; cells: the observed ones by first appearance, keys their numbers.
  struct Discrete {
    Column column;
    std::size_t levels = 0, offset = 0;
    std::vector<std::size_t> cells;
    std::vector<std::uint64_t> keys;
    void order(const std::vector<std::uint32_t>& first_all, std::size_t base_cells,
               const std::vector<std::uint64_t>& base_keys, std::uint64_t stride) {
      const std::uint32_t* first = first_all.data() + offset;
      cells.clear();
      for (std::size_t at = 0; at < base_cells * levels; ++at) {
        if (first[at] != kNone) cells.push_back(at);
      }
      std::sort(cells.begin(), cells.end(),
                [first](std::size_t a, std::size_t b) { return first[a] < first[b]; });
      keys.clear();
      for (std::size_t at : cells) keys.push_back(base_keys[at / levels] + stride * (at % levels));
    }
  };
  std::vector<std::uint64_t> base_keys_;
  std::vector<double> base_n_, base_s_, base_c_, base_p_, cont_acc_, cont_p_;
  std::vector<const double*> cont_;
  std::vector<Discrete> disc_plus_;  // the first n_disc_plus_ in use
  std::size_t n_disc_plus_ = 0;
  std::vector<std::uint32_t> first_;
  std::vector<double> records_;
  std::uint64_t stride_ = 1;

  const DataView& data_;
  const std::vector<double>& mean_;
  const std::vector<double>& scale_;
  std::vector<std::vector<double>> z_;  // standardised continuous columns, when used
  std::vector<const double*> columns_;
  std::vector<Index> indices_;
  std::uint64_t clock_ = 0;
  std::vector<std::uint64_t> key_;
  std::vector<std::uint32_t> dense_;
  std::unordered_map<std::uint64_t, std::uint32_t> sparse_;
};

}  // namespace learnbn
