// Glue for the PC algorithm: converts arguments and the result, no logic.
#include <string>
#include <vector>
#include <learnbn/constraint/fci.hpp>
#include <learnbn/constraint/pc.hpp>
#include "rcpp-constraint.h"
#include "rcpp-glue.h"

namespace {

// The result of PC as an R list (nodes 1-based), converted on up to `threads` threads.
Rcpp::List pc_to_r(const learnbn::PCResult& r, const std::vector<std::string>& node_names,
                   int threads) {
  const int n = static_cast<int>(node_names.size());
  Rcpp::IntegerMatrix amat(n, n), bidirected(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      amat(i, j) = r.amat[static_cast<std::size_t>(i) * n + j];
      bidirected(i, j) = r.bidirected[static_cast<std::size_t>(i) * n + j];
    }
  }
  const std::size_t n_v = r.immoralities.size();
  Rcpp::IntegerVector vx(n_v), vm(n_v), vy(n_v), vstatus(n_v);
  Rcpp::NumericVector vstrength(n_v);
  for (std::size_t k = 0; k < n_v; ++k) {
    const learnbn::Immorality& v = r.immoralities[k];
    vx[k] = v.x + 1; vm[k] = v.middle + 1; vy[k] = v.y + 1;
    vstrength[k] = v.strength; vstatus[k] = v.status;
  }
  const std::size_t n_c = r.conflicts.size();
  Rcpp::IntegerVector cfrom(n_c), cto(n_c), ckept(n_c), cother(n_c), cres(n_c);
  for (std::size_t k = 0; k < n_c; ++k) {
    const learnbn::Conflict& c = r.conflicts[k];
    cfrom[k] = c.from + 1; cto[k] = c.to + 1; ckept[k] = c.kept + 1; cother[k] = c.other + 1;
    cres[k] = c.resolution;
  }
  const std::size_t n_s = r.steps.size();
  Rcpp::IntegerVector sfrom(n_s), sto(n_s), srule(n_s);
  for (std::size_t k = 0; k < n_s; ++k) {
    sfrom[k] = r.steps[k].from + 1; sto[k] = r.steps[k].to + 1; srule[k] = r.steps[k].rule;
  }
  return Rcpp::List::create(
      Rcpp::Named("amat") = amat, Rcpp::Named("bidirected") = bidirected,
      Rcpp::Named("tests") = test_records_to_r(r.tests, node_names, threads),
      Rcpp::Named("witnesses") = witnesses_to_r(r.witnesses, node_names),
      Rcpp::Named("immoralities") = Rcpp::List::create(
          Rcpp::Named("x") = vx, Rcpp::Named("middle") = vm, Rcpp::Named("y") = vy,
          Rcpp::Named("strength") = vstrength, Rcpp::Named("status") = vstatus),
      Rcpp::Named("conflicts") = Rcpp::List::create(
          Rcpp::Named("from") = cfrom, Rcpp::Named("to") = cto, Rcpp::Named("kept") = ckept,
          Rcpp::Named("other") = cother, Rcpp::Named("resolution") = cres),
      Rcpp::Named("steps") = Rcpp::List::create(
          Rcpp::Named("from") = sfrom, Rcpp::Named("to") = sto, Rcpp::Named("rule") = srule),
      Rcpp::Named("cache_hits") = static_cast<double>(r.cache_hits),
      Rcpp::Named("levels") = r.levels);
}

}  // namespace

// `test` is a ci_test_spec(); `options` is list(alpha, max_cond, stable, threads,
// conflicts, shortcuts); `knowledge` is a build_constraints() list in the order of `names`;
// `report`, when given, is called as report(level, tests, removed, edges_left) after
// each level of the skeleton phase; `progress` gets the edges tested of each level.
// [[Rcpp::export]]
Rcpp::List cpp_pc(Rcpp::List data, Rcpp::CharacterVector names, Rcpp::List test, Rcpp::List options,
                  Rcpp::List knowledge, Rcpp::Nullable<Rcpp::Function> report = R_NilValue,
                  Rcpp::Nullable<Rcpp::Function> progress = R_NilValue) {
  const learnbn::DataView view = data_view(data);
  learnbn::PCOptions pc_options = pc_skeleton_options(options, knowledge, view);
  pc_options.conflicts = enum_from_name<learnbn::ConflictPolicy>(
      learnbn::conflict_policy_names(), Rcpp::as<std::string>(options["conflicts"]),
      "conflict policy");
  learnbn::PC pc(view, ci_spec_from(test), pc_options);
  RCalls r_calls;
  if (report.isNotNull()) {  // verbose: one line per level, from R
    const Rcpp::Function say(report);
    pc.on_level([&r_calls, say](const learnbn::LevelSummary& s) {
      r_calls.call(say, s.level, static_cast<double>(s.tests), static_cast<double>(s.removed),
                   static_cast<double>(s.edges_left));
    });
  }
  pc.on_progress(r_calls.progress(progress));
  const learnbn::PCResult r = pc.run(r_calls.interrupt_check());
  r_calls.finish();

  return pc_to_r(r, Rcpp::as<std::vector<std::string>>(names), pc_options.threads);
}

// PC with the d-separation oracle of `dag` (a 0/1 adjacency matrix over all nodes) as its
// test: the stable skeleton of constraint/fci.hpp, then PC's orientation. `observed` are
// the 0-based indices of the tested nodes, in the order of `names`; `options` as
// cpp_pc()'s (alpha, max_cond, conflicts).
// [[Rcpp::export]]
Rcpp::List cpp_pc_oracle(Rcpp::IntegerMatrix dag, Rcpp::IntegerVector observed,
                         Rcpp::CharacterVector names, Rcpp::List options, Rcpp::List knowledge) {
  const learnbn::DsepOracle oracle(parents_from(dag), Rcpp::as<std::vector<int>>(observed));
  const int n = oracle.n_observed();
  learnbn::FCIOptions skeleton_options;
  skeleton_options.alpha = Rcpp::as<double>(options["alpha"]);
  skeleton_options.max_cond = limit_from_r<int>(Rcpp::as<double>(options["max_cond"]), INT_MAX);
  skeleton_options.required = flat_matrix(knowledge["required"]);
  learnbn::PCOptions pc_options;
  pc_options.conflicts = enum_from_name<learnbn::ConflictPolicy>(
      learnbn::conflict_policy_names(), Rcpp::as<std::string>(options["conflicts"]),
      "conflict policy");
  pc_options.required = skeleton_options.required;
  pc_options.forbidden = flat_matrix(knowledge["forbidden"]);
  RCalls r_calls;
  learnbn::Interrupt interrupt(r_calls.interrupt_check());
  learnbn::FCIResult skeleton;
  const std::vector<char> adjacent = learnbn::stable_skeleton(
      n, [&oracle](int x, int y, const std::vector<int>& z) { return oracle.test(x, y, z); },
      skeleton_options, pc_options.forbidden, interrupt, skeleton);
  learnbn::PCResult r;
  r.tests = std::move(skeleton.tests);
  r.witnesses = std::move(skeleton.witnesses);
  r.levels = skeleton.levels;
  learnbn::PCOrienter(n, pc_options).orient(adjacent, r);
  return pc_to_r(r, Rcpp::as<std::vector<std::string>>(names), 1);
}
