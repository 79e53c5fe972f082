// Glue for bn_data(): storing a column's codes as the core reads them.
#include <Rcpp.h>

// 1-based codes (a factor's, or match()'s; NA where missing) as 0-based codes: raw
// when the levels fit a byte with room for `missing_raw`, integer otherwise; missing
// cells become `missing_raw` or `missing_int`. One pass instead of R's several copies.
// [[Rcpp::export]]
SEXP cpp_encode_codes(Rcpp::IntegerVector codes, int n_levels, int missing_raw, int missing_int) {
  const R_xlen_t n = codes.size();
  bool any_missing = false;
  for (R_xlen_t i = 0; i < n && !any_missing; ++i) any_missing = codes[i] == NA_INTEGER;
  if (n_levels <= (any_missing ? missing_raw : 256)) {
    Rcpp::RawVector out(Rcpp::no_init(n));
    for (R_xlen_t i = 0; i < n; ++i) {
      out[i] = static_cast<Rbyte>(codes[i] == NA_INTEGER ? missing_raw : codes[i] - 1);
    }
    return out;
  }
  Rcpp::IntegerVector out(Rcpp::no_init(n));
  for (R_xlen_t i = 0; i < n; ++i) out[i] = codes[i] == NA_INTEGER ? missing_int : codes[i] - 1;
  return out;
}
