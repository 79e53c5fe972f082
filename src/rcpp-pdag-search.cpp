// Runner of the partially directed graph search (Kochenderfer et al. 2022, section 5.4;
// see rcpp-search.h).
#include <learnbn/search/pdag_search.hpp>
#include "rcpp-search.h"

// options$max_iter: the largest number of steps.
learnbn::SearchResult run_pdag_search(SearchCall& call) {
  learnbn::PdagSearchOptions options;
  options.max_iter = count_option(call.options, "max_iter");
  options.threads = call.threads;
  learnbn::PdagSearch search(call.scorer, call.constraints, options,
                             call.r_calls.interrupt_check());
  return search.run(learnbn::parent_lists(call.start));
}
