// The scorer every search and bn_score() use: family scores kept by (node, parent set),
// and addition scores in rows by (node, base parents); the candidate parents of one
// node, or a batch of families, scored in parallel (one LocalScorer per thread, in a
// WorkPool, so a threaded run computes exactly the same numbers as a serial one).
// Gaussian families cost a small triangular solve, less than a hash lookup or waking a
// thread, so they are computed directly, serially and without the cache.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "../util/work_pool.hpp"
#include "cache.hpp"
#include "local_scorer.hpp"

namespace learnbn {

class FamilyScorer {
 public:
  FamilyScorer(const DataView& data, const ScoreSpec& spec, int threads,
               std::size_t max_cached = 20000000)
      : data_(data),
        spec_(spec),
        threads_(std::max(1, threads)),
        max_cached_(max_cached),
        counting_(!data.gaussian()),
        rows_(static_cast<int>(data.n_vars())) {
    const auto gaussian = gaussian_model(data_, spec_);
    const auto bits = std::make_shared<ColumnBits>(data_);
    const auto interventional = interventional_rows(data_, spec_);
    marginals_ = std::make_shared<ColumnMarginals>(data_);
    for (int t = 0; t < threads_; ++t) {
      scorers_.emplace_back(new LocalScorer(data_, spec_, gaussian, interventional));
      scorers_.back()->share_column_bits(bits);
      scorers_.back()->share_column_marginals(marginals_);
    }
    prepared_.assign(threads_, 0);
    if (threads_ > 1) pool_.reset(new WorkPool(threads_ - 1));
  }
  // The LocalScorers refer to data_.
  FamilyScorer(const FamilyScorer&) = delete;
  FamilyScorer& operator=(const FamilyScorer&) = delete;

  double score(int node, std::vector<int> parents) {
    std::sort(parents.begin(), parents.end());
    double s;
    if (recall(node, parents, s)) return s;
    s = scorers_[0]->score(node, parents.data(), parents.size());
    ++evaluations_;
    remember(node, parents, s);
    return s;
  }

  // out[e] = score of node with parents + {extras[e]}.
  void score_additions(int node, const std::vector<int>& parents, const std::vector<int>& extras,
                       std::vector<double>& out) {
    std::vector<Additions> batch(1);
    batch[0].node = node;
    batch[0].parents = parents;
    batch[0].extras = extras;
    std::vector<Family> none;
    score_additions(batch, none);
    out.swap(batch[0].scores);
  }

  // The families of one node with one more parent: scores[e] is the score of `node`
  // with `parents` (sorted) + {extras[e]}.
  struct Additions {
    int node = 0;
    std::vector<int> parents;
    std::vector<int> extras;
    std::vector<double> scores;
  };

  // A family scored along with a batch of additions (hill climbing's rescored families
  // and their removals).
  struct Family {
    int node = 0;
    std::vector<int> parents;  // sorted
    double score = 0;
  };

  // Fills the scores of every job, and of `singles`. The families not in the job's row
  // of addition scores (not in a memo, for singles) are scored in the threads: whole
  // jobs to each thread when there are enough of them (each thread then combines a
  // node's base parents once), else one job after the other with its extras shared out;
  // the singles last, in the same run. The memos are read before and written after, on
  // this thread, in order, so what they hold does not depend on the threads.
  void score_additions(std::vector<Additions>& batch, std::vector<Family>& singles) {
    std::vector<double*> rows(batch.size(), nullptr);
    std::vector<std::vector<std::size_t>> missing(batch.size());
    // The extras of missing[j] and their scores, contiguous for score_plus_many().
    std::vector<std::vector<int>> todo(batch.size());
    std::vector<std::vector<double>> scores(batch.size());
    for (std::size_t j = 0; j < batch.size(); ++j) {
      Additions& job = batch[j];
      job.scores.assign(job.extras.size(), 0.0);
      missing[j].reserve(job.extras.size());
      todo[j].reserve(job.extras.size());
      if (counting_)
        rows[j] = rows_.find_or_add(job.node, job.parents, max_cached_ - cache_.size());
      for (std::size_t e = 0; e < job.extras.size(); ++e) {
        if (rows[j] && !std::isnan(rows[j][job.extras[e]])) {
          job.scores[e] = rows[j][job.extras[e]];
          continue;
        }
        missing[j].push_back(e);
        todo[j].push_back(job.extras[e]);
      }
      if (counting_) by_states(todo[j], missing[j]);
      scores[j].resize(todo[j].size());
      evaluations_ += missing[j].size();
      hits_ += job.extras.size() - missing[j].size();
    }
    std::vector<std::size_t> singles_todo;
    for (std::size_t f = 0; f < singles.size(); ++f) {
      if (!recall(singles[f].node, singles[f].parents, singles[f].score)) singles_todo.push_back(f);
    }
    evaluations_ += singles_todo.size();
    auto score_single = [&](LocalScorer& scorer, std::size_t i) {
      Family& family = singles[singles_todo[i]];
      family.score = scorer.score(family.node, family.parents.data(), family.parents.size());
    };
    // Scores todo[j][first, first + n).
    auto score_part = [&](LocalScorer& scorer, std::size_t j, std::size_t first, std::size_t n) {
      const Additions& job = batch[j];
      scorer.score_plus_many(job.node, todo[j].data() + first, n, job.parents.data(),
                             job.parents.size(), scores[j].data() + first);
    };
    auto set_base = [&](LocalScorer& scorer, std::size_t j) {
      scorer.set_base(batch[j].node, batch[j].parents.data(), batch[j].parents.size());
    };
    // Gaussian families are cheaper than a thread's wake-up: scored serially.
    const int threads = counting_ ? threads_ : 1;
    const std::size_t n_singles = singles_todo.size();
    if (batch.size() >= 4 * static_cast<std::size_t>(threads)) {
      // A batch of many nodes (a search's first) needs every column's bit sets: built
      // over the threads, not by each thread's first job in turn, in the same order.
      if (!column_bits_ready_ && threads > 1) {
        in_parallel(data_.n_vars(), [](LocalScorer&) {}, [](LocalScorer& scorer, std::size_t v) {
          scorer.prepare_column_bits(static_cast<int>(v));
        }, threads);
      }
      column_bits_ready_ = true;
      in_parallel(
          batch.size() + n_singles, [](LocalScorer&) {},
          [&](LocalScorer& scorer, std::size_t j) {
            if (j >= batch.size()) return score_single(scorer, j - batch.size());
            if (todo[j].empty()) return;
            set_base(scorer, j);
            score_part(scorer, j, 0, todo[j].size());
          },
          threads);
    } else {
      // One job after the other, its extras shared out in parts (split_parts()); the
      // singles with the last job, after its parts (a Gaussian single sets the base).
      for (std::size_t j = 0; j < batch.size(); ++j) {
        const std::size_t n = todo[j].size();
        split_parts(todo[j], scorers_[0]->window(n, n < 16 ? 1 : threads));
        const std::size_t parts = parts_.size();
        const std::size_t extra = j + 1 == batch.size() ? n_singles : 0;
        in_parallel(
            parts + extra, [&](LocalScorer& scorer) { set_base(scorer, j); },
            [&](LocalScorer& scorer, std::size_t m) {
              if (m >= parts) return score_single(scorer, m - parts);
              score_part(scorer, j, parts_[m].first, parts_[m].second);
            },
            n < 16 ? 1 : threads);
      }
      if (batch.empty()) in_parallel(n_singles, [](LocalScorer&) {}, score_single);
    }
    for (std::size_t j = 0; j < batch.size(); ++j) {
      for (std::size_t m = 0; m < missing[j].size(); ++m) {
        batch[j].scores[missing[j][m]] = scores[j][m];
        if (rows[j]) rows[j][todo[j][m]] = scores[j][m];
      }
    }
    for (std::size_t f : singles_todo)
      remember(singles[f].node, singles[f].parents, singles[f].score);
  }

  // Runs body(i) for every i in [0, count) over the scorer's threads (discrete data;
  // serially otherwise); body(i) must write only what item i owns.
  template <class Body>
  void parallel_for(std::size_t count, Body&& body) {
    in_parallel(
        count, [](LocalScorer&) {}, [&](LocalScorer&, std::size_t i) { body(i); },
        counting_ ? threads_ : 1);
  }

  // Scores of many families, uncached: out[f] is the score of nodes[f] with parents
  // families[f]; prior_joints (if given) holds BDe's P(x_i, pa_i) of each family or null.
  std::vector<double> score_all(const std::vector<int>& nodes,
                                const std::vector<std::vector<int>>& families,
                                const std::vector<const double*>* prior_joints = nullptr) {
    std::vector<double> out(nodes.size());
    in_parallel(nodes.size(), [](LocalScorer&) {}, [&](LocalScorer& scorer, std::size_t f) {
      const std::vector<int>& pa = families[f];
      out[f] =
          scorer.score(nodes[f], pa.data(), pa.size(), prior_joints ? (*prior_joints)[f] : nullptr);
    });
    evaluations_ += nodes.size();
    return out;
  }

  // Switches counting by base configuration (Counter::use_groups) off or back on: the
  // tests compare both paths.
  void use_groups(bool on) {
    for (auto& scorer : scorers_) scorer->use_groups(on);
  }

  // Sums every family's terms by count from now on (ScoreSpec::sum_by_count), so that a
  // family's score does not depend on the path that counted it; the memos of scores
  // summed otherwise are forgotten.
  void sum_by_count() {
    if (spec_.sum_by_count) return;
    spec_.sum_by_count = true;
    for (auto& scorer : scorers_) scorer->sum_by_count(true);
    cache_.clear();
    rows_ = AdditionRows(static_cast<int>(data_.n_vars()));
  }

  std::size_t evaluations() const { return evaluations_; }
  std::size_t cache_hits() const { return hits_; }
  // Of evaluations(), the families scored without counting (constant_columns.hpp).
  std::size_t uncounted() const {
    std::size_t n = 0;
    for (const auto& scorer : scorers_) n += scorer->uncounted();
    return n;
  }
  const ScoreSpec& spec() const { return spec_; }

 private:
  // Runs setup(scorer) once in each thread that takes part, then body(scorer, i) for i
  // in [0, count), each thread with its own LocalScorer; rethrows the first error.
  // Small batches run serially.
  template <class Setup, class Body>
  void in_parallel(std::size_t count, Setup&& setup, Body&& body) {
    in_parallel(count, setup, body, count < 16 ? 1 : threads_);
  }
  template <class Setup, class Body>
  void in_parallel(std::size_t count, Setup&& setup, Body&& body, int threads) {
    if (count == 0) return;
    if (threads <= 1 || !pool_) {
      setup(*scorers_[0]);
      for (std::size_t i = 0; i < count; ++i) body(*scorers_[0], i);
      return;
    }
    const std::uint64_t batch = ++batches_;
    pool_->run(count, [&](int slot, std::size_t i) {
      LocalScorer& scorer = *scorers_[slot];
      if (prepared_[slot] != batch) {  // each slot is only touched by its own thread
        setup(scorer);
        prepared_[slot] = batch;
      }
      body(scorer, i);
    });
  }
  // The memoised score of node with `parents` (sorted), counted as a hit; discrete data
  // only.
  bool recall(int node, const std::vector<int>& parents, double& s) {
    if (!counting_ || !(cache_.find(node, parents, s) || find_in_rows(node, parents, s)))
      return false;
    ++hits_;
    return true;
  }
  void remember(int node, const std::vector<int>& parents, double s) {
    if (counting_ && cached() < max_cached_) cache_.insert(node, parents, s);
  }
  // A family scored as an addition: node with `parents` (sorted) minus one of them,
  // plus that one.
  bool find_in_rows(int node, const std::vector<int>& parents, double& s) const {
    std::vector<int> base;
    for (std::size_t i = 0; i < parents.size(); ++i) {
      base.assign(parents.begin(), parents.end());
      base.erase(base.begin() + static_cast<std::ptrdiff_t>(i));
      const double* row = rows_.find(node, base);
      if (row && !std::isnan(row[parents[i]])) {
        s = row[parents[i]];
        return true;
      }
    }
    return false;
  }
  // Orders a job's extras (and their positions `at`) by number of states, stably: the
  // path that counts base + {extra} depends on that number only, and families are counted
  // kWindow at a time (LocalScorer::score_plus_many) when neighbours take one path.
  // Extras with one state come last: scored without counting (constant_columns.hpp),
  // among the others they would leave windows short.
  void by_states(std::vector<int>& extras, std::vector<std::size_t>& at) {
    if (state_rank_.empty()) rank_by_states();
    // A counting sort by rank (stable, as std::stable_sort by key was): a move's rows are
    // ordered in linear time on the calling thread while the other threads wait.
    bucket_.assign(ranks_ + 1, 0);
    for (int extra : extras) ++bucket_[state_rank_[extra] + 1];
    for (std::size_t r = 1; r <= ranks_; ++r) bucket_[r] += bucket_[r - 1];
    sorted_extras_.resize(extras.size());
    sorted_at_.resize(extras.size());
    for (std::size_t e = 0; e < extras.size(); ++e) {
      const std::size_t to = bucket_[state_rank_[extras[e]]]++;
      sorted_extras_[to] = extras[e];
      sorted_at_[to] = at[e];
    }
    extras.swap(sorted_extras_);
    at.swap(sorted_at_);
  }
  // state_rank_[v]: the rank of column v's key (one state, number of states) among the
  // distinct keys of the columns; ranks_ of them.
  void rank_by_states() {
    const bool constants = marginals_->usable();
    std::vector<std::pair<bool, int>> key(data_.n_vars());
    for (std::size_t v = 0; v < key.size(); ++v) {
      key[v] = {constants && marginals_->constant(static_cast<int>(v)),
                data_.columns[v].cardinality};
    }
    std::vector<std::pair<bool, int>> keys = key;
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    ranks_ = keys.size();
    state_rank_.resize(key.size());
    for (std::size_t v = 0; v < key.size(); ++v) {
      state_rank_[v] = std::lower_bound(keys.begin(), keys.end(), key[v]) - keys.begin();
    }
  }
  // parts_: the (first, count) of `extras` (ordered by by_states()) that one thread
  // scores at a time: windows of the counted ones, then each run of extras with one state
  // and the same number of states (up to kConstantPart of them), of which a thread counts
  // the first and copies its score to the others (UncountedPlus), where windows of them
  // would have each thread count it again.
  void split_parts(const std::vector<int>& extras, std::size_t window) {
    constexpr std::size_t kConstantPart = 64;
    parts_.clear();
    const bool constants = counting_ && marginals_->usable();
    std::size_t counted = extras.size();
    while (constants && counted > 0 && marginals_->constant(extras[counted - 1])) --counted;
    for (std::size_t first = 0; first < counted; first += window)
      parts_.emplace_back(first, std::min(window, counted - first));
    for (std::size_t first = counted, end = counted; first < extras.size(); first = end) {
      const int states = data_.columns[extras[first]].cardinality;
      while (end < extras.size() && end - first < kConstantPart &&
             data_.columns[extras[end]].cardinality == states) {
        ++end;
      }
      parts_.emplace_back(first, end - first);
    }
  }
  // Scores held by the memos, which stop growing at max_cached_.
  std::size_t cached() const { return cache_.size() + rows_.rows() * data_.n_vars(); }

  DataView data_;
  ScoreSpec spec_;
  int threads_;
  std::size_t max_cached_;
  bool counting_;  // discrete data: cache and parallelise
  std::shared_ptr<ColumnMarginals> marginals_;  // the columns with one state
  std::vector<std::unique_ptr<LocalScorer>> scorers_;
  std::unique_ptr<WorkPool> pool_;     // threads_ - 1 workers, when threads_ > 1
  std::vector<std::uint64_t> prepared_;  // by slot: the last batch it ran setup() for
  std::uint64_t batches_ = 0;
  ScoreCache cache_;
  AdditionRows rows_;
  std::size_t evaluations_ = 0, hits_ = 0;
  bool column_bits_ready_ = false;  // see score_additions()
  std::vector<std::size_t> state_rank_, bucket_, sorted_at_;  // by_states()'s
  std::size_t ranks_ = 0;
  std::vector<std::pair<std::size_t, std::size_t>> parts_;  // split_parts()'s
  std::vector<int> sorted_extras_;
};

}  // namespace learnbn
