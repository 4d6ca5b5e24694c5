#include "tui/review_screen.h"

#include <curses.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <future>
#include <utility>

#include "review/review_text.h"
#include "tui/curses_screen.h"
#include "tui/pager_keys.h"

namespace allegra::tui {
namespace {

// The terminal reviews at the `hard` level on two threads: a 3-round 4-player game in well under
// a minute (docs/bench.md "Game review").
constexpr int kReviewThreads = 2;

bool is_mistake(const review::ReviewDecision& d) {
  return d.label == review::Label::kMistake || d.label == review::Label::kBlunder;
}

}  // namespace

ReviewFrames::ReviewFrames(const ReplayFrames& frames, review::Review review,
                           const text::Translator& tr)
    : frames_(&frames), review_(std::move(review)), tr_(&tr) {}

TableModel ReviewFrames::frame(int k) const {
  if (review_.decisions.empty()) {
    TableModel m = frames_->frame(frames_->steps());
    m.notes = {tr_->tr("review.none")};
    for (const review::PlayerReview& p : review_.summaries)
      for (std::string& l : review::player_summary_lines(review_, p, *tr_)) m.notes.push_back(l);
    return m;
  }
  k = std::clamp(k, 0, size() - 1);
  const review::ReviewDecision& d = review_.decisions[static_cast<size_t>(k)];
  TableModel m = frames_->frame(d.index);
  m.status = tr_->tr("review.decision", {{"decision", d.index + 1},
                                         {"round", d.round + 1},
                                         {"player", tr_->tr("name.player", {{"number", d.player}})},
                                         {"label", review::label_text(d.label, *tr_)},
                                         {"lost", std::round(d.loss * 100) / 100}});
  m.notes = review::decision_lines(d, *tr_);
  // Its title is the status line; the legend comes first, the choices under it.
  m.notes.front() = tr_->tr("review.legend");
  // The player's summary at his last decision: where a person stops reading.
  for (const review::PlayerReview& p : review_.summaries) {
    if (p.player != d.player) continue;
    m.notes.emplace_back();
    for (std::string& l : review::player_summary_lines(review_, p, *tr_))
      m.notes.push_back(std::move(l));
  }
  return m;
}

int ReviewFrames::next_mistake(int k) const {
  for (int i = k + 1; i < size(); ++i)
    if (is_mistake(review_.decisions[static_cast<size_t>(i)])) return i;
  return k;
}

int ReviewFrames::previous_mistake(int k) const {
  for (int i = k - 1; i >= 0; --i)
    if (is_mistake(review_.decisions[static_cast<size_t>(i)])) return i;
  return k;
}

std::optional<review::Review> compute_review(CursesScreen& screen, const ReplayFrames& frames,
                                             const text::Translator& tr) {
  std::atomic<bool> cancel{false};
  std::atomic<int> done{0}, total{0};
  review::ReviewOptions options;
  options.threads = kReviewThreads;
  options.cancel = &cancel;
  options.progress = [&](int d, int t) {
    done = d;
    total = t;
  };
  auto result =
      std::async(std::launch::async, [&] { return review::review_game(frames.record(), options); });
  TableModel m = frames.frame(0);
  for (;;) {
    const int shown = done;
    m.notes = {tr.tr("review.thinking", {{"done", shown}, {"total", static_cast<int>(total)}})};
    const bool cancelled = screen.think(m, [&] {
      return done != shown ||
             result.wait_for(std::chrono::milliseconds(0)) == std::future_status::ready;
    });
    if (cancelled) {
      cancel = true;
      try {
        result.get();
      } catch (const review::ReviewError&) {
      }
      return std::nullopt;
    }
    if (result.wait_for(std::chrono::milliseconds(0)) == std::future_status::ready)
      return result.get();
  }
}

void run_review_screen(CursesScreen& screen, const ReplayFrames& frames,
                       const text::Translator& tr) {
  std::optional<review::Review> r = compute_review(screen, frames, tr);
  if (!r) return;
  const ReviewFrames review(frames, std::move(*r), tr);
  int k = 0;
  int scroll = 0;
  for (;;) {
    const int ch = screen.show_and_wait(review.frame(k), tr.tr("review.help"), &scroll);
    const int before = k;
    switch (ch) {
      case 'n':  // the review's own keys first
        k = review.next_mistake(k);
        break;
      case 'p':
        k = review.previous_mistake(k);
        break;
      default:
        if (apply_pager_key(pager_key(ch), std::max(review.size() - 1, 0), k, scroll)) return;
        break;
    }
    if (k != before) scroll = 0;
  }
}

}  // namespace allegra::tui
