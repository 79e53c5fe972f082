// The registries of names the core understands, for R to list and check against (each
// name is defined once, next to the enum it stands for), and what the machine allows.
#include "rcpp-glue.h"
#include <learnbn/constraint/pc.hpp>
#include <learnbn/util/threads.hpp>

// [[Rcpp::export]]
Rcpp::List cpp_registry() {
  return Rcpp::List::create(Rcpp::Named("scores") = learnbn::score_type_names(),
                            Rcpp::Named("statistics") = learnbn::ci_statistic_names(),
                            Rcpp::Named("conflict_policies") = learnbn::conflict_policy_names());
}

// How many of `wanted` threads can run together now (R: check_threads()).
// [[Rcpp::export]]
int cpp_startable_threads(int wanted) { return learnbn::startable_threads(wanted); }
