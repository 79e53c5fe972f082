// The one way R reaches a search: cpp_search() (rcpp-search.cpp) builds what every
// search needs into a SearchCall, runs the search named by R through the table of
// runners there, and converts the core's SearchResult to R once. A runner (one glue
// function per search, next to the glue of its family) reads its options, runs the core
// and returns the result; what a search reports beyond a SearchResult goes to `extra`.
#pragma once
#include <learnbn/score/family_scorer.hpp>
#include <learnbn/search/common.hpp>
#include <learnbn/util/rng.hpp>
#include "rcpp-glue.h"

struct SearchCall {
  learnbn::FamilyScorer& scorer;
  const learnbn::Constraints& constraints;
  const learnbn::Dag& start;
  const Rcpp::List& options;
  int threads;
  RCalls& r_calls;
  learnbn::LazyRandom& rng;  // seeded from R's generator when a search first asks
  Rcpp::Nullable<Rcpp::Function> progress;    // progress_reporter() (R/progress.R) or NULL
  Rcpp::Nullable<Rcpp::Function> on_restart;  // hill climbing's restart report or NULL
  Rcpp::List extra;                           // further fields of the R result
  const learnbn::DataView* data = nullptr;    // the data the scorer counts
};

using SearchRunner = learnbn::SearchResult (*)(SearchCall&);

learnbn::SearchResult run_hill_climb(SearchCall& call);
learnbn::SearchResult run_tabu(SearchCall& call);
learnbn::SearchResult run_local(SearchCall& call);
learnbn::SearchResult run_annealing(SearchCall& call);
learnbn::SearchResult run_genetic(SearchCall& call);
learnbn::SearchResult run_best_first(SearchCall& call);
learnbn::SearchResult run_ges(SearchCall& call);
learnbn::SearchResult run_pdag_search(SearchCall& call);
learnbn::SearchResult run_k2(SearchCall& call);
learnbn::SearchResult run_exact(SearchCall& call);
learnbn::SearchResult run_exhaustive(SearchCall& call);
learnbn::SearchResult run_boss(SearchCall& call);
learnbn::SearchResult run_grasp(SearchCall& call);

// GES's limit on one node's operators (GesOptions::max_operators) from R's memory limit
// (options$max_bytes, which call_search() gives every search).
double ges_operator_limit(const Rcpp::List& options);
