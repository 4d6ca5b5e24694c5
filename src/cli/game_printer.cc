#include "cli/game_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/points.h"
#include "engine/action.h"

namespace allegra::cli {
namespace {

std::string pname(int p) { return fmt::format("P{}", p); }

// "P1", "P1 and P3", "P1, P2 and P3".
std::string name_list(const std::vector<int>& players) {
  std::string out;
  for (size_t i = 0; i < players.size(); ++i) {
    if (i > 0) out += i + 1 == players.size() ? " and " : ", ";
    out += pname(players[i]);
  }
  return out;
}

std::string card_in(int8_t value) {
  return value == kHiddenValue ? "face down" : fmt::format("{}", value);
}

}  // namespace

std::string winners_text(uint8_t mask, int players) {
  std::vector<int> winners;
  for (int p = 0; p < players; ++p)
    if (mask >> p & 1) winners.push_back(p);
  std::string out;
  for (size_t i = 0; i < winners.size(); ++i) out += (i ? ", " : "") + pname(winners[i]);
  return out;
}

std::string game_summary_line(int game_number, uint64_t seed, const State& s, int actions) {
  std::string totals;
  for (int p = 0; p < s.players(); ++p)
    totals += fmt::format("{}{} {}", p ? "  " : "", pname(p), half_points_text(s.total_half(p)));
  uint8_t w = s.winners();
  return fmt::format("game {} (seed {}): {} round{}, {} actions; totals {}; winner{} {}",
                     game_number, seed, s.rounds_played(), s.rounds_played() == 1 ? "" : "s",
                     actions, totals, (w & (w - 1)) ? "s" : "", winners_text(w, s.players()));
}

void GamePrinter::line(const std::string& text) { fmt::print(out_, "{}\n", text); }

void GamePrinter::begin_game(const State& initial, int game_number, uint64_t seed,
                             std::span<const RecordSeat> seats) {
  players_ = initial.players();
  rounds_ = initial.options().rounds;
  totals_half_.assign(static_cast<size_t>(players_), 0);
  line(fmt::format("Game {} (seed {}): {}", game_number, seed, options_text(initial.options())));
  if (std::ssize(seats) == players_) {
    std::vector<std::string> who;
    for (size_t p = 0; p < seats.size(); ++p)
      who.push_back(
          seats[p].bot.empty()
              ? fmt::format("{} {}", pname(static_cast<int>(p)), seats[p].name)
              : fmt::format("{} {} ({})", pname(static_cast<int>(p)), seats[p].name, seats[p].bot));
    line(fmt::format("Players: {}", fmt::join(who, ", ")));
  }
  line(
      "Cells are <player><row a-c><column 0-3>; column 3 of each grid is also the first column "
      "of the previous player's display.");
}

void GamePrinter::begin_round(const State& s) {
  flush_turn();
  round_ = s.round();
  turn_ = 0;
  ender_ = kNoPlayer;
  end_reveals_ = 0;
  scored_.clear();
  table_.reset(s);
  in_setup_ = true;
  setup_parts_.clear();
  setup_player_ = kNoPlayer;
  std::string of = rounds_ > 0 ? fmt::format(" of {}", rounds_) : "";
  line("");
  line(fmt::format("=== Round {}{} ===", round_ + 1, of));
  line(fmt::format("P{} begins (dealer P{}); the discard pile starts with {}; {} cards to draw",
                   s.first_player(), s.dealer(), s.discard_pile_card(0), s.draw_pile_size()));
}

void GamePrinter::on_events(std::span<const Event> events) {
  for (const Event& e : events) on_event(e);
}

void GamePrinter::on_event(const Event& e) {
  table_.apply(e);
  switch (e.type) {
    case EventType::kRoundStarted:  // begin_round() prints the header, after any redeal
    case EventType::kGameOver:
      flush_turn();
      return;
    case EventType::kTurnStarted:
      flush_setup();
      flush_turn();
      turn_player_ = e.player;
      ++turn_;
      return;
    case EventType::kFinalRevealed:
      flush_turn();
      ++end_reveals_;
      return;
    case EventType::kRevealed:
      if (in_setup_) {
        if (e.player != setup_player_) {
          setup_parts_.push_back(pname(e.player));
          setup_player_ = e.player;
        }
        setup_parts_.back() += fmt::format(" {}={}", cell_to_text(e.cell), e.card);
        return;
      }
      break;
    case EventType::kTurnSkipped:
      flush_turn();
      line(fmt::format("         {} has no face-down card left and is skipped", pname(e.player)));
      return;
    case EventType::kRoundScored:
      flush_turn();
      scored_.push_back(e);
      if (static_cast<int>(scored_.size()) == players_) print_round_result();
      return;
    default:
      break;
  }
  turn_events_.push_back(e);
}

void GamePrinter::flush_setup() {
  if (!in_setup_) return;
  in_setup_ = false;
  // Four players to a line keeps six-player setups readable.
  for (size_t i = 0; i < setup_parts_.size(); i += 4) {
    std::string text;
    for (size_t j = i; j < std::min(setup_parts_.size(), i + 4); ++j)
      text += (j > i ? "  |  " : "") + setup_parts_[j];
    line(fmt::format("{}{}", i == 0 ? "setup:   " : "         ", text));
  }
}

void GamePrinter::flush_turn() {
  if (turn_player_ == kNoPlayer) return;
  line(fmt::format("{:>5}. P{}: {}", turn_, turn_player_, describe_turn()));
  for (const Event& e : turn_events_) {
    if (e.type == EventType::kRoundEnded) {
      ender_ = e.player;
      line(fmt::format("         -- {} has no face-down card left: everyone else has one last turn",
                       pname(e.player)));
    }
  }
  turn_events_.clear();
  turn_player_ = kNoPlayer;
}

std::string GamePrinter::describe_turn() const {
  const std::vector<Event>& ev = turn_events_;
  const int active = turn_player_;
  std::vector<bool> used(ev.size(), false);
  std::vector<std::string> parts;
  int knocker = kNoPlayer;
  auto who = [&](int p) { return p == active ? std::string() : pname(p) + " "; };
  // The index of the first unused event after i matching `pred`, or ev.size().
  auto find_after = [&](size_t i, auto pred) {
    for (size_t j = i + 1; j < ev.size(); ++j)
      if (!used[j] && pred(ev[j])) return j;
    return ev.size();
  };
  for (size_t i = 0; i < ev.size(); ++i) {
    if (used[i]) continue;
    const Event& e = ev[i];
    switch (e.type) {
      case EventType::kReshuffled:
        parts.push_back(
            fmt::format("(the discard pile becomes a new draw pile of {} cards)", e.cards));
        break;
      case EventType::kDrew:
        parts.push_back(e.pile == Pile::kDraw
                            ? fmt::format("draws {}", e.card)
                            : fmt::format("takes {} from the discard pile", e.card));
        break;
      case EventType::kKnocked: {
        std::vector<int> knockers;
        for (size_t j = i; j < ev.size(); ++j) {
          if (ev[j].type == EventType::kKnocked) {
            knockers.push_back(ev[j].player);
            used[j] = true;
          } else if (ev[j].type != EventType::kPassed) {
            break;
          }
        }
        parts.push_back(
            fmt::format("{} knock{}", name_list(knockers), knockers.size() == 1 ? "s" : ""));
        break;
      }
      case EventType::kPassed:
        break;
      case EventType::kGave:
        knocker = e.knocker;
        parts.push_back(fmt::format("gives it to {}", pname(e.knocker)));
        break;
      case EventType::kRefused:
        parts.push_back("refuses the knock");
        break;
      case EventType::kKnockerSwapped:
        parts.push_back(fmt::format("{} swaps it for {} ({})", pname(e.player),
                                    cell_to_text(e.cell), card_in(e.old_card)));
        break;
      case EventType::kTook: {
        // A face-down card shows its value once put (the kPut after it).
        size_t j = find_after(i, [&](const Event& x) { return x.type == EventType::kPut; });
        if (e.card == kHiddenValue && j < ev.size())
          parts.push_back(
              fmt::format("takes {} (face down: {})", cell_to_text(e.cell), ev[j].card));
        else
          parts.push_back(fmt::format("takes {} ({})", cell_to_text(e.cell), card_in(e.card)));
        break;
      }
      case EventType::kSwapped:
      case EventType::kPut: {
        size_t j = find_after(i, [&](const Event& x) {
          return x.type == EventType::kDiscarded && x.player == active && x.cell == e.cell;
        });
        if (j < ev.size()) used[j] = true;
        parts.push_back(fmt::format("swaps it for {} ({})", cell_to_text(e.cell), e.old_card));
        break;
      }
      case EventType::kPutBack:
        parts.push_back(fmt::format("{} puts his hand card {} into {}", pname(e.player), e.card,
                                    cell_to_text(e.cell)));
        break;
      case EventType::kDiscarded:
        if (e.player == active && e.cell == kNoCell)
          parts.push_back("discards it");
        else if (e.player == knocker && e.cell == kNoCell)
          parts.push_back(fmt::format("{} discards his hand card {}", pname(e.player), e.card));
        else
          parts.push_back(fmt::format("{}discards {}", who(e.player), e.card));
        break;
      case EventType::kRevealed:
        parts.push_back(
            fmt::format("{}reveals {} ({})", who(e.player), cell_to_text(e.cell), card_in(e.card)));
        break;
      case EventType::kCleared:
        parts.push_back(
            fmt::format("{}CLEARS {} (three {}s)", who(e.player), line_to_text(e.line), e.card));
        break;
      case EventType::kLinesLeft:
        parts.push_back(fmt::format("{}leaves the complete lines standing", who(e.player)));
        break;
      default:
        break;  // kRoundEnded: a note after the line
    }
  }
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out;
}

void GamePrinter::print_round_result() {
  if (end_reveals_ > 0)
    line(fmt::format("The {} face-down card{} left {} turned up (nothing is cleared now).",
                     end_reveals_, end_reveals_ == 1 ? "" : "s", end_reveals_ == 1 ? "is" : "are"));
  line("");
  fmt::print(out_, "{}", table_.draw(ender_));
  line("");
  std::string head = fmt::format("  {:<14}", fmt::format("Round {}", round_ + 1));
  std::string display = fmt::format("  {:<14}", "display");
  std::string score = fmt::format("  {:<14}", "round score");
  std::string total = fmt::format("  {:<14}", "total");
  std::vector<std::string> notes;
  for (const Event& e : scored_) {
    const int p = e.player;
    totals_half_[static_cast<size_t>(p)] += e.score_half;
    std::string mark = p == ender_ ? (e.penalised ? "!" : "*") : " ";
    head += fmt::format("{:>8} ", pname(p));
    display += fmt::format("{:>8} ", half_points_text(e.display_half));
    score += fmt::format("{:>8}{}", half_points_text(e.score_half), mark);
    total += fmt::format("{:>8} ", half_points_text(totals_half_[static_cast<size_t>(p)]));
    if (e.display_half != table_.display_half(p))
      notes.push_back(fmt::format("note: P{}'s display adds up to {} on the drawn table", p,
                                  half_points_text(table_.display_half(p))));
    if (p == ender_ && e.penalised)
      notes.push_back(
          fmt::format("! P{} ended the round without the lowest score alone: {} {} to {}", p,
                      half_points_text(e.display_half), e.display_half > 0 ? "doubled" : "halved",
                      half_points_text(e.score_half)));
    else if (p == ender_)
      notes.push_back(fmt::format("* P{} ended the round{}", p,
                                  e.display_half == 0 ? " (a score of 0 is never doubled)"
                                                      : " with the lowest score alone"));
    if (e.empty_display && table_.display_half(p) == e.display_half)
      notes.push_back(fmt::format("P{} cleared the whole display: -10", p));
  }
  for (std::string* s : {&head, &display, &score, &total})
    line(s->substr(0, s->find_last_not_of(' ') + 1));
  for (const std::string& n : notes) line("  " + n);
}

void GamePrinter::end_game(const State& s, int actions) {
  flush_turn();
  line("");
  std::string totals;
  for (int p = 0; p < s.players(); ++p)
    totals += fmt::format("{}{} {}", p ? "   " : "", pname(p), half_points_text(s.total_half(p)));
  if (!s.is_terminal()) {  // a record of an unfinished game
    line(fmt::format("The game is not over: {} round{} played ({} actions). Totals so far: {}",
                     s.rounds_played(), s.rounds_played() == 1 ? "" : "s", actions, totals));
    return;
  }
  line(fmt::format("Game over after {} round{} ({} actions). Final totals: {}", s.rounds_played(),
                   s.rounds_played() == 1 ? "" : "s", actions, totals));
  uint8_t w = s.winners();
  bool tie = (w & (w - 1)) != 0;
  line(fmt::format("{}: {}{}", tie ? "Winners" : "Winner", winners_text(w, s.players()),
                   tie ? " (tie)" : ""));
}

}  // namespace allegra::cli
