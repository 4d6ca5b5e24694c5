#include "text/narrator.h"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <numeric>

#include "text/card_text.h"
#include "text/cell_names.h"

namespace allegra::text {

std::vector<Voice> voices_for(const std::vector<bool>& human) {
  const auto people = std::count(human.begin(), human.end(), true);
  std::vector<Voice> out;
  for (const bool h : human)
    out.push_back(!h ? Voice::kBot : people == 1 ? Voice::kYou : Voice::kPerson);
  return out;
}

Narrator::Narrator(const Translator& tr, std::vector<std::string> names, int players,
                   std::vector<Voice> voices)
    : tr_(&tr), names_(std::move(names)), players_(players), voices_(std::move(voices)) {
  names_.resize(static_cast<size_t>(players));
  voices_.resize(static_cast<size_t>(players), Voice::kBot);
}

const char* Narrator::actor(int p) const {
  return p >= 0 && p < players_ && voices_[static_cast<size_t>(p)] == Voice::kYou ? "you" : "other";
}

int Narrator::you() const {
  const auto it = std::find(voices_.begin(), voices_.end(), Voice::kYou);
  return it == voices_.end() ? kNoPlayer : static_cast<int>(it - voices_.begin());
}

const char* Narrator::decider(int p) const {
  if (p < 0 || p >= players_) return "other";
  switch (voices_[static_cast<size_t>(p)]) {
    case Voice::kYou:
      return "you";
    case Voice::kPerson:
      return "person";
    case Voice::kBot:
      break;
  }
  return "other";
}

std::string Narrator::sentence(int actor_seat, const Event& e, std::span<const Event> rest,
                               std::span<bool> used) const {
  const Translator& tr = *tr_;
  auto face = [](int8_t v) { return v == kHiddenValue ? "down" : "up"; };
  auto card = [](int8_t v) { return v == kHiddenValue ? std::string() : card_text(v); };
  auto place = [&](int p, CellId c) { return cell_place(tr, names_, you(), p, c); };
  const std::string who = e.player >= 0 ? name(e.player) : std::string();
  const char* const subject = actor(e.player);
  switch (e.type) {
    case EventType::kRoundStarted:
      return tr.tr("narr.round_started", {{"round", e.count + 1},
                                          {"actor", subject},
                                          {"name", who},
                                          {"card", card_text(e.value)}});
    case EventType::kRevealed:
      return tr.tr("narr.revealed", {{"actor", subject},
                                     {"name", who},
                                     {"card", card_text(e.value)},
                                     {"place", place(e.player, e.cell)}});
    case EventType::kReshuffled:
      return tr.tr("narr.reshuffled", {{"count", e.count}});
    case EventType::kDrew:
      return tr.tr(e.aux == 0 ? "narr.drew_pile" : "narr.drew_discard",
                   {{"actor", subject}, {"name", who}, {"card", card_text(e.value)}});
    case EventType::kKnocked:
      return tr.tr("narr.knocked", {{"actor", subject}, {"name", who}});
    case EventType::kKnockGiven:
      return tr.tr("narr.knock_given", {{"actor", actor(actor_seat)},
                                        {"name", name(actor_seat)},
                                        {"target", subject},
                                        {"knocker", who}});
    case EventType::kKnockRefused:
      return tr.tr("narr.knock_refused", {{"actor", subject}, {"name", who}});
    case EventType::kPlaced: {
      // A swap: the card placed, then (after any clears) the replaced card discarded from the
      // same cell.
      for (size_t j = 0; j < rest.size(); ++j) {
        if (rest[j].type == EventType::kCleared) continue;
        if (rest[j].type == EventType::kDiscarded && rest[j].cell == e.cell &&
            rest[j].player == e.player) {
          used[j] = true;
          return tr.tr("narr.swapped", {{"actor", subject},
                                        {"name", who},
                                        {"card", card_text(e.value)},
                                        {"place", place(e.player, e.cell)},
                                        {"old", card_text(rest[j].value)}});
        }
        break;
      }
      return tr.tr("narr.placed", {{"actor", subject},
                                   {"name", who},
                                   {"card", card_text(e.value)},
                                   {"place", place(e.player, e.cell)}});
    }
    case EventType::kToHand: {
      if (!rest.empty() && rest[0].type == EventType::kPlaced && rest[0].cell == e.cell) {
        used[0] = true;  // the knocker swaps the given card in and holds the replaced one
        return tr.tr("narr.knocker_swapped", {{"actor", subject},
                                              {"name", who},
                                              {"card", card_text(rest[0].value)},
                                              {"place", place(e.player, e.cell)},
                                              {"face", face(e.value)},
                                              {"old", card(e.value)}});
      }
      // Named from the taker's side: "Bea's row 2, column 4", "your row 2, column 4".
      return tr.tr("narr.took", {{"actor", subject},
                                 {"name", who},
                                 {"face", face(e.value)},
                                 {"card", card(e.value)},
                                 {"place", place(e.player, e.cell)}});
    }
    case EventType::kDiscarded:
      return tr.tr("narr.discarded",
                   {{"actor", subject}, {"name", who}, {"card", card_text(e.value)}});
    case EventType::kCleared:
      return tr.tr("narr.cleared", {{"actor", subject},
                                    {"name", who},
                                    {"card", card_text(e.value)},
                                    {"line", line_place(tr, names_, you(), e.player, e.aux)}});
    case EventType::kLinesLeft:
      return tr.tr("narr.lines_left", {{"actor", subject}, {"name", who}});
    case EventType::kRoundEndTriggered:
      return tr.tr("narr.round_end_triggered", {{"actor", subject}, {"name", who}});
    case EventType::kTurnSkipped:
      return tr.tr("narr.turn_skipped", {{"actor", subject}, {"name", who}});
    case EventType::kGameOver:
      return tr.tr("narr.game_over");
    case EventType::kTurnStarted:
    case EventType::kPassed:
    case EventType::kRoundScored:
      break;  // a new turn shows in the status line; passes are silent; scores: round_result
  }
  return {};
}

namespace {

// Sentences that a clear may continue ("... and cleared three 7s"); the narrator ends them.
bool open_sentence(EventType t) {
  return t == EventType::kRevealed || t == EventType::kPlaced || t == EventType::kToHand;
}

// Half points as a number, so each language writes it its own way ("12.5", "12,5").
double points(int32_t half) { return half / 2.0; }

}  // namespace

std::vector<std::string> Narrator::narrate(int actor_seat, std::span<const Event> events) const {
  std::vector<std::string> out;
  int end_reveals = 0;
  int last_player = kNoPlayer;
  bool open = false;  // out.back() may still be continued
  auto close = [&] {
    if (open) out.back() += ".";
    open = false;
  };
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
      close();
      out.push_back(tr_->tr("narr.all_revealed", {{"count", end_reveals}}));
      end_reveals = 0;
    }
    std::string s = sentence(actor_seat, e, events.subspan(i + 1),
                             std::span<bool>(used + i + 1, events.size() - i - 1));
    if (s.empty()) continue;
    // "... and cleared three 7s": a clear continues the sentence of the move that made it.
    if (e.type == EventType::kCleared && open && e.player == last_player) {
      out.back() +=
          tr_->tr("narr.and_clears", {{"actor", actor(e.player)},
                                      {"card", card_text(e.value)},
                                      {"line", line_place(*tr_, names_, you(), e.player, e.aux)}});
      continue;
    }
    close();
    last_player = e.player;
    out.push_back(std::move(s));
    open = open_sentence(e.type);
  }
  close();
  return out;
}

std::string Narrator::decision(const PublicView& view) const {
  const State& s = view.masked();
  const int p = s.current_player();
  if (p == kNoPlayer) return tr_->tr("status.game_over");
  // The chance node: nobody decides; the round's end is on the table until the next deal.
  if (s.is_chance_node()) return tr_->tr("result.title", {{"round", s.round() + 1}});
  std::string key;
  // The decider is addressed ("you", "person") or named ("other"); see Voice.
  Translator::Args args = {{"actor", decider(p)}, {"name", name(p)}};
  auto held = [&] { args.emplace_back("card", card_text(s.held_card())); };
  switch (s.phase()) {
    case Phase::kSetupReveal:
      key = "status.setup";
      args.emplace_back("left", s.setup_reveals_left());
      break;
    case Phase::kChooseDraw:
      key = "status.draw";
      args.emplace_back("card", card_text(s.discard_pile_card(0)));
      break;
    case Phase::kKnockWindow:
      key = "status.knock";
      held();
      args.emplace_back("target", actor(s.active_player()));
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
      key = "status.take";
      args.emplace_back("target", actor(s.knocker()));
      args.emplace_back("knocker", name(s.knocker()));
      break;
    case Phase::kPut:
      key = "status.put";
      args.emplace_back("face", s.taken_card() == kHiddenValue ? "down" : "up");
      args.emplace_back("card",
                        s.taken_card() == kHiddenValue ? std::string() : card_text(s.taken_card()));
      break;
    case Phase::kChooseLine:
      key = "status.line";
      break;
    case Phase::kRoundOver:  // handled above
    case Phase::kGameOver:
      return tr_->tr("status.game_over");
  }
  return tr_->tr(key, args);
}

std::vector<std::string> Narrator::round_result(int round, int ender, std::span<const Event> scored,
                                                const std::vector<int32_t>& totals_half) const {
  std::vector<std::string> out;
  out.push_back(tr_->tr("result.title", {{"round", round + 1}}));
  for (const Event& e : scored) {
    const int p = e.player;
    out.push_back(tr_->tr("result.line", {{"name", name(p)},
                                          {"display", points(e.count)},
                                          {"score", points(e.score)},
                                          {"total", points(totals_half[static_cast<size_t>(p)])}}));
    if (e.empty_display)
      out.push_back(tr_->tr("result.bonus", {{"actor", actor(p)}, {"name", name(p)}}));
  }
  // The player who ended the round: the penalty, or why there is none.
  for (const Event& e : scored) {
    if (e.player != ender) continue;
    const Translator::Args args = {{"actor", actor(e.player)},
                                   {"name", name(e.player)},
                                   {"display", points(e.count)},
                                   {"score", points(e.score)}};
    if (e.aux == 1)
      out.push_back(
          tr_->tr(e.count > 0 ? "result.penalty_doubled" : "result.penalty_halved", args));
    else
      out.push_back(tr_->tr(e.count == 0 ? "result.ender_zero" : "result.ender_lowest", args));
  }
  return out;
}

std::string Narrator::names_text(const std::vector<int>& seats) const {
  if (seats.empty()) return {};
  std::string rest = name(seats[0]);
  for (size_t i = 1; i + 1 < seats.size(); ++i) rest += ", " + name(seats[i]);
  if (seats.size() == 1) return rest;
  return tr_->tr("list.and", {{"rest", rest}, {"last", name(seats.back())}});
}

std::vector<std::string> Narrator::game_summary(
    const std::vector<std::vector<int32_t>>& round_scores, const std::vector<int32_t>& totals_half,
    uint8_t winners) const {
  std::vector<std::string> out;
  out.push_back(tr_->tr("summary.title", {{"rounds", round_scores.size()}}));
  for (size_t r = 0; r < round_scores.size(); ++r) {
    std::string scores;
    for (int p = 0; p < players_; ++p)
      scores +=
          fmt::format("{}{} {}", p ? ", " : "", name(p),
                      format_message(tr_->code(), "{n}",
                                     {{"n", points(round_scores[r][static_cast<size_t>(p)])}}));
    out.push_back(tr_->tr("summary.round", {{"round", r + 1}, {"scores", scores}}));
  }
  std::vector<int> order(static_cast<size_t>(players_));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return totals_half[static_cast<size_t>(a)] < totals_half[static_cast<size_t>(b)];
  });
  for (size_t i = 0; i < order.size(); ++i)
    out.push_back(
        tr_->tr("summary.place", {{"place", i + 1},
                                  {"name", name(order[i])},
                                  {"total", points(totals_half[static_cast<size_t>(order[i])])}}));
  // "You win together with Bea": the person at the keyboard first, the others as a list.
  std::vector<int> others;
  int count = 0;
  bool you_won = false;
  for (int p = 0; p < players_; ++p) {
    if (!(winners >> p & 1)) continue;
    ++count;
    if (std::string(actor(p)) == "you")
      you_won = true;
    else
      others.push_back(p);
  }
  out.push_back(tr_->tr(
      "summary.winner",
      {{"count", count}, {"actor", you_won ? "you" : "other"}, {"names", names_text(others)}}));
  return out;
}

}  // namespace allegra::text
