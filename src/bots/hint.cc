#include "tui/hint.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "bots/evaluation.h"
#include "bots/greedy_bot.h"
#include "bots/mcts_bot.h"
#include "tui/input_map.h"
#include "tui/table_model.h"

namespace allegra::tui {
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
std::string placement_reason(const State& s, CellId c, int8_t card, const Translator& tr,
                             double mean) {
  const int me = s.current_player();
  bots::Board b = bots::Board::from(s);
  const int before = b.cards(me);
  const bool down = b.is_down(c);
  const bool known = b.is_known_up(c);
  const int8_t old = b.value(c);
  b.place(c, card);
  b.clear_lines(me);
  if (b.cards(me) < before) return tr.tr("hint.why_clears", {{"card", card_text(card)}});
  if (down) return tr.tr("hint.why_replace_down", {{"card", card_text(card)}, {"mean", mean}});
  if (known) return tr.tr("hint.why_replace", {{"old", card_text(old)}, {"card", card_text(card)}});
  return tr.tr("hint.why_put", {{"card", card_text(card)}});
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
  return bots::Board::from(s).score(s.current_player(), bots::CardStats::unseen(s).mean);
}

double one_decimal(double points) {
  const double rounded = std::round(points * 10) / 10;
  return rounded == 0 ? 0.0 : rounded;  // never "-0"
}

std::string hint_reason(const PublicView& view, Action a, const Translator& tr) {
  const State& s = view.masked();
  const double mean = one_decimal(bots::CardStats::unseen(s).mean);
  switch (a.type) {
    case ActionType::kSwap:
      return placement_reason(s, a.arg, s.held_card(), tr, mean);
    case ActionType::kPut:
      if (!s.taken_card_known()) return tr.tr("hint.why_put_unknown");
      return placement_reason(s, a.arg, s.taken_card(), tr, mean);
    case ActionType::kReveal:
      return tr.tr("hint.why_reveal", {{"mean", mean}});
    case ActionType::kDiscard:
      return tr.tr("hint.why_discard", {{"card", card_text(s.held_card())}, {"mean", mean}});
    case ActionType::kDrawPile:
      return tr.tr("hint.why_draw_pile", {{"mean", mean}});
    case ActionType::kDrawDiscard:
      return tr.tr("hint.why_draw_discard", {{"card", card_text(s.discard_pile_card(0))}});
    case ActionType::kKnock:
      return tr.tr("hint.why_knock", {{"card", card_text(s.held_card())}});
    case ActionType::kPass:
      return tr.tr("hint.why_pass");
    case ActionType::kGive:
      return tr.tr("hint.why_give");
    case ActionType::kRefuse:
      return tr.tr("hint.why_refuse", {{"card", card_text(s.held_card())}});
    case ActionType::kTake:
      if (s.cell_state(a.arg) == CellState::kFaceUp)
        return tr.tr("hint.why_take", {{"card", card_text(s.cell_value(a.arg))}});
      return tr.tr("hint.why_take_down", {{"mean", mean}});
    case ActionType::kClear:
      return tr.tr("hint.why_clear");
    case ActionType::kLeaveLines:
      return tr.tr("hint.why_leave");
  }
  return {};
}

std::vector<std::string> explain_hint(const PublicView& view, const std::vector<HintMove>& moves,
                                      const Translator& tr, const std::vector<std::string>& names,
                                      int you) {
  // Moves as the buttons and the list name them, with the short form to type.
  const InputMap map(view, TableLayout(view.players(), 0, kMinWidth, kMinHeight), tr, names, you);
  auto describe = [&](Action a) {
    for (const Target& t : map.targets())
      if (t.action == a) return fmt::format("{} [{}]", t.label, t.typed);
    return to_text(a);
  };
  if (moves.size() == 1 && moves[0].visits == 0)
    return {tr.tr("hint.only", {{"move", describe(moves[0].action)}})};
  std::vector<std::string> out;
  out.push_back(tr.tr("hint.title", {{"now", one_decimal(expected_display_score(view))}}));
  for (size_t i = 0; i < moves.size(); ++i) {
    out.push_back(tr.tr("hint.move", {{"rank", i + 1},
                                      {"move", describe(moves[i].action)},
                                      {"score", one_decimal(moves[i].expected)}}));
    out.push_back("   " + hint_reason(view, moves[i].action, tr));
  }
  // When the search's favourite is not the lowest score, say why it still comes first.
  double lowest = moves[0].expected, highest = moves[0].expected;
  for (const HintMove& m : moves) {
    lowest = std::min(lowest, m.expected);
    highest = std::max(highest, m.expected);
  }
  if (moves.size() > 1 && highest - lowest < kSamePoints)
    out.push_back(tr.tr("hint.equal"));
  else if (moves[0].expected > lowest + kSamePoints)
    out.push_back(tr.tr("hint.search_prefers"));
  return out;
}

}  // namespace allegra::tui
