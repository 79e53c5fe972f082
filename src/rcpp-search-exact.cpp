// Glue for K2, exhaustive and exact search: converts arguments, runs the core search
// (interrupts checked and progress reported on this thread between batches), returns
// plain R lists.
#include <vector>

#include <learnbn/score/family_scorer.hpp>
#include <learnbn/search/exact.hpp>
#include <learnbn/search/exhaustive.hpp>
#include <learnbn/search/k2.hpp>
#include "rcpp-glue.h"

namespace {

// 0-based parent ids of every node, one integer vector each.
Rcpp::List parent_list(const std::vector<learnbn::NodeSet>& parents) {
  Rcpp::List out(parents.size());
  for (std::size_t v = 0; v < parents.size(); ++v) out[v] = Rcpp::wrap(learnbn::set_nodes(parents[v]));
  return out;
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_k2_search(Rcpp::List data, Rcpp::List spec, Rcpp::IntegerVector order,
                         Rcpp::List constraints) {
  const learnbn::DataView view = data_view(data);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), 1);
  const learnbn::K2Result result = learnbn::k2_search(
      scorer, Rcpp::as<std::vector<int>>(order), constraints_from_list(constraints), check_interrupt);
  return Rcpp::List::create(
      Rcpp::Named("parents") = Rcpp::wrap(result.parents),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()));
}

// [[Rcpp::export]]
Rcpp::List cpp_exhaustive_search(Rcpp::List data, Rcpp::List spec, Rcpp::List constraints,
                                 double top, int threads,
                                 Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  const int n = static_cast<int>(view.n_vars());
  learnbn::FamilyScorer scorer(view, score_spec(spec, n), threads);
  RCalls r_calls;
  const learnbn::FamilyTable families = learnbn::score_allowed_families(
      scorer, constraints_from_list(constraints), r_calls.interrupt_check(), r_calls.progress(progress));
  learnbn::DagEnumerator enumerator(families, n, limit_from_r<std::size_t>(top), r_calls.interrupt_check(),
                                    r_calls.progress(progress));
  const learnbn::ExhaustiveResult result = enumerator.run();
  r_calls.finish();
  Rcpp::List graphs(result.top.size());
  Rcpp::NumericVector scores(result.top.size());
  for (std::size_t i = 0; i < result.top.size(); ++i) {
    graphs[i] = parent_list(result.top[i].parents);
    scores[i] = result.top[i].score;
  }
  return Rcpp::List::create(
      Rcpp::Named("n_dags") = static_cast<double>(result.n_dags),
      Rcpp::Named("log_total") = result.log_total,
      Rcpp::Named("arc_probability") = Rcpp::NumericVector(result.arc_probability.begin(),
                                                           result.arc_probability.end()),
      Rcpp::Named("top_scores") = scores,
      Rcpp::Named("top_parents") = graphs,
      Rcpp::Named("score_evaluations") = static_cast<double>(families.size()));
}

// [[Rcpp::export]]
Rcpp::List cpp_exact_search(Rcpp::List data, Rcpp::List spec, Rcpp::List constraints,
                            int threads, Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  const int n = static_cast<int>(view.n_vars());
  learnbn::FamilyScorer scorer(view, score_spec(spec, n), threads);
  RCalls r_calls;
  const learnbn::FamilyTable families = learnbn::score_allowed_families(
      scorer, constraints_from_list(constraints), r_calls.interrupt_check(), r_calls.progress(progress));
  const learnbn::ExactResult result =
      learnbn::exact_search(families, n, threads, r_calls.interrupt_check(), r_calls.progress(progress));
  r_calls.finish();
  return Rcpp::List::create(
      Rcpp::Named("parents") = parent_list(result.parents),
      Rcpp::Named("score") = result.score,
      Rcpp::Named("score_evaluations") = static_cast<double>(families.size()));
}
