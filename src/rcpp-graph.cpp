// Glue for the graph operations of R's bn_graph functions (topological_order(), cpdag(),
// pdag_to_dag(), neighbours()): the algorithms are the core's, shared with the searches.
#include <learnbn/graph/meek.hpp>
#include <learnbn/graph/moves.hpp>
#include "rcpp-glue.h"

namespace {

Rcpp::IntegerVector one_based(const std::vector<int>& nodes) {
  Rcpp::IntegerVector out(nodes.begin(), nodes.end());
  return out + 1;
}

}  // namespace

// Every nonzero amat[i, j] is an arc i -> j. Returns list(order, cycle): the nodes in
// a topological order (layer by layer, each layer in node order; partial when there is
// a cycle) and the nodes of one directed cycle in arc order (empty if none), 1-based.
// [[Rcpp::export]]
Rcpp::List cpp_topological_order(Rcpp::IntegerMatrix amat) {
  const learnbn::ParentLists parents = parents_from(amat);
  return Rcpp::List::create(
      Rcpp::Named("order") = one_based(learnbn::kahn_order(parents, learnbn::children_of(parents))),
      Rcpp::Named("cycle") = one_based(learnbn::directed_cycle(parents)));
}

// The CPDAG of a DAG.
// [[Rcpp::export]]
Rcpp::IntegerMatrix cpp_cpdag(Rcpp::IntegerMatrix amat) {
  return amat_from(learnbn::cpdag_of_dag(parents_from(amat)));
}

// A consistent extension of a PDAG (both marks: undirected). Returns list(amat, stuck):
// the DAG, or NULL and the nodes the extension could not remove as a data frame-like list
// (node, a, b) of sink_block()s, 1-based (b is NA for an arc node -> a).
// [[Rcpp::export]]
Rcpp::List cpp_pdag_extension(Rcpp::IntegerMatrix amat) {
  learnbn::ParentLists parents;
  std::vector<learnbn::SinkBlock> stuck;
  if (learnbn::consistent_extension(pdag_from(amat), parents, &stuck)) {
    return Rcpp::List::create(Rcpp::Named("amat") = amat_from(parents),
                              Rcpp::Named("stuck") = R_NilValue);
  }
  Rcpp::IntegerVector node(stuck.size()), a(stuck.size()), b(stuck.size());
  for (std::size_t i = 0; i < stuck.size(); ++i) {
    node[i] = stuck[i].node + 1;
    a[i] = stuck[i].a + 1;
    b[i] = stuck[i].b < 0 ? NA_INTEGER : stuck[i].b + 1;
  }
  return Rcpp::List::create(
      Rcpp::Named("amat") = R_NilValue,
      Rcpp::Named("stuck") = Rcpp::List::create(Rcpp::Named("node") = node, Rcpp::Named("a") = a,
                                                Rcpp::Named("b") = b));
}

// A PDAG oriented by the knowledge (a build_constraints() list; max_parents plays no
// part) and Meek's rules. Returns list(problem, amat, dag, culprits): the problem's name ("none",
// "no_extension", "not_adjacent", "against_arc", "no_member"); without one the oriented
// PDAG and a consistent extension of it, otherwise the arcs to blame as list(from, to,
// required), 1-based.
// [[Rcpp::export]]
Rcpp::List cpp_fit_knowledge(Rcpp::IntegerMatrix amat, Rcpp::List knowledge) {
  static const char* problems[] = {"none", "no_extension", "not_adjacent", "against_arc",
                                   "no_member"};
  const learnbn::KnowledgeFit fit =
      learnbn::fit_knowledge(pdag_from(amat), constraints_from_list(knowledge));
  const std::size_t m = fit.culprits.size();
  Rcpp::IntegerVector from(m), to(m);
  Rcpp::LogicalVector required(m);
  for (std::size_t i = 0; i < m; ++i) {
    from[i] = fit.culprits[i].from + 1;
    to[i] = fit.culprits[i].to + 1;
    required[i] = fit.culprits[i].required;
  }
  const bool ok = fit.problem == learnbn::KnowledgeProblem::none;
  return Rcpp::List::create(
      Rcpp::Named("problem") = problems[static_cast<int>(fit.problem)],
      Rcpp::Named("amat") = ok ? Rcpp::RObject(amat_from(fit.oriented)) : Rcpp::RObject(R_NilValue),
      Rcpp::Named("dag") = ok ? Rcpp::RObject(amat_from(fit.extension)) : Rcpp::RObject(R_NilValue),
      Rcpp::Named("culprits") = Rcpp::List::create(
          Rcpp::Named("from") = from, Rcpp::Named("to") = to, Rcpp::Named("required") = required));
}

// The legal single-arc moves of a DAG without constraints: list(move, from, to) with
// 1-based nodes, in the core's enumeration order.
// [[Rcpp::export]]
Rcpp::List cpp_legal_moves(Rcpp::IntegerMatrix amat) {
  const learnbn::Dag dag = dag_from(amat);
  std::vector<learnbn::Move> moves;
  learnbn::legal_moves(dag, learnbn::Constraints::none(dag.size()), moves);
  static const char* names[] = {"add", "remove", "reverse"};
  Rcpp::CharacterVector type(moves.size());
  Rcpp::IntegerVector from(moves.size()), to(moves.size());
  for (std::size_t m = 0; m < moves.size(); ++m) {
    type[m] = names[static_cast<int>(moves[m].type)];
    from[m] = moves[m].from + 1;
    to[m] = moves[m].to + 1;
  }
  return Rcpp::List::create(Rcpp::Named("move") = type, Rcpp::Named("from") = from,
                            Rcpp::Named("to") = to);
}
