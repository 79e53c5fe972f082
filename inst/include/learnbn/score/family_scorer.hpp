// The scorer every search and bn_score() use: family scores cached by (node, parent set),
// with the candidate parents of one node, or a batch of families, scored in parallel (one
// LocalScorer per thread, so a threaded run computes exactly the same numbers as a serial
// one). Gaussian families cost a small
// triangular solve, less than a hash lookup or waking a thread, so they are computed
// directly, serially and without the cache.
#pragma once
#include <algorithm>
#include <exception>
#include <memory>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "cache.hpp"
#include "local_scorer.hpp"

namespace learnbn {

class FamilyScorer {
 public:
  FamilyScorer(const DataView& data, const ScoreSpec& spec, int threads, std::size_t max_cached = 5000000)
      : data_(data), spec_(spec), threads_(std::max(1, threads)), max_cached_(max_cached),
        counting_(!data.gaussian()) {
    const auto gaussian = gaussian_model(data_, spec_);
    for (int t = 0; t < threads_; ++t) scorers_.emplace_back(new LocalScorer(data_, spec_, gaussian));
  }
  // The LocalScorers refer to data_.
  FamilyScorer(const FamilyScorer&) = delete;
  FamilyScorer& operator=(const FamilyScorer&) = delete;

  double score(int node, std::vector<int> parents) {
    std::sort(parents.begin(), parents.end());
    double s;
    if (counting_ && cache_.find(node, parents, s)) return s;
    s = scorers_[0]->score(node, parents.data(), parents.size());
    ++evaluations_;
    if (!counting_) return s;
    remember(node, parents, s);
    return s;
  }

  // out[e] = score of node with parents + {extras[e]}.
  void score_additions(int node, const std::vector<int>& parents, const std::vector<int>& extras,
                       std::vector<double>& out) {
    out.assign(extras.size(), 0.0);
    if (!counting_) {
      LocalScorer& scorer = *scorers_[0];
      scorer.set_base(node, parents.data(), parents.size());
      for (std::size_t e = 0; e < extras.size(); ++e) {
        out[e] = scorer.score_plus(node, extras[e], parents.data(), parents.size());
      }
      evaluations_ += extras.size();
      return;
    }
    std::vector<std::size_t> missing;
    std::vector<int> key;
    for (std::size_t e = 0; e < extras.size(); ++e) {
      family_key(parents, extras[e], key);
      if (!cache_.find(node, key, out[e])) missing.push_back(e);
    }
    if (missing.empty()) return;
    in_parallel(
        missing.size(), [&](LocalScorer& scorer) { scorer.set_base(node, parents.data(), parents.size()); },
        [&](LocalScorer& scorer, std::size_t m) {
          out[missing[m]] = scorer.score_plus(node, extras[missing[m]], parents.data(), parents.size());
        });
    evaluations_ += missing.size();
    for (std::size_t m : missing) {
      family_key(parents, extras[m], key);
      remember(node, key, out[m]);
    }
  }

  // Scores of many families, uncached: out[f] is the score of nodes[f] with parents
  // families[f]; prior_joints (if given) holds BDe's P(x_i, pa_i) of each family or null.
  std::vector<double> score_all(const std::vector<int>& nodes, const std::vector<std::vector<int>>& families,
                                const std::vector<const double*>* prior_joints = nullptr) {
    std::vector<double> out(nodes.size());
    in_parallel(nodes.size(), [](LocalScorer&) {}, [&](LocalScorer& scorer, std::size_t f) {
      const std::vector<int>& pa = families[f];
      out[f] = scorer.score(nodes[f], pa.data(), pa.size(), prior_joints ? (*prior_joints)[f] : nullptr);
    });
    evaluations_ += nodes.size();
    return out;
  }

  std::size_t evaluations() const { return evaluations_; }
  std::size_t cache_hits() const { return cache_.hits(); }
  const ScoreCache& cache() const { return cache_; }
  const ScoreSpec& spec() const { return spec_; }

 private:
  // Runs setup(scorer) once per thread, then body(scorer, i) for i in [0, count), each
  // thread with its own LocalScorer (small batches run serially); rethrows the first error.
  template <class Setup, class Body>
  void in_parallel(std::size_t count, Setup&& setup, Body&& body) {
    const int threads = count < 16 ? 1 : threads_;
    std::exception_ptr error = nullptr;
#pragma omp parallel num_threads(threads)
    {
      int t = 0;
#ifdef _OPENMP
      t = omp_get_thread_num();
#endif
      try {
        LocalScorer& scorer = *scorers_[t];
        setup(scorer);
#pragma omp for schedule(dynamic, 8)
        for (std::size_t i = 0; i < count; ++i) body(scorer, i);
      } catch (...) {
#pragma omp critical
        error = std::current_exception();
      }
    }
    if (error) std::rethrow_exception(error);
  }

  static void family_key(const std::vector<int>& parents, int extra, std::vector<int>& key) {
    key = parents;
    key.insert(std::upper_bound(key.begin(), key.end(), extra), extra);
  }
  void remember(int node, const std::vector<int>& sorted_parents, double s) {
    if (cache_.size() < max_cached_) cache_.insert(node, sorted_parents, s);
  }

  DataView data_;
  ScoreSpec spec_;
  int threads_;
  std::size_t max_cached_;
  bool counting_;  // discrete data: cache and parallelise
  std::vector<std::unique_ptr<LocalScorer>> scorers_;
  ScoreCache cache_;
  std::size_t evaluations_ = 0;
};

}  // namespace learnbn
