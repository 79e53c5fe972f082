// Runners of K2, exhaustive and exact search (see rcpp-search.h). Interrupts are checked
// and progress reported on this thread between batches.
#include <vector>

#include <learnbn/search/exact.hpp>
#include <learnbn/search/exhaustive.hpp>
#include <learnbn/search/k2.hpp>
#include "rcpp-search.h"

namespace {

// 0-based parent ids of every node, one integer vector each.
Rcpp::List parent_list(const std::vector<learnbn::NodeSet>& parents) {
  Rcpp::List out(parents.size());
  for (std::size_t v = 0; v < parents.size(); ++v)
    out[v] = Rcpp::wrap(learnbn::set_nodes(parents[v]));
  return out;
}

// Every family the constraints allow, scored once (progress stage "families").
learnbn::FamilyTable allowed_families(SearchCall& call) {
  return learnbn::score_allowed_families(call.scorer, call.constraints,
                                         call.r_calls.interrupt_check(),
                                         call.r_calls.progress(call.progress));
}

}  // namespace

// options$order: the node order, 0-based.
learnbn::SearchResult run_k2(SearchCall& call) {
  return learnbn::k2_search(call.scorer, Rcpp::as<std::vector<int>>(call.options["order"]),
                            call.constraints, call.r_calls.interrupt_check());
}

learnbn::SearchResult run_exact(SearchCall& call) {
  const learnbn::FamilyTable families = allowed_families(call);
  return learnbn::exact_search(families, call.constraints.n, call.threads,
                               call.r_calls.interrupt_check(),
                               call.r_calls.progress(call.progress));
}

// options$top: how many of the best DAGs to rank. Their ranking and the posterior of
// every arc go to the result's extra fields.
learnbn::SearchResult run_exhaustive(SearchCall& call) {
  const learnbn::FamilyTable families = allowed_families(call);
  const auto top = limit_from_r<std::size_t>(Rcpp::as<double>(call.options["top"]));
  learnbn::DagEnumerator enumerator(families, call.constraints.n, top,
                                    call.r_calls.interrupt_check(),
                                    call.r_calls.progress(call.progress));
  const learnbn::DagPosterior posterior = enumerator.run();
  Rcpp::List graphs(posterior.top.size());
  Rcpp::NumericVector scores(posterior.top.size());
  for (std::size_t i = 0; i < posterior.top.size(); ++i) {
    graphs[i] = parent_list(posterior.top[i].parents);
    scores[i] = posterior.top[i].score;
  }
  call.extra.push_back(static_cast<double>(posterior.n_dags), "n_dags");
  call.extra.push_back(posterior.log_total, "log_total");
  call.extra.push_back(Rcpp::wrap(posterior.arc_probability), "arc_probability");
  call.extra.push_back(scores, "top_scores");
  call.extra.push_back(graphs, "top_parents");
  return learnbn::best_result(posterior);
}
