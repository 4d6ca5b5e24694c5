#include "cli/game_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "cli/points.h"

namespace allegra::cli {
namespace {

std::string pname(int p) { return fmt::format("P{}", p); }

// The width a wrapped block keeps to, in characters (code points: "ü" is one). A word of up to
// kShortWord characters may run that much past it rather than start a line alone ("... for the
// 2." is not torn after "the").
constexpr size_t kWidth = 100;
constexpr size_t kShortWord = 3;

size_t width_of(std::string_view text) {
  size_t n = 0;
  for (const char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
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

// The grids side by side in seat order ('.' cleared, '#' face down), column 3 (shared with the
// display of the previous player) after a ':'. `ender` is marked; kNoPlayer for none. At most
// four grids per band; lines are indented by `indent` spaces.
std::string draw_table(const State& s, int ender, const std::string& ended_mark, int indent = 2) {
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
      line += grid_field(fmt::format(" P{}{}", p, p == ender ? " " + ended_mark : ""));
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

void GamePrinter::block(const std::string& lead, const std::vector<std::string>& sentences) {
  const std::string indent(width_of(lead), ' ');
  std::string text = lead;
  size_t width = width_of(lead);
  bool first = true;  // no break before the first word of the block
  for (const std::string& sentence : sentences) {
    for (size_t at = 0; at < sentence.size();) {
      size_t end = sentence.find(' ', at);
      if (end == std::string::npos) end = sentence.size();
      const std::string_view word(sentence.data() + at, end - at);
      at = end + 1;
      if (word.empty()) continue;
      const size_t room = width_of(word) <= kShortWord ? kWidth + kShortWord : kWidth;
      if (!first && width + 1 + width_of(word) > room) {
        line(text);
        text = indent;
        width = indent.size();
      } else if (!first) {
        text += ' ';
        ++width;
      }
      text += word;
      width += width_of(word);
      first = false;
    }
  }
  line(text);
}

void GamePrinter::begin_game(const State& initial, int game_number, uint64_t seed,
                             std::span<const RecordSeat> seats) {
  players_ = initial.players();
  rounds_ = initial.options().rounds;
  totals_half_.assign(static_cast<size_t>(players_), 0);
  line(tr_->tr("print.game", {{"game", game_number},
                              {"seed", std::to_string(seed)},
                              {"options", options_text(initial.options())}}));
  if (std::ssize(seats) == players_) {
    std::vector<std::string> who;
    for (size_t p = 0; p < seats.size(); ++p)
      who.push_back(
          seats[p].bot.empty()
              ? fmt::format("{} {}", pname(static_cast<int>(p)), seats[p].name)
              : fmt::format("{} {} ({})", pname(static_cast<int>(p)), seats[p].name, seats[p].bot));
    line(tr_->tr("print.players", {{"list", fmt::format("{}", fmt::join(who, ", "))}}));
  }
  std::vector<std::string> names;
  for (int p = 0; p < players_; ++p) names.push_back(pname(p));
  narrator_.emplace(*tr_, std::move(names), players_, std::vector<text::Voice>{},
                    text::Telling::kEverything);
  block("", {tr_->tr("print.cells")});
}

void GamePrinter::begin_round(const State& s) {
  flush_turn();
  round_ = s.round();
  turn_ = 0;
  ender_ = kNoPlayer;
  end_reveals_ = 0;
  scored_.clear();
  in_setup_ = true;
  line("");
  line(tr_->tr("print.round", {{"round", round_ + 1}, {"rounds", rounds_}}));
  line(tr_->tr("print.round_start", {{"first", pname(s.first_player())},
                                     {"dealer", pname(s.dealer())},
                                     {"card", s.discard_pile_card(0)},
                                     {"count", s.draw_pile_size()}}));
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
    case EventType::kTurnStarted:  // told first in the turn's block ("P2’s turn.")
      flush_setup();
      flush_turn();
      turn_player_ = e.player;
      ++turn_;
      break;
    case EventType::kFinalRevealed:
      flush_turn();
      ++end_reveals_;
      return;
    case EventType::kRevealed:
      if (in_setup_) {
        setup_events_.push_back(e);
        return;
      }
      break;
    case EventType::kTurnSkipped:
      flush_turn();
      block(std::string(7, ' '), narrator_->narrate({&e, 1}));
      return;
    case EventType::kRoundScored:  // end_round() prints them with the table
      flush_turn();
      if (scored_.empty() && end_reveals_ > 0)
        line(tr_->tr("narr.all_revealed", {{"count", end_reveals_}}));
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
  // A block per player: "P0 turned up the 10 at P1’s row 1, column 4. P0 turned up ...".
  for (size_t i = 0; i < setup_events_.size();) {
    size_t j = i;
    while (j < setup_events_.size() && setup_events_[j].player == setup_events_[i].player) ++j;
    block(std::string(7, ' '), narrator_->narrate(std::span(setup_events_).subspan(i, j - i)));
    i = j;
  }
  setup_events_.clear();
}

void GamePrinter::flush_turn() {
  if (turn_player_ == kNoPlayer) return;
  // The end of the round gets a line of its own, so that it is seen.
  std::vector<Event> told;
  const Event* ended = nullptr;
  for (const Event& e : turn_events_) {
    if (e.type == EventType::kRoundEnded)
      ended = &e;
    else
      told.push_back(e);
  }
  block(fmt::format("{:>5}. ", turn_), narrator_->narrate(told));
  if (ended != nullptr) {
    ender_ = ended->player;
    block("    -- ", narrator_->narrate({ended, 1}));
  }
  turn_events_.clear();
  turn_player_ = kNoPlayer;
}

void GamePrinter::end_round(const State& s) {
  flush_turn();
  if (static_cast<int>(scored_.size()) != players_) return;  // not scored (yet)
  line("");
  fmt::print(out_, "{}", draw_table(s, ender_, tr_->tr("print.ended")));
  line("");
  auto label = [](const std::string& text) { return fmt::format("  {:<14}", text); };
  std::string head = label(tr_->tr("print.col_round", {{"round", round_ + 1}}));
  std::string display = label(tr_->tr("print.col_display"));
  std::string score = label(tr_->tr("print.col_score"));
  std::string total = label(tr_->tr("print.col_total"));
  std::vector<std::string> notes;
  for (const Event& e : scored_) {
    const int p = e.player;
    totals_half_[static_cast<size_t>(p)] += e.score_half;
    std::string mark = p == ender_ ? (e.penalised ? "!" : "*") : " ";
    head += fmt::format("{:>8} ", pname(p));
    display += fmt::format("{:>8} ", half_points_text(e.display_half));
    score += fmt::format("{:>8}{}", half_points_text(e.score_half), mark);
    total += fmt::format("{:>8} ", half_points_text(totals_half_[static_cast<size_t>(p)]));
    if (p == ender_) notes.push_back(mark + " " + narrator_->ender_sentence(e));
    if (e.empty_display) notes.push_back(narrator_->bonus_sentence(p));
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
    line(tr_->tr("print.not_over",
                 {{"rounds", s.rounds_played()}, {"actions", actions}, {"totals", totals}}));
    return;
  }
  line(tr_->tr("print.game_over",
               {{"rounds", s.rounds_played()}, {"actions", actions}, {"totals", totals}}));
  line(narrator_->winners_sentence(s.winners()));
}

}  // namespace allegra::cli
