#include "review/review_json.h"

#include <cmath>

#include "bots/hint_json.h"
#include "engine/json_fields.h"

namespace allegra::review {
namespace {

using nlohmann::json;

// Points with two decimals: enough for a reader, and stable text for a review.
double points(double v) { return std::round(v * 100.0) / 100.0; }

json choice_json(const ChoiceValue& c) {
  return {{"action", to_text(c.action)},      {"expected", points(c.expected)},
          {"std_error", points(c.std_error)}, {"diff", points(c.diff)},
          {"loss", points(c.loss)},           {"loss_error", points(c.loss_error)}};
}

json decision_json(const ReviewDecision& d) {
  json choices = json::array();
  for (const ChoiceValue& c : d.values.choices) choices.push_back(choice_json(c));
  return {{"index", d.index},
          {"round", d.round},
          {"player", d.player},
          {"chosen", to_text(d.chosen)},
          {"best", to_text(d.best().action)},
          {"chosen_rank", d.chosen_rank},
          {"loss", points(d.loss)},
          {"diff", points(d.diff)},
          {"loss_error", points(d.loss_error)},
          {"label", label_name(d.label)},
          {"samples", d.values.samples},
          {"best_reason", bots::hint_reason_json(d.best_reason)},
          {"chosen_reason", bots::hint_reason_json(d.chosen_reason)},
          {"choices", std::move(choices)}};
}

json player_json(const PlayerReview& p) {
  json labels = json::object();
  for (int k = 0; k < kLabels; ++k)
    labels[std::string(label_name(static_cast<Label>(k)))] = p.label_counts[static_cast<size_t>(k)];
  json rounds = json::array();
  for (const ReviewRound& r : p.rounds)
    rounds.push_back({{"round", r.round},
                      {"expected_start", points(r.expected_start)},
                      {"lost", points(r.lost)},
                      {"actual", points(r.actual)},
                      {"luck", points(r.luck())}});
  return {{"player", p.player},
          {"decisions", p.decisions},
          {"accuracy", points(p.accuracy)},
          {"lost", points(p.lost)},
          {"lost_per_round", points(p.lost_per_round)},
          {"labels", std::move(labels)},
          {"costliest", p.costliest},
          {"luck", points(p.luck)},
          {"rounds", std::move(rounds)}};
}

}  // namespace

json review_to_json(const Review& review) {
  json decisions = json::array();
  for (const ReviewDecision& d : review.decisions) decisions.push_back(decision_json(d));
  json summaries = json::array();
  for (const PlayerReview& p : review.summaries) summaries.push_back(player_json(p));
  return {{"format", "allegra-review"},
          {"version", kReviewFormatVersion},
          {"level", review.level},
          {"samples", review.samples},
          {"seed", review.seed},
          {"players", review.players},
          {"rounds", review.rounds},
          {"reviewed", review.reviewed},
          {"thresholds",
           {{"best", review.thresholds.best},
            {"good", review.thresholds.good},
            {"inaccuracy", review.thresholds.inaccuracy},
            {"mistake", review.thresholds.mistake}}},
          {"decisions", std::move(decisions)},
          {"summaries", std::move(summaries)}};
}

}  // namespace allegra::review
