#include "tui/input_map.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>

#include "text/card_text.h"
#include "text/narrator.h"
#include "tui/canvas.h"
#include "tui/help_text.h"
#include "tui/table_model.h"

namespace allegra::tui {
namespace {

bool is_cell_action(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

}  // namespace

InputMap::InputMap(const PublicView& view, const TableLayout& layout, const text::Translator& tr,
                   const std::vector<std::string>& names, int you)
    : view_(&view), tr_(&tr), names_(names), me_(view.masked().current_player()) {
  const State& s = view.masked();
  const int me = me_;
  auto name = [&](int p) {
    return p >= 0 && p < static_cast<int>(names.size()) ? names[static_cast<size_t>(p)]
                                                        : std::to_string(p);
  };
  std::vector<Target> cells;
  for (Action a : view.legal_actions()) {
    Target t;
    t.action = a;
    switch (a.type) {
      case ActionType::kReveal:
      case ActionType::kSwap:
      case ActionType::kPut: {
        const CellView v{s.cell_state(a.arg), s.cell_value(a.arg)};
        const std::string card =
            v.state == CellState::kFaceUp ? text::card_text(v.value) : tr.tr("card.face_down");
        t.rect = layout.cell_rect(a.arg);
        t.label = tr.tr(a.type == ActionType::kReveal ? "action.reveal"
                        : a.type == ActionType::kSwap ? "action.swap"
                                                      : "action.put",
                        {{"place", text::cell_place(tr, names, you, me, a.arg)}, {"card", card}});
        break;
      }
      case ActionType::kTake: {
        // From the knocker's display: named with its owner ("Bea's row 2, column 4"), or
        // without one if it is the decider's own column 4.
        const bool up = s.cell_state(a.arg) == CellState::kFaceUp;
        t.rect = layout.cell_rect(a.arg);
        t.label = tr.tr("action.take", {{"place", text::cell_place(tr, names, you, me, a.arg)},
                                        {"face", up ? "up" : "down"},
                                        {"card", up ? text::card_text(s.cell_value(a.arg)) : ""}});
        break;
      }
      case ActionType::kDrawPile:
        t.rect = layout.draw_pile_rect();
        t.label = tr.tr("action.draw_pile", {{"count", s.draw_pile_size()}});
        break;
      case ActionType::kDrawDiscard:
        t.rect = layout.discard_rect();
        t.label = tr.tr("action.draw_discard", {{"card", text::card_text(s.discard_pile_card(0))}});
        break;
      case ActionType::kDiscard:
        t.label = tr.tr("action.discard", {{"card", text::card_text(s.held_card())}});
        break;
      case ActionType::kKnock:
        t.label = tr.tr("action.knock", {{"card", text::card_text(s.held_card())}});
        break;
      case ActionType::kPass:
        t.label = tr.tr("action.pass");
        break;
      case ActionType::kGive:
        t.label = tr.tr("action.give", {{"name", name(a.arg)}});
        break;
      case ActionType::kRefuse:
        t.label = tr.tr("action.refuse");
        break;
      case ActionType::kClear:
        t.label =
            tr.tr("action.clear", {{"line", text::line_place(tr, names, you, s.clearer(), a.arg)}});
        break;
      case ActionType::kLeaveLines:
        t.label = tr.tr("action.leave");
        break;
    }
    t.typed = is_cell_action(a.type) ? text::cell_short_form(names, me, a.arg) : to_text(a);
    if (is_cell_action(a.type)) {
      cells.push_back(std::move(t));
    } else {
      t.button = t.rect.w == 0;
      targets_.push_back(std::move(t));
    }
  }
  // Buttons first (digits choose them), laid out in the button row; then the cells.
  int x = 1;
  for (size_t i = 0; i < targets_.size(); ++i) {
    Target& t = targets_[i];
    if (!t.button) continue;
    const int w = text_width(t.label) + 4;  // "[1 label]"
    t.rect = {x, layout.buttons_y(), w, 1};
    x += w + 2;
  }
  const size_t first_cell = targets_.size();
  for (Target& t : cells) targets_.push_back(std::move(t));
  // Where a decision offers cells (swap or discard), the cursor starts on the cells, on the
  // decider's own grid if it can.
  if (first_cell < targets_.size()) {
    cursor_ = static_cast<int>(first_cell);
    for (size_t i = first_cell; i < targets_.size(); ++i) {
      if (cell_owner(targets_[i].action.arg) == me) {
        cursor_ = static_cast<int>(i);
        break;
      }
    }
  }
}

void InputMap::point_at(Action a) {
  for (size_t i = 0; i < targets_.size(); ++i)
    if (targets_[i].action == a) cursor_ = static_cast<int>(i);
}

std::vector<CellId> InputMap::cursor_cells() const {
  if (targets_.empty()) return {};
  const Action a = current().action;
  if (is_cell_action(a.type)) return {a.arg};
  if (a.type != ActionType::kClear) return {};
  LineList lines;
  view_->masked().complete_lines(view_->masked().clearer(), lines);
  for (const Line& l : lines)
    if (l.id == a.arg) return {l.cells.begin(), l.cells.end()};
  return {};
}

void InputMap::move(int dx, int dy) {
  if (targets_.empty()) return;
  const Rect& from = current().rect;
  int best = -1;
  long best_score = LONG_MAX;
  for (size_t i = 0; i < targets_.size(); ++i) {
    if (static_cast<int>(i) == cursor_) continue;
    const Rect& r = targets_[i].rect;
    // Columns are about half as wide as rows are high, and a cell is 4 columns wide.
    const int ddx = r.center_x() - from.center_x();
    const int ddy = (r.center_y() - from.center_y()) * 3;
    const int along = dx != 0 ? ddx * dx : ddy * dy;
    const int across = dx != 0 ? std::abs(ddy) : std::abs(ddx);
    if (along <= 0) continue;
    const long score = along + 3L * across;
    if (score < best_score) best_score = score, best = static_cast<int>(i);
  }
  if (best >= 0) cursor_ = best;
}

Command InputMap::press(Key key) {
  const int n = static_cast<int>(targets_.size());
  switch (key) {
    case Key::kUp:
      move(0, -1);
      break;
    case Key::kDown:
      move(0, 1);
      break;
    case Key::kLeft:
      move(-1, 0);
      break;
    case Key::kRight:
      move(1, 0);
      break;
    case Key::kNext:
      if (n > 0) cursor_ = (cursor_ + 1) % n;
      break;
    case Key::kPrev:
      if (n > 0) cursor_ = (cursor_ + n - 1) % n;
      break;
    case Key::kEnter:
      if (n > 0) return {Command::Kind::kChoose, current().action};
      break;
    case Key::kHint:
      return {Command::Kind::kHint, {}};
    case Key::kQuit:
      return {Command::Kind::kQuit, {}};
    case Key::kType:
      return {Command::Kind::kType, {}};
    case Key::kHelp:
    case Key::kPageUp:
    case Key::kPageDown:
    case Key::kEnd:
    case Key::kFaster:
    case Key::kSlower:
    case Key::kPauseBots:
    case Key::kNone:
      break;
  }
  return {};
}

Command InputMap::press_digit(int d) {
  if (d < 1 || d > static_cast<int>(targets_.size())) return {};
  cursor_ = d - 1;
  return {Command::Kind::kChoose, current().action};
}

std::optional<Action> InputMap::parse(std::string_view text, std::string* error) const {
  auto fail = [&](std::string message) -> std::optional<Action> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  text = trim(text);
  if (text.empty()) return fail(tr_->tr("input.empty", {{"other", example_name(names_, me_)}}));
  const int n = view_->players();
  if (std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(c) != 0; })) {
    const int k = text.size() > 3 ? 0 : std::atoi(std::string(text).c_str());
    if (k >= 1 && k <= static_cast<int>(targets_.size()))
      return targets_[static_cast<size_t>(k - 1)].action;
    return fail(tr_->tr("input.no_number", {{"max", targets_.size()}}));
  }
  auto legal = [&](Action a) {
    return std::any_of(targets_.begin(), targets_.end(),
                       [&](const Target& t) { return t.action == a; });
  };
  std::vector<CellId> offered;
  for (const Target& t : targets_)
    if (is_cell_action(t.action.type)) offered.push_back(t.action.arg);
  if (auto c =
          text::cell_from_short_form(text, names_, view_->masked().current_player(), offered)) {
    for (const Target& t : targets_)
      if (is_cell_action(t.action.type) && t.action.arg == *c) return t.action;
  }
  if (auto a = action_from_text(text, n)) {
    if (legal(*a)) return a;
    // What is being decided, said to the person typing (not the engine's English reason).
    std::vector<text::Voice> voices(static_cast<size_t>(n), text::Voice::kBot);
    const int me = view_->masked().current_player();
    if (me >= 0 && me < n) voices[static_cast<size_t>(me)] = text::Voice::kYou;
    const text::Narrator narrator(*tr_, names_, n, voices);
    return fail(tr_->tr("input.illegal",
                        {{"text", std::string(text)}, {"decision", narrator.decision(*view_)}}));
  }
  if (auto c = cell_from_text(text, n)) {
    for (const Target& t : targets_)
      if (is_cell_action(t.action.type) && t.action.arg == *c) return t.action;
    return fail(tr_->tr("input.cell_not_offered", {{"text", std::string(text)}}));
  }
  return fail(tr_->tr("input.unknown",
                      {{"text", std::string(text)}, {"other", example_name(names_, me_)}}));
}

}  // namespace allegra::tui
