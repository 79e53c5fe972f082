// The error thrown when a computation would exceed its memory limit (the R side's
// options(learnbn.max_memory)); the glue turns it into an R error of class
// learnbn_error_too_large.
#pragma once
#include <stdexcept>
#include <string>

namespace learnbn {

class MemoryLimitError : public std::length_error {
 public:
  explicit MemoryLimitError(const std::string& what) : std::length_error(what) {}
};

}  // namespace learnbn
