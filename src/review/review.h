// Game review: every decision of the chosen players valued, labelled and summed up.
//
// What: review_game() replays a record (engine/replay.h) and, at every decision of a reviewed
// seat that had more than one legal choice, values each choice from the seat's decision view
// only (review/decision_values.h: expected final round points over resampled hidden cards),
// prices the choice made against the best one (points lost), labels it (Label, from thresholds
// chosen from data: docs/review.md) and keeps the hint's structured reasons for the best choice
// and the choice made (bots/hint.h; the text layer words them). Then, per player: accuracy,
// points lost per round, the three costliest decisions and luck (docs/review.md defines them).
//
// Layer: above the bots and the table, below the terminal, the server and the CLI
// (docs/architecture.md). Determinism: each decision's samples are seeded from the review's seed
// and the decision's index only, so the result is the same for any number of threads.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "bots/hint.h"
#include "engine/record.h"
#include "review/decision_values.h"

namespace allegra::review {

// How good a choice was, by its points lost (docs/review.md "Labels").
enum class Label : uint8_t { kBest, kGood, kInaccuracy, kMistake, kBlunder };
inline constexpr int kLabels = 5;
std::string_view label_name(Label label);  // "best", "good", "inaccuracy", "mistake", "blunder"

// Upper bounds of the points lost for each label but the last: loss < best -> best, < good ->
// good, ... , otherwise blunder. The defaults come from the losses of the expert bot in 40
// games (scripts/review-thresholds.sh, docs/review.md "Where the thresholds come from").
struct Thresholds {
  double best = 0.25;
  double good = 1.0;
  double inaccuracy = 2.5;
  double mistake = 5.0;
};
Label label_of(double loss, const Thresholds& thresholds = {});

// A review's search: resampled deals per decision, by level.
struct ReviewLevel {
  std::string name;  // "hard" or "expert"
  int samples = 0;
};
// "hard" or "expert"; std::invalid_argument naming the choices otherwise.
ReviewLevel review_level(std::string_view name);
std::vector<std::string> review_level_names();

struct ReviewDecision {
  int index = 0;  // the decision's index in the record (0-based, every seat's decisions counted)
  int round = 0;  // 0-based
  int player = 0;
  Action chosen;
  DecisionValues values;  // every legal choice, best first
  int chosen_rank = 0;    // the choice made's place in values.choices (0: the best)
  double loss = 0;        // points lost by the choice made (at least 0)
  double diff = 0;        // the unbiased paired difference behind it (may be < 0)
  double loss_error = 0;
  Label label = Label::kBest;
  bots::HintReason best_reason;    // why the best choice is worth what it is
  bots::HintReason chosen_reason;  // the same for the choice made

  const ChoiceValue& best() const { return values.choices.front(); }
  const ChoiceValue& made() const { return values.choices[static_cast<size_t>(chosen_rank)]; }
};

// One player's round: his expected score at his first reviewed decision, the points he lost and
// the actual score (docs/review.md "Luck").
struct ReviewRound {
  int round = 0;
  double expected_start = 0;  // the best value at his first reviewed decision of the round
  double lost = 0;            // the points his choices lost in the round (sum of `diff`)
  double actual = 0;          // his round score, in points
  double luck() const { return expected_start + lost - actual; }  // > 0: the cards helped
};

struct PlayerReview {
  int player = 0;
  int decisions = 0;    // reviewed decisions (more than one legal choice)
  double accuracy = 0;  // percent of them labelled best or good
  double lost = 0;      // points lost in the game
  double lost_per_round = 0;
  std::array<int, kLabels> label_counts{};
  std::vector<int> costliest;       // up to 3 indices into Review::decisions, costliest first
  std::vector<ReviewRound> rounds;  // the rounds where he had a reviewed decision
  double luck = 0;                  // summed over `rounds`
};

struct Review {
  std::string level;
  int samples = 0;
  uint64_t seed = 0;
  int players = 0;            // at the table
  std::vector<int> reviewed;  // the reviewed seats, increasing
  int rounds = 0;             // in the record
  Thresholds thresholds;
  std::vector<ReviewDecision> decisions;  // in the record's order
  std::vector<PlayerReview> summaries;    // one per reviewed seat, in `reviewed` order
};

// A record that does not replay, or a seat that is not at its table.
class ReviewError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ReviewOptions {
  std::optional<int> player;  // 0-based; nullopt: every seat
  ReviewLevel level = review_level("hard");
  uint64_t seed = 1;
  int threads = 1;
  Thresholds thresholds;
  // Set from another thread to stop: review_game() then throws ReviewError (a person left).
  const std::atomic<bool>* cancel = nullptr;
  // Called after each valued decision with (done, total), from the worker threads one at a time.
  std::function<void(int, int)> progress;
};

// The review of a finished (or stopped) game. Throws ReviewError as above.
Review review_game(const GameRecord& record, const ReviewOptions& options);

// The same review in steps, for a caller that runs each decision as a unit of work of its own
// (the server's review jobs, server/review_jobs.h): plan_review() replays the record and collects
// the decisions to value (ReviewError as above), review_unit() values one of them (any thread, any
// order), finish_review() sums them up. review_game() is these three in a row, so both give the
// same review.
struct ReviewTask {
  int index = 0;  // the decision's index in the record
  int round = 0;
  int player = 0;
  Action chosen;
  PublicView view;  // the seat's decision view before it
};
struct ReviewPlan {
  Review review;  // everything but the decisions and summaries
  std::vector<ReviewTask> tasks;
};
ReviewPlan plan_review(const GameRecord& record, const ReviewOptions& options);
ReviewDecision review_unit(const ReviewTask& task, const ReviewOptions& options);
// `decisions[k]` is task k's; fills the plan's review with them and its summaries.
Review finish_review(ReviewPlan plan, std::vector<ReviewDecision> decisions,
                     const GameRecord& record);

// The decision seed of a review: the same for a decision whatever the threads.
uint64_t review_decision_seed(uint64_t seed, int index);

}  // namespace allegra::review
