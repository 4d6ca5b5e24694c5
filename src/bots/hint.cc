#include "bots/hint.h"

#include <algorithm>

#include "bots/evaluation.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"

namespace allegra::bots {
namespace {

// Expected scores closer than this are the same for a person reading them (one decimal shown).
constexpr double kSamePoints = 0.05;

// The one-ply expected display score after each of `moves` (the greedy bot's values).
void add_expected_scores(const PublicView& view, std::vector<HintMove>& moves) {
  GreedyBot greedy(0);
  const ActionList legal = view.legal_actions();
  const std::vector<double> values = greedy.action_values(view);
  for (HintMove& m : moves)
    for (size_t i = 0; i < legal.size(); ++i)
      if (legal[i] == m.action) m.expected = -values[i];
}

// Why a card put into cell c (a swap or a put) is worth it.
HintReason placement_reason(const State& s, CellId c, int8_t card, double mean) {
  const int me = s.current_player();
  Board b = Board::from(s);
  const int before = b.cards(me);
  const bool down = b.is_down(c);
  const bool known = b.is_known_up(c);
  const int8_t old = b.value(c);
  b.place(c, card);
  b.clear_lines(me);
  if (b.cards(me) < before) return {.code = HintReasonCode::kClears, .card = card};
  if (down) return {.code = HintReasonCode::kReplaceDown, .card = card, .mean = mean};
  if (known) return {.code = HintReasonCode::kReplace, .card = card, .old = old};
  return {.code = HintReasonCode::kPut, .card = card};
}

// How the search's order relates to the points of `moves` (best first).
HintOrder order_of(const std::vector<HintMove>& moves) {
  double lowest = moves[0].expected, highest = moves[0].expected;
  for (const HintMove& m : moves) {
    lowest = std::min(lowest, m.expected);
    highest = std::max(highest, m.expected);
  }
  if (moves.size() > 1 && highest - lowest < kSamePoints) return HintOrder::kEqualPoints;
  if (moves[0].expected > lowest + kSamePoints) return HintOrder::kSearchPrefers;
  return HintOrder::kByPoints;
}

}  // namespace

std::vector<HintMove> best_moves(const PublicView& view, int iterations, uint64_t seed, int count,
                                 const std::atomic<bool>* cancel, double max_seconds) {
  const ActionList legal = view.legal_actions();
  std::vector<HintMove> out;
  if (legal.size() == 1) {
    out.push_back({legal[0], 1.0, 0, 0});
    add_expected_scores(view, out);
    return out;
  }
  MctsConfig config;
  config.iterations = std::max(iterations, 1);
  config.stop_when_decided = false;
  config.threads = kHintThreads;
  config.max_seconds = max_seconds;
  config.cancel = cancel;
  MctsBot bot(config, seed);
  const Action chosen = bot.choose(view);
  for (const MctsBot::RootStat& s : bot.last_root_stats())
    out.push_back({s.action, s.value, s.visits, 0});
  std::stable_sort(out.begin(), out.end(),
                   [](const HintMove& a, const HintMove& b) { return a.visits > b.visits; });
  // The bot's own choice first (it is the most visited one; this guards against ties).
  auto it =
      std::find_if(out.begin(), out.end(), [&](const HintMove& m) { return m.action == chosen; });
  if (it != out.end()) std::rotate(out.begin(), it, it + 1);
  if (out.empty()) out.push_back({chosen, 0, 0, 0});
  if (static_cast<int>(out.size()) > count) out.resize(static_cast<size_t>(count));
  add_expected_scores(view, out);
  return out;
}

double expected_display_score(const PublicView& view) {
  const State& s = view.masked();
  return Board::from(s).score(s.current_player(), CardStats::unseen(s).mean);
}

HintReason hint_reason(const PublicView& view, Action a) {
  using enum HintReasonCode;
  const State& s = view.masked();
  const double mean = CardStats::unseen(s).mean;
  switch (a.type) {
    case ActionType::kSwap:
      return placement_reason(s, a.arg, s.held_card(), mean);
    case ActionType::kPut:
      if (!s.taken_card_known()) return {.code = kPutUnknown};
      return placement_reason(s, a.arg, s.taken_card(), mean);
    case ActionType::kReveal:
      return {.code = kReveal, .mean = mean};
    case ActionType::kDiscard:
      return {.code = kDiscard, .card = s.held_card(), .mean = mean};
    case ActionType::kDrawPile:
      return {.code = kDrawPile, .mean = mean};
    case ActionType::kDrawDiscard:
      return {.code = kDrawDiscard, .card = s.discard_pile_card(0)};
    case ActionType::kKnock:
      return {.code = kKnock, .card = s.held_card()};
    case ActionType::kPass:
      return {.code = kPass};
    case ActionType::kGive:
      return {.code = kGive};
    case ActionType::kRefuse:
      return {.code = kRefuse, .card = s.held_card()};
    case ActionType::kTake:
      if (s.cell_state(a.arg) == CellState::kFaceUp)
        return {.code = kTake, .card = s.cell_value(a.arg)};
      return {.code = kTakeDown, .mean = mean};
    case ActionType::kClear:
      return {.code = kClearLine};
    case ActionType::kLeaveLines:
      return {.code = kLeaveLines};
  }
  return {};
}

Hint explain(const PublicView& view, std::vector<HintMove> moves) {
  Hint hint;
  hint.moves = std::move(moves);
  for (const HintMove& m : hint.moves) hint.reasons.push_back(hint_reason(view, m.action));
  if (hint.only_move() || hint.moves.empty()) return hint;
  hint.expected_now = expected_display_score(view);
  hint.order = order_of(hint.moves);
  return hint;
}

}  // namespace allegra::bots
