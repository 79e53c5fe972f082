// Runner of best-first search (see rcpp-search.h).
#include <learnbn/search/best_first.hpp>
#include "rcpp-search.h"

// options: the budgets max_expansions, max_open and max_evaluations.
learnbn::SearchResult run_best_first(SearchCall& call) {
  learnbn::BestFirstOptions limits;
  limits.max_expansions = count_option(call.options, "max_expansions");
  limits.max_open = count_option(call.options, "max_open");
  limits.max_evaluations = count_option(call.options, "max_evaluations");
  learnbn::BestFirstSearch search(call.scorer, call.constraints, limits,
                                  call.r_calls.interrupt_check());
  return search.run(call.start);
}
