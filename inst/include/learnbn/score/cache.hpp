// Memo of family scores keyed by (node, parent set).
#pragma once
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>


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

}  // namespace learnbn
