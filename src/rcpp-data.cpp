// Glue for bn_data(): storing the columns' codes as the core reads them.
#include <Rcpp.h>

namespace {

// One column's 1-based codes (NA where missing) as 0-based codes: raw when the levels
// fit a byte with room for `missing_raw`, integer otherwise; missing cells become
// `missing_raw` or `missing_int`, and are counted in `n_missing`. `omp simd`: R's -O2
// vectorises only loops without a remainder, which leaves these at a cycle a code.
SEXP encode_column(SEXP codes, int n_levels, int missing_raw, int missing_int, double& n_missing) {
  const R_xlen_t n = XLENGTH(codes);
  const int* in = INTEGER(codes);
  R_xlen_t missing = 0;
#pragma omp simd reduction(+ : missing)
  for (R_xlen_t i = 0; i < n; ++i) missing += in[i] == NA_INTEGER;
  n_missing = static_cast<double>(missing);
  // With 256 levels, raw only when nothing is missing.
  if (n_levels <= missing_raw || (n_levels <= 256 && missing == 0)) {
    Rcpp::RawVector out(Rcpp::no_init(n));
    Rbyte* o = RAW(out);
#pragma omp simd
    for (R_xlen_t i = 0; i < n; ++i)
      o[i] = static_cast<Rbyte>(in[i] == NA_INTEGER ? missing_raw : in[i] - 1);
    return out;
  }
  Rcpp::IntegerVector out(Rcpp::no_init(n));
  int* o = out.begin();
#pragma omp simd
  for (R_xlen_t i = 0; i < n; ++i) o[i] = in[i] == NA_INTEGER ? missing_int : in[i] - 1;
  return out;
}

}  // namespace

// Every column of `codes` (1-based integer codes, such as a factor's) stored as the core
// reads them (see encode_column), in one call instead of one per column; with the number
// of missing cells of each.
// [[Rcpp::export(rng = false)]]
Rcpp::List cpp_encode_codes(Rcpp::List codes, Rcpp::IntegerVector n_levels, int missing_raw,
                            int missing_int) {
  const R_xlen_t n_columns = codes.size();
  Rcpp::List stored(n_columns);
  Rcpp::NumericVector missing(n_columns);
  for (R_xlen_t j = 0; j < n_columns; ++j) {
    SEXP column = codes[j];
    if (TYPEOF(column) != INTSXP) Rcpp::stop("codes must be integer vectors");
    double n_missing = 0;
    stored[j] = encode_column(column, n_levels[j], missing_raw, missing_int, n_missing);
    missing[j] = n_missing;
  }
  return Rcpp::List::create(Rcpp::Named("codes") = stored, Rcpp::Named("missing") = missing);
}
