// Progress of a long run, for the caller's progress bars. A loop calls update() as
// often as it likes (after each unit of work); the caller's callback runs at most once
// per `interval` seconds, so it may be slow (the R glue calls back into R). finish()
// always reports, so the caller sees each stage end. A run has stages (e.g. scoring the
// families, then searching), each with its own count of units (`total` NaN when
// unknown). The core never depends on what the callback does; a default Progress does
// nothing.
#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <utility>

namespace learnbn {

class Progress {
 public:
  using Report = std::function<void(const std::string& stage, double done, double total)>;
  static constexpr double kReportSeconds = 0.2;  // a few reports per second at most

  Progress() = default;
  explicit Progress(Report report, double interval = kReportSeconds)
      : report_(std::move(report)), interval_(interval), last_(std::chrono::steady_clock::now()) {}

  bool active() const { return static_cast<bool>(report_); }

  void update(const std::string& stage, double done, double total) {
    if (!report_) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_).count() < interval_) return;
    last_ = now;
    report_(stage, done, total);
  }

  void finish(const std::string& stage, double done, double total) {
    if (report_) report_(stage, done, total);
  }

 private:
  Report report_;
  double interval_ = kReportSeconds;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace learnbn
