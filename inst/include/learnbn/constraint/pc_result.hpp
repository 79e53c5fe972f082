// What PC takes and gives back: its options (the conflict policy among them), the
// records of its tests, witness sets, immoralities and conflicts, and its result.
#pragma once
#include <climits>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <stdexcept>
#include <string>
#include <vector>

#include "../citest/spec.hpp"
#include "../graph/meek.hpp"
#include "../score/cache.hpp"

namespace learnbn {

// bnlearn: bnlearn 4.9's order (ascending p-value of the separating test) and rule (an
// immorality that clashes or would close a directed cycle is skipped).
enum class ConflictPolicy { bidirected, first, strongest, bnlearn };
// The registry of policy names, in the order of ConflictPolicy.
inline const std::vector<std::string>& conflict_policy_names() {
  static const std::vector<std::string> names{"bidirected", "first", "strongest",
                                              "bnlearn"};
  return names;
}

struct PCOptions {
  double alpha = 0.05;
  int max_cond = INT_MAX;  // largest witness set
  bool stable = true;
  int threads = 1;
  ConflictPolicy conflicts = ConflictPolicy::bidirected;
  std::vector<char> required;   // n * n, required[i * n + j]: the arc i -> j is whitelisted
  std::vector<char> forbidden;  // n * n, forbidden[i * n + j]: the arc i -> j is blacklisted
  // Counting shortcuts, same results: asymptotic tests on discrete data whose rows
  // repeat run on the distinct rows (data/distinct_rows.hpp), and the tests of a run of
  // subsets sharing all but their last member are counted together
  // (CITester::test_shared_prefix). false runs every test alone on the rows as given.
  bool shortcuts = true;
};

// What one level of the skeleton phase did, for progress reports.
struct LevelSummary {
  int level = 0;
  std::size_t tests = 0, removed = 0, edges_left = 0;
};

// Nodes held elsewhere, read as a range (a test's conditioning set, a vector).
class NodeRange {
 public:
  NodeRange(const int* first, std::size_t size) : first_(first), size_(size) {}
  // Implicit: a vector is read where a range is.
  NodeRange(const std::vector<int>& nodes) : first_(nodes.data()), size_(nodes.size()) {}
  const int* begin() const { return first_; }
  const int* end() const { return first_ + size_; }
  std::size_t size() const { return size_; }
  int operator[](std::size_t k) const { return first_[k]; }

 private:
  const int* first_;
  std::size_t size_;
};

struct TestRecord {
  int x = 0, y = 0, level = 0;
  // The conditioning set: z_size members from z_at on in its block's pool.
  int z_size = 0;
  std::size_t z_at = 0;
  CITestResult result;
  bool independent = false;
};

// The records of the tests run, in order, in blocks: a block's sets lie in one pool (pigs
// runs 10^7 tests, and a set apiece was one heap block apiece), its records in a deque (a
// vector's doubling leaves up to half its capacity unused). A PC edge's records are one
// block, moved into the result as a whole: copying them once more took a serial half
// second on pigs.
class TestRecords {
 public:
  void add(int x, int y, int level, NodeRange z, const CITestResult& result, bool independent) {
    if (blocks_.empty()) blocks_.emplace_back();
    Block& b = blocks_.back();
    b.records.push_back(TestRecord{x, y, level, static_cast<int>(z.size()), b.members.size(),
                                   result, independent});
    b.members.insert(b.members.end(), z.begin(), z.end());
    ++size_;
  }
  // Moves the records of `other` to the end, in order, and leaves `other` empty.
  void append(TestRecords&& other) {
    for (Block& b : other.blocks_) {
      if (!b.records.empty()) blocks_.push_back(std::move(b));
    }
    size_ += other.size_;
    other.blocks_.clear();
    other.size_ = 0;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  // Calls f(record, z) for every test in order, z its conditioning set.
  template <class F>
  void for_each(F&& f) const {
    for (const Block& b : blocks_) {
      for (const TestRecord& r : b.records) f(r, NodeRange(b.members.data() + r.z_at, r.z_size));
    }
  }

 private:
  struct Block {
    std::deque<TestRecord> records;
    std::vector<int> members;
  };
  std::vector<Block> blocks_;
  std::size_t size_ = 0;
};

// The distinct conditioning sets of `tests`, numbered in order of first use: set[t] is
// the number of test t's set and members[k] set k. pigs: 10^7 tests, 9 * 10^5 sets, so
// that the R result makes each set's string once.
struct DistinctSets {
  std::vector<std::uint32_t> set;
  std::vector<NodeRange> members;
};

inline DistinctSets distinct_sets(const TestRecords& tests) {
  DistinctSets out;
  out.set.reserve(tests.size());
  FamilyMap<std::uint32_t> numbers;  // keyed by (0, set)
  tests.for_each([&](const TestRecord&, NodeRange z) {
    std::uint32_t k;
    if (!numbers.find(0, z, k)) {
      if (out.members.size() == UINT32_MAX) throw std::length_error("too many distinct sets");
      k = static_cast<std::uint32_t>(out.members.size());
      numbers.insert(0, z, k);
      out.members.push_back(z);
    }
    out.set.push_back(k);
  });
  return out;
}

struct Witness {  // the separating set of a removed edge
  int x = 0, y = 0;
  std::vector<int> z;
  double p_value = 1;
};

struct Immorality {  // x -> middle <- y
  int x = 0, middle = 0, y = 0;
  double strength = 0;  // p-value of the test that separated x and y
  int status = 0;       // 0 applied, 1 applied as bidirected, 2 dropped (conflict)
};

// An edge that two sources of orientation want both ways: `from -> to` was set by
// immorality `kept` (-1: background knowledge) before immorality `other` wanted to -> from.
struct Conflict {
  int from = 0, to = 0;
  int kept = -1, other = -1;
  int resolution = 0;  // 0 the edge became bidirected, 1 `other` was dropped
};

struct PCResult {
  std::vector<int> amat;         // n * n, amat[i * n + j] == 1: i -> j (both set: undirected)
  std::vector<char> bidirected;  // n * n, symmetric: edges oriented both ways by a conflict
  TestRecords tests;
  std::vector<Witness> witnesses;
  std::vector<Immorality> immoralities;
  std::vector<Conflict> conflicts;
  std::vector<OrientationStep> steps;
  std::size_t cache_hits = 0;
  int levels = 0;
};

}  // namespace learnbn
