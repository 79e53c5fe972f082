// Glue for the FCI family: converts arguments and results, no logic. On data the
// skeleton is PC's (constraint/pc.hpp); with a d-separation oracle it is the generic
// stable skeleton of constraint/fci.hpp.
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include <learnbn/constraint/fci.hpp>
#include <learnbn/constraint/gfci.hpp>
#include <learnbn/constraint/pc.hpp>
#include <learnbn/constraint/rfci.hpp>
#include "rcpp-constraint.h"
#include "rcpp-glue.h"

namespace {

learnbn::FCIOptions fci_options(const Rcpp::List& options, const Rcpp::List& knowledge) {
  learnbn::FCIOptions out;
  out.alpha = Rcpp::as<double>(options["alpha"]);
  out.max_cond = limit_from_r<int>(Rcpp::as<double>(options["max_cond"]), INT_MAX);
  out.pdsep = Rcpp::as<bool>(options["pdsep"]);
  out.selection_bias = Rcpp::as<bool>(options["selection_bias"]);
  out.triples = enum_from_name<learnbn::TripleRule>(
      learnbn::triple_rule_names(), Rcpp::as<std::string>(options["orientation"]), "orientation");
  out.required = flat_matrix(knowledge["required"]);
  out.forbidden = flat_matrix(knowledge["forbidden"]);
  return out;
}

Rcpp::List steps_to_r(const std::vector<learnbn::PagStep>& steps) {
  const std::size_t n_s = steps.size();
  Rcpp::IntegerVector rule(n_s), from(n_s), to(n_s), mark(n_s);
  for (std::size_t k = 0; k < n_s; ++k) {
    rule[k] = steps[k].rule; from[k] = steps[k].from + 1; to[k] = steps[k].to + 1;
    mark[k] = steps[k].mark;
  }
  return Rcpp::List::create(Rcpp::Named("rule") = rule, Rcpp::Named("from") = from,
                            Rcpp::Named("to") = to, Rcpp::Named("mark") = mark);
}

Rcpp::List fci_to_r(const learnbn::FCIResult& r, const std::vector<std::string>& names,
                    int threads = 1) {
  const int n = static_cast<int>(names.size());
  Rcpp::IntegerMatrix amat(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) amat(i, j) = r.amat[static_cast<std::size_t>(i) * n + j];
  }
  Rcpp::List tests = test_records_to_r(r.tests, names, threads);
  tests["phase"] = Rcpp::IntegerVector(r.phase.begin(), r.phase.end());
  const std::size_t n_a = r.ambiguous.size();
  Rcpp::IntegerMatrix ambiguous(static_cast<int>(n_a), 3);
  for (std::size_t k = 0; k < n_a; ++k) {
    for (int c = 0; c < 3; ++c) ambiguous(static_cast<int>(k), c) = r.ambiguous[k][c] + 1;
  }
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat,
      Rcpp::Named("tests") = tests,
      Rcpp::Named("witnesses") = witnesses_to_r(r.witnesses, names),
      Rcpp::Named("steps") = steps_to_r(r.steps),
      Rcpp::Named("conflicts") = steps_to_r(r.conflicts),
      Rcpp::Named("ambiguous") = ambiguous,
      Rcpp::Named("cache_hits") = static_cast<double>(r.cache_hits),
      Rcpp::Named("levels") = r.levels);
}

// Runs FCI, or RFCI when options$algorithm is "rfci", from the skeleton `adjacent`, with
// one test per thread in `tests`.
void run_fci(int n, const std::vector<learnbn::IndependenceTest>& tests,
             const Rcpp::List& options, const Rcpp::List& knowledge, std::vector<char> adjacent,
             learnbn::FCIResult& out, learnbn::Interrupt& interrupt) {
  const learnbn::FCIOptions opt = fci_options(options, knowledge);
  if (Rcpp::as<std::string>(options["algorithm"]) == "rfci") {
    learnbn::RFCI rfci(n, tests[0], opt);
    rfci.use_threads(tests);
    rfci.run(std::move(adjacent), out, interrupt);
  } else {
    learnbn::FCI(n, tests[0], opt).use_threads(tests).run(std::move(adjacent), out, interrupt);
  }
}

// One test per thread of options$threads, each with its tester (kept in `testers`). A
// long permutation test stops at the next permutation; FCI rethrows after the test.
std::vector<learnbn::IndependenceTest> thread_tests(
    const learnbn::DataView& view, const learnbn::CITestSpec& spec, const Rcpp::List& options,
    learnbn::Interrupt& interrupt, std::vector<std::unique_ptr<learnbn::CITester>>& testers) {
  const int threads = options.containsElementNamed("threads") ?
      std::max(1, Rcpp::as<int>(options["threads"])) : 1;
  std::vector<learnbn::IndependenceTest> tests;
  for (int t = 0; t < threads; ++t) {
    testers.push_back(std::make_unique<learnbn::CITester>(view, spec));
    learnbn::CITester* tester = testers.back().get();
    tester->on_permutation([&interrupt](int) { return !interrupt.poll(); });
    tests.emplace_back([tester](int x, int y, const std::vector<int>& z) {
      return tester->test(x, y, z);
    });
  }
  return tests;
}

std::vector<int> row_major(const Rcpp::IntegerMatrix& m) {
  const int n = m.nrow();
  std::vector<int> out(static_cast<std::size_t>(n) * n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) out[static_cast<std::size_t>(i) * n + j] = m(i, j) != 0;
  }
  return out;
}

learnbn::DsepOracle oracle_from(const Rcpp::IntegerMatrix& dag,
                                const Rcpp::IntegerVector& observed) {
  return learnbn::DsepOracle(parents_from(dag), Rcpp::as<std::vector<int>>(observed));
}

}  // namespace

// FCI or RFCI on data: PC's skeleton (options as cpp_pc()'s), then the FCI phases.
// `options` adds algorithm ("fci" or "rfci"), pdsep, selection_bias and orientation.
// [[Rcpp::export]]
Rcpp::List cpp_fci(Rcpp::List data, Rcpp::CharacterVector names, Rcpp::List test,
                   Rcpp::List options, Rcpp::List knowledge,
                   Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  const learnbn::PCOptions pc_options = pc_skeleton_options(options, knowledge, view);
  const learnbn::CITestSpec spec = ci_spec_from(test);
  learnbn::PC pc(view, spec, pc_options);
  RCalls r_calls;
  pc.on_progress(r_calls.progress(progress));
  learnbn::PCResult skeleton = pc.run(r_calls.interrupt_check());
  r_calls.finish();

  const int n = static_cast<int>(view.n_vars());
  std::vector<char> adjacent(static_cast<std::size_t>(n) * n, 0);
  for (std::size_t k = 0; k < adjacent.size(); ++k) adjacent[k] = skeleton.amat[k] != 0;
  for (int i = 0; i < n; ++i) {  // the skeleton: either mark of PC's result
    for (int j = 0; j < n; ++j) {
      const std::size_t ij = static_cast<std::size_t>(i) * n + j;
      if (adjacent[ij]) adjacent[static_cast<std::size_t>(j) * n + i] = 1;
    }
  }
  learnbn::FCIResult out;
  out.tests = std::move(skeleton.tests);
  out.phase.assign(out.tests.size(), learnbn::kSkeletonPhase);
  out.witnesses = std::move(skeleton.witnesses);
  out.cache_hits = skeleton.cache_hits;
  out.levels = skeleton.levels;
  learnbn::Interrupt interrupt(r_calls.interrupt_check());
  std::vector<std::unique_ptr<learnbn::CITester>> testers;
  run_fci(n, thread_tests(view, spec, options, interrupt, testers), options, knowledge,
          std::move(adjacent), out, interrupt);
  return fci_to_r(out, Rcpp::as<std::vector<std::string>>(names), pc_options.threads);
}

// FCI with the d-separation oracle of `dag` (a 0/1 adjacency matrix over all nodes);
// `observed` are the 0-based indices of the tested nodes, in the order of `names`.
// [[Rcpp::export]]
Rcpp::List cpp_fci_oracle(Rcpp::IntegerMatrix dag, Rcpp::IntegerVector observed,
                          Rcpp::CharacterVector names, Rcpp::List options, Rcpp::List knowledge) {
  const learnbn::DsepOracle oracle = oracle_from(dag, observed);
  const int n = oracle.n_observed();
  const learnbn::FCIOptions opt = fci_options(options, knowledge);
  const learnbn::IndependenceTest test = [&oracle](int x, int y, const std::vector<int>& z) {
    return oracle.test(x, y, z);
  };
  RCalls r_calls;
  learnbn::Interrupt interrupt(r_calls.interrupt_check());
  learnbn::FCIResult out;
  std::vector<char> adjacent = learnbn::stable_skeleton(
      n, test, opt, flat_matrix(knowledge["forbidden"]), interrupt, out);
  run_fci(n, {test}, options, knowledge, std::move(adjacent), out, interrupt);
  return fci_to_r(out, Rcpp::as<std::vector<std::string>>(names));
}

// The true PAG of `dag` with the nodes not in `observed` latent (pcalg's dag2pag()).
// [[Rcpp::export]]
Rcpp::List cpp_dag_to_pag(Rcpp::IntegerMatrix dag, Rcpp::IntegerVector observed,
                          Rcpp::CharacterVector names, bool selection_bias) {
  const learnbn::DsepOracle oracle = oracle_from(dag, observed);
  return fci_to_r(learnbn::dag_to_pag(oracle, selection_bias),
                  Rcpp::as<std::vector<std::string>>(names));
}

// GFCI from the CPDAG `cpdag` of GES and a member DAG `dag` (0/1 matrices over `names`),
// with the test `test` on `data` or, when `oracle` is a list (dag, observed), its
// d-separation oracle. `options` as cpp_fci()'s.
// [[Rcpp::export]]
Rcpp::List cpp_gfci(Rcpp::Nullable<Rcpp::List> data, Rcpp::CharacterVector names,
                    Rcpp::Nullable<Rcpp::List> test, Rcpp::Nullable<Rcpp::List> oracle,
                    Rcpp::List options, Rcpp::List knowledge, Rcpp::IntegerMatrix cpdag,
                    Rcpp::IntegerMatrix dag) {
  const int n = static_cast<int>(names.size());
  RCalls r_calls;
  learnbn::Interrupt interrupt(r_calls.interrupt_check());
  learnbn::FCIResult out;
  auto run = [&](const std::vector<learnbn::IndependenceTest>& tests) {
    learnbn::GFCI gfci(n, tests[0], fci_options(options, knowledge));
    gfci.use_threads(tests);
    gfci.run(row_major(cpdag), row_major(dag), out, interrupt);
  };
  if (oracle.isNotNull()) {
    const Rcpp::List o(oracle);
    const learnbn::DsepOracle d = oracle_from(o["dag"], o["observed"]);
    run({[&d](int x, int y, const std::vector<int>& z) { return d.test(x, y, z); }});
  } else {
    const learnbn::DataView view = data_view(Rcpp::List(data));
    std::vector<std::unique_ptr<learnbn::CITester>> testers;
    run(thread_tests(view, ci_spec_from(Rcpp::List(test)), options, interrupt, testers));
  }
  return fci_to_r(out, Rcpp::as<std::vector<std::string>>(names));
}
