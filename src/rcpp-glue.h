// Glue shared by every Rcpp entry point: R objects to core views, specs, graphs and
// limits, and back. Conversion only, no logic; each conversion exists once, here.
#pragma once
#include <Rcpp.h>
#include <cmath>
#include <cstdint>
#include <exception>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <learnbn/citest/spec.hpp>
#include <learnbn/data/data.hpp>
#include <learnbn/data/interventions.hpp>
#include <learnbn/graph/constraints.hpp>
#include <learnbn/graph/dag.hpp>
#include <learnbn/graph/pdag.hpp>
#include <learnbn/missing/completion_options.hpp>
#include <learnbn/network/cpt_network.hpp>
#include <learnbn/score/family_score.hpp>
#include <learnbn/util/progress.hpp>

// The position of `value` in a registry of names (the order of the core's enum); an
// unknown name is an error naming `what`, never a silent default.
template <class Enum>
Enum enum_from_name(const std::vector<std::string>& names, const std::string& value,
                    const char* what) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == value) return static_cast<Enum>(i);
  }
  Rcpp::stop("unknown %s '%s'", what, value);
}

// A limit from R as a double where Inf means none: `unlimited` when infinite or too
// large to count, the value otherwise.
template <class Count>
Count limit_from_r(double value, Count unlimited = std::numeric_limits<Count>::max()) {
  if (!std::isfinite(value) || value >= static_cast<double>(unlimited) ||
      value >= 4503599627370496.0)
    return unlimited;
  return static_cast<Count>(value);
}
inline std::size_t count_option(const Rcpp::List& options, const char* name) {
  return limit_from_r<std::size_t>(Rcpp::as<double>(options[name]));
}

// A seed for the core's engine drawn from R's RNG (Rcpp's wrapper manages its state).
inline std::uint64_t seed_from_r() {
  const auto high = static_cast<std::uint64_t>(R::unif_rand() * 4294967296.0);
  const auto low = static_cast<std::uint64_t>(R::unif_rand() * 4294967296.0);
  return (high << 32) | low;
}

// Checks for a user interrupt on the calling thread; throws Rcpp's interrupt exception,
// which the entry point's wrapper turns into an R interrupt.
inline void check_interrupt() { Rcpp::checkUserInterrupt(); }

// The R functions a run calls back (progress bars, verbose lines, restart reports), and
// its interrupt check. An R error or interrupt inside a callback reaches C++ as an
// exception (Rcpp's LongjumpException) that must not cross the core's worker threads,
// OpenMP regions or noexcept frames, so call() keeps it instead: later callbacks are
// skipped, and the run's next check() (which the core calls on this thread between units
// of work) or finish() rethrows it, for the entry point's wrapper to resume the R error
// or interrupt. One RCalls lives on the stack of one entry point; the core's callbacks
// must not outlive it.
class RCalls {
 public:
  RCalls() = default;
  RCalls(const RCalls&) = delete;
  RCalls& operator=(const RCalls&) = delete;
  ~RCalls() {
    if (token_ != R_NilValue) R_ReleaseObject(token_);
  }

  template <class... Args>
  void call(const Rcpp::Function& f, const Args&... args) {
    if (failed()) return;
    try {
      f(args...);
    } catch (const Rcpp::LongjumpException& e) {
      token_ = e.token;
      R_PreserveObject(token_);  // R may collect garbage before it is resumed
    } catch (...) {
      error_ = std::current_exception();
    }
  }

  // What a callback kept, rethrown; then R's interrupt check.
  void check() {
    finish();
    check_interrupt();
  }
  // What a callback kept, rethrown (call once the core has returned).
  void finish() {
    if (token_ != R_NilValue) {
      const SEXP token = token_;
      R_ReleaseObject(token_);
      token_ = R_NilValue;
      throw Rcpp::LongjumpException(token);
    }
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }
  std::function<void()> interrupt_check() {
    return [this] { check(); };
  }

  // The core's Progress reporting to `report(stage, done, total)`, an R function from
  // progress_reporter() (R/progress.R) that draws the bars; none when `report` is NULL.
  learnbn::Progress progress(const Rcpp::Nullable<Rcpp::Function>& report) {
    if (report.isNull()) return learnbn::Progress();
    const Rcpp::Function say(report);
    return learnbn::Progress([this, say](const std::string& stage, double done, double total) {
      call(say, stage, done, total);
    });
  }

 private:
  bool failed() const { return token_ != R_NilValue || error_; }
  SEXP token_ = R_NilValue;
  std::exception_ptr error_ = nullptr;
};

// A bn_data's interventions (a named list: node -> sorted 1-based rows, see
// R/data-interventions.R) by the position of each node in `levels`; nullptr when none.
inline std::shared_ptr<const learnbn::Interventions> interventions_from(const Rcpp::List& data) {
  if (!data.containsElementNamed("interventions")) return nullptr;
  SEXP given = data["interventions"];
  if (Rf_isNull(given) || Rf_length(given) == 0) return nullptr;
  const Rcpp::List sets(given);
  const Rcpp::CharacterVector nodes = Rcpp::List(data["levels"]).names();
  const Rcpp::CharacterVector named = sets.names();
  auto out = std::make_shared<learnbn::Interventions>();
  out->rows.resize(nodes.size());
  for (R_xlen_t v = 0; v < nodes.size(); ++v) {
    for (R_xlen_t s = 0; s < sets.size(); ++s) {
      if (named[s] != nodes[v]) continue;
      const Rcpp::IntegerVector rows(sets[s]);
      for (int row : rows) out->rows[v].push_back(static_cast<std::size_t>(row - 1));
    }
  }
  return out;
}

// A view of a bn_data list; the R object must outlive the view.
inline learnbn::DataView data_view(const Rcpp::List& data) {
  learnbn::DataView view;
  view.interventions = interventions_from(data);
  Rcpp::List levels = data["levels"];
  view.n_rows = static_cast<std::size_t>(Rcpp::as<double>(data["n_rows"]));
  view.n_cases = Rcpp::as<double>(data["n_cases"]);
  SEXP weights = data["weights"];
  if (!Rf_isNull(weights)) view.weights = REAL(weights);
  if (data.containsElementNamed("fold")) {  // attached for the cv score (R: with_cv_folds())
    view.fold = INTEGER(data["fold"]);
    view.n_folds = Rcpp::as<int>(data["n_folds"]);
  }
  if (data.containsElementNamed("type") && Rcpp::as<std::string>(data["type"]) == "gaussian") {
    Rcpp::List values = data["values"];
    view.correlation = REAL(data["cor"]);
    view.sd = REAL(data["sds"]);
    for (R_xlen_t i = 0; i < values.size(); ++i) {
      learnbn::Column column;
      column.real = REAL(values[i]);
      view.columns.push_back(column);
    }
    return view;
  }
  Rcpp::List codes = data["codes"];
  if (data.containsElementNamed("missing")) {
    Rcpp::NumericVector missing = data["missing"];
    for (double m : missing) view.has_missing = view.has_missing || m > 0;
  }
  // Mixed data: a continuous variable has NULL codes and its values in `values`.
  const bool mixed = data.containsElementNamed("type") &&
                     Rcpp::as<std::string>(data["type"]) == "mixed";
  for (R_xlen_t i = 0; i < codes.size(); ++i) {
    learnbn::Column column;
    SEXP col = codes[i];
    if (mixed && Rf_isNull(col)) {
      column.real = REAL(Rcpp::List(data["values"])[i]);
      view.columns.push_back(column);
      continue;
    }
    if (TYPEOF(col) == RAWSXP) column.small = RAW(col); else column.wide = INTEGER(col);
    column.cardinality = Rf_length(levels[i]);
    view.columns.push_back(column);
  }
  return view;
}

inline learnbn::ScoreSpec score_spec(const Rcpp::List& spec, int n_nodes) {
  learnbn::ScoreSpec out;
  out.type = enum_from_name<learnbn::ScoreType>(learnbn::score_type_names(),
                                                Rcpp::as<std::string>(spec["type"]), "score type");
  out.iss = Rcpp::as<double>(spec["iss"]);
  out.alpha = Rcpp::as<double>(spec["alpha"]);
  out.prior = enum_from_name<learnbn::StructurePrior>(
      learnbn::structure_prior_names(), Rcpp::as<std::string>(spec["prior"]), "structure prior");
  out.arc_prob = Rcpp::as<double>(spec["arc_prob"]);
  out.am = Rcpp::as<double>(spec["am"]);
  out.aw = Rcpp::as<double>(spec["aw"]);
  if (spec.containsElementNamed("penalty_discount"))
    out.penalty_discount = Rcpp::as<double>(spec["penalty_discount"]);
  out.n_nodes = n_nodes;
  if (out.prior == learnbn::StructurePrior::modular) {  // prior_node[n], prior_arc[n x n]
    const std::size_t n = static_cast<std::size_t>(n_nodes);
    auto node = std::make_shared<std::vector<double>>(
        Rcpp::as<std::vector<double>>(spec["prior_node"]));
    auto arc = std::make_shared<std::vector<double>>(
        Rcpp::as<std::vector<double>>(spec["prior_arc"]));
    if (node->size() != n || arc->size() != n * n) Rcpp::stop("structure prior of the wrong size");
    out.prior_node = node;
    out.prior_arc = arc;
  }
  return out;
}

// list(statistic = name, adjusted_df, permutations, seed) from ci_test_spec().
inline learnbn::CITestSpec ci_spec_from(const Rcpp::List& test) {
  learnbn::CITestSpec spec;
  spec.statistic = enum_from_name<learnbn::CIStatistic>(
      learnbn::ci_statistic_names(), Rcpp::as<std::string>(test["statistic"]), "test statistic");
  spec.adjusted_df = Rcpp::as<bool>(test["adjusted_df"]);
  spec.permutations = Rcpp::as<int>(test["permutations"]);
  spec.seed = static_cast<std::uint64_t>(Rcpp::as<double>(test["seed"]));
  return spec;
}

// A logical n x n matrix (x[i, j] about the arc i -> j) in the core's row-major layout.
inline std::vector<char> flat_matrix(const Rcpp::LogicalMatrix& m) {
  const int n = m.nrow();
  std::vector<char> out(static_cast<std::size_t>(n) * n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) out[static_cast<std::size_t>(i) * n + j] = m(i, j) == TRUE;
  }
  return out;
}

// `x` is list(nodes, required, forbidden, max_parents) from build_constraints().
inline learnbn::Constraints constraints_from_list(const Rcpp::List& x) {
  learnbn::Constraints c;
  c.required = flat_matrix(x["required"]);
  c.forbidden = flat_matrix(x["forbidden"]);
  c.n = Rcpp::LogicalMatrix(x["required"]).nrow();
  for (int v = 0; v < c.n; ++v) c.forbidden[static_cast<std::size_t>(v) * c.n + v] = 1;
  c.max_parents = limit_from_r<int>(Rcpp::as<double>(x["max_parents"]), INT_MAX);
  if (x.containsElementNamed("plus_one")) c.plus_one = flat_matrix(x["plus_one"]);
  return c;
}

// Graphs: an R adjacency matrix (amat[i, j] = 1 for i -> j; both marks for i - j) to
// the core's types and back.
inline learnbn::ParentLists parents_from(const Rcpp::IntegerMatrix& amat) {
  learnbn::ParentLists parents(amat.ncol());
  for (int to = 0; to < amat.ncol(); ++to) {
    for (int from = 0; from < amat.nrow(); ++from) if (amat(from, to)) parents[to].push_back(from);
  }
  return parents;
}
inline learnbn::Dag dag_from(const Rcpp::IntegerMatrix& amat) {
  learnbn::Dag dag(amat.nrow());
  for (int to = 0; to < amat.ncol(); ++to) {
    for (int from = 0; from < amat.nrow(); ++from) if (amat(from, to)) dag.add_arc(from, to);
  }
  return dag;
}
inline learnbn::Pdag pdag_from(const Rcpp::IntegerMatrix& amat) {
  learnbn::Pdag g(amat.nrow());
  for (int a = 0; a < amat.nrow(); ++a) {
    for (int b = 0; b < amat.ncol(); ++b) {
      if (amat(a, b) && amat(b, a)) g.add_undirected(a, b);
      else if (amat(a, b)) g.add_arc(a, b);
    }
  }
  return g;
}
inline Rcpp::IntegerMatrix amat_from(const learnbn::ParentLists& parents) {
  const int n = static_cast<int>(parents.size());
  Rcpp::IntegerMatrix amat(n, n);
  for (int to = 0; to < n; ++to) for (int from : parents[to]) amat(from, to) = 1;
  return amat;
}
inline Rcpp::IntegerMatrix amat_from(const learnbn::Dag& dag) {
  Rcpp::IntegerMatrix amat(dag.size(), dag.size());
  for (int to = 0; to < dag.size(); ++to) for (int from : dag.parents(to)) amat(from, to) = 1;
  return amat;
}
inline Rcpp::IntegerMatrix amat_from(const learnbn::Pdag& g) {
  Rcpp::IntegerMatrix amat(g.size(), g.size());
  for (int from = 0; from < g.size(); ++from) {
    for (int to = 0; to < g.size(); ++to) amat(from, to) = g.mark(from, to);
  }
  return amat;
}

// network = list(parents = list of 0-based integer vectors, cpts = list of numeric
// vectors, states = integer vector); node v is column v of the data.
inline learnbn::CptNetwork cpt_network_from(const Rcpp::List& network) {
  Rcpp::List parents = network["parents"], cpts = network["cpts"];
  std::vector<std::vector<int>> pa;
  std::vector<std::vector<double>> theta;
  for (R_xlen_t v = 0; v < parents.size(); ++v) {
    pa.push_back(Rcpp::as<std::vector<int>>(parents[v]));
    theta.push_back(Rcpp::as<std::vector<double>>(cpts[v]));
  }
  return learnbn::CptNetwork(Rcpp::as<std::vector<int>>(network["states"]), std::move(pa),
                             std::move(theta));
}

// The limits of a completion (R: complete_data()); the mode is set by the caller.
inline learnbn::CompletionOptions completion_options_from(const Rcpp::List& options) {
  learnbn::CompletionOptions opt;
  opt.max_completions = static_cast<std::size_t>(Rcpp::as<double>(options["max_completions"]));
  opt.max_component = static_cast<std::size_t>(Rcpp::as<double>(options["max_component"]));
  opt.samples = static_cast<std::size_t>(Rcpp::as<double>(options["samples"]));
  opt.burn_in = static_cast<std::size_t>(Rcpp::as<double>(options["burn_in"]));
  opt.max_bytes = Rcpp::as<double>(options["max_bytes"]);
  opt.min_probability = Rcpp::as<double>(options["min_probability"]);
  return opt;
}
