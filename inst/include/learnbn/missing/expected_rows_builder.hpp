// The completions of every incomplete row's components under a network with known CPTs
// (data/expected_rows.hpp), from which any family's expected counts follow: structural
// EM's E-step, without materialising the completed data set.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "../data/data.hpp"
#include "../data/expected_rows.hpp"
#include "../network/cpt_network.hpp"
#include "../util/format.hpp"
#include "../util/rng.hpp"
#include "completion_options.hpp"
#include "row_posterior.hpp"

namespace learnbn {

// Appends, for each variable of the component just stored (its completions are the
// last in `out`), the component's index and the variable's marginal.
inline void add_marginals(ExpectedRows& out, const std::vector<int>& vars, const CptNetwork& net) {
  const std::size_t c = out.var_begin.size() - 1, m = vars.size();
  const std::size_t first = out.option_begin.back();
  const std::size_t states_first = out.states.size() - (out.prob.size() - first) * m;
  for (std::size_t i = 0; i < m; ++i) {
    std::vector<double>& marginal = out.cell_marginal[vars[i]];
    const std::size_t start = marginal.size();
    marginal.resize(start + static_cast<std::size_t>(net.states(vars[i])), 0.0);
    for (std::size_t o = first; o < out.prob.size(); ++o) {
      marginal[start + out.states[states_first + (o - first) * m + i]] += out.prob[o];
    }
    out.cell_component[vars[i]].push_back(c);
  }
}

// Each component's completions below options.min_probability are dropped and the rest
// renormalised (all are kept when every one is below it). Components larger than
// options.max_component are represented by options.samples Gibbs draws. Throws
// MemoryLimitError past options.max_bytes.
inline ExpectedRows build_expected_rows(const DataView& data, const CptNetwork& net,
                                        const CompletionOptions& options, LazyRandom& rng,
                                        const std::function<void()>& check_interrupt) {
  check_data_fits(data, net);
  ExpectedRows out;
  out.cell_component.resize(data.n_vars());
  out.cell_marginal.resize(data.n_vars());
  RowPosterior posterior(net, options, rng);
  std::vector<int> row(data.n_vars());
  double bytes = 0;
  for (std::size_t r = 0; r < data.n_rows; ++r) {
    if (r % 1024 == 0) check_interrupt();
    bool incomplete = false;
    for (std::size_t v = 0; v < data.n_vars(); ++v) {
      const int code = data.columns[v].code(r);
      row[v] = data.columns[v].missing(code) ? -1 : code;
      incomplete = incomplete || row[v] < 0;
    }
    if (incomplete) {
      posterior.analyse(row);
      for (const RowPosterior::Component& c : posterior.components()) {
        const std::size_t m = c.vars.size();
        double kept = 0;
        for (double p : c.prob) if (p >= options.min_probability) kept += p;
        const double floor = kept > 0 ? options.min_probability : 0;
        if (kept <= 0) kept = 1;
        for (std::size_t k = 0; k < c.size(); ++k) {
          if (c.prob[k] < floor) continue;
          out.prob.push_back(c.prob[k] / kept);
          for (std::size_t i = 0; i < m; ++i) {
            out.states.push_back(static_cast<std::uint16_t>(c.states[k * m + i]));
          }
        }
        add_marginals(out, c.vars, net);
        out.vars.insert(out.vars.end(), c.vars.begin(), c.vars.end());
        out.var_begin.push_back(out.vars.size());
        out.option_begin.push_back(out.prob.size());
        out.state_begin.push_back(out.states.size());
      }
      bytes = 10.0 * static_cast<double>(out.prob.size() + out.states.size() + 2 * out.vars.size());
      if (bytes > options.max_bytes) {
        throw MemoryLimitError("the completions would need more than " +
                               format_count(options.max_bytes) + " bytes");
      }
    }
    out.comp_begin.push_back(out.var_begin.size() - 1);
  }
  return out;
}

}  // namespace learnbn
