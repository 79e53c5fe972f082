// A discrete Bayesian network with known CPTs, as inference, the completion of missing
// cells and the Gibbs sampling of parameters use it: parents, children, a topological
// order and the CPTs with their logs, looked up by the cell of a (partly) assigned row.
#pragma once
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "../data/data.hpp"
#include "../graph/topological_order.hpp"

namespace learnbn {

// A discrete network with CPTs theta[node][cell]: the node's state fastest, then its
// parents in order, first parent fastest (the layout of R's CPT arrays).
class CptNetwork {
 public:
  CptNetwork(std::vector<int> states, std::vector<std::vector<int>> parents,
             std::vector<std::vector<double>> cpts)
      : states_(std::move(states)), parents_(std::move(parents)), cpts_(std::move(cpts)) {
    const std::size_t n = states_.size();
    if (parents_.size() != n || cpts_.size() != n) {
      throw std::invalid_argument("network: one parent set and one CPT per node are needed");
    }
    strides_.resize(n);
    children_.resize(n);
    log_cpts_.resize(n);
    for (std::size_t v = 0; v < n; ++v) {
      // A node without states has an empty CPT, which every row would read past.
      if (states_[v] < 1) {
        throw std::invalid_argument("network: node " + std::to_string(v + 1) + " has no states");
      }
      std::size_t stride = static_cast<std::size_t>(states_[v]);
      for (int p : parents_[v]) {
        if (p < 0 || static_cast<std::size_t>(p) >= n || p == static_cast<int>(v)) {
          throw std::invalid_argument("network: parent index out of range");
        }
        strides_[v].push_back(stride);
        stride *= static_cast<std::size_t>(states_[p]);
        children_[p].push_back(static_cast<int>(v));
      }
      if (cpts_[v].size() != stride) throw std::invalid_argument("network: CPT size mismatch");
      refresh_logs(static_cast<int>(v));
    }
    order_ = topological_order(parents_, children_);
    if (order_.size() != n) throw std::invalid_argument("network: not acyclic");
  }

  int n_nodes() const { return static_cast<int>(states_.size()); }
  int states(int v) const { return states_[v]; }
  const std::vector<int>& parents(int v) const { return parents_[v]; }
  const std::vector<int>& children(int v) const { return children_[v]; }
  const std::vector<int>& order() const { return order_; }
  const std::vector<double>& cpt(int v) const { return cpts_[v]; }
  std::size_t cells(int v) const { return cpts_[v].size(); }

  // Cell of P(x_v | x_parents) for a row whose family of v is assigned.
  std::size_t cell(int v, const int* row) const {
    std::size_t c = static_cast<std::size_t>(row[v]);
    const std::vector<int>& pa = parents_[v];
    for (std::size_t p = 0; p < pa.size(); ++p) {
      c += static_cast<std::size_t>(row[pa[p]]) * strides_[v][p];
    }
    return c;
  }
  double log_prob(int v, const int* row) const { return log_cpts_[v][cell(v, row)]; }

  void set_cpt(int v, std::vector<double> theta) {
    cpts_[v] = std::move(theta);
    refresh_logs(v);
  }

 private:
  void refresh_logs(int v) {
    log_cpts_[v].resize(cpts_[v].size());
    for (std::size_t c = 0; c < cpts_[v].size(); ++c) log_cpts_[v][c] = std::log(cpts_[v][c]);
  }

  std::vector<int> states_;
  std::vector<std::vector<int>> parents_;
  std::vector<std::vector<double>> cpts_, log_cpts_;
  std::vector<std::vector<std::size_t>> strides_;
  std::vector<std::vector<int>> children_;
  std::vector<int> order_;
};

// Throws unless `data` has one discrete column per node of `net`, each with the node's
// number of states: an observed code past a node's states would be read as a CPT cell
// of another configuration, or past the end of the CPT.
inline void check_data_fits(const DataView& data, const CptNetwork& net) {
  if (static_cast<int>(data.n_vars()) != net.n_nodes()) {
    throw std::invalid_argument("the data must have one column per node of the network");
  }
  for (int v = 0; v < net.n_nodes(); ++v) {
    if (data.columns[static_cast<std::size_t>(v)].cardinality != net.states(v)) {
      throw std::invalid_argument("column " + std::to_string(v + 1) +
                                  " of the data and its node of the network differ in states");
    }
  }
}

}  // namespace learnbn
