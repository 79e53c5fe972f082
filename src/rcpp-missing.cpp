// Glue for learning with missing values: network and options from R lists, completed
// data back as bn_data pieces. Randomness: one engine per call seeded from R's RNG
// (exact completions draw nothing and leave R's RNG untouched).
#include <string>
#include <vector>

#include <learnbn/data/counts.hpp>
#include <learnbn/missing/completion.hpp>
#include <learnbn/missing/gibbs_parameters.hpp>
#include "rcpp-glue.h"

namespace {

learnbn::CompletionOptions::Mode mode_from(const std::string& mode) {
  using Mode = learnbn::CompletionOptions::Mode;
  if (mode == "counts") return Mode::counts;
  if (mode == "joint") return Mode::joint;
  if (mode == "gibbs") return Mode::gibbs;
  if (mode == "map") return Mode::map;
  Rcpp::stop("unknown completion mode '%s'", mode);
}

// A code column as bn_data stores it: raw for at most 256 states, else integer.
SEXP code_column(const std::vector<std::uint16_t>& codes, int cardinality) {
  if (cardinality <= 256) {
    Rcpp::RawVector out(codes.size());
    for (std::size_t i = 0; i < codes.size(); ++i) out[i] = static_cast<Rbyte>(codes[i]);
    return out;
  }
  return Rcpp::IntegerVector(codes.begin(), codes.end());
}

}  // namespace

// Completes the rows of `data` (columns = the network's nodes) under the network:
// mode "counts" (EM's E-step), "joint" (structural EM), "gibbs" or "map" (impute).
// Returns list(codes, weights, source (1-based input row), loglik (per input row),
// inexact_rows), or list(counts (one flat table per node), loglik, inexact_rows) in
// counts mode, or list(error) when the completed data would exceed options$max_bytes.
// [[Rcpp::export]]
Rcpp::List cpp_complete_data(Rcpp::List data, Rcpp::List network, std::string mode,
                             Rcpp::List options) {
  const learnbn::DataView view = data_view(data);
  const learnbn::CptNetwork net = cpt_network_from(network);
  learnbn::CompletionOptions opt = completion_options_from(options);
  opt.mode = mode_from(mode);
  learnbn::LazyRandom rng(seed_from_r);
  learnbn::CompletedData out;
  try {
    learnbn::DataCompleter completer(view, net, opt, rng);
    out = completer.run(check_interrupt);
    if (Rcpp::as<bool>(options["merge"]) && opt.mode != learnbn::CompletionOptions::Mode::counts) {
      learnbn::merge_duplicate_rows(out);
    }
  } catch (const learnbn::MemoryLimitError& e) {
    return Rcpp::List::create(Rcpp::Named("error") = std::string(e.what()));
  }
  if (opt.mode == learnbn::CompletionOptions::Mode::counts) {
    return Rcpp::List::create(Rcpp::Named("counts") = Rcpp::wrap(out.family_counts),
                              Rcpp::Named("loglik") = Rcpp::wrap(out.row_loglik),
                              Rcpp::Named("inexact_rows") = static_cast<double>(out.inexact_rows));
  }
  Rcpp::List codes(view.n_vars());
  for (std::size_t v = 0; v < view.n_vars(); ++v) {
    codes[static_cast<R_xlen_t>(v)] = code_column(out.codes[v], view.columns[v].cardinality);
    std::vector<std::uint16_t>().swap(out.codes[v]);
  }
  Rcpp::IntegerVector source(out.source.begin(), out.source.end());  // empty once merged
  source = source + 1;
  return Rcpp::List::create(Rcpp::Named("codes") = codes,
                            Rcpp::Named("weights") = Rcpp::wrap(out.weights),
                            Rcpp::Named("source") = source,
                            Rcpp::Named("loglik") = Rcpp::wrap(out.row_loglik),
                            Rcpp::Named("inexact_rows") = static_cast<double>(out.inexact_rows));
}

// Gibbs sampling of the parameters (see GibbsParameterSampler): `burn_in` sweeps, then
// `iterations` kept sweeps. Returns the averaged posterior-mean CPTs (flat, R layout).
// [[Rcpp::export]]
Rcpp::List cpp_gibbs_fit(Rcpp::List data, Rcpp::List network, double iss, double iterations,
                         double burn_in) {
  const learnbn::DataView view = data_view(data);
  learnbn::Random rng(seed_from_r());
  learnbn::GibbsParameterSampler sampler(view, cpt_network_from(network), iss, rng);
  sampler.initialise();
  const auto total = static_cast<std::size_t>(iterations + burn_in);
  for (std::size_t sweep = 0; sweep < total; ++sweep) {
    Rcpp::checkUserInterrupt();
    sampler.sweep(sweep >= static_cast<std::size_t>(burn_in));
  }
  return Rcpp::wrap(sampler.estimate());
}

// Available-case counts N_ijk of one family (0-based node and parents), dense.
// [[Rcpp::export]]
Rcpp::NumericVector cpp_available_counts(Rcpp::List data, int node, Rcpp::IntegerVector parents) {
  const learnbn::DataView view = data_view(data);
  const std::vector<double> counts =
      learnbn::available_case_table(view, node, std::vector<int>(parents.begin(), parents.end()));
  return Rcpp::NumericVector(counts.begin(), counts.end());
}
