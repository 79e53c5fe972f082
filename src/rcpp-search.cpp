// Glue for the greedy and randomised DAG searches: converts arguments, runs the core.
#include <chrono>
#include <string>
#include <learnbn/search/genetic.hpp>
#include <learnbn/search/stochastic.hpp>
#include "rcpp-constraints.h"
#include "rcpp-data.h"

namespace {

learnbn::Dag dag_from(const Rcpp::IntegerMatrix& amat) {
  learnbn::Dag dag(amat.nrow());
  for (int from = 0; from < amat.nrow(); ++from) {
    for (int to = 0; to < amat.ncol(); ++to) if (amat(from, to)) dag.add_arc(from, to);
  }
  return dag;
}

Rcpp::IntegerMatrix amat_from(const learnbn::Dag& dag) {
  Rcpp::IntegerMatrix amat(dag.size(), dag.size());
  for (int to = 0; to < dag.size(); ++to) {
    for (int from : dag.parents(to)) amat(from, to) = 1;
  }
  return amat;
}

// A seed for the core's engine drawn from R's RNG (Rcpp's wrapper manages its state).
std::uint64_t seed_from_r() {
  const auto high = static_cast<std::uint64_t>(R::unif_rand() * 4294967296.0);
  const auto low = static_cast<std::uint64_t>(R::unif_rand() * 4294967296.0);
  return (high << 32) | low;
}

std::size_t count_option(const Rcpp::List& options, const char* name) {
  return static_cast<std::size_t>(Rcpp::as<double>(options[name]));
}

}  // namespace

// [[Rcpp::export]]
Rcpp::List cpp_dag_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                          Rcpp::IntegerMatrix start, std::string algorithm, Rcpp::List options,
                          int threads) {
  const auto began = std::chrono::steady_clock::now();
  const learnbn::DataView view = data_view(data);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  learnbn::FamilyScorer scorer(view, score_spec(spec, static_cast<int>(view.n_vars())), threads);
  learnbn::Random rng(seed_from_r());
  const learnbn::InterruptCheck check = [] { Rcpp::checkUserInterrupt(); };
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
    return learnbn::hill_climb(dag, scorer, constraints, max_iterations,
                               static_cast<int>(count_option(options, "restarts")),
                               static_cast<int>(count_option(options, "perturb")), rng, check);
  }();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat_from(result.dag), Rcpp::Named("score") = result.score,
      Rcpp::Named("iterations") = static_cast<double>(result.stats.iterations),
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("time") = seconds,
      Rcpp::Named("trace") = Rcpp::NumericVector(result.stats.trace.begin(), result.stats.trace.end()));
}
