// Glue shared by the constraint-based learners (rcpp-pc.cpp, rcpp-fci.cpp): PC's skeleton
// options, and the tests run and the separating sets found, as R lists of columns (nodes
// 1-based, sets joined by ";").
#ifndef LEARNBN_RCPP_CONSTRAINT_H
#define LEARNBN_RCPP_CONSTRAINT_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>
#include <Rcpp.h>
#include <climits>
#include <learnbn/constraint/pc.hpp>
#include "rcpp-glue.h"

// The options of PC's skeleton phase from cpp_pc()'s `options` (alpha, max_cond, stable,
// threads, shortcuts) and `knowledge`; the conflict policy is pc()'s own.
inline learnbn::PCOptions pc_skeleton_options(const Rcpp::List& options,
                                              const Rcpp::List& knowledge,
                                              const learnbn::DataView& view) {
  learnbn::PCOptions out;
  out.alpha = Rcpp::as<double>(options["alpha"]);
  out.max_cond = limit_from_r<int>(Rcpp::as<double>(options["max_cond"]), INT_MAX);
  out.stable = Rcpp::as<bool>(options["stable"]);
  out.threads = Rcpp::as<int>(options["threads"]);
  // The counting shortcuts (distinct rows, bit sets) are for discrete codes only.
  out.shortcuts = Rcpp::as<bool>(options["shortcuts"]) && !learnbn::is_mixed(view);
  out.required = flat_matrix(knowledge["required"]);
  out.forbidden = flat_matrix(knowledge["forbidden"]);
  return out;
}

// Writes the names of `nodes` joined by ";" into `out` (reused: pigs gives 10^7 tests).
inline const char* join_names(learnbn::NodeRange nodes,
                              const std::vector<std::string>& names, std::string& out) {
  out.clear();
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (k) out += ';';
    out += names[nodes[k]];
  }
  return out.c_str();
}

// The strings of the sets converted lately, by a hash of their nodes: neighbouring edges
// (the same x) try the same sets in the same order, and a repeated set then shares its
// string instead of being joined and looked up in R's global string cache again (pigs:
// 10^7 tests, 9 * 10^5 sets). A string is used right after it is made or found, by
// SET_STRING_ELT into the result, which protects it.
class SetNames {
 public:
  SetNames(const std::vector<std::string>& names, std::size_t sets) : names_(names) {
    while (bits_ < 20 && (std::size_t(1) << bits_) < sets) ++bits_;
    slots_.resize(std::size_t(1) << bits_);
  }
  SEXP get(learnbn::NodeRange nodes) {
    if (nodes.size() > kMaxNodes) return Rf_mkChar(join_names(nodes, names_, joined_));
    std::uint64_t hash = nodes.size();
    for (int v : nodes) hash = (hash ^ static_cast<std::uint32_t>(v)) * 0x9E3779B97F4A7C15ull;
    Slot& slot = slots_[hash >> (64 - bits_)];
    if (slot.name && slot.size == nodes.size() &&
        std::equal(nodes.begin(), nodes.end(), slot.nodes)) {
      return slot.name;
    }
    slot.name = Rf_mkChar(join_names(nodes, names_, joined_));
    slot.size = nodes.size();
    std::copy(nodes.begin(), nodes.end(), slot.nodes);
    return slot.name;
  }

 private:
  static constexpr std::size_t kMaxNodes = 8;
  struct Slot {
    SEXP name = nullptr;
    std::size_t size = 0;
    int nodes[kMaxNodes];
  };
  const std::vector<std::string>& names_;
  std::string joined_;
  int bits_ = 4;
  std::vector<Slot> slots_;
};

inline Rcpp::List test_records_to_r(const learnbn::TestRecords& tests,
                                    const std::vector<std::string>& names) {
  SetNames set_names(names, tests.size());
  const std::size_t n = tests.size();
  Rcpp::IntegerVector x(n), y(n), level(n);
  Rcpp::CharacterVector z(n);
  Rcpp::NumericVector stat(n), df(n), p(n), cases(n);
  Rcpp::LogicalVector independent(n);
  for (std::size_t t = 0; t < n; ++t) {
    const learnbn::TestRecord& rec = tests[t];
    x[t] = rec.x + 1; y[t] = rec.y + 1; level[t] = rec.level;
    SET_STRING_ELT(z, t, set_names.get(tests.z(t)));
    stat[t] = rec.result.statistic; df[t] = rec.result.df; p[t] = rec.result.p_value;
    cases[t] = rec.result.n;
    independent[t] = rec.independent;
  }
  return Rcpp::List::create(
      Rcpp::Named("x") = x, Rcpp::Named("y") = y, Rcpp::Named("z") = z,
      Rcpp::Named("statistic") = stat, Rcpp::Named("df") = df, Rcpp::Named("p_value") = p,
      Rcpp::Named("independent") = independent, Rcpp::Named("level") = level,
      Rcpp::Named("n") = cases);
}

inline Rcpp::List witnesses_to_r(const std::vector<learnbn::Witness>& witnesses,
                                 const std::vector<std::string>& names) {
  std::string joined;
  const std::size_t n = witnesses.size();
  Rcpp::IntegerVector x(n), y(n);
  Rcpp::CharacterVector z(n);
  Rcpp::NumericVector p(n);
  for (std::size_t k = 0; k < n; ++k) {
    x[k] = witnesses[k].x + 1; y[k] = witnesses[k].y + 1;
    z[k] = Rf_mkChar(join_names(witnesses[k].z, names, joined));
    p[k] = witnesses[k].p_value;
  }
  return Rcpp::List::create(Rcpp::Named("x") = x, Rcpp::Named("y") = y, Rcpp::Named("z") = z,
                            Rcpp::Named("p_value") = p);
}

#endif
