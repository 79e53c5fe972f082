// Unit tests of the C++ core. The core has no R types, so the same tests run
//  - standalone (compiled with -DLEARNBN_STANDALONE by `make cpp-test`, `make valgrind`
//    and `make sanitize`): main() runs every group and prints "N passed, N failed";
//  - under testthat (tests/testthat/test-cpp-core.R compiles this file with
//    Rcpp::sourceCpp against the installed package's headers): core_tests(group) runs
//    one group and returns list(checks, failures).
// One header per group of inst/include/learnbn/; check.hpp holds CHECK and the helpers.
#include "check.hpp"
#include "test_citest.hpp"
#include "test_constraint.hpp"
#include "test_data.hpp"
#include "test_graph.hpp"
#include "test_inference.hpp"
#include "test_interventions.hpp"
#include "test_missing.hpp"
#include "test_network.hpp"
#include "test_score.hpp"
#include "test_search.hpp"
#include "test_util.hpp"
// The Eigen halves of the Gaussian headers and the Boost half of citest/spec.hpp, which
// the package compiles in src/gaussian-eigen.cpp and src/chisq-boost.cpp.
#include <learnbn/citest/gaussian_eigen.hpp>
#include <learnbn/citest/spec_boost.hpp>
#include <learnbn/data/gaussian_stats_eigen.hpp>
#include <learnbn/score/gaussian_eigen.hpp>

#include <string>
#include <utility>
#include <vector>

namespace learnbn_test {

using Group = std::pair<const char*, void (*)()>;

inline const std::vector<Group>& groups() {
  static const std::vector<Group> all = {
      {"util", run_util_tests},         {"data", run_data_tests},
      {"score", run_score_tests},       {"graph", run_graph_tests},
      {"search", run_search_tests},     {"citest", run_citest_tests},
      {"constraint", run_constraint_tests}, {"network", run_network_tests},
      {"inference", run_inference_tests},   {"missing", run_missing_tests},
      {"interventions", run_intervention_tests}};
  return all;
}

// Runs one group from a fresh tally; false if there is no such group.
inline bool run_group(const std::string& name) {
  tally() = Tally();
  for (const Group& g : groups()) {
    if (name == g.first) {
      g.second();
      return true;
    }
  }
  return false;
}

}  // namespace learnbn_test

#ifdef LEARNBN_STANDALONE

#include <cstdio>
#include <cstdlib>

int main() {
  int checks = 0, failures = 0;
  for (const auto& g : learnbn_test::groups()) {
    learnbn_test::run_group(g.first);
    const learnbn_test::Tally& t = learnbn_test::tally();
    for (const std::string& f : t.failures) std::printf("FAIL [%s] %s\n", g.first, f.c_str());
    checks += t.checks;
    failures += static_cast<int>(t.failures.size());
  }
  std::printf("%d passed, %d failed\n", checks - failures, failures);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#else

// [[Rcpp::depends(RcppEigen, BH)]]
// [[Rcpp::plugins(cpp17, openmp)]]
#define STRICT_R_HEADERS
#include <Rcpp.h>

// Runs the tests of one header group ("util", "data", "score", "graph", "search",
// "citest", "constraint", "missing"); returns the number of checks and the messages of
// the failed ones.
// [[Rcpp::export]]
Rcpp::List core_tests(std::string group) {
  if (!learnbn_test::run_group(group)) Rcpp::stop("unknown test group: " + group);
  const learnbn_test::Tally& t = learnbn_test::tally();
  return Rcpp::List::create(Rcpp::Named("checks") = t.checks,
                            Rcpp::Named("failures") = Rcpp::CharacterVector(t.failures.begin(), t.failures.end()));
}

#endif
