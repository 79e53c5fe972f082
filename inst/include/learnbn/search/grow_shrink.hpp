// Grow-shrink trees (Andrews et al. 2023; Tetrad's GrowShrinkTree, causal-learn's GST):
// per node, a cache of the parent set that greedy forward addition then backward removal
// picks among any set of predecessors, shared by the permutation searches (boss.hpp,
// grasp.hpp; what they share about orders is in orders.hpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

#include "../graph/constraints.hpp"
#include "../score/family_scorer.hpp"
#include "../util/rng.hpp"
#include "common.hpp"
#include "constant_families.hpp"
#include "constant_parents.hpp"
#include "prefix_sets.hpp"

namespace learnbn {

// One node's grow-shrink tree (Tetrad's GrowShrinkTree, causal-learn's GST). A tree node
// is the parent set on its path from the root (the required parents plus one addition per
// level); its branches are the single additions that raise that family's score, best
// first (ties: the smaller node first). Tracing a prefix follows, at each level, the
// first branch inside the prefix: greedy forward selection. At the leaf, backward removal
// is run once and kept. Tree nodes are grown and shrunk on request, so that the families
// of many traces are scored together, in the scorer's threads.
//
// A tree node scores a candidate only when a trace's prefix holds it (Tetrad's trees
// score every candidate): the first branch inside a prefix is then the same, since every
// candidate of the prefix is scored before it is chosen, and most tree nodes are only
// ever reached by prefixes that hold a part of the candidates.
class GrowShrinkTree {
 public:
  struct Request {  // a family score the tree waits for
    int tree_node = 0;
    bool grow = true;
    std::vector<int> parents;  // sorted: the base of a grow, the family of a shrink step
    std::vector<int> extras;   // grow: candidate additions; shrink: the parent removed
    NodeBits wanted;           // grow: the candidates the round's traces need scored
  };

  GrowShrinkTree(int node, const Constraints& k, double root_score)
      : max_parents_(k.max_parents), words_(node_words(k.n)), not_candidate_(words_, ~0ull) {
    for (int u = 0; u < k.n; ++u) {
      if (u == node || !k.allowed(u, node)) continue;
      if (k.is_required(u, node)) {
        required_.push_back(u);
      } else {
        candidates_.push_back(u);
        not_candidate_[u >> 6] &= ~(std::uint64_t(1) << (u & 63));
      }
    }
    nodes_.push_back(TreeNode{root_score});
  }

  const std::vector<int>& required() const { return required_; }
  double grow_score(int at) const { return nodes_[at].grow_score; }
  std::size_t tree_nodes() const { return nodes_.size(); }

  // Follows `prefix` down the tree from tree node `at` (-1: the root), `parents` holding
  // its family. Returns true with the family's score and parents, or false after adding
  // what it waits for to `requests` (once per tree node and `round`), `at` and `parents`
  // where it stopped: the choices above stay, since a tree node that has scored the
  // prefix's candidates only gains branches outside it.
  // `path` gets the parents before backward removal (the additions on the tree path).
  bool trace(const Prefix& prefix, double& score, std::vector<int>& parents,
             std::vector<Request>& requests, std::uint64_t round, int& at,
             std::vector<int>& path) {
    if (at < 0) {
      parents.reserve(longest_path_);  // one allocation, not one per doubling on the way down
      parents = required_;
      at = 0;
    }
    while (true) {
      if (!scored_within(at, prefix, parents, requests, round)) return false;
      int next = -1;
      for (std::size_t b = 0; b < nodes_[at].branches.size(); ++b) {
        Branch& branch = nodes_[at].branches[b];
        if (!prefix.contains(branch.add)) continue;
        if (branch.child < 0) {
          branch.child = static_cast<int>(nodes_.size());
          nodes_.push_back(TreeNode{branch.score});  // invalidates `branch`
        }
        next = nodes_[at].branches[b].child;
        parents.push_back(nodes_[at].branches[b].add);
        break;
      }
      if (next < 0) break;
      at = next;
    }
    TreeNode& leaf = nodes_[at];
    if (!leaf.shrunk) {
      if (!leaf.shrinking) start_shrink(leaf, parents);
      if (!leaf.shrunk) {
        if (leaf.shrink_round != round) add_shrink_requests(at, requests);
        leaf.shrink_round = round;
        return false;
      }
    }
    path = parents;
    longest_path_ = std::max(longest_path_, path.size());
    for (int r : leaf.removed) parents.erase(std::find(parents.begin(), parents.end(), r));
    score = leaf.shrink_score;
    return true;
  }

  // Gives a request its scores (one per extra for a grow, one for a shrink step); the
  // steps of one shrink round come together.
  void answer(const Request& request, const std::vector<double>& scores) {
    TreeNode& t = nodes_[request.tree_node];
    if (request.grow) {
      const std::size_t old = t.branches.size();
      for (std::size_t e = 0; e < request.extras.size(); ++e) {
        set_bit(t.scored.data(), request.extras[e]);
        if (scores[e] > t.grow_score) t.branches.push_back({scores[e], request.extras[e], -1});
      }
      t.unscored -= request.extras.size();
      std::sort(t.branches.begin() + old, t.branches.end(), better);
      std::inplace_merge(t.branches.begin(), t.branches.begin() + old, t.branches.end(), better);
      return;
    }
    pending_shrink_.push_back({request.extras[0], scores[0]});
  }
  // Ends a shrink round of tree node `at`: removes the parent whose removal raises the
  // score most (the first one on ties), or ends the shrink.
  void end_shrink_round(int at) {
    TreeNode& t = nodes_[at];
    int best = -1;
    for (const auto& step : pending_shrink_) {
      if (step.second > t.shrink_score) {
        t.shrink_score = step.second;
        best = step.first;
      }
    }
    pending_shrink_.clear();
    if (best < 0) {
      t.shrunk = true;
      t.shrink_parents.clear();
      return;
    }
    t.removed.push_back(best);
    t.shrink_parents.erase(std::find(t.shrink_parents.begin(), t.shrink_parents.end(), best));
    if (removable(t) == 0) t.shrunk = true;
  }

 private:
  struct Branch {  // 16 bytes (the score first: no padding); trees hold tens of millions
    double score;
    int add;
    int child;  // tree node, -1 until first followed
  };
  // Best first; equal scores in the order of the nodes (as scoring them in that order
  // and sorting stably would give).
  static bool better(const Branch& a, const Branch& b) {
    return a.score > b.score || (a.score == b.score && a.add < b.add);
  }
  struct TreeNode {
    double grow_score;
    bool started = false;
    NodeBits scored;            // once started: candidates scored, and the non-candidates
    std::size_t unscored = 0;   // candidates not scored yet
    std::vector<Branch> branches;  // the improving candidates scored, by better()
    int request = -1;              // its grow request of round grow_round
    PrefixMemo seen;               // prefixes known to be scored
    bool shrinking = false, shrunk = false;
    double shrink_score = 0;
    std::vector<int> shrink_parents;  // while shrinking: the family left
    std::vector<int> removed;         // the parents backward removal took out
    std::uint64_t grow_round = 0, shrink_round = 0;  // the last rounds that asked for it
  };

  // Whether tree node `at` has scored every candidate in `prefix`; if not, asks for the
  // missing ones in its grow request of this round (one per tree node and round, holding
  // what all the round's traces need).
  bool scored_within(int at, const Prefix& prefix, const std::vector<int>& parents,
                     std::vector<Request>& requests, std::uint64_t round) {
    TreeNode& t = nodes_[at];
    if (!t.started) start_grow(t, parents);
    if (t.unscored == 0 || t.seen.covers(prefix)) return true;
    std::uint64_t any = prefix.extra >= 0 && !has_bit(t.scored.data(), prefix.extra);
    for (std::size_t w = 0; w < words_ && !any; ++w) any = prefix.bits[w] & ~t.scored[w];
    if (!any) {
      t.seen.add(prefix);
      return true;
    }
    missing_.assign(words_, 0);
    for (std::size_t w = 0; w < words_; ++w) missing_[w] = prefix.bits[w] & ~t.scored[w];
    if (prefix.extra >= 0 && !has_bit(t.scored.data(), prefix.extra))
      set_bit(missing_.data(), prefix.extra);
    if (t.grow_round != round) {
      t.grow_round = round;
      t.request = static_cast<int>(requests.size());
      Request r;
      r.tree_node = at;
      r.parents = parents;
      std::sort(r.parents.begin(), r.parents.end());
      r.wanted = missing_;
      requests.push_back(std::move(r));
    } else {
      NodeBits& wanted = requests[t.request].wanted;
      for (std::size_t w = 0; w < words_; ++w) wanted[w] |= missing_[w];
    }
    return false;
  }
  // A tree node's first visit: its parents are no candidates; a full family has none.
  void start_grow(TreeNode& t, const std::vector<int>& parents) {
    t.started = true;
    if (static_cast<int>(parents.size()) >= max_parents_) return;  // unscored = 0
    t.scored = not_candidate_;
    for (int u : parents) set_bit(t.scored.data(), u);
    t.unscored = candidates_.size() - (parents.size() - required_.size());
  }

  bool is_required(int u) const {
    return std::find(required_.begin(), required_.end(), u) != required_.end();
  }
  std::size_t removable(const TreeNode& t) const {
    return t.shrink_parents.size() - required_.size();
  }
  void start_shrink(TreeNode& t, const std::vector<int>& parents) {
    t.shrinking = true;
    t.shrink_score = t.grow_score;
    t.shrink_parents = parents;
    if (removable(t) == 0) t.shrunk = true;
  }
  void add_shrink_requests(int at, std::vector<Request>& requests) const {
    const TreeNode& t = nodes_[at];
    for (int r : t.shrink_parents) {
      if (is_required(r)) continue;
      Request q;
      q.tree_node = at;
      q.grow = false;
      q.extras = {r};
      for (int u : t.shrink_parents) if (u != r) q.parents.push_back(u);
      std::sort(q.parents.begin(), q.parents.end());
      requests.push_back(std::move(q));
    }
  }

  int max_parents_;
  std::size_t words_;
  NodeBits not_candidate_;  // the tree's node, required and forbidden parents
  std::vector<int> required_, candidates_;
  std::vector<TreeNode> nodes_;
  NodeBits missing_;  // scratch of scored_within()
  std::size_t longest_path_ = 0;  // the most parents a trace has ended with
  std::vector<std::pair<int, double>> pending_shrink_;
};

// The trees of every node, and the families of many (node, prefix) pairs found together:
// the traces wait for their tree nodes, whose families are scored in one batch of the
// scorer (in its threads), and run again until all are done. The answer is the serial one.
// Given the data, the families of constant_families.hpp are scored here, without counting.
class GrowShrinkForest {
 public:
  struct Query {
    int node = 0;
    Prefix prefix;
    double score = 0;
    std::vector<int> parents;
    int at = -1;  // the tree node its trace waits at
    std::vector<int> path;  // the parents before backward removal
  };

  GrowShrinkForest(FamilyScorer& scorer, const Constraints& k, const InterruptCheck& check,
                   const DataView* data = nullptr)
      : scorer_(scorer), check_(check) {
    if (!k.plus_one.empty()) {
      throw std::invalid_argument("permutation searches do not take plus-one parents");
    }
    // A family is scored as different bases plus one parent (and shrunk to others): its
    // score must not depend on which, or exact ties break by the path that counted it.
    scorer_.sum_by_count();
    if (data) constant_.reset(new ConstantFamilies(*data, scorer_.spec()));
    if (data) constant_parents_.reset(new ConstantParents(*data, scorer_.spec()));
    std::vector<FamilyScorer::Additions> none;
    std::vector<FamilyScorer::Family> roots(k.n);
    for (int v = 0; v < k.n; ++v) {
      roots[v].node = v;
      for (int u = 0; u < k.n; ++u) {
        if (u != v && k.is_required(u, v)) roots[v].parents.push_back(u);
      }
    }
    scorer_.score_additions(none, roots);
    for (int v = 0; v < k.n; ++v) trees_.emplace_back(v, k, roots[v].score);
  }

  int size() const { return static_cast<int>(trees_.size()); }
  const GrowShrinkTree& tree(int v) const { return trees_[v]; }

  // What the trees asked for and how it was answered (bench/munin_core.cpp prints them).
  struct Stats {
    std::size_t rounds = 0, grow_requests = 0, grow_extras = 0, shrink_requests = 0;
    std::size_t constant_families = 0;  // scored by ConstantFamilies
    std::size_t derived = 0;            // scored or dropped by ConstantParents
    std::size_t to_scorer = 0;          // extras passed to the scorer
  };
  const Stats& stats() const { return stats_; }
  std::size_t tree_nodes() const {
    std::size_t n = 0;
    for (const auto& t : trees_) n += t.tree_nodes();
    return n;
  }

  void resolve(std::vector<Query>& queries) {
    std::vector<char> done(queries.size(), 0);
    while (true) {
      ++round_;
      std::vector<GrowShrinkTree::Request> requests;
      std::vector<int> owners;  // the tree of each request
      bool waiting = false;
      // Last first: a tree's largest prefixes (the last of a PrefixSets) come first, and
      // then stand for the smaller ones in the tree nodes' PrefixMemo.
      for (std::size_t q = queries.size(); q-- > 0;) {
        if (done[q]) continue;
        Query& query = queries[q];
        done[q] = trees_[query.node].trace(query.prefix, query.score, query.parents, requests,
                                           round_, query.at, query.path);
        waiting |= !done[q];
        owners.resize(requests.size(), query.node);
      }
      if (!waiting) return;
      for (auto& r : requests) {
        if (!r.grow) continue;
        std::size_t wanted = 0;  // sized once: the pushes below would reallocate ~log2 times
        for (std::uint64_t bits : r.wanted) wanted += __builtin_popcountll(bits);
        r.extras.reserve(wanted);
        for (std::size_t w = 0; w < r.wanted.size(); ++w) {
          for (std::uint64_t bits = r.wanted[w]; bits; bits &= bits - 1)
            r.extras.push_back(static_cast<int>(64 * w) + __builtin_ctzll(bits));
        }
      }
      score_requests(requests, owners);
      check_();
    }
  }

  // The best family of every node under the order (a permutation of the nodes).
  std::vector<Query> families(const std::vector<int>& order, std::vector<int>& pos) {
    pos.assign(order.size(), 0);
    for (std::size_t i = 0; i < order.size(); ++i) pos[order[i]] = static_cast<int>(i);
    const int p = static_cast<int>(order.size());
    const PrefixSets prefixes(order, p, 0, p - 1);
    std::vector<Query> queries(order.size());
    for (int i = 0; i < p; ++i) {
      queries[i].node = order[i];
      queries[i].prefix = prefixes.prefix(i);
    }
    resolve(queries);
    return queries;
  }

 private:
  void score_requests(const std::vector<GrowShrinkTree::Request>& requests,
                      const std::vector<int>& owners) {
    std::vector<FamilyScorer::Additions> batch;
    std::vector<FamilyScorer::Family> singles;
    std::vector<std::vector<double>> direct(requests.size());  // scored here
    std::vector<int> job(requests.size(), -1);  // a grow request's entry in `batch`
    ++stats_.rounds;
    for (std::size_t r = 0; r < requests.size(); ++r) {
      const GrowShrinkTree::Request& q = requests[r];
      if (q.grow) ++stats_.grow_requests; else ++stats_.shrink_requests;
      if (q.grow) stats_.grow_extras += q.extras.size();
      if (constant_ && constant_->applies(owners[r], q.parents)) {
        stats_.constant_families += q.grow ? q.extras.size() : 1;
        if (!q.grow) direct[r].push_back(constant_->score(owners[r], q.parents, -1));
        if (q.grow) {
          const double own = trees_[owners[r]].grow_score(q.tree_node);
          constant_->score_additions(owners[r], q.parents, q.extras, own, direct[r]);
        }
      } else if (q.grow) {
        std::vector<int> counted = q.extras;
        if (constant_parents_) {
          const double own = trees_[owners[r]].grow_score(q.tree_node);
          constant_parents_->split(owners[r], q.parents, own, counted, direct[r]);
        }
        stats_.derived += q.extras.size() - counted.size();
        stats_.to_scorer += counted.size();
        if (counted.empty()) continue;
        job[r] = static_cast<int>(batch.size());
        batch.push_back({owners[r], q.parents, std::move(counted), {}});
      } else {
        double score;
        if (constant_parents_ && constant_parents_->family(owners[r], q.parents, score)) {
          direct[r].push_back(score);
          ++stats_.derived;
          continue;
        }
        ++stats_.to_scorer;
        singles.push_back({owners[r], q.parents, 0});
      }
    }
    scorer_.score_additions(batch, singles);
    std::size_t s = 0;
    for (std::size_t r = 0; r < requests.size(); ++r) {
      GrowShrinkTree& tree = trees_[owners[r]];
      const bool here = !direct[r].empty();
      if (requests[r].grow) {
        tree.answer(requests[r], job[r] < 0 ? direct[r]
                                            : ConstantParents::merge(direct[r],
                                                                     batch[job[r]].scores));
        continue;
      }
      tree.answer(requests[r], here ? direct[r] : std::vector<double>{singles[s++].score});
      const bool last = r + 1 == requests.size() || requests[r + 1].grow ||
                        owners[r + 1] != owners[r] ||
                        requests[r + 1].tree_node != requests[r].tree_node;
      if (last) tree.end_shrink_round(requests[r].tree_node);
    }
  }

  FamilyScorer& scorer_;
  InterruptCheck check_;
  std::unique_ptr<ConstantFamilies> constant_;  // null without the data
  std::unique_ptr<ConstantParents> constant_parents_;  // null without the data
  std::vector<GrowShrinkTree> trees_;
  std::uint64_t round_ = 0;
  Stats stats_;
};

}  // namespace learnbn
