// A memo of conditional independence test results, keyed by the tested variables.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "../util/rng.hpp"
#include "spec.hpp"

namespace learnbn {

// Memo of test results keyed by (x, y, z) with x < y and z sorted.
class CITestCache {
 public:
  static std::vector<int> key(int x, int y, std::vector<int> z) {
    std::sort(z.begin(), z.end());
    std::vector<int> k{std::min(x, y), std::max(x, y)};
    k.insert(k.end(), z.begin(), z.end());
    return k;
  }
  const CITestResult* find(const std::vector<int>& k) const {
    auto it = map_.find(k);
    return it == map_.end() ? nullptr : &it->second;
  }
  void insert(const std::vector<int>& k, const CITestResult& r) { map_.emplace(k, r); }
  std::size_t size() const { return map_.size(); }

 private:
  struct KeyHash {  // splitmix64 chained over the node ids
    std::size_t operator()(const std::vector<int>& key) const {
      std::uint64_t h = key.size();
      for (int id : key) h = splitmix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(id)));
      return static_cast<std::size_t>(h);
    }
  };
  std::unordered_map<std::vector<int>, CITestResult, KeyHash> map_;
};

}  // namespace learnbn
