// Glue for the greedy and randomised DAG searches: converts arguments, runs the core.
#include <algorithm>
#include <memory>
#include <string>
#include <learnbn/missing/expected_rows_builder.hpp>
#include <learnbn/search/genetic.hpp>
#include <learnbn/search/hill_climb.hpp>
#include <learnbn/search/local_search.hpp>
#include <learnbn/search/simulated_annealing.hpp>
#include <learnbn/search/tabu_search.hpp>
#include "rcpp-glue.h"


namespace {

// The expected counts (dense, R's layout: node, then its parents in column order) of
// every family of `dag` (structural EM's M-step).
Rcpp::List expected_tables(const learnbn::DataView& view, const learnbn::Dag& dag) {
  learnbn::Counter counter(view);
  Rcpp::List tables(dag.size());
  for (int v = 0; v < dag.size(); ++v) {
    std::vector<int> parents = dag.parents(v);
    std::sort(parents.begin(), parents.end());
    tables[v] = Rcpp::wrap(counter.dense_table(v, parents.data(), parents.size()));
  }
  return tables;
}

}  // namespace

// With `expected` = list(network, options) (structural EM), the data's missing cells
// are completed under that network and every family is scored on its expected counts;
// the result then has the expected counts of the final graph's families (or list(error)
// when the completions would exceed options$max_bytes). `on_restart`, when given, is
// called as on_restart(restart, score, best) as each restart of hill climbing ends.
// [[Rcpp::export]]
Rcpp::List cpp_dag_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                          Rcpp::IntegerMatrix start, std::string algorithm, Rcpp::List options,
                          int threads, Rcpp::Nullable<Rcpp::List> expected = R_NilValue,
                          Rcpp::Nullable<Rcpp::Function> on_restart = R_NilValue) {
  learnbn::DataView view = data_view(data);
  learnbn::ExpectedRows completions;
  if (expected.isNotNull()) {
    const Rcpp::List spec_expected(expected);
    learnbn::LazyRandom completion_rng(seed_from_r);
    try {
      completions = learnbn::build_expected_rows(
          view, cpt_network_from(spec_expected["network"]),
          completion_options_from(spec_expected["options"]), completion_rng, check_interrupt);
    } catch (const learnbn::MemoryLimitError& e) {
      return Rcpp::List::create(Rcpp::Named("error") = std::string(e.what()));
    }
    view.expected = &completions;
  }
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  if (options.containsElementNamed("count_groups")) scorer.use_groups(Rcpp::as<bool>(options["count_groups"]));
  learnbn::Random rng(seed_from_r());
  RCalls r_calls;
  const learnbn::InterruptCheck check = r_calls.interrupt_check();
  const learnbn::Dag dag = dag_from(start);
  const std::size_t max_iterations = count_option(options, "max_iter");

  learnbn::SearchResult result = [&] {
    if (algorithm == "tabu") {
      return learnbn::tabu_search(dag, scorer, constraints, max_iterations,
                                  count_option(options, "tabu_length"), count_option(options, "patience"), check);
    }
    if (algorithm == "local") {
      return learnbn::local_search(dag, scorer, constraints, count_option(options, "k_max"), rng, check);
    }
    if (algorithm == "annealing") {
      const learnbn::AnnealingSchedule schedule{
          Rcpp::as<double>(options["start_temperature"]), count_option(options, "tries"),
          count_option(options, "changes"), Rcpp::as<double>(options["decay"]),
          count_option(options, "lowerings")};
      return learnbn::simulated_annealing(dag, scorer, constraints, schedule, rng, check);
    }
    if (algorithm == "genetic") {
      learnbn::GeneticOptions genetic;
      genetic.population = count_option(options, "population");
      genetic.generations = count_option(options, "generations");
      genetic.mutations = Rcpp::as<double>(options["mutations"]);
      genetic.memetic = Rcpp::as<bool>(options["memetic"]);
      genetic.max_iterations = max_iterations;
      return learnbn::GeneticSearch(scorer, constraints, genetic, rng, check).run(dag);
    }
    if (algorithm == "hill_climb") {
      learnbn::RestartReport report;
      if (on_restart.isNotNull()) {
        const Rcpp::Function say(on_restart);
        report = [&r_calls, say](int restart, double score, double best) {
          r_calls.call(say, restart, score, best);
        };
      }
      return learnbn::hill_climb(dag, scorer, constraints, max_iterations,
                                 static_cast<int>(count_option(options, "restarts")),
                                 static_cast<int>(count_option(options, "perturb")), rng, check, report);
    }
    Rcpp::stop("unknown search algorithm '%s'", algorithm);
  }();
  r_calls.finish();
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat_from(result.dag), Rcpp::Named("score") = result.score,
      Rcpp::Named("expected_counts") = view.expected ? Rcpp::RObject(expected_tables(view, result.dag))
                                                     : Rcpp::RObject(R_NilValue),
      Rcpp::Named("completions") = static_cast<double>(completions.n_completions()),
      Rcpp::Named("iterations") = static_cast<double>(result.stats.iterations),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::NumericVector(result.stats.trace.begin(), result.stats.trace.end()));
}
