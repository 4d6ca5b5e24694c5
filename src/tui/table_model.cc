#include "tui/table_model.h"

namespace allegra::tui {

TableModel make_model(const PublicView& view, const std::vector<std::string>& names, int viewer) {
  const State& s = view.masked();
  TableModel m;
  m.players = s.players();
  m.viewer = viewer;
  m.names = names;
  m.names.resize(static_cast<size_t>(m.players));
  for (int p = 0; p < m.players; ++p) m.totals_half.push_back(s.total_half(p));
  m.round = s.round();
  m.rounds = s.options().rounds;
  m.phase = s.phase();
  m.current = s.is_chance_node() ? kNoPlayer : s.current_player();  // nobody between rounds
  m.active = s.is_terminal() ? kNoPlayer : s.active_player();
  m.knocker = s.knocker();
  m.knockers = s.knockers();
  m.ender = s.ender();
  for (int c = 0; c < m.players * kGridCells; ++c) {
    const auto id = static_cast<CellId>(c);
    const CellState state = s.cell_state(id);
    m.cells[id] = {state, state == CellState::kFaceUp ? s.cell_value(id) : kHiddenValue};
  }
  m.draw_count = s.draw_pile_size();
  m.discard_top = s.discard_pile_size() > 0 ? s.discard_pile_card(0) : kNoCard;
  m.held = s.held_card();
  m.held_from_discard = s.held_from_discard();
  m.hand = s.hand_card();
  m.taken = s.taken_card();
  return m;
}

void TableModel::apply(const Event& e) {
  switch (e.type) {
    case EventType::kRevealed:
    case EventType::kFinalRevealed:
    case EventType::kSwapped:
    case EventType::kKnockerSwapped:
    case EventType::kPut:
    case EventType::kPutBack:  // each leaves `card` face up at `cell`
      if (e.cell != kNoCell) cells[e.cell] = {CellState::kFaceUp, e.card};
      break;
    case EventType::kTook:  // the hole, until the knocker's put-back
      if (e.cell != kNoCell) cells[e.cell] = {CellState::kEmpty, kHiddenValue};
      break;
    case EventType::kCleared:
      for (CellId c : e.cells)
        if (c != kNoCell) cells[c] = {CellState::kEmpty, kHiddenValue};
      break;
    case EventType::kDiscarded:
      discard_top = e.card;
      break;
    case EventType::kRoundScored:
      totals_half[static_cast<size_t>(e.player)] += e.score_half;
      break;
    default:
      break;
  }
}

}  // namespace allegra::tui
