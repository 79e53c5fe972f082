// Glue: R objects to core views and specs. Conversion only, no logic.
#pragma once
#include <Rcpp.h>
#include <learnbn/data.hpp>
#include <learnbn/scores.hpp>

// A view of a bn_data list; the R object must outlive the view.
inline learnbn::DataView data_view(const Rcpp::List& data) {
  learnbn::DataView view;
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
    view.mean = REAL(data["means"]);
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
  for (R_xlen_t i = 0; i < codes.size(); ++i) {
    learnbn::Column column;
    SEXP col = codes[i];
    if (TYPEOF(col) == RAWSXP) column.small = RAW(col); else column.wide = INTEGER(col);
    column.cardinality = Rf_length(levels[i]);
    view.columns.push_back(column);
  }
  return view;
}

inline learnbn::ScoreSpec score_spec(const Rcpp::List& spec, int n_nodes) {
  static const char* types[] = {"loglik", "aic", "bic", "bd", "k2", "bdeu", "bde", "cv", "bge"};
  const std::string type = Rcpp::as<std::string>(spec["type"]);
  learnbn::ScoreSpec out;
  int found = -1;
  for (int t = 0; t < 9; ++t) if (type == types[t]) found = t;
  if (found < 0) Rcpp::stop("unknown score type '%s'", type);
  out.type = static_cast<learnbn::ScoreType>(found);
  out.iss = Rcpp::as<double>(spec["iss"]);
  out.alpha = Rcpp::as<double>(spec["alpha"]);
  out.prior = Rcpp::as<std::string>(spec["prior"]) == "arcs" ? learnbn::StructurePrior::arcs
                                                             : learnbn::StructurePrior::uniform;
  out.arc_prob = Rcpp::as<double>(spec["arc_prob"]);
  out.am = Rcpp::as<double>(spec["am"]);
  out.aw = Rcpp::as<double>(spec["aw"]);
  out.n_nodes = n_nodes;
  return out;
}
