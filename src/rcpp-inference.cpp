// Glue for inference on discrete networks: exact (variable elimination) and sampled
// posteriors of target nodes given evidence, each target's own posterior from one junction
// tree propagation or one sampling run, per-row posteriors for predict(), and the
// marginals of families (BDe's prior network).
// Nodes and states are 0-based. Joints come scaled: list(joint, log_scale) stands for
// joint * exp(log_scale), so that P(evidence) on hundreds of nodes does not underflow. A
// factor too large for exact inference is returned as list(error) for R to explain.
#include <stdexcept>
#include <string>
#include <vector>

#include <learnbn/inference/junction_tree.hpp>
#include <learnbn/inference/sampling.hpp>
#include <learnbn/inference/variable_elimination.hpp>
#include "rcpp-glue.h"

namespace {

learnbn::Evidence evidence_from(const Rcpp::IntegerVector& nodes,
                                const Rcpp::IntegerVector& states) {
  return learnbn::Evidence{std::vector<int>(nodes.begin(), nodes.end()),
                           std::vector<int>(states.begin(), states.end())};
}

Rcpp::List too_large(const std::length_error& e) {
  return Rcpp::List::create(Rcpp::Named("error") = std::string(e.what()));
}

Rcpp::List scaled_joint(const learnbn::ScaledJoint& joint) {
  return Rcpp::List::create(Rcpp::Named("joint") = Rcpp::wrap(joint.values),
                            Rcpp::Named("log_scale") = joint.log_scale);
}

Rcpp::List scaled_joints(const std::vector<learnbn::ScaledJoint>& joints) {
  Rcpp::List out(joints.size());
  for (std::size_t i = 0; i < joints.size(); ++i) {
    out[static_cast<R_xlen_t>(i)] = scaled_joint(joints[i]);
  }
  return Rcpp::List::create(Rcpp::Named("marginals") = out);
}

}  // namespace

// P(target, evidence) for each of `targets` on its own, from one junction tree: a list
// of list(joint, log_scale), one per target.
// [[Rcpp::export]]
Rcpp::List cpp_query_marginals(Rcpp::List network, Rcpp::IntegerVector targets,
                               Rcpp::IntegerVector evidence_nodes,
                               Rcpp::IntegerVector evidence_states) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  try {
    return scaled_joints(learnbn::marginals_with_evidence(
        net, std::vector<int>(targets.begin(), targets.end()),
        evidence_from(evidence_nodes, evidence_states)));
  } catch (const std::length_error& e) {
    return too_large(e);
  }
}

// The same from one run of likelihood weighting or logic sampling with n samples.
// [[Rcpp::export]]
Rcpp::List cpp_query_sampled_marginals(Rcpp::List network, Rcpp::IntegerVector targets,
                                       Rcpp::IntegerVector evidence_nodes,
                                       Rcpp::IntegerVector evidence_states, double n,
                                       bool weighting) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  learnbn::Random rng(seed_from_r());
  return scaled_joints(learnbn::sampled_marginals(
      net, std::vector<int>(targets.begin(), targets.end()),
      evidence_from(evidence_nodes, evidence_states), static_cast<std::size_t>(n), weighting,
      rng, check_interrupt));
}

// P(targets, evidence) over the targets' joint states (first target fastest).
// [[Rcpp::export]]
Rcpp::List cpp_query_exact(Rcpp::List network, Rcpp::IntegerVector targets,
                           Rcpp::IntegerVector evidence_nodes,
                           Rcpp::IntegerVector evidence_states) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  try {
    return scaled_joint(
        learnbn::joint_with_evidence(net, std::vector<int>(targets.begin(), targets.end()),
                                     evidence_from(evidence_nodes, evidence_states)));
  } catch (const std::length_error& e) {
    return too_large(e);
  }
}

// P(targets[[i]]) for each set of 0-based nodes in `targets`, over its joint states
// (first node fastest), with no evidence: the prior counts of BDe with a prior network.
// [[Rcpp::export]]
Rcpp::List cpp_marginals(Rcpp::List network, Rcpp::List targets) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  Rcpp::List out(targets.size());
  try {
    for (R_xlen_t i = 0; i < targets.size(); ++i) {
      check_interrupt();
      const Rcpp::IntegerVector nodes = targets[i];
      out[i] = Rcpp::wrap(learnbn::marginal(net, std::vector<int>(nodes.begin(), nodes.end())));
    }
  } catch (const std::length_error& e) {
    return too_large(e);
  }
  return Rcpp::List::create(Rcpp::Named("marginals") = out);
}

// Likelihood weighting (`weighting`) or logic sampling with n samples: the weighted
// counts of the targets' joint states (scaled).
// [[Rcpp::export]]
Rcpp::List cpp_query_sampled(Rcpp::List network, Rcpp::IntegerVector targets,
                             Rcpp::IntegerVector evidence_nodes,
                             Rcpp::IntegerVector evidence_states, double n, bool weighting) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  learnbn::Random rng(seed_from_r());
  return scaled_joint(learnbn::sampled_joint(net, std::vector<int>(targets.begin(), targets.end()),
                                             evidence_from(evidence_nodes, evidence_states),
                                             static_cast<std::size_t>(n), weighting, rng,
                                             check_interrupt));
}

// For each row of `codes` (rows x nodes, 0-based states, NA where unobserved), the
// exact P(target, observed cells of the row) over the target's states (a matrix with
// one row per row, each row scaled by exp(log_scale[row]); the target's own cell is
// ignored).
// [[Rcpp::export]]
Rcpp::List cpp_predict(Rcpp::List network, Rcpp::IntegerMatrix codes, int target) {
  const learnbn::CptNetwork net = cpt_network_from(network);
  const int n = codes.nrow(), p = codes.ncol(), r = net.states(target);
  Rcpp::NumericMatrix out(n, r);
  Rcpp::NumericVector log_scale(n);
  const std::vector<int> targets{target};
  learnbn::Evidence evidence;
  try {
    for (int i = 0; i < n; ++i) {
      if (i % 256 == 0) check_interrupt();
      evidence.nodes.clear();
      evidence.states.clear();
      for (int v = 0; v < p; ++v) {
        if (v == target || codes(i, v) == NA_INTEGER) continue;
        evidence.nodes.push_back(v);
        evidence.states.push_back(codes(i, v));
      }
      const learnbn::ScaledJoint joint = learnbn::joint_with_evidence(net, targets, evidence);
      for (int k = 0; k < r; ++k) out(i, k) = joint.values[static_cast<std::size_t>(k)];
      log_scale[i] = joint.log_scale;
    }
  } catch (const std::length_error& e) {
    return too_large(e);
  }
  return Rcpp::List::create(Rcpp::Named("joint") = out, Rcpp::Named("log_scale") = log_scale);
}
