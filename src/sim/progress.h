// ProgressBar: one line on a stream (stderr), redrawn with '\r': games done, a bar, the rate
// and the estimated time left. Redrawn at most 10 times a second on a terminal and every 10
// seconds otherwise (a log file then gets a few lines' worth, not thousands); finish() ends
// the line with the elapsed time.
#pragma once

#include <chrono>
#include <cstdio>
#include <string>

namespace allegra::sim {

class ProgressBar {
 public:
  // `unit`: what is counted ("games", "decisions").
  ProgressBar(std::FILE* out, std::string label, int total, std::string unit = "games");
  ~ProgressBar();  // ends the line if finish() was not called (e.g. on an error)
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(int done);
  void finish();

  // "1:02:03" / "4:05" for a number of seconds.
  static std::string format_duration(double seconds);

 private:
  void draw(int done, bool final);

  std::FILE* out_;
  std::string label_;
  std::string unit_;
  int total_;
  bool terminal_;
  bool drawn_ = false;      // drawn at least once
  bool open_line_ = false;  // a drawing without its newline yet
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  size_t last_width_ = 0;
};

}  // namespace allegra::sim
