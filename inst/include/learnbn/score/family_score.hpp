// Decomposable scores of one family (a node and its parents), on the log scale.
#pragma once
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "../data/counts.hpp"
#include "../util/math.hpp"
#include "count_sum.hpp"
#include "lgamma_cache.hpp"

namespace learnbn {

enum class ScoreType { bdeu, bde, k2, bd, bic, aic, loglik, cv, bge, bcg, cg_bic };
// The registry of score names, in the order of ScoreType; R lists them from here.
inline const std::vector<std::string>& score_type_names() {
  static const std::vector<std::string> names{"bdeu", "bde", "k2", "bd", "bic",
                                              "aic", "loglik", "cv", "bge", "bcg",
                                              "cg_bic"};
  return names;
}
// What R checks a score's options and data against, by score in the order of ScoreType:
// whether it is Bayesian (a structure prior applies), applies to continuous data, and has
// an equivalent sample size `iss`. R reads them through cpp_registry().
struct ScoreProperties {
  bool bayesian, continuous, iss;
};
inline const std::vector<ScoreProperties>& score_properties() {
  static const std::vector<ScoreProperties> properties{
      {true, false, true},   // bdeu
      {true, false, true},   // bde
      {true, false, false},  // k2
      {true, false, false},  // bd
      {false, true, false},  // bic
      {false, true, false},  // aic
      {false, true, false},  // loglik
      {false, false, true},  // cv
      {true, true, false},   // bge
      {true, false, true},   // bcg: mixed data only (score/conditional_gaussian.hpp)
      {false, false, false}};  // cg_bic: mixed data only (score/conditional_gaussian.hpp)
  return properties;
}
// Structure priors: none, Buntine's one probability for every arc (by the number of
// parents), and a modular prior, one term per node plus one per present arc (R turns
// per-arc beliefs and a prior network's deviation penalty into it, see ScoreSpec).
enum class StructurePrior { uniform, arcs, modular };
inline const std::vector<std::string>& structure_prior_names() {
  static const std::vector<std::string> names{"uniform", "arcs", "modular"};
  return names;
}

struct ScoreSpec {
  ScoreType type = ScoreType::bdeu;
  double iss = 1;        // equivalent sample size (bdeu, bde)
  double alpha = 1;      // alpha_ijk of every cell (bd)
  StructurePrior prior = StructurePrior::uniform;
  double arc_prob = 0.5; // probability of each arc under the arc-independent prior
  double am = 1, aw = 0; // BGe: prior sample sizes of the mean and of the precision matrix
  double penalty_discount = 1;  // multiplies the parameter penalty of aic and bic (Tetrad's)
  // Sum a family's terms by count (count_sum.hpp), so that its score is the same to the
  // last bit whichever counting path counted it (the permutation searches compare the
  // families of different decompositions). Off, the terms are summed in the order the
  // cells come in, which every other search's recorded results depend on: summed by
  // count, score-equivalent moves tie exactly and are taken in scan order.
  bool sum_by_count = false;
  int n_nodes = 0;
  // The modular prior: log P(pa_i) = prior_node[i] + sum_{j in pa_i} prior_arc[j * n + i]
  // (n = n_nodes). Shared, not copied, by the scorers of every thread.
  std::shared_ptr<const std::vector<double>> prior_node, prior_arc;
};

// sum_jk N_ijk log(N_ijk / N_ij); `by_count`: summed by count (count_sum.hpp), the same
// to the last bit whichever path counted the family.
inline double log_likelihood(const FamilyCounts& c, bool by_count = false) {
  if (!by_count) {
    double ll = 0;
    for (double n : c.cell_count) ll += x_log_x(n);
    for (double n : c.config_total) ll -= x_log_x(n);
    return ll;
  }
  CountSum& counts = CountSum::local();
  for (double n : c.cell_count) counts.add(n);
  const double cells = counts.sum([](double n) { return x_log_x(n); });
  for (double n : c.config_total) counts.add(n);
  return cells - counts.sum([](double n) { return x_log_x(n); });
}

// The Bayesian Dirichlet marginal likelihood (Heckerman 1995, eq. 12 of the structure-learning
// chapter) with alpha_ijk = a for every cell, so alpha_ij = r_i a:
//   sum_j [lgamma(alpha_ij) - lgamma(alpha_ij + N_ij)]
//     + sum_jk [lgamma(alpha_ijk + N_ijk) - lgamma(alpha_ijk)]
// Configurations never observed contribute zero and are skipped. A configuration seen
// in one row contributes lgamma(r a) - lgamma(r a + 1) + lgamma(a + 1) - lgamma(a) = -log r
// whatever a (the table's size): those counted apart (FamilyCounts::singleton_configs)
// are added as configurations and cells of count 1.
// lg_config(n) = log_gamma(r a + n) and lg_cell(n) = log_gamma(a + n), cached or not.
// `by_count`: the terms are summed by count (count_sum.hpp), the single-row
// configurations with the others, so the score is the same to the last bit whichever
// path counted the family.
template <class ConfigLgamma, class CellLgamma>
double dirichlet_uniform_terms(const FamilyCounts& c, ConfigLgamma&& lg_config_of,
                               CellLgamma&& lg_cell_of, bool by_count) {
  const double lg_config = lg_config_of(0.0), lg_cell = lg_cell_of(0.0);
  if (!by_count) {
    double s = 0;
    for (double n : c.config_total) {
      if (n > 0) s += lg_config - lg_config_of(n);
    }
    for (double n : c.cell_count) s += lg_cell_of(n) - lg_cell;
    if (c.singleton_configs > 0) {
      s += c.singleton_configs * ((lg_config - lg_config_of(1.0)) + (lg_cell_of(1.0) - lg_cell));
    }
    return s;
  }
  CountSum& counts = CountSum::local();
  for (double n : c.config_total) counts.add(n);
  counts.add(1.0, c.singleton_configs);
  const double configs = counts.sum([&](double n) { return lg_config - lg_config_of(n); });
  for (double n : c.cell_count) counts.add(n);
  counts.add(1.0, c.singleton_configs);
  return configs + counts.sum([&](double n) { return lg_cell_of(n) - lg_cell; });
}

// The terms come from this thread's LogGammaCache (bit-identical values, see
// lgamma_cache.hpp), unless it is off or the two offsets share a slot.
inline double dirichlet_uniform(const FamilyCounts& c, double a, bool by_count = false) {
  const double a_config = a * c.states;
  if (lgamma_cache_enabled().load(std::memory_order_relaxed)) {
    LogGammaCache& cache = LogGammaCache::local();
    LogGammaCache::Table& config = cache.table(a_config);
    LogGammaCache::Table& cell = cache.table(a);
    if (config.offset() == a_config) return dirichlet_uniform_terms(c, config, cell, by_count);
  }
  return dirichlet_uniform_terms(c, [a_config](double n) { return log_gamma(a_config + n); },
                                 [a](double n) { return log_gamma(a + n); }, by_count);
}

// Whether the score of a family is dirichlet_uniform() (plus the structure prior), so
// it may be given counts that leave single-row configurations apart.
inline bool singletons_apart_ok(const ScoreSpec& spec) {
  return spec.type == ScoreType::bd || spec.type == ScoreType::k2 || spec.type == ScoreType::bdeu ||
         spec.type == ScoreType::bde;  // score_plus never has BDe's prior network
}

// Eq. 12 with alpha_ijk = iss * P(x_i = k, pa_i = j) from a prior network (BDe);
// `joint` holds those probabilities densely, state fastest, as counted by the Counter.
inline double dirichlet_prior_network(const FamilyCounts& c, double iss, const double* joint) {
  if (!c.dense) throw std::logic_error("BDe with a prior network needs dense counts");
  const std::size_t r = c.states;
  double s = 0;
  for (std::size_t j = 0; j < c.config_total.size(); ++j) {
    if (c.config_total[j] <= 0) continue;
    double a_config = 0;
    for (std::size_t k = 0; k < r; ++k) a_config += iss * joint[j * r + k];
    s += log_gamma(a_config) - log_gamma(a_config + c.config_total[j]);
  }
  for (std::size_t cell = 0; cell < c.cell_count.size(); ++cell) {
    const double a = iss * joint[c.cell_config[cell] * r + c.cell_state[cell]];
    s += log_gamma(a + c.cell_count[cell]) - log_gamma(a);
  }
  return s;
}

// Heckerman's "prediction accuracy over cross-validated data sets": each test fold f is
// predicted by the BDeu posterior mean (eq. 13) of the other folds, alpha_ijk = iss / (q_i r_i):
//   sum_f sum_jk N^f_ijk log((alpha_ijk + N_ijk - N^f_ijk) / (alpha_ij + N_ij - N^f_ij))
// where N^f are the counts of fold f (so N - N^f are those of its training folds).
inline double cross_validated(const FamilyCounts& c, double iss, bool by_count = false) {
  if (c.n_folds <= 0) {
    throw std::invalid_argument("the cv score needs fold ids in the data (see bn_score(\"cv\"))");
  }
  const std::size_t folds = static_cast<std::size_t>(c.n_folds);
  const double a_config = iss / c.parent_configs, a_cell = a_config / c.states;
  std::vector<double> terms;  // by_count: summed sorted, whatever order the cells come in
  for (std::size_t cell = 0; cell < c.cell_count.size(); ++cell) {
    for (std::size_t f = 0; f < folds; ++f) {
      const double test = c.cell_fold_count[cell * folds + f];
      if (test > 0) terms.push_back(test * std::log(a_cell + (c.cell_count[cell] - test)));
    }
  }
  for (std::size_t j = 0; j < c.config_total.size(); ++j) {
    for (std::size_t f = 0; f < folds; ++f) {
      const double test = c.config_fold_total[j * folds + f];
      if (test > 0) terms.push_back(-test * std::log(a_config + (c.config_total[j] - test)));
    }
  }
  if (by_count) return sorted_sum(terms);
  double s = 0;
  for (double t : terms) s += t;
  return s;
}

inline double free_parameters(const FamilyCounts& c) {
  return (c.states - 1) * c.parent_configs;
}

// log P(pa_i) under the structure prior: each of the n - 1 possible parents is present
// with probability arc_prob, independently (Buntine 1991).
inline double log_structure_prior(const ScoreSpec& spec, std::size_t n_parents) {
  if (spec.prior != StructurePrior::arcs) return 0;
  const double absent = spec.n_nodes - 1.0 - static_cast<double>(n_parents);
  return n_parents * std::log(spec.arc_prob) + absent * std::log1p(-spec.arc_prob);
}

// The modular prior's log P(pa_i) for `node` with parents `parents[0, k)` and, unless
// it is -1, `extra`; 0 for the other priors. It depends on the node and its parent set
// only, so the scorer's caches hold it with the family score.
inline double log_modular_prior(const ScoreSpec& spec, int node, const int* parents, std::size_t k,
                                int extra = -1) {
  if (spec.prior != StructurePrior::modular) return 0;
  const std::vector<double>& arc = *spec.prior_arc;
  const std::size_t n = static_cast<std::size_t>(spec.n_nodes);
  double s = (*spec.prior_node)[node];
  for (std::size_t p = 0; p < k; ++p) s += arc[static_cast<std::size_t>(parents[p]) * n + node];
  if (extra >= 0) s += arc[static_cast<std::size_t>(extra) * n + node];
  return s;
}

// The score of one family. `n_cases` is N (for BIC); `prior_joint` is needed for BDe only.
inline double family_score(const FamilyCounts& c, const ScoreSpec& spec, double n_cases,
                           std::size_t n_parents, const double* prior_joint = nullptr) {
  if (c.singleton_configs > 0 && (!singletons_apart_ok(spec) || prior_joint)) {
    throw std::logic_error("counts without their single-row configurations need a Dirichlet score");
  }
  const bool by_count = spec.sum_by_count;
  double s = 0;
  switch (spec.type) {
    case ScoreType::loglik: s = log_likelihood(c, by_count); break;
    case ScoreType::aic:
      s = log_likelihood(c, by_count) - spec.penalty_discount * free_parameters(c);
      break;
    case ScoreType::bic:
      s = log_likelihood(c, by_count) -
          spec.penalty_discount * 0.5 * std::log(n_cases) * free_parameters(c);
      break;
    case ScoreType::bd: s = dirichlet_uniform(c, spec.alpha, by_count); break;
    case ScoreType::k2: s = dirichlet_uniform(c, 1.0, by_count); break;
    case ScoreType::bdeu:
      s = dirichlet_uniform(c, spec.iss / (c.parent_configs * c.states), by_count);
      break;
    case ScoreType::bde:
      s = prior_joint ? dirichlet_prior_network(c, spec.iss, prior_joint)
                      : dirichlet_uniform(c, spec.iss / (c.parent_configs * c.states), by_count);
      break;
    case ScoreType::cv: s = cross_validated(c, spec.iss, by_count); break;
    case ScoreType::bge:
      throw std::invalid_argument("the bge score applies to continuous data only");
    case ScoreType::bcg:  // a discrete family of mixed data: BDeu with deal's iss
      s = dirichlet_uniform(c, spec.iss / (c.parent_configs * c.states), by_count);
      break;
    case ScoreType::cg_bic:
      throw std::invalid_argument("the cg_bic score applies to mixed data only");
  }
  return s + log_structure_prior(spec, n_parents);
}

}  // namespace learnbn
