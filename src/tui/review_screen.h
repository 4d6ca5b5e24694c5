// The review screen: a game's review (src/review) stepped through in the terminal, decision by
// decision, on the replay viewer's table.
//
// ReviewFrames is the pure part (tested without a terminal): for each reviewed decision the
// table as it was before it (ReplayFrames::frame), with the decision's choices as notes (every
// choice's expected round points, the best marked `*`, the choice made `>`, the points lost,
// the label and why), and the jumps to the next and previous mistake (a mistake or a blunder).
// run_review_screen() computes the review with a progress line (Esc cancels) and runs the keys:
// Left/Right a decision, n/p the next/previous mistake, Home/End, q back.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "review/review.h"
#include "text/translator.h"
#include "tui/replay_viewer.h"
#include "tui/table_model.h"

namespace allegra::tui {

class CursesScreen;

class ReviewFrames {
 public:
  ReviewFrames(const ReplayFrames& frames, review::Review review, const text::Translator& tr);

  int size() const { return static_cast<int>(review_.decisions.size()); }
  const review::Review& review() const { return review_; }
  // The screen of reviewed decision k (0..size()-1); with no decision, the players' summaries.
  TableModel frame(int k) const;
  // The next / previous decision labelled a mistake or a blunder after / before k, or k.
  int next_mistake(int k) const;
  int previous_mistake(int k) const;

 private:
  const ReplayFrames* frames_;
  review::Review review_;
  const text::Translator* tr_;
};

// The review at the viewer's level (hard, two threads): nullopt if the person cancelled it.
std::optional<review::Review> compute_review(CursesScreen& screen, const ReplayFrames& frames,
                                             const text::Translator& tr);

// The review screen on `screen` for `frames`; returns when the person goes back (q).
void run_review_screen(CursesScreen& screen, const ReplayFrames& frames,
                       const text::Translator& tr);

}  // namespace allegra::tui
