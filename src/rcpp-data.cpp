// Glue for bn_data(): storing a column's codes as the core reads them.
#include <algorithm>
#include <Rcpp.h>

// 1-based codes (a factor's, or match()'s; NA where missing) as 0-based codes: raw
// when the levels fit a byte with room for `missing_raw`, integer otherwise; missing
// cells become `missing_raw` or `missing_int`. One pass instead of R's several copies.
// [[Rcpp::export(rng = false)]]
SEXP cpp_encode_codes(Rcpp::IntegerVector codes, int n_levels, int missing_raw, int missing_int) {
  const R_xlen_t n = codes.size();
  const int* in = codes.begin();
  // With 256 levels, raw only when nothing is missing. Plain pointers: the loops vectorise.
  bool raw = n_levels <= missing_raw;
  if (!raw && n_levels <= 256) raw = std::find(in, in + n, NA_INTEGER) == in + n;
  if (raw) {
    Rcpp::RawVector out(Rcpp::no_init(n));
    Rbyte* o = RAW(out);
    for (R_xlen_t i = 0; i < n; ++i) o[i] = static_cast<Rbyte>(in[i] == NA_INTEGER ? missing_raw : in[i] - 1);
    return out;
  }
  Rcpp::IntegerVector out(Rcpp::no_init(n));
  int* o = out.begin();
  for (R_xlen_t i = 0; i < n; ++i) o[i] = in[i] == NA_INTEGER ? missing_int : in[i] - 1;
  return out;
}
