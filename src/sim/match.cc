#include "sim/match.h"

#include <fmt/format.h>

#include <optional>
#include <stdexcept>

#include "engine/public_view.h"
#include "engine/state.h"
#include "table/decision_seed.h"

namespace allegra::sim {
namespace {

void count_events(const EventList& events, MatchResult& result) {
  for (const Event& e : events) {
    const int p = e.player;
    switch (e.type) {
      case EventType::kCleared:
        ++result.players[p].clears;
        break;
      case EventType::kKnocked:
        ++result.players[p].knocks_offered;
        break;
      case EventType::kGave:
        ++result.players[e.knocker].knocks_given;
        break;
      case EventType::kRoundEnded:
        ++result.players[p].rounds_ended;
        break;
      case EventType::kRoundScored:
        // Seats are scored in order 0..n-1: seat 0 opens the round's row.
        if (p == 0) result.round_scores_half.emplace_back(result.players.size(), 0);
        result.round_scores_half.back()[p] = e.score_half;
        result.players[p].round_score_half += e.score_half;
        if (e.penalised) ++result.players[p].rounds_ended_penalised;
        break;
      default:
        break;
    }
  }
}

}  // namespace

MatchResult play_match(const RuleOptions& options, uint64_t deal_seed, std::span<Bot* const> bots,
                       GameRecord* record, int max_decisions_per_round) {
  if (static_cast<int>(bots.size()) != options.players)
    throw std::invalid_argument(
        fmt::format("play_match: {} bots for {} players", bots.size(), options.players));
  MatchResult result;
  result.players.resize(bots.size());
  EventList events;
  State state(options, deal_seed, &events);
  count_events(events, result);
  std::optional<GameRecorder> recorder;
  if (record != nullptr) recorder.emplace(state, deal_seed);
  auto decide = [&](const table::DecisionRequest& r) {
    return bots[r.seat]->decide(r.view(), r.seat, table::decision_seed(deal_seed, r.index));
  };
  auto apply = [&](int seat, Action a) {
    if (!state.is_legal(seat, a))
      throw BotError(fmt::format("bot '{}' at seat {} chose an illegal action '{}': {}",
                                 bots[seat]->name(), seat, to_text(a), state.why_illegal(seat, a)));
    events.clear();
    if (recorder)
      recorder->apply(state, seat, a, &events);
    else
      state.apply(seat, a, &events);
    count_events(events, result);
  };
  auto deal = [&] {
    events.clear();
    if (recorder)
      recorder->deal(state, &events);
    else
      state.deal(&events);
    count_events(events, result);
  };
  try {
    result.actions = static_cast<int>(
        table::play_to_end(state, decide, apply, deal, 0, max_decisions_per_round));
  } catch (const table::EndlessRound& e) {
    std::string names;
    for (Bot* bot : bots) names += (names.empty() ? "" : ", ") + bot->name();
    throw BotError(fmt::format(
        "round {} of the game dealt from seed {} did not end after {} decisions (bots: {})",
        e.round() + 1, deal_seed, e.limit(), names));
  }
  result.rounds = state.rounds_played();
  result.winners = state.winners();
  int k = 0;
  for (size_t p = 0; p < bots.size(); ++p) k += (result.winners >> p) & 1;
  for (size_t p = 0; p < bots.size(); ++p) {
    PlayerGameStats& s = result.players[p];
    s.total_half = state.total_half(static_cast<int>(p));
    s.winner = (result.winners >> p) & 1;
    s.outright = s.winner && k == 1;
    s.win_share = s.winner ? 1.0 / k : 0.0;
  }
  if (record != nullptr) *record = recorder->record();
  return result;
}

}  // namespace allegra::sim
