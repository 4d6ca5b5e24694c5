#include "cli/game_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/points.h"
#include "engine/action.h"
#include "engine/scoring.h"

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

// The finished table: a grid of four cells per player, three to a row and the shared column.
constexpr int kGridsPerBand = 4;
constexpr int kCellWidth = 3;
// "  a" row label, then per grid: 3 cells, " :", 1 cell, and a gap.
constexpr int kGridWidth = 4 * kCellWidth + 2;
constexpr int kGap = 4;

std::string cell_text(const State& s, CellId c) {
  switch (s.cell_state(c)) {
    case CellState::kEmpty:
      return ".";
    case CellState::kFaceDown:
      return "#";
    case CellState::kFaceUp:
      return fmt::format("{}", s.cell_value(c));
  }
  return "?";
}

// The score of p's display from its face-up cards (R9, display_score_half()).
int32_t display_half(const State& s, int p) {
  int32_t sum = 0;
  int cards = 0;
  const CellId* ids = display_cells(p, s.players());
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellState state = s.cell_state(ids[d]);
    if (state == CellState::kEmpty) continue;
    ++cards;
    if (state == CellState::kFaceUp) sum += s.cell_value(ids[d]);
  }
  return display_score_half(sum, cards);
}

// The grids side by side in seat order ('.' cleared, '#' face down), column 3 (shared with the
// display of the previous player) after a ':'. `ender` is marked; kNoPlayer for none. At most
// four grids per band; lines are indented by `indent` spaces.
std::string draw_table(const State& s, int ender, int indent = 2) {
  std::string out;
  const int players = s.players();
  const std::string pad(static_cast<size_t>(indent), ' ');
  auto grid_field = [](std::string f) { return fmt::format("{:<{}}", f, kGridWidth + kGap); };
  auto trimmed = [](const std::string& l) { return l.substr(0, l.find_last_not_of(' ') + 1); };
  for (int first = 0; first < players; first += kGridsPerBand) {
    const int last = std::min(players, first + kGridsPerBand);
    // Title line: player names.
    std::string line = pad + "   ";
    for (int p = first; p < last; ++p)
      line += grid_field(fmt::format(" P{}{}", p, p == ender ? " (ended)" : ""));
    out += fmt::format("{}\n", trimmed(line));
    // Column labels.
    line = pad + "   ";
    for (int p = first; p < last; ++p) line += grid_field("  0  1  2 :  3");
    out += fmt::format("{}\n", trimmed(line));
    for (int r = 0; r < kRows; ++r) {
      line = fmt::format("{}  {}", pad, static_cast<char>('a' + r));
      for (int p = first; p < last; ++p) {
        std::string g;
        for (int c = 0; c < kGridCols; ++c) {
          if (c == kSharedCol) g += " :";
          g += fmt::format("{:>{}}", cell_text(s, make_cell(p, r, c)), kCellWidth);
        }
        line += grid_field(g);
      }
      out += fmt::format("{}\n", trimmed(line));
    }
  }
  return out;
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
  switch (e.type) {
    case EventType::kRoundStarted:  // begin_round() prints the header
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
    case EventType::kRoundScored:  // end_round() prints them with the table
      flush_turn();
      scored_.push_back(e);
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

void GamePrinter::end_round(const State& s) {
  flush_turn();
  if (static_cast<int>(scored_.size()) != players_) return;  // not scored (yet)
  if (end_reveals_ > 0)
    line(fmt::format("The {} face-down card{} left {} turned up (nothing is cleared now).",
                     end_reveals_, end_reveals_ == 1 ? "" : "s", end_reveals_ == 1 ? "is" : "are"));
  line("");
  fmt::print(out_, "{}", draw_table(s, ender_));
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
    if (e.display_half != display_half(s, p))
      notes.push_back(fmt::format("note: P{}'s display adds up to {} on the drawn table", p,
                                  half_points_text(display_half(s, p))));
    if (p == ender_ && e.penalised)
      notes.push_back(
          fmt::format("! P{} ended the round without the lowest score alone: {} {} to {}", p,
                      half_points_text(e.display_half), e.display_half > 0 ? "doubled" : "halved",
                      half_points_text(e.score_half)));
    else if (p == ender_)
      notes.push_back(fmt::format("* P{} ended the round{}", p,
                                  e.display_half == 0 ? " (a score of 0 is never doubled)"
                                                      : " with the lowest score alone"));
    if (e.empty_display && display_half(s, p) == e.display_half)
      notes.push_back(fmt::format("P{} cleared the whole display: -10", p));
  }
  for (std::string* row : {&head, &display, &score, &total})
    line(row->substr(0, row->find_last_not_of(' ') + 1));
  for (const std::string& n : notes) line("  " + n);
  scored_.clear();
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
