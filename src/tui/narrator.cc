#include "tui/narrator.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <numeric>

#include "tui/cell_names.h"
#include "tui/table_model.h"
#include "tui/table_view.h"

namespace allegra::tui {

Narrator::Narrator(const Translator& tr, std::vector<std::string> names, int players)
    : tr_(&tr), names_(std::move(names)), players_(players) {
  names_.resize(static_cast<size_t>(players));
}

std::string Narrator::sentence(int actor, const Event& e, std::span<const Event> rest,
                               std::span<bool> used) const {
  const Translator& tr = *tr_;
  auto card = [&](int8_t v) { return v == kHiddenValue ? tr.tr("card.face_down") : card_text(v); };
  auto place = [&](int p, CellId c) { return cell_place(tr, names_, p, c); };
  const std::string who = e.player >= 0 ? name(e.player) : std::string();
  switch (e.type) {
    case EventType::kRoundStarted:
      return tr.tr("narr.round_started", {{"round", std::to_string(e.count + 1)},
                                          {"name", name(e.player)},
                                          {"card", card(e.value)}});
    case EventType::kRevealed:
      return tr.tr("narr.revealed",
                   {{"name", who}, {"card", card(e.value)}, {"place", place(e.player, e.cell)}});
    case EventType::kReshuffled:
      return tr.tr("narr.reshuffled", {{"count", std::to_string(e.count)}});
    case EventType::kDrew:
      return tr.tr(e.aux == 0 ? "narr.drew_pile" : "narr.drew_discard",
                   {{"name", who}, {"card", card(e.value)}});
    case EventType::kKnocked:
      return tr.tr("narr.knocked", {{"name", who}});
    case EventType::kKnockGiven:
      return tr.tr(tr.key_for_owner("narr.knock_given", who),
                   {{"name", name(actor)}, {"knocker", who}});
    case EventType::kKnockRefused:
      return tr.tr("narr.knock_refused", {{"name", who}});
    case EventType::kPlaced: {
      // A swap: the card placed, then (after any clears) the replaced card discarded from the
      // same cell.
      for (size_t j = 0; j < rest.size(); ++j) {
        if (rest[j].type == EventType::kCleared) continue;
        if (rest[j].type == EventType::kDiscarded && rest[j].cell == e.cell &&
            rest[j].player == e.player) {
          used[j] = true;
          return tr.tr("narr.swapped", {{"name", who},
                                        {"card", card(e.value)},
                                        {"place", place(e.player, e.cell)},
                                        {"old", card(rest[j].value)}});
        }
        break;
      }
      return tr.tr("narr.placed",
                   {{"name", who}, {"card", card(e.value)}, {"place", place(e.player, e.cell)}});
    }
    case EventType::kToHand: {
      if (!rest.empty() && rest[0].type == EventType::kPlaced && rest[0].cell == e.cell) {
        used[0] = true;  // the knocker swaps the given card in and holds the replaced one
        return tr.tr("narr.knocker_swapped", {{"name", who},
                                              {"card", card(rest[0].value)},
                                              {"place", place(e.player, e.cell)},
                                              {"old", card(e.value)}});
      }
      const int from = cell_owner(e.cell);  // the place is named in its owner's grid
      return tr.tr(tr.key_for_owner("narr.took", name(from)), {{"name", who},
                                                               {"card", card(e.value)},
                                                               {"owner", name(from)},
                                                               {"place", place(from, e.cell)}});
    }
    case EventType::kDiscarded:
      return tr.tr("narr.discarded", {{"name", who}, {"card", card(e.value)}});
    case EventType::kCleared:
      return tr.tr("narr.cleared", {{"name", who},
                                    {"card", card(e.value)},
                                    {"line", line_place(tr, names_, e.player, e.aux)}});
    case EventType::kLinesLeft:
      return tr.tr("narr.lines_left", {{"name", who}});
    case EventType::kRoundEndTriggered:
      return tr.tr("narr.round_end_triggered", {{"name", who}});
    case EventType::kTurnSkipped:
      return tr.tr("narr.turn_skipped", {{"name", who}});
    case EventType::kGameOver:
      return tr.tr("narr.game_over");
    case EventType::kTurnStarted:
    case EventType::kPassed:
    case EventType::kRoundScored:
      break;  // a new turn shows in the status line; passes are silent; scores: round_result
  }
  return {};
}

std::vector<std::string> Narrator::narrate(int actor, std::span<const Event> events) const {
  std::vector<std::string> out;
  int end_reveals = 0;
  int last_player = kNoPlayer;
  // Events already told as part of an earlier sentence (the discard of a swap).
  const auto used_storage = std::make_unique<bool[]>(events.size());
  bool* used = used_storage.get();
  for (size_t i = 0; i < events.size(); ++i) {
    if (used[i]) continue;
    const Event& e = events[i];
    if (e.type == EventType::kRevealed && e.player < 0) {  // the end-of-round reveal
      ++end_reveals;
      continue;
    }
    if (end_reveals > 0 && e.type == EventType::kRoundScored) {
      out.push_back(tr_->tr("narr.all_revealed", {{"count", std::to_string(end_reveals)}}));
      end_reveals = 0;
    }
    std::string s = sentence(actor, e, events.subspan(i + 1),
                             std::span<bool>(used + i + 1, events.size() - i - 1));
    if (s.empty()) continue;
    // "... and clears three 7s": a clear continues the sentence of the move that made it.
    if (e.type == EventType::kCleared && !out.empty() && e.player == last_player) {
      out.back() += tr_->tr(
          "narr.and_clears",
          {{"card", card_text(e.value)}, {"line", line_place(*tr_, names_, e.player, e.aux)}});
      continue;
    }
    last_player = e.player;
    out.push_back(std::move(s));
  }
  return out;
}

std::string Narrator::decision(const PublicView& view) const {
  const State& s = view.masked();
  const int p = s.current_player();
  if (p == kNoPlayer) return tr_->tr("status.game_over");
  std::string key;
  Translator::Args args = {{"name", name(p)}};
  auto held = [&] { args.emplace_back("card", card_text(s.held_card())); };
  switch (s.phase()) {
    case Phase::kSetupReveal:
      key = "status.setup";
      args.emplace_back("left", std::to_string(s.setup_reveals_left()));
      break;
    case Phase::kChooseDraw:
      key = "status.draw";
      args.emplace_back("card", card_text(s.discard_pile_card(0)));
      break;
    case Phase::kKnockWindow:
      key = tr_->key_for_owner("status.knock", name(s.active_player()));
      held();
      args.emplace_back("active", name(s.active_player()));
      break;
    case Phase::kChooseKnocker:
      key = "status.choose_knocker";
      held();
      break;
    case Phase::kHoldDrawn:
      key = "status.hold";
      held();
      break;
    case Phase::kRevealAfterDiscard:
      key = "status.reveal";
      break;
    case Phase::kKnockerSwap:
      key = "status.knocker_swap";
      held();
      break;
    case Phase::kTake:
      key = tr_->key_for_owner("status.take", name(s.knocker()));
      args.emplace_back("knocker", name(s.knocker()));
      break;
    case Phase::kPut:
      key = "status.put";
      args.emplace_back("card", s.taken_card() == kHiddenValue ? tr_->tr("card.face_down")
                                                               : card_text(s.taken_card()));
      break;
    case Phase::kChooseLine:
      key = "status.line";
      break;
    case Phase::kGameOver:
      return tr_->tr("status.game_over");
  }
  return tr_->tr(key, args);
}

std::vector<std::string> Narrator::round_result(int round, int ender, std::span<const Event> scored,
                                                const std::vector<int32_t>& totals_half) const {
  std::vector<std::string> out;
  out.push_back(tr_->tr("result.title", {{"round", std::to_string(round + 1)}}));
  for (const Event& e : scored) {
    const int p = e.player;
    out.push_back(
        tr_->tr("result.line", {{"name", name(p)},
                                {"display", points_text(e.count)},
                                {"score", points_text(e.score)},
                                {"total", points_text(totals_half[static_cast<size_t>(p)])}}));
    if (e.count == -20) out.push_back(tr_->tr("result.bonus", {{"name", name(p)}}));
  }
  // The player who ended the round: the penalty, or why there is none.
  for (const Event& e : scored) {
    if (e.player != ender) continue;
    const Translator::Args args = {{"name", name(e.player)},
                                   {"display", points_text(e.count)},
                                   {"score", points_text(e.score)}};
    if (e.aux == 1)
      out.push_back(
          tr_->tr(e.count > 0 ? "result.penalty_doubled" : "result.penalty_halved", args));
    else
      out.push_back(tr_->tr(e.count == 0 ? "result.ender_zero" : "result.ender_lowest", args));
  }
  return out;
}

std::vector<std::string> Narrator::game_summary(
    const std::vector<std::vector<int32_t>>& round_scores, const std::vector<int32_t>& totals_half,
    uint8_t winners) const {
  std::vector<std::string> out;
  out.push_back(tr_->tr("summary.title", {{"rounds", std::to_string(round_scores.size())}}));
  for (size_t r = 0; r < round_scores.size(); ++r) {
    std::string scores;
    for (int p = 0; p < players_; ++p)
      scores += fmt::format("{}{} {}", p ? ", " : "", name(p),
                            points_text(round_scores[r][static_cast<size_t>(p)]));
    out.push_back(tr_->tr("summary.round", {{"round", std::to_string(r + 1)}, {"scores", scores}}));
  }
  std::vector<int> order(static_cast<size_t>(players_));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return totals_half[static_cast<size_t>(a)] < totals_half[static_cast<size_t>(b)];
  });
  for (size_t i = 0; i < order.size(); ++i)
    out.push_back(tr_->tr("summary.place",
                          {{"place", std::to_string(i + 1)},
                           {"name", name(order[i])},
                           {"total", points_text(totals_half[static_cast<size_t>(order[i])])}}));
  std::string names;
  int count = 0;
  for (int p = 0; p < players_; ++p)
    if (winners >> p & 1) names += (count++ ? ", " : "") + name(p);
  out.push_back(tr_->tr(count > 1 ? "summary.winners" : "summary.winner", {{"names", names}}));
  return out;
}

}  // namespace allegra::tui
