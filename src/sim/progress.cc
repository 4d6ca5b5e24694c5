#include "sim/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace allegra::sim {

ProgressBar::ProgressBar(std::FILE* out, std::string label, int total, std::string unit)
    : out_(out),
      label_(std::move(label)),
      unit_(std::move(unit)),
      total_(std::max(total, 1)),
      terminal_(::isatty(::fileno(out)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() {
  if (open_line_) {
    std::fputc('\n', out_);
    std::fflush(out_);
  }
}

std::string ProgressBar::format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

void ProgressBar::update(int done) {
  const auto now = std::chrono::steady_clock::now();
  const auto interval = terminal_ ? std::chrono::milliseconds(100) : std::chrono::seconds(10);
  if (done >= total_) return;  // finish() draws the last state
  if (drawn_ && now - last_draw_ < interval) return;
  if (!drawn_ && now - start_ < interval) return;
  last_draw_ = now;
  draw(done, false);
}

void ProgressBar::finish() {
  if (finished_) return;
  draw(total_, true);
  finished_ = true;
}

void ProgressBar::draw(int done, bool final) {
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double fraction = std::clamp(static_cast<double>(done) / total_, 0.0, 1.0);
  constexpr int kBar = 24;
  const int filled = static_cast<int>(fraction * kBar);
  const std::string bar = std::string(static_cast<size_t>(filled), '#') +
                          std::string(static_cast<size_t>(kBar - filled), '.');
  const double rate = elapsed > 0 ? done / elapsed : 0.0;
  std::string line = fmt::format("{} [{}] {}/{} {} {:.0f}%  {:.1f} {}/s  ", label_, bar, done,
                                 total_, unit_, 100 * fraction, rate, unit_);
  if (final)
    line += fmt::format("done in {}", format_duration(elapsed));
  else
    line += fmt::format(
        "ETA {}", done > 0 ? format_duration(elapsed / done * (total_ - done)) : std::string("?"));
  const size_t width = line.size();
  if (width < last_width_) line += std::string(last_width_ - width, ' ');
  last_width_ = width;
  // On a terminal the line is redrawn in place; in a file each drawing is its own line.
  fmt::print(out_, "{}{}", terminal_ ? "\r" : "", line);
  if (!terminal_ || final) std::fputc('\n', out_);
  std::fflush(out_);
  drawn_ = true;
  open_line_ = terminal_ && !final;
}

}  // namespace allegra::sim
