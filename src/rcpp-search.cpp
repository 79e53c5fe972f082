// The one entry point of the searches, their table and the one conversion of a
// SearchResult to R (see rcpp-search.h); and the runners of the DAG searches by single
// arc moves (hill climbing, tabu, local, annealing, genetic).
#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <learnbn/missing/expected_rows_builder.hpp>
#include <learnbn/search/genetic.hpp>
#include <learnbn/search/ges_operators.hpp>
#include <learnbn/search/hill_climb.hpp>
#include <learnbn/search/local_search.hpp>
#include <learnbn/search/simulated_annealing.hpp>
#include <learnbn/search/tabu_search.hpp>
#include "rcpp-search.h"


namespace {

// The searches by the names R gives them (R/learner-setup.R: run_search(), call_search()).
const std::map<std::string, SearchRunner>& search_runners() {
  static const std::map<std::string, SearchRunner> runners = {
      {"hill_climb", run_hill_climb}, {"tabu", run_tabu}, {"local", run_local},
      {"annealing", run_annealing},   {"genetic", run_genetic}, {"best_first", run_best_first},
      {"ges", run_ges},               {"pdag_search", run_pdag_search}, {"k2", run_k2},
      {"exact", run_exact},           {"exhaustive", run_exhaustive},
      {"boss", run_boss},             {"grasp", run_grasp}};
  return runners;
}

// The searches by arc moves count their moves as `iterations`.
learnbn::SearchResult counting_moves(learnbn::SearchResult result) {
  result.counts = {{"iterations", static_cast<double>(result.stats.iterations)}};
  return result;
}

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

// The one conversion of a search's result: `amat` (the class for the class searches,
// with a member DAG in `dag`), `score`, `counts` (the search's own, by name),
// `score_evaluations` and `cache_hits` (the scorer's), `trace`, then `extra`.
Rcpp::List search_result_list(const learnbn::SearchResult& result,
                              const learnbn::FamilyScorer& scorer, const Rcpp::List& extra) {
  Rcpp::List counts;
  for (const learnbn::SearchCount& c : result.counts) {
    if (c.logical) {
      counts.push_back(Rcpp::LogicalVector::create(c.value != 0), c.name);
    } else {
      counts.push_back(c.value, c.name);
    }
  }
  Rcpp::List out = Rcpp::List::create(
      Rcpp::Named("amat") = result.cpdag ? amat_from(*result.cpdag) : amat_from(result.dag),
      Rcpp::Named("dag") = result.cpdag ? Rcpp::RObject(amat_from(result.dag))
                                        : Rcpp::RObject(R_NilValue),
      Rcpp::Named("score") = result.score, Rcpp::Named("counts") = counts,
      Rcpp::Named("score_evaluations") = static_cast<double>(scorer.evaluations()),
      Rcpp::Named("cache_hits") = static_cast<double>(scorer.cache_hits()),
      Rcpp::Named("trace") = Rcpp::wrap(result.stats.trace));
  if (extra.size() == 0) return out;
  const Rcpp::CharacterVector names = extra.names();
  for (R_xlen_t i = 0; i < extra.size(); ++i) {
    out.push_back(extra[i], Rcpp::as<std::string>(names[i]));
  }
  return out;
}

}  // namespace

// Runs the search `algorithm` (a name of search_runners()) from the DAG `start` under
// the constraints `knowledge`, with the search's own `options`. With `expected` =
// list(network, options) (structural EM), the data's missing cells are completed under
// that network and every family is scored on its expected counts; the result then has
// the expected counts of the final graph's families and the number of completions kept
// (or is list(error) when the completions would exceed options$max_bytes), or
// list(too_large, max_operators) when a node has more GES operators than options$max_bytes
// allows (the node, 1-based).
// `on_restart`, when given, is called as on_restart(restart, score, best) as each
// restart of hill climbing ends; `progress` gets the searches' progress stages.
// [[Rcpp::export]]
Rcpp::List cpp_search(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                      Rcpp::IntegerMatrix start, std::string algorithm, Rcpp::List options,
                      int threads, Rcpp::Nullable<Rcpp::List> expected = R_NilValue,
                      Rcpp::Nullable<Rcpp::Function> on_restart = R_NilValue,
                      Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const auto runner = search_runners().find(algorithm);
  if (runner == search_runners().end()) Rcpp::stop("unknown search algorithm '%s'", algorithm);
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
  if (options.containsElementNamed("count_groups"))
    scorer.use_groups(Rcpp::as<bool>(options["count_groups"]));
  learnbn::LazyRandom rng(seed_from_r);
  RCalls r_calls;
  const learnbn::Dag dag = dag_from(start);
  SearchCall call{scorer, constraints, dag, options, threads, r_calls, rng, progress, on_restart,
                  Rcpp::List()};
  call.data = &view;
  learnbn::SearchResult result;
  try {
    result = runner->second(call);
  } catch (const learnbn::OperatorLimitError& e) {  // GES's phases: call_search()'s error
    r_calls.finish();
    return Rcpp::List::create(Rcpp::Named("too_large") = e.node + 1,
                              Rcpp::Named("max_operators") = e.limit);
  }
  r_calls.finish();
  if (view.expected) {
    call.extra.push_back(expected_tables(view, result.dag), "expected_counts");
    call.extra.push_back(static_cast<double>(completions.n_completions()), "completions");
  }
  return search_result_list(result, scorer, call.extra);
}

learnbn::SearchResult run_hill_climb(SearchCall& call) {
  learnbn::Random& rng = call.rng.get();
  learnbn::RestartReport report;
  if (call.on_restart.isNotNull()) {
    const Rcpp::Function say(call.on_restart);
    RCalls& r_calls = call.r_calls;
    report = [&r_calls, say](int restart, double score, double best) {
      r_calls.call(say, restart, score, best);
    };
  }
  return counting_moves(learnbn::hill_climb(
      call.start, call.scorer, call.constraints, count_option(call.options, "max_iter"),
      static_cast<int>(count_option(call.options, "restarts")),
      static_cast<int>(count_option(call.options, "perturb")), rng, call.r_calls.interrupt_check(),
      report));
}

learnbn::SearchResult run_tabu(SearchCall& call) {
  call.rng.get();  // drawn from R's generator as every search by random moves does
  return counting_moves(learnbn::tabu_search(
      call.start, call.scorer, call.constraints, count_option(call.options, "max_iter"),
      count_option(call.options, "tabu_length"), count_option(call.options, "patience"),
      call.r_calls.interrupt_check()));
}

learnbn::SearchResult run_local(SearchCall& call) {
  return counting_moves(learnbn::local_search(
      call.start, call.scorer, call.constraints, count_option(call.options, "k_max"),
      count_option(call.options, "max_iter"), call.rng.get(), call.r_calls.interrupt_check()));
}

learnbn::SearchResult run_annealing(SearchCall& call) {
  const Rcpp::List& o = call.options;
  const learnbn::AnnealingSchedule schedule{
      Rcpp::as<double>(o["start_temperature"]), count_option(o, "tries"),
      count_option(o, "changes"), Rcpp::as<double>(o["decay"]), count_option(o, "lowerings")};
  return counting_moves(learnbn::simulated_annealing(call.start, call.scorer, call.constraints,
                                                     schedule, call.rng.get(),
                                                     call.r_calls.interrupt_check()));
}

learnbn::SearchResult run_genetic(SearchCall& call) {
  const Rcpp::List& o = call.options;
  learnbn::GeneticOptions genetic;
  genetic.population = count_option(o, "population");
  genetic.generations = count_option(o, "generations");
  genetic.mutations = Rcpp::as<double>(o["mutations"]);
  genetic.memetic = Rcpp::as<bool>(o["memetic"]);
  genetic.max_iterations = count_option(o, "max_iter");
  learnbn::GeneticSearch search(call.scorer, call.constraints, genetic, call.rng.get(),
                               call.r_calls.interrupt_check());
  return counting_moves(search.run(call.start));
}
