#include "engine/action.h"

#include <fmt/format.h>

#include <array>
#include <iterator>

namespace allegra {
namespace {

constexpr std::array<std::string_view, kNumActionTypes> kTypeNames = {
    "reveal", "draw",   "draw-discard", "swap", "discard", "knock", "pass",
    "give",   "refuse", "take",         "put",  "clear",   "leave"};

bool takes_cell(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut;
}

}  // namespace

std::string_view action_type_name(ActionType t) {
  auto i = static_cast<size_t>(t);
  return i < kTypeNames.size() ? kTypeNames[i] : "invalid-action";
}

void append_cell_text(std::string& out, CellId c) {
  if (c >= kMaxCells) {
    fmt::format_to(std::back_inserter(out), "cell#{}", c);
    return;
  }
  // Three characters, written by hand: this runs for every legal action of every frame, and a
  // format call cost more than the rest of the frame's pending list.
  out += static_cast<char>('0' + cell_owner(c));
  out += static_cast<char>('a' + cell_row(c));
  out += static_cast<char>('0' + cell_col(c));
}

std::string cell_to_text(CellId c) {
  std::string out;
  append_cell_text(out, c);
  return out;
}

std::optional<CellId> cell_from_text(std::string_view text, int players) {
  if (text.size() != 3) return std::nullopt;
  int owner = text[0] - '0';
  int row = text[1] - 'a';
  int col = text[2] - '0';
  if (owner < 0 || owner >= players || row < 0 || row >= kRows || col < 0 || col >= kGridCols)
    return std::nullopt;
  return make_cell(owner, row, col);
}

void append_line_text(std::string& out, int id) {
  // Ids that name no line (a row line that would run past the display, or out of range) are
  // written so that line_from_text() cannot mistake them for one, as cell_to_text() does.
  if (id < 0 || id >= kNumLineIds || (!is_col_line(id) && id % kDisplayCols > kDisplayCols - 3)) {
    fmt::format_to(std::back_inserter(out), "line#{}", id);
    return;
  }
  static_assert(kDisplayCols <= 10, "one digit per display column");
  if (is_col_line(id)) {
    out += "col-";
    out += static_cast<char>('0' + (id - kRows * kDisplayCols));
    return;
  }
  out += "row-";
  out += static_cast<char>('a' + id / kDisplayCols);
  out += static_cast<char>('0' + id % kDisplayCols);
}

std::string line_to_text(int id) {
  std::string out;
  append_line_text(out, id);
  return out;
}

std::optional<int> line_from_text(std::string_view text) {
  if (text.size() == 5 && text.substr(0, 4) == "col-") {
    int c = text[4] - '0';
    if (c >= 0 && c < kDisplayCols) return col_line_id(c);
  }
  if (text.size() == 6 && text.substr(0, 4) == "row-") {
    int r = text[4] - 'a';
    int c = text[5] - '0';
    // A row line needs two more display columns after its first card.
    if (r >= 0 && r < kRows && c >= 0 && c <= kDisplayCols - 3) return row_line_id(r, c);
  }
  return std::nullopt;
}

void append_text(std::string& out, Action a) {
  out += action_type_name(a.type);
  if (takes_cell(a.type)) {
    out += ' ';
    append_cell_text(out, a.arg);
  } else if (a.type == ActionType::kGive) {
    out += ' ';
    fmt::format_to(std::back_inserter(out), "{}", a.arg);
  } else if (a.type == ActionType::kClear) {
    out += ' ';
    append_line_text(out, a.arg);
  }
}

std::string to_text(Action a) {
  std::string out;
  append_text(out, a);
  return out;
}

std::optional<Action> action_from_text(std::string_view text, int players, std::string* error) {
  auto fail = [&](std::string why) -> std::optional<Action> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  std::string_view name = text;
  std::string_view arg;
  if (size_t space = text.find(' '); space != std::string_view::npos) {
    name = text.substr(0, space);
    arg = text.substr(space + 1);
  }
  int type = -1;
  for (int i = 0; i < kNumActionTypes; ++i)
    if (kTypeNames[i] == name) type = i;
  if (type < 0) return fail(fmt::format("unknown action '{}'", text));
  auto t = static_cast<ActionType>(type);
  if (takes_cell(t)) {
    auto cell = cell_from_text(arg, players);
    if (!cell)
      return fail(
          fmt::format("action '{}' needs a cell like 0a1 (player, row a-c, column 0-3)", text));
    return Action{t, *cell};
  }
  if (t == ActionType::kGive) {
    if (arg.size() != 1 || arg[0] < '0' || arg[0] - '0' >= players)
      return fail(fmt::format("action '{}' needs a player number 0-{}", text, players - 1));
    return Action::give(arg[0] - '0');
  }
  if (t == ActionType::kClear) {
    auto line = line_from_text(arg);
    if (!line) return fail(fmt::format("action '{}' needs a line like row-b1 or col-0", text));
    return Action::clear(*line);
  }
  if (!arg.empty()) return fail(fmt::format("action '{}' takes no argument", text));
  return Action{t, 0};
}

}  // namespace allegra
