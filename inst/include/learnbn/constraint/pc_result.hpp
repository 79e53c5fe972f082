// What PC takes and gives back: its options (the conflict policy among them), the
// records of its tests, witness sets, immoralities and conflicts, and its result.
#pragma once
#include <climits>
#include <cstddef>
#include <deque>
#include <string>
#include <vector>

#include "../citest/spec.hpp"
#include "../graph/meek.hpp"

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
  // The conditioning set: z_size members from z_at on in its TestRecords' pool (z()).
  int z_size = 0;
  std::size_t z_at = 0;
  CITestResult result;
  bool independent = false;
};

// The records of the tests run, in order, their conditioning sets in one pool: pigs runs
// 10^7 tests, and a set apiece was one heap block apiece (half of the records' memory).
// The records are a deque: a vector's doubling leaves up to half its capacity unused,
// and copies all of it at each step.
class TestRecords {
 public:
  void add(int x, int y, int level, NodeRange z, const CITestResult& result, bool independent) {
    records_.push_back(TestRecord{x, y, level, static_cast<int>(z.size()), members_.size(),
                                  result, independent});
    members_.insert(members_.end(), z.begin(), z.end());
  }
  // Appends the records of `other`, in order (their sets copied to the end of this pool).
  void append(const TestRecords& other) {
    const std::size_t base = members_.size();
    members_.insert(members_.end(), other.members_.begin(), other.members_.end());
    for (TestRecord record : other.records_) {
      record.z_at += base;
      records_.push_back(record);
    }
  }
  std::size_t size() const { return records_.size(); }
  bool empty() const { return records_.empty(); }
  const TestRecord& operator[](std::size_t t) const { return records_[t]; }
  // The conditioning set of test t.
  NodeRange z(std::size_t t) const {
    return NodeRange(members_.data() + records_[t].z_at, records_[t].z_size);
  }

 private:
  std::deque<TestRecord> records_;
  std::vector<int> members_;
};

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
