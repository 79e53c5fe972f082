// Enumeration of k-subsets of {0, ..., m - 1} as sorted position vectors.
#pragma once
#include <vector>

namespace learnbn {

// Advances `pick` (k increasing positions below m) to the next k-subset in lexicographic
// order; false when `pick` was the last one. Start from {0, 1, ..., k - 1}.
inline bool next_combination(std::vector<int>& pick, int m) {
  const int k = static_cast<int>(pick.size());
  int i = k - 1;
  while (i >= 0 && pick[i] == m - k + i) --i;
  if (i < 0) return false;
  ++pick[i];
  for (int j = i + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
  return true;
}

}  // namespace learnbn
