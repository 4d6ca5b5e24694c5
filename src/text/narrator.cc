#include "text/narrator.h"

#include <fmt/format.h>

#include <algorithm>
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
                   std::vector<Voice> voices, Telling telling)
    : tr_(&tr),
      names_(std::move(names)),
      players_(players),
      voices_(std::move(voices)),
      telling_(telling) {
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

std::string Narrator::sentence(const Event& e) const {
  const Translator& tr = *tr_;
  auto face = [](int8_t v) { return v == kHiddenValue ? "down" : "up"; };
  auto card = [](int8_t v) { return v == kHiddenValue ? std::string() : card_text(v); };
  auto place = [&](int p, CellId c) { return cell_place(tr, names_, you(), p, c); };
  const std::string who = e.player >= 0 ? name(e.player) : std::string();
  const char* const subject = actor(e.player);
  // The arguments of most sentences: who did it, and the card.
  auto args = [&](Translator::Args more = {}) {
    Translator::Args out = {{"actor", subject}, {"name", who}};
    if (e.card != kHiddenValue) out.emplace_back("card", card_text(e.card));
    out.insert(out.end(), more.begin(), more.end());
    return out;
  };
  switch (e.type) {
    case EventType::kRoundStarted:
      return tr.tr("narr.round_started", args({{"round", e.round + 1}}));
    case EventType::kTurnStarted:
      return telling_ == Telling::kEverything ? tr.tr("narr.turn_started", args()) : "";
    case EventType::kRevealed:
      return tr.tr("narr.revealed", args({{"place", place(e.player, e.cell)}}));
    case EventType::kReshuffled:
      return tr.tr("narr.reshuffled", {{"count", e.cards}});
    case EventType::kDrew:
      return tr.tr(e.pile == Pile::kDraw ? "narr.drew_pile" : "narr.drew_discard", args());
    case EventType::kKnocked:
      return tr.tr("narr.knocked", args());
    case EventType::kPassed:
      return telling_ == Telling::kEverything ? tr.tr("narr.passed", args()) : "";
    case EventType::kGave:
      return tr.tr("narr.knock_given",
                   args({{"target", actor(e.knocker)}, {"knocker", name(e.knocker)}}));
    case EventType::kRefused:
      return tr.tr("narr.knock_refused", args());
    case EventType::kSwapped:
      return tr.tr("narr.swapped",
                   args({{"place", place(e.player, e.cell)}, {"old", card_text(e.old_card)}}));
    case EventType::kDiscarded:
      // The card a swap or a put replaced was told with it ("... for the 11").
      return e.cell == kNoCell ? tr.tr("narr.discarded", args()) : "";
    case EventType::kKnockerSwapped:
      return tr.tr("narr.knocker_swapped", args({{"place", place(e.player, e.cell)},
                                                 {"face", face(e.old_card)},
                                                 {"old", card(e.old_card)}}));
    case EventType::kTook:
      // Named from the taker's side: "Bea's row 2, column 4", "your row 2, column 4".
      return tr.tr("narr.took", {{"actor", subject},
                                 {"name", who},
                                 {"face", face(e.card)},
                                 {"card", card(e.card)},
                                 {"place", place(e.player, e.cell)}});
    case EventType::kPut:
      return tr.tr("narr.put",
                   args({{"place", place(e.player, e.cell)}, {"old", card_text(e.old_card)}}));
    case EventType::kPutBack:
      return tr.tr("narr.put_back", args({{"place", place(e.player, e.cell)}}));
    case EventType::kCleared:
      return tr.tr("narr.cleared",
                   args({{"line", line_place(tr, names_, you(), e.player, e.line)}}));
    case EventType::kLinesLeft:
      return tr.tr("narr.lines_left", args());
    case EventType::kRoundEnded:
      return tr.tr("narr.round_ended", args());
    case EventType::kTurnSkipped:
      return tr.tr("narr.turn_skipped", args());
    case EventType::kGameOver:
      return tr.tr("narr.game_over");
    case EventType::kFinalRevealed:  // counted and told at once by narrate()
    case EventType::kRoundScored:    // told by round_result()
      break;
  }
  return {};
}

std::vector<std::string_view> Narrator::keys_for(EventType t) {
  switch (t) {
    case EventType::kRoundStarted:
      return {"narr.round_started"};
    case EventType::kTurnStarted:
      return {"narr.turn_started"};
    case EventType::kRevealed:
      return {"narr.revealed"};
    case EventType::kReshuffled:
      return {"narr.reshuffled"};
    case EventType::kDrew:
      return {"narr.drew_pile", "narr.drew_discard"};
    case EventType::kKnocked:
      return {"narr.knocked"};
    case EventType::kPassed:
      return {"narr.passed"};
    case EventType::kGave:
      return {"narr.knock_given"};
    case EventType::kRefused:
      return {"narr.knock_refused"};
    case EventType::kSwapped:
      return {"narr.swapped", "narr.and_clears"};
    case EventType::kDiscarded:
      return {"narr.discarded"};
    case EventType::kKnockerSwapped:
      return {"narr.knocker_swapped"};
    case EventType::kTook:
      return {"narr.took"};
    case EventType::kPut:
      return {"narr.put"};
    case EventType::kPutBack:
      return {"narr.put_back"};
    case EventType::kCleared:
      return {"narr.cleared", "narr.and_clears"};
    case EventType::kLinesLeft:
      return {"narr.lines_left"};
    case EventType::kRoundEnded:
      return {"narr.round_ended"};
    case EventType::kTurnSkipped:
      return {"narr.turn_skipped"};
    case EventType::kFinalRevealed:
      return {"narr.all_revealed"};
    case EventType::kRoundScored:
      return {"result.line",           "result.bonus",      "result.penalty_doubled",
              "result.penalty_halved", "result.ender_zero", "result.ender_lowest"};
    case EventType::kGameOver:
      return {"narr.game_over", "summary.winner"};
  }
  return {};
}

namespace {

// Sentences that a clear may continue ("... and cleared three 7s"); the narrator ends them.
bool open_sentence(EventType t) {
  return t == EventType::kRevealed || t == EventType::kSwapped || t == EventType::kKnockerSwapped ||
         t == EventType::kTook || t == EventType::kPut || t == EventType::kPutBack;
}

// Half points as a number, so each language writes it its own way ("12.5", "12,5").
double points(int32_t half) { return half / 2.0; }

}  // namespace

std::vector<std::string> Narrator::narrate(std::span<const Event> events) const {
  std::vector<std::string> out;
  int end_reveals = 0;
  int last_player = kNoPlayer;
  EventType last_type = EventType::kTurnStarted;
  bool open = false;  // out.back() may still be continued
  auto close = [&] {
    if (open) out.back() += ".";
    open = false;
  };
  for (const Event& e : events) {
    if (e.type == EventType::kFinalRevealed) {
      ++end_reveals;
      continue;
    }
    if (end_reveals > 0 && e.type == EventType::kRoundScored) {
      close();
      out.push_back(tr_->tr("narr.all_revealed", {{"count", end_reveals}}));
      end_reveals = 0;
    }
    std::string s = sentence(e);
    if (s.empty()) continue;
    // "... and cleared three 7s": a clear continues the sentence of the move that made it,
    // but for the knocker's swap, which has its "and" already ("swapped ... and took ...").
    if (e.type == EventType::kCleared && open && e.player == last_player &&
        last_type != EventType::kKnockerSwapped) {
      out.back() +=
          tr_->tr("narr.and_clears", {{"actor", actor(e.player)},
                                      {"card", card_text(e.card)},
                                      {"line", line_place(*tr_, names_, you(), e.player, e.line)}});
      continue;
    }
    close();
    last_player = e.player;
    last_type = e.type;
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
      // The prompt offers what is legal: a card taken from the discard pile must be swapped in
      // (unless --discard-draw-may-discard), and so must any card when no face-down card is
      // left to turn up after discarding.
      if (const auto legal = view.legal_actions();
          std::find(legal.begin(), legal.end(), Action::discard()) != legal.end())
        key = "status.hold";
      else
        key = s.held_from_discard() ? "status.hold_discard" : "status.hold_swap";
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
                                          {"display", points(e.display_half)},
                                          {"score", points(e.score_half)},
                                          {"total", points(totals_half[static_cast<size_t>(p)])}}));
    if (e.empty_display) out.push_back(bonus_sentence(p));
  }
  // The player who ended the round: the penalty, or why there is none.
  for (const Event& e : scored)
    if (e.player == ender) out.push_back(ender_sentence(e));
  return out;
}

std::string Narrator::bonus_sentence(int p) const {
  return tr_->tr("result.bonus", {{"actor", actor(p)}, {"name", name(p)}});
}

std::string Narrator::ender_sentence(const Event& e) const {
  const Translator::Args args = {{"actor", actor(e.player)},
                                 {"name", name(e.player)},
                                 {"display", points(e.display_half)},
                                 {"score", points(e.score_half)}};
  if (e.penalised)
    return tr_->tr(e.display_half > 0 ? "result.penalty_doubled" : "result.penalty_halved", args);
  return tr_->tr(e.display_half == 0 ? "result.ender_zero" : "result.ender_lowest", args);
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
  out.push_back(winners_sentence(winners));
  return out;
}

std::string Narrator::winners_sentence(uint8_t winners) const {
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
  return tr_->tr(
      "summary.winner",
      {{"count", count}, {"actor", you_won ? "you" : "other"}, {"names", names_text(others)}});
}

}  // namespace allegra::text
