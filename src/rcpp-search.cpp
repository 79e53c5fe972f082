// Glue for the greedy and randomised DAG searches: converts arguments, runs the core.
#include <string>
#include <learnbn/search/genetic.hpp>
#include <learnbn/search/hill_climb.hpp>
#include <learnbn/search/local_search.hpp>
#include <learnbn/search/simulated_annealing.hpp>
#include <learnbn/search/tabu_search.hpp>
#include "rcpp-glue.h"


// [[Rcpp::export]]
Rcpp::List cpp_dag_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                          Rcpp::IntegerMatrix start, std::string algorithm, Rcpp::List options,
                          int threads) {
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::Random rng(seed_from_r());
  const learnbn::InterruptCheck check = check_interrupt;
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
      return learnbn::hill_climb(dag, scorer, constraints, max_iterations,
                                 static_cast<int>(count_option(options, "restarts")),
                                 static_cast<int>(count_option(options, "perturb")), rng, check);
    }
    Rcpp::stop("unknown search algorithm '%s'", algorithm);
  }();
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat_from(result.dag), Rcpp::Named("score") = result.score,
      Rcpp::Named("iterations") = static_cast<double>(result.stats.iterations),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::NumericVector(result.stats.trace.begin(), result.stats.trace.end()));
}
