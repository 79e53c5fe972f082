// Glue for structure, order and partition MCMC: builds the chains behind an external pointer,
// advances them in batches (R reports progress and checks interrupts between calls)
// and returns each chain's record as plain R lists.
#include <memory>
#include <string>
#include <vector>

#include <learnbn/search/order_mcmc.hpp>
#include <learnbn/search/partition_mcmc.hpp>
#include <learnbn/search/structure_mcmc.hpp>
#include "rcpp-glue.h"

namespace {

// Every chain of one run and what they need; `data` keeps the R vectors the view
// points into alive as long as the chains.
struct McmcRun {
  Rcpp::List data;
  learnbn::DataView view;
  std::unique_ptr<learnbn::OrderScorer> order_scorer;
  std::vector<learnbn::StructureChain> structure;
  std::vector<learnbn::OrderChain> order;
  std::vector<learnbn::PartitionChain> partition;
  int threads = 1;
  double score_evaluations = 0;
};

learnbn::McmcSchedule schedule_from(const Rcpp::List& x) {
  learnbn::McmcSchedule s;
  s.iterations = count_option(x, "iterations");
  s.burn_in = count_option(x, "burn_in");
  s.thin = count_option(x, "thin");
  return s;
}

// One engine seed per chain from two 32-bit words drawn from R's RNG by the caller.
std::uint64_t chain_seed(const Rcpp::NumericMatrix& seeds, int chain) {
  return (static_cast<std::uint64_t>(seeds(0, chain)) << 32) |
         static_cast<std::uint64_t>(seeds(1, chain));
}

Rcpp::List record_list(const learnbn::ChainRecord& r) {
  Rcpp::IntegerMatrix arcs(static_cast<int>(r.sample.size()), 3);
  for (std::size_t a = 0; a < r.sample.size(); ++a) {
    arcs(a, 0) = r.sample[a] + 1;
    arcs(a, 1) = r.from[a] + 1;
    arcs(a, 2) = r.to[a] + 1;
  }
  return Rcpp::List::create(
      Rcpp::Named("arcs") = arcs,
      Rcpp::Named("sample_scores") = Rcpp::wrap(r.sample_scores),
      Rcpp::Named("trace") = Rcpp::wrap(r.trace),
      Rcpp::Named("proposed") = static_cast<double>(r.proposed),
      Rcpp::Named("accepted") = static_cast<double>(r.accepted));
}

// Every allowed family scored once, for the order-space chains and REV moves; progress
// (R: progress_reporter()) and interrupts through `r_calls`.
void score_families(McmcRun& run, const Rcpp::List& spec, const Rcpp::List& knowledge,
                    RCalls& r_calls, const Rcpp::Nullable<Rcpp::Function>& progress) {
  const int n = static_cast<int>(run.view.n_vars());
  learnbn::FamilyScorer scorer(run.view, score_spec(spec, n), run.threads);
  const learnbn::FamilyTable families =
      learnbn::score_allowed_families(scorer, constraints_from_list(knowledge),
                                      r_calls.interrupt_check(), r_calls.progress(progress));
  r_calls.finish();
  run.score_evaluations = static_cast<double>(families.size());
  run.order_scorer.reset(new learnbn::OrderScorer(families));
}

// Structure chains over DAGs, with a share `rev` of new-edge-reversal moves (0: none).
void add_structure_chains(McmcRun& run, const Rcpp::List& spec, const Rcpp::List& knowledge,
                          const Rcpp::IntegerVector& start_from,
                          const Rcpp::IntegerVector& start_to,
                          const learnbn::McmcSchedule& schedule, const Rcpp::NumericMatrix& seeds,
                          double rev, RCalls& r_calls,
                          const Rcpp::Nullable<Rcpp::Function>& progress) {
  const int n = static_cast<int>(run.view.n_vars());
  const learnbn::ScoreSpec score = score_spec(spec, n);
  const learnbn::Constraints constraints = constraints_from_list(knowledge);
  if (rev > 0) score_families(run, spec, knowledge, r_calls, progress);
  learnbn::Dag start(n);
  for (R_xlen_t a = 0; a < start_from.size(); ++a) start.add_arc(start_from[a], start_to[a]);
  for (int c = 0; c < seeds.ncol(); ++c) {
    run.structure.emplace_back(run.view, score, constraints, start, schedule, chain_seed(seeds, c),
                               run.order_scorer.get(), rev);
  }
}

// Order or partition chains, after scoring every allowed family.
void add_order_chains(McmcRun& run, const Rcpp::List& spec, const Rcpp::List& knowledge,
                      const Rcpp::IntegerVector& start_from, const Rcpp::IntegerVector& start_to,
                      const learnbn::McmcSchedule& schedule, const Rcpp::NumericMatrix& seeds,
                      bool partitions, int copies, RCalls& r_calls,
                      const Rcpp::Nullable<Rcpp::Function>& progress) {
  const int n = static_cast<int>(run.view.n_vars());
  score_families(run, spec, knowledge, r_calls, progress);
  std::vector<learnbn::NodeSet> start(n, 0);
  for (R_xlen_t a = 0; a < start_from.size(); ++a)
    start[start_to[a]] |= learnbn::node_bit(start_from[a]);
  for (int c = 0; c < seeds.ncol(); ++c) {
    if (partitions) {
      // Half the burn-in in order space, which mixes faster, brings chains from poor
      // starts to the posterior's region (see partition_mcmc.hpp).
      run.partition.emplace_back(*run.order_scorer, start, schedule, chain_seed(seeds, c), copies,
                                 schedule.burn_in / 2);
    } else {
      run.order.emplace_back(*run.order_scorer, start, schedule, chain_seed(seeds, c));
    }
  }
}

}  // namespace

// Builds one chain per column of `seeds` for `algorithm` ("structure_mcmc",
// "order_mcmc" or "partition_mcmc"); `start_from`, `start_to` are the 0-based arcs of the start DAG
// (whitelist included); `copies` is the number of tempered copies of a partition chain
// and `rev` the share of new-edge-reversal moves of a structure chain; `progress` gets
// the families scored (stage "families").
// [[Rcpp::export]]
SEXP cpp_mcmc_start(Rcpp::List data, Rcpp::List spec, Rcpp::List knowledge,
                    Rcpp::IntegerVector start_from, Rcpp::IntegerVector start_to,
                    Rcpp::List schedule, Rcpp::NumericMatrix seeds, int threads,
                    std::string algorithm, int copies, double rev,
                    Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  std::unique_ptr<McmcRun> run(new McmcRun);
  RCalls r_calls;
  run->data = data;
  run->view = data_view(run->data);
  run->threads = threads;
  if (algorithm == "order_mcmc" || algorithm == "partition_mcmc") {
    add_order_chains(*run, spec, knowledge, start_from, start_to, schedule_from(schedule), seeds,
                     algorithm == "partition_mcmc", copies, r_calls, progress);
  } else {
    add_structure_chains(*run, spec, knowledge, start_from, start_to, schedule_from(schedule),
                         seeds, rev, r_calls, progress);
  }
  return Rcpp::XPtr<McmcRun>(run.release(), true);
}

// Advances every chain by `steps` iterations (at most to the end of its schedule).
// [[Rcpp::export]]
void cpp_mcmc_advance(SEXP run_ptr, double steps) {
  Rcpp::XPtr<McmcRun> run(run_ptr);
  const auto n = static_cast<std::size_t>(steps);
  if (!run->structure.empty()) learnbn::advance_chains(run->structure, n, run->threads);
  if (!run->order.empty()) learnbn::advance_chains(run->order, n, run->threads);
  if (!run->partition.empty()) learnbn::advance_chains(run->partition, n, run->threads);
  // A Ctrl-C during the batch is only pending in R, whose evaluator may not look for it
  // for seconds: answer it here, between batches.
  check_interrupt();
}

// [[Rcpp::export]]
Rcpp::List cpp_mcmc_result(SEXP run_ptr) {
  Rcpp::XPtr<McmcRun> run(run_ptr);
  Rcpp::List chains;
  double evaluations = run->score_evaluations, hits = 0;
  for (const auto& chain : run->structure) {
    chains.push_back(record_list(chain.record()));
    evaluations += static_cast<double>(chain.score_evaluations());
    hits += static_cast<double>(chain.cache_hits());
  }
  for (const auto& chain : run->order) chains.push_back(record_list(chain.record()));
  for (const auto& chain : run->partition) {
    Rcpp::List record = record_list(chain.record());
    record["arc_mass"] = Rcpp::wrap(chain.arc_mass());
    chains.push_back(record);
  }
  return Rcpp::List::create(Rcpp::Named("chains") = chains,
                            Rcpp::Named("score_evaluations") = evaluations,
                            Rcpp::Named("cache_hits") = hits);
}
