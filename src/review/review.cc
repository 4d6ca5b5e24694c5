#include "review/review.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "engine/replay.h"
#include "table/decision_seed.h"

namespace allegra::review {
namespace {

// Resampled deals per decision of each level. `hard` reviews a 3-round 4-player game within a
// minute of one core; `expert` samples four times as many (docs/bench.md "Game review").
constexpr int kHardSamples = 64;
constexpr int kExpertSamples = 256;

using Task = ReviewTask;

// Step 1: every decision of a reviewed seat with more than one legal choice, from the replay.
std::vector<Task> collect_tasks(const GameRecord& record, const std::vector<bool>& reviewed) {
  std::vector<const RecordStep*> steps;
  for (const RoundRecord& r : record.rounds)
    for (const RecordStep& s : r.steps) steps.push_back(&s);
  ReplayCursor cursor(record);
  if (cursor.error()) throw ReviewError("the record does not replay: " + cursor.error()->message);
  std::vector<Task> tasks;
  for (int i = 0; i < cursor.decisions(); ++i) {
    const RecordStep& step = *steps[static_cast<size_t>(i)];
    const State& s = cursor.state();
    if (step.player >= 0 && step.player < static_cast<int>(reviewed.size()) &&
        reviewed[static_cast<size_t>(step.player)] && !s.is_chance_node() && !s.is_terminal() &&
        s.current_player() == step.player) {
      PublicView view = s.public_view().decision_view(step.player);
      if (view.legal_actions().size() > 1)
        tasks.push_back({i, cursor.round_of(i), step.player, step.action, std::move(view)});
    }
    if (!cursor.forward()) break;
  }
  if (cursor.error()) throw ReviewError("the record does not replay: " + cursor.error()->message);
  return tasks;
}

// Step 2: one decision valued, labelled and explained.
ReviewDecision review_decision(const Task& task, const ReviewOptions& options) {
  ReviewDecision d;
  d.index = task.index;
  d.round = task.round;
  d.player = task.player;
  d.chosen = task.chosen;
  d.values = value_choices(task.view, options.level.samples,
                           review_decision_seed(options.seed, task.index), task.chosen);
  const auto& choices = d.values.choices;
  const auto it = std::find_if(choices.begin(), choices.end(),
                               [&](const ChoiceValue& c) { return c.action == task.chosen; });
  d.chosen_rank = it == choices.end() ? 0 : static_cast<int>(it - choices.begin());
  d.loss = d.made().loss;
  d.diff = d.chosen_rank == 0 ? 0.0 : d.made().diff;
  d.loss_error = d.made().loss_error;
  d.label = d.chosen_rank == 0 ? Label::kBest : label_of(d.loss, options.thresholds);
  d.best_reason = bots::hint_reason(task.view, d.best().action);
  d.chosen_reason = bots::hint_reason(task.view, d.chosen);
  return d;
}

// Step 2 for all tasks, on `threads` threads; each result in its task's place.
std::vector<ReviewDecision> review_all(const std::vector<Task>& tasks,
                                       const ReviewOptions& options) {
  std::vector<ReviewDecision> out(tasks.size());
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  int done = 0;
  auto work = [&] {
    for (size_t k = next++; k < tasks.size(); k = next++) {
      if (options.cancel && *options.cancel) return;
      out[k] = review_decision(tasks[k], options);
      std::lock_guard lock(progress_mutex);
      ++done;
      if (options.progress) options.progress(done, static_cast<int>(tasks.size()));
    }
  };
  const int threads = std::clamp(options.threads, 1, std::max(1, static_cast<int>(tasks.size())));
  std::vector<std::jthread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  pool.clear();  // joins
  if (options.cancel && *options.cancel) throw ReviewError("the review was cancelled");
  return out;
}

// Step 3: a player's accuracy, losses, costliest decisions and luck.
PlayerReview summarize(const Review& review, const GameRecord& record, int player) {
  PlayerReview p;
  p.player = player;
  std::vector<int> mine;
  std::vector<bool> scored;  // per entry of p.rounds: the record has the round's score
  for (size_t k = 0; k < review.decisions.size(); ++k) {
    const ReviewDecision& d = review.decisions[k];
    if (d.player != player) continue;
    mine.push_back(static_cast<int>(k));
    ++p.decisions;
    p.lost += d.diff;
    ++p.label_counts[static_cast<size_t>(d.label)];
    if (p.rounds.empty() || p.rounds.back().round != d.round) {
      const RoundRecord& r = record.rounds[static_cast<size_t>(d.round)];
      const bool has_score = r.score_half.size() > static_cast<size_t>(player);
      scored.push_back(has_score);
      p.rounds.push_back({d.round, d.best().expected, 0,
                          has_score ? 0.5 * r.score_half[static_cast<size_t>(player)] : 0.0});
    }
    p.rounds.back().lost += d.diff;
  }
  // A round stopped before its end (a save) has no score, so no luck: it is left out.
  std::vector<ReviewRound> kept;
  for (size_t i = 0; i < p.rounds.size(); ++i)
    if (scored[i]) kept.push_back(p.rounds[i]);
  p.rounds = std::move(kept);
  if (p.decisions > 0) p.accuracy = 100.0 * (p.label_counts[0] + p.label_counts[1]) / p.decisions;
  if (review.rounds > 0) p.lost_per_round = p.lost / review.rounds;
  std::stable_sort(mine.begin(), mine.end(), [&](int a, int b) {
    return review.decisions[static_cast<size_t>(a)].loss >
           review.decisions[static_cast<size_t>(b)].loss;
  });
  for (size_t k = 0; k < mine.size() && k < 3; ++k)
    if (review.decisions[static_cast<size_t>(mine[k])].loss > 0) p.costliest.push_back(mine[k]);
  for (const ReviewRound& r : p.rounds) p.luck += r.luck();
  return p;
}

}  // namespace

std::string_view label_name(Label label) {
  switch (label) {
    case Label::kBest:
      return "best";
    case Label::kGood:
      return "good";
    case Label::kInaccuracy:
      return "inaccuracy";
    case Label::kMistake:
      return "mistake";
    case Label::kBlunder:
      return "blunder";
  }
  return "best";
}

Label label_of(double loss, const Thresholds& t) {
  if (loss < t.best) return Label::kBest;
  if (loss < t.good) return Label::kGood;
  if (loss < t.inaccuracy) return Label::kInaccuracy;
  if (loss < t.mistake) return Label::kMistake;
  return Label::kBlunder;
}

std::vector<std::string> review_level_names() { return {"hard", "expert"}; }

ReviewLevel review_level(std::string_view name) {
  if (name == "hard") return {"hard", kHardSamples};
  if (name == "expert") return {"expert", kExpertSamples};
  throw std::invalid_argument(fmt::format("unknown review level '{}': use hard or expert", name));
}

uint64_t review_decision_seed(uint64_t seed, int index) {
  return table::decision_seed(seed ^ 0x7265766965770000ULL, static_cast<uint64_t>(index));
}

ReviewPlan plan_review(const GameRecord& record, const ReviewOptions& options) {
  ReviewPlan plan;
  Review& review = plan.review;
  review.level = options.level.name;
  review.samples = options.level.samples;
  review.seed = options.seed;
  review.players = record.options.players;
  review.rounds = static_cast<int>(record.rounds.size());
  review.thresholds = options.thresholds;
  if (options.player && (*options.player < 0 || *options.player >= review.players))
    throw ReviewError(fmt::format("player {} is not at this table: it has {} players (1 to {})",
                                  *options.player + 1, review.players, review.players));
  std::vector<bool> reviewed(static_cast<size_t>(review.players), !options.player);
  if (options.player) reviewed[static_cast<size_t>(*options.player)] = true;
  for (int p = 0; p < review.players; ++p)
    if (reviewed[static_cast<size_t>(p)]) review.reviewed.push_back(p);
  plan.tasks = collect_tasks(record, reviewed);
  return plan;
}

ReviewDecision review_unit(const ReviewTask& task, const ReviewOptions& options) {
  return review_decision(task, options);
}

Review finish_review(ReviewPlan plan, std::vector<ReviewDecision> decisions,
                     const GameRecord& record) {
  Review review = std::move(plan.review);
  review.decisions = std::move(decisions);
  for (int p : review.reviewed) review.summaries.push_back(summarize(review, record, p));
  return review;
}

Review review_game(const GameRecord& record, const ReviewOptions& options) {
  ReviewPlan plan = plan_review(record, options);
  std::vector<ReviewDecision> decisions = review_all(plan.tasks, options);
  return finish_review(std::move(plan), std::move(decisions), record);
}

}  // namespace allegra::review
