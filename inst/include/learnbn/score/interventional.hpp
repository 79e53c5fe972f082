// Scores of interventional data: the family of a variable set by intervention in some
// rows is scored on the other rows (data/interventions.hpp). InterventionalRows builds
// those rows for every intervened variable once, with their Gaussian model on
// continuous data; the threads' LocalScorers share it and only read it.
#pragma once
#include <memory>
#include <stdexcept>
#include <vector>

#include "../data/interventions.hpp"
#include "gaussian.hpp"

namespace learnbn {

class InterventionalRows {
 public:
  InterventionalRows(const DataView& data, const ScoreSpec& spec) : nodes_(data.n_vars()) {
    if (spec.type == ScoreType::cv) {
      throw std::invalid_argument("the cv score does not support interventions");
    }
    for (const Column& column : data.columns) {
      if (!data.gaussian() && column.cardinality == 0) {
        throw std::invalid_argument("interventions do not support mixed data");
      }
    }
    for (std::size_t v = 0; v < data.n_vars(); ++v) {
      if (!data.interventions->intervened(static_cast<int>(v))) continue;
      Node& node = nodes_[v];
      node.rows.reset(new ObservedRows(data, static_cast<int>(v)));
      // Hauser and Buhlmann's BIC penalises every family with the log of all the cases.
      if (data.gaussian()) {
        node.model.reset(new GaussianModel(node.rows->view(), spec, data.n_cases));
      }
    }
  }
  InterventionalRows(const InterventionalRows&) = delete;
  InterventionalRows& operator=(const InterventionalRows&) = delete;

  // The rows where `v` was not set by intervention, or nullptr when it never was.
  const DataView* rows(int v) const { return nodes_[v].rows ? &nodes_[v].rows->view() : nullptr; }
  // Continuous data: the Gaussian model of those rows (nullptr when never intervened).
  const GaussianModel* model(int v) const { return nodes_[v].model.get(); }

 private:
  struct Node {
    std::unique_ptr<ObservedRows> rows;
    std::unique_ptr<GaussianModel> model;
  };
  std::vector<Node> nodes_;
};

// The InterventionalRows of interventional data, or nullptr for observational data.
inline std::shared_ptr<const InterventionalRows> interventional_rows(const DataView& data,
                                                                     const ScoreSpec& spec) {
  if (!data.interventions) return nullptr;
  return std::make_shared<const InterventionalRows>(data, spec);
}

}  // namespace learnbn
