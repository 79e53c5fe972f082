// What a completion of incomplete data is asked for (CompletionOptions: the mode and
// its limits, see completion.hpp) and what it returns (CompletedData), and the error
// thrown when the completed data would exceed its memory limit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../util/memory_limit.hpp"

namespace learnbn {

struct CompletionOptions {
  enum class Mode { counts, joint, gibbs, map };
  Mode mode = Mode::counts;
  std::size_t max_completions = 256;     // joint: largest joint posterior enumerated per row
  std::size_t max_component = 1u << 16;  // largest component posterior enumerated exactly
  std::size_t samples = 16;              // draws per row past those limits, or in gibbs mode
  std::size_t burn_in = 20;              // Gibbs sweeps before the first draw
  double min_probability = 0;            // joint: smallest completion probability kept
  double max_bytes = 1e9;                // memory limit of the completed data
};

// A completed data set: codes by column, a weight and the input row of every row (or,
// in counts mode, the expected counts of every family in the CPT layout), and
// log P(observed cells) of every input row (unweighted).
struct CompletedData {
  std::vector<std::vector<double>> family_counts;
  std::vector<std::vector<std::uint16_t>> codes;
  std::vector<double> weights;
  std::vector<int> source;
  std::vector<double> row_loglik;
  std::size_t inexact_rows = 0;  // rows whose likelihood is a Monte-Carlo estimate
};

}  // namespace learnbn
