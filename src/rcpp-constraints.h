// Glue: the R list of build_constraints() as a core Constraints. Conversion only.
#pragma once
#include <Rcpp.h>
#include <climits>
#include <cmath>
#include <learnbn/search/constraints.hpp>

// `x` is list(nodes, required, forbidden, max_parents) with logical n x n matrices
// (x[i, j] about the arc i -> j); R's column-major [i, j] becomes row-major i * n + j.
inline learnbn::Constraints constraints_from_list(const Rcpp::List& x) {
  Rcpp::LogicalMatrix required = x["required"], forbidden = x["forbidden"];
  const int n = required.nrow();
  learnbn::Constraints c = learnbn::Constraints::none(n);
  for (int from = 0; from < n; ++from) {
    for (int to = 0; to < n; ++to) {
      const std::size_t at = static_cast<std::size_t>(from) * n + to;
      c.required[at] = required(from, to) == TRUE;
      c.forbidden[at] = forbidden(from, to) == TRUE || from == to;
    }
  }
  const double max_parents = Rcpp::as<double>(x["max_parents"]);
  c.max_parents = (!std::isfinite(max_parents) || max_parents >= INT_MAX)
                      ? INT_MAX : static_cast<int>(max_parents);
  return c;
}
