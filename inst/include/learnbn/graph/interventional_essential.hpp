// The interventional essential graph of a DAG (Hauser and Buhlmann 2012, "Characterization
// and greedy learning of interventional Markov equivalence classes of directed acyclic
// graphs", JMLR 13:2409-2464): two DAGs are equivalent under a family of intervention
// targets when they have the same skeleton and v-structures and orient alike every edge
// with exactly one end in some target (Theorem 10). So the class is the DAGs of the
// Markov class that have those arcs: the CPDAG with them oriented, closed under Meek's
// rules R1-R4, is the graph whose arcs every DAG of the class shares (Meek 1995).
#pragma once
#include <vector>

#include "meek.hpp"
#include "pdag.hpp"

namespace learnbn {

// `targets`: each intervention target as a mask over the nodes (the observational
// "target", the empty set, orients nothing and may be left out).
inline Pdag interventional_essential_graph(const ParentLists& dag,
                                           const std::vector<std::vector<char>>& targets) {
  Pdag g = cpdag_of_dag(dag);
  for (int child = 0; child < static_cast<int>(dag.size()); ++child) {
    for (int parent : dag[child]) {
      if (!g.has_undirected(parent, child)) continue;
      for (const std::vector<char>& target : targets) {
        if (target[parent] != target[child]) {
          g.add_arc(parent, child);
          break;
        }
      }
    }
  }
  MeekOrienter(g).close(true);
  return g;
}

}  // namespace learnbn
