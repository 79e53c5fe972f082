// Memo of family scores keyed by (node, parent set), and the scorer that searches share.
#pragma once
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "local_scorer.hpp"

namespace learnbn {

class ScoreCache {
 public:
  // `parents` must be sorted: a parent set, not a sequence.
  bool find(int node, const std::vector<int>& parents, double& score) {
    make_key(node, parents);
    auto it = map_.find(key_);
    if (it == map_.end()) { ++misses_; return false; }
    ++hits_;
    score = it->second;
    return true;
  }
  void insert(int node, const std::vector<int>& parents, double score) {
    make_key(node, parents);
    map_.emplace(key_, score);
  }
  std::size_t size() const { return map_.size(); }
  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }
  void clear() { map_.clear(); hits_ = misses_ = 0; }

 private:
  struct KeyHash {
    std::size_t operator()(const std::vector<int>& key) const {
      std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the ids
      for (int id : key) { h ^= static_cast<std::uint32_t>(id); h *= 1099511628211ULL; }
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  void make_key(int node, const std::vector<int>& parents) {
    key_.assign(1, node);
    key_.insert(key_.end(), parents.begin(), parents.end());
  }
  std::unordered_map<std::vector<int>, double, KeyHash> map_;
  std::vector<int> key_;
  std::size_t hits_ = 0, misses_ = 0;
};

// Scores families of one data set with one score, remembering every result.
class Scorer {
 public:
  // BDe here means the uniform prior network (BDeu); other prior networks are scored
  // family by family with their alpha_ijk (see family_score).
  Scorer(const DataView& data, const ScoreSpec& spec)
      : data_(data), spec_(spec), local_(data_, spec_, gaussian_model(data_, spec_)) {}

  double local(int node, std::vector<int> parents) {
    std::sort(parents.begin(), parents.end());
    double score;
    if (cache_.find(node, parents, score)) return score;
    score = uncached(node, parents);
    cache_.insert(node, parents, score);
    return score;
  }

  double uncached(int node, const std::vector<int>& parents) {
    return local_.score(node, parents.data(), parents.size());
  }

  const ScoreCache& cache() const { return cache_; }
  const DataView& data() const { return data_; }
  const ScoreSpec& spec() const { return spec_; }

 private:
  DataView data_;
  ScoreSpec spec_;
  LocalScorer local_;
  ScoreCache cache_;
};

}  // namespace learnbn
