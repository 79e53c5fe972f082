// Glue for local discovery (MMPC, HITON-PC, GS and the IAMBs): converts arguments and
// the result, no logic.
#include <memory>
#include <string>
#include <vector>
#include <learnbn/citest/tester.hpp>
#include <learnbn/constraint/local_batch.hpp>
#include <learnbn/constraint/local_discovery.hpp>
#include <learnbn/data/distinct_rows.hpp>
#include "rcpp-glue.h"

namespace {

Rcpp::List sets_to_r(const std::vector<std::vector<int>>& sets) {
  Rcpp::List out(sets.size());
  for (std::size_t v = 0; v < sets.size(); ++v) {
    Rcpp::IntegerVector s(sets[v].size());
    for (std::size_t k = 0; k < sets[v].size(); ++k) s[k] = sets[v][k] + 1;
    out[v] = s;
  }
  return out;
}

}  // namespace

// `test` is a ci_test_spec(); `options` is list(algorithm, alpha, max_cond, threads,
// target: 1-based, 0 for the whole network); `knowledge` is a build_constraints() list in
// the order of the data's columns; `progress` gets the nodes done of each stage.
// Returns list(pc, mb): the sets (1-based) of every node or of the target, and the counts.
// [[Rcpp::export]]
Rcpp::List cpp_local_discovery(Rcpp::List data, Rcpp::List test, Rcpp::List options,
                               Rcpp::List knowledge,
                               Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  const learnbn::CITestSpec spec = ci_spec_from(test);
  const auto algorithm = enum_from_name<learnbn::LocalAlgorithm>(
      learnbn::local_algorithm_names(), Rcpp::as<std::string>(options["algorithm"]),
      "local discovery algorithm");
  learnbn::LocalOptions opt;
  opt.alpha = Rcpp::as<double>(options["alpha"]);
  opt.max_cond = limit_from_r<int>(Rcpp::as<double>(options["max_cond"]), INT_MAX);
  opt.threads = Rcpp::as<int>(options["threads"]);
  opt.required = flat_matrix(knowledge["required"]);
  opt.forbidden = flat_matrix(knowledge["forbidden"]);
  const int n = static_cast<int>(view.n_vars());
  opt.ordered_pairs = learnbn::is_mixed(view);  // mi_cg is not symmetric in x and y
  if (!view.gaussian() && spec.permutations == 0) {  // Fast-IAMB's cases-per-cell guard
    for (int v = 0; v < n; ++v) opt.levels.push_back(view.columns[v].cardinality);
    opt.n_cases = view.n_cases;
  }
  // As in PC: asymptotic tests on complete data with few distinct rows run on those rows.
  learnbn::DistinctRows distinct;
  const bool compressed =
      spec.permutations == 0 && !learnbn::is_mixed(view) && distinct.build(view, {}, 0.75);
  const learnbn::DataView& tested = compressed ? distinct.view() : view;
  // Tables that pay are counted from bit sets of the original rows (citest/bit_tables.hpp);
  // the threads share the columns' sets.
  const auto column_bits = std::make_shared<learnbn::ColumnBits>(view);
  const auto make_test = [&] {
    return learnbn::LocalBatchTests(tested, spec, view.n_rows, &view, column_bits);
  };
  RCalls r_calls;
  learnbn::Interrupt interrupt(r_calls.interrupt_check());
  const int target = Rcpp::as<int>(options["target"]);
  const learnbn::LocalResult r =
      target > 0
          ? learnbn::learn_local_target(n, target - 1, algorithm, opt, make_test, interrupt)
          : learnbn::learn_local_network(n, algorithm, opt, make_test, interrupt,
                                         r_calls.progress(progress));
  r_calls.finish();
  return Rcpp::List::create(Rcpp::Named("pc") = sets_to_r(r.pc),
                            Rcpp::Named("mb") = sets_to_r(r.mb),
                            Rcpp::Named("n_tests") = static_cast<double>(r.tests),
                            Rcpp::Named("cache_hits") = static_cast<double>(r.cache_hits));
}
