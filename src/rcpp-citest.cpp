// Glue for conditional independence tests: converts arguments, calls the core.
#include <vector>
#include <learnbn/citest/batch.hpp>
#include <learnbn/constraint/minimal_imap.hpp>
#include "rcpp-glue.h"

// Runs tests x[[t]] _||_ y[[t]] | z[[t]] (0-based node sets) in parallel; returns a
// matrix with columns statistic, df, p_value and n (the cases used: the available
// cases when the data have missing values). `progress` gets the permutations done of
// the tests run on this thread (stage "permutations").
// [[Rcpp::export]]
Rcpp::NumericMatrix cpp_ci_tests(Rcpp::List data, Rcpp::List x, Rcpp::List y, Rcpp::List z,
                                 Rcpp::List test, int threads,
                                 Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  const learnbn::CITestSpec spec = ci_spec_from(test);
  const long n = x.size();
  learnbn::NodeSets xs(n), ys(n), zs(n);
  for (long t = 0; t < n; ++t) {
    xs[t] = Rcpp::as<std::vector<int>>(x[t]);
    ys[t] = Rcpp::as<std::vector<int>>(y[t]);
    zs[t] = Rcpp::as<std::vector<int>>(z[t]);
  }
  RCalls r_calls;
  learnbn::Progress bar = r_calls.progress(progress);
  learnbn::PermutationTick tick;
  if (bar.active()) {
    const double total = spec.permutations;
    tick = [&bar, total](int done) {
      bar.update("permutations", done, total);
      return true;
    };
  }
  const std::vector<learnbn::CITestResult> results =
      learnbn::run_tests(view, spec, xs, ys, zs, threads, tick, r_calls.interrupt_check());
  if (bar.active() && spec.permutations > 0)
    bar.finish("permutations", spec.permutations, spec.permutations);
  r_calls.finish();
  Rcpp::NumericMatrix out(n, 4);
  for (long t = 0; t < n; ++t) {
    out(t, 0) = results[t].statistic;
    out(t, 1) = results[t].df;
    out(t, 2) = results[t].p_value;
    out(t, 3) = results[t].n;
  }
  Rcpp::colnames(out) = Rcpp::CharacterVector::create("statistic", "df", "p_value", "n");
  return out;
}

// The minimal I-map of `order` (0-based node ids); `options` is list(alpha,
// max_parents, threads). Returns the 0-based parents of every node, the tests run
// (x, y and z as 0-based node lists, with their results) and the capped nodes.
// [[Rcpp::export]]
Rcpp::List cpp_minimal_imap(Rcpp::List data, Rcpp::IntegerVector order, Rcpp::List test,
                            Rcpp::List options) {
  const learnbn::DataView view = data_view(data);
  const learnbn::MinimalImapResult r =
      learnbn::minimal_imap(view, ci_spec_from(test), Rcpp::as<std::vector<int>>(order),
                            Rcpp::as<double>(options["alpha"]),
                            limit_from_r<int>(Rcpp::as<double>(options["max_parents"]), INT_MAX),
                            Rcpp::as<int>(options["threads"]), check_interrupt);
  const std::size_t n = r.tests.size();
  Rcpp::IntegerVector x(n);
  Rcpp::List y(n), z(n);
  Rcpp::NumericVector stat(n), df(n), p(n), cases(n);
  for (std::size_t t = 0; t < n; ++t) {
    x[t] = r.tests[t].x;
    y[t] = Rcpp::wrap(r.tests[t].rest);
    z[t] = Rcpp::wrap(r.tests[t].subset);
    stat[t] = r.tests[t].result.statistic;
    df[t] = r.tests[t].result.df;
    p[t] = r.tests[t].result.p_value;
    cases[t] = r.tests[t].result.n;
  }
  return Rcpp::List::create(
      Rcpp::Named("parents") = Rcpp::wrap(r.parents), Rcpp::Named("capped") = Rcpp::wrap(r.capped),
      Rcpp::Named("tests") =
          Rcpp::List::create(Rcpp::Named("x") = x, Rcpp::Named("y") = y, Rcpp::Named("z") = z,
                             Rcpp::Named("statistic") = stat, Rcpp::Named("df") = df,
                             Rcpp::Named("p_value") = p, Rcpp::Named("n") = cases));
}
