// Glue shared by the constraint-based learners (rcpp-pc.cpp, rcpp-fci.cpp): PC's skeleton
// options, and the tests run and the separating sets found, as R lists of columns (nodes
// 1-based, sets joined by ";").
#ifndef LEARNBN_RCPP_CONSTRAINT_H
#define LEARNBN_RCPP_CONSTRAINT_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>
#include <Rcpp.h>
#include <climits>
#include <learnbn/constraint/pc.hpp>
#include <learnbn/util/parallel.hpp>
#include "rcpp-glue.h"

// The options of PC's skeleton phase from cpp_pc()'s `options` (alpha, max_cond, stable,
// threads, shortcuts) and `knowledge`; the conflict policy is pc()'s own.
inline learnbn::PCOptions pc_skeleton_options(const Rcpp::List& options,
                                              const Rcpp::List& knowledge,
                                              const learnbn::DataView& view) {
  learnbn::PCOptions out;
  out.alpha = Rcpp::as<double>(options["alpha"]);
  out.max_cond = limit_from_r<int>(Rcpp::as<double>(options["max_cond"]), INT_MAX);
  out.stable = Rcpp::as<bool>(options["stable"]);
  out.threads = Rcpp::as<int>(options["threads"]);
  // The counting shortcuts (distinct rows, bit sets) are for discrete codes only.
  out.shortcuts = Rcpp::as<bool>(options["shortcuts"]) && !learnbn::is_mixed(view);
  out.required = flat_matrix(knowledge["required"]);
  out.forbidden = flat_matrix(knowledge["forbidden"]);
  return out;
}

// Writes the names of `nodes` joined by ";" into `out` (reused: pigs gives 10^7 tests).
inline const char* join_names(learnbn::NodeRange nodes,
                              const std::vector<std::string>& names, std::string& out) {
  out.clear();
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (k) out += ';';
    out += names[nodes[k]];
  }
  return out.c_str();
}

// The tests as R columns. Each distinct set's string is made once (pigs: 10^7 tests, 9 *
// 10^5 sets), after the numbers and before z: R's collector, run by the strings'
// allocations, then scans the sets' strings but not z's 10^7. With `threads` > 1 the sets
// are numbered on one thread while the numbers are copied on another (no R API there:
// the columns are allocated before).
inline Rcpp::List test_records_to_r(const learnbn::TestRecords& tests,
                                    const std::vector<std::string>& names, int threads) {
  const std::size_t n = tests.size();
  Rcpp::IntegerVector x(Rcpp::no_init(n)), y(Rcpp::no_init(n)), level(Rcpp::no_init(n));
  Rcpp::NumericVector stat(Rcpp::no_init(n)), df(Rcpp::no_init(n)), p(Rcpp::no_init(n)),
      cases(Rcpp::no_init(n));
  Rcpp::LogicalVector independent(Rcpp::no_init(n));
  int *px = x.begin(), *py = y.begin(), *plevel = level.begin(), *pind = independent.begin();
  double *pstat = stat.begin(), *pdf = df.begin(), *pp = p.begin(), *pcases = cases.begin();
  learnbn::DistinctSets sets;
  learnbn::parallel_for(2, std::min(threads, 2), [&](long item) {
    if (item == 0) {
      sets = learnbn::distinct_sets(tests);
      return;
    }
    std::size_t t = 0;
    tests.for_each([&](const learnbn::TestRecord& rec, learnbn::NodeRange) {
      px[t] = rec.x + 1; py[t] = rec.y + 1; plevel[t] = rec.level;
      pstat[t] = rec.result.statistic; pdf[t] = rec.result.df; pp[t] = rec.result.p_value;
      pcases[t] = rec.result.n;
      pind[t++] = rec.independent;
    });
  });
  Rcpp::CharacterVector set_names(sets.members.size());
  std::string joined;
  for (std::size_t k = 0; k < sets.members.size(); ++k) {
    SET_STRING_ELT(set_names, k, Rf_mkChar(join_names(sets.members[k], names, joined)));
  }
  Rcpp::CharacterVector z(Rcpp::no_init(n));
  for (std::size_t t = 0; t < n; ++t) SET_STRING_ELT(z, t, STRING_ELT(set_names, sets.set[t]));
  return Rcpp::List::create(
      Rcpp::Named("x") = x, Rcpp::Named("y") = y, Rcpp::Named("z") = z,
      Rcpp::Named("statistic") = stat, Rcpp::Named("df") = df, Rcpp::Named("p_value") = p,
      Rcpp::Named("independent") = independent, Rcpp::Named("level") = level,
      Rcpp::Named("n") = cases);
}

inline Rcpp::List witnesses_to_r(const std::vector<learnbn::Witness>& witnesses,
                                 const std::vector<std::string>& names) {
  std::string joined;
  const std::size_t n = witnesses.size();
  Rcpp::IntegerVector x(n), y(n);
  Rcpp::CharacterVector z(n);
  Rcpp::NumericVector p(n);
  for (std::size_t k = 0; k < n; ++k) {
    x[k] = witnesses[k].x + 1; y[k] = witnesses[k].y + 1;
    z[k] = Rf_mkChar(join_names(witnesses[k].z, names, joined));
    p[k] = witnesses[k].p_value;
  }
  return Rcpp::List::create(Rcpp::Named("x") = x, Rcpp::Named("y") = y, Rcpp::Named("z") = z,
                            Rcpp::Named("p_value") = p);
}

#endif
