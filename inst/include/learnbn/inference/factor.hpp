// Discrete factors (tables over a few variables) and the operations variable elimination
// needs: product, summing a variable out, fixing a variable to a state, reordering.
// A factor lists its variables in any order; its values run over their joint states
// with the first variable fastest (the layout of R's arrays and of the CPTs).
#pragma once
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include "../util/format.hpp"

namespace learnbn {

struct Factor {
  std::vector<int> vars;       // node indices
  std::vector<int> card;       // their numbers of states
  std::vector<double> values;  // first variable fastest

  int position(int var) const {
    const auto it = std::find(vars.begin(), vars.end(), var);
    return it == vars.end() ? -1 : static_cast<int>(it - vars.begin());
  }
};

// The largest factor variable elimination builds (cells).
constexpr double kMaxFactorCells = 1 << 27;

namespace detail {

// Stride of each of `vars` in factor f (0 for the variables f lacks).
inline std::vector<std::size_t> strides_in(const Factor& f, const std::vector<int>& vars) {
  std::vector<std::size_t> own(f.vars.size());
  std::size_t stride = 1;
  for (std::size_t i = 0; i < f.vars.size(); ++i) {
    own[i] = stride;
    stride *= static_cast<std::size_t>(f.card[i]);
  }
  std::vector<std::size_t> out(vars.size(), 0);
  for (std::size_t l = 0; l < vars.size(); ++l) {
    const int p = f.position(vars[l]);
    if (p >= 0) out[l] = own[static_cast<std::size_t>(p)];
  }
  return out;
}

inline double cells(const std::vector<int>& card) {
  double n = 1;
  for (int c : card) n *= c;
  return n;
}

// Calls f(i, index) for every joint state i of (vars, card), first variable fastest,
// with index = sum over l of state[l] * strides[l].
template <class F>
void for_each_state(const std::vector<int>& card, const std::vector<std::size_t>& strides, F f) {
  const std::size_t n = static_cast<std::size_t>(cells(card)), k = card.size();
  std::vector<int> state(k, 0);
  std::size_t index = 0;
  for (std::size_t i = 0; i < n; ++i) {
    f(i, index);
    for (std::size_t l = 0; l < k; ++l) {
      if (++state[l] < card[l]) {
        index += strides[l];
        break;
      }
      state[l] = 0;
      index -= static_cast<std::size_t>(card[l] - 1) * strides[l];
    }
  }
}

}  // namespace detail

inline Factor multiply(const Factor& a, const Factor& b) {
  Factor out;
  out.vars = a.vars;
  out.card = a.card;
  for (std::size_t i = 0; i < b.vars.size(); ++i) {
    if (a.position(b.vars[i]) < 0) {
      out.vars.push_back(b.vars[i]);
      out.card.push_back(b.card[i]);
    }
  }
  if (detail::cells(out.card) > kMaxFactorCells) {
    throw std::length_error("a factor of " + format_count(detail::cells(out.card)) + " cells");
  }
  out.values.resize(static_cast<std::size_t>(detail::cells(out.card)));
  const std::vector<std::size_t> sa = detail::strides_in(a, out.vars),
                                 sb = detail::strides_in(b, out.vars);
  // Two odometers in step: one index into a, one into b.
  const std::size_t k = out.vars.size();
  std::vector<int> state(k, 0);
  std::size_t ia = 0, ib = 0;
  for (std::size_t i = 0; i < out.values.size(); ++i) {
    out.values[i] = a.values[ia] * b.values[ib];
    for (std::size_t l = 0; l < k; ++l) {
      if (++state[l] < out.card[l]) {
        ia += sa[l];
        ib += sb[l];
        break;
      }
      state[l] = 0;
      ia -= static_cast<std::size_t>(out.card[l] - 1) * sa[l];
      ib -= static_cast<std::size_t>(out.card[l] - 1) * sb[l];
    }
  }
  return out;
}

// f with `var` summed out (f must contain it).
inline Factor sum_out(const Factor& f, int var) {
  const int p = f.position(var);
  Factor out;
  for (std::size_t i = 0; i < f.vars.size(); ++i) {
    if (static_cast<int>(i) == p) continue;
    out.vars.push_back(f.vars[i]);
    out.card.push_back(f.card[i]);
  }
  out.values.assign(static_cast<std::size_t>(detail::cells(out.card)), 0.0);
  detail::for_each_state(
      f.card, detail::strides_in(out, f.vars),
      [&](std::size_t i, std::size_t index) { out.values[index] += f.values[i]; });
  return out;
}

// f with `var` fixed to `state` (and dropped); f unchanged when it lacks var.
inline Factor reduce(const Factor& f, int var, int state) {
  const int p = f.position(var);
  if (p < 0) return f;
  Factor out;
  for (std::size_t i = 0; i < f.vars.size(); ++i) {
    if (static_cast<int>(i) == p) continue;
    out.vars.push_back(f.vars[i]);
    out.card.push_back(f.card[i]);
  }
  const std::vector<std::size_t> strides = detail::strides_in(f, out.vars);
  std::size_t offset = static_cast<std::size_t>(state);
  for (int i = 0; i < p; ++i)
    offset *= static_cast<std::size_t>(f.card[static_cast<std::size_t>(i)]);
  out.values.resize(static_cast<std::size_t>(detail::cells(out.card)));
  detail::for_each_state(out.card, strides, [&](std::size_t i, std::size_t index) {
    out.values[i] = f.values[offset + index];
  });
  return out;
}

// The values of f laid out over `vars` (the same set in another order).
inline std::vector<double> values_in_order(const Factor& f, const std::vector<int>& vars) {
  std::vector<int> card;
  for (int v : vars) card.push_back(f.card[static_cast<std::size_t>(f.position(v))]);
  std::vector<double> out(f.values.size());
  detail::for_each_state(card, detail::strides_in(f, vars),
                         [&](std::size_t i, std::size_t index) { out[i] = f.values[index]; });
  return out;
}

}  // namespace learnbn
