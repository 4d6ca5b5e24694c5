#include "engine/conformance/invariants.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <exception>
#include <optional>
#include <typeinfo>
#include <utility>

#include "engine/diagram.h"
#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/serialize.h"

namespace allegra::conformance {
namespace {

// Builds "what: detail" messages; the first failing check of a function returns it.
#define ALLEGRA_CHECK(cond, ...)                                                \
  do {                                                                          \
    if (!(cond)) return fmt::format("{}: {}", #cond, fmt::format(__VA_ARGS__)); \
  } while (0)

std::string action_list_text(const ActionList& list) {
  std::string out;
  for (Action a : list) out += (out.empty() ? "" : ", ") + allegra::to_text(a);
  return "[" + out + "]";
}

std::string action_list_text(const std::vector<Action>& list) {
  std::string out;
  for (Action a : list) out += (out.empty() ? "" : ", ") + allegra::to_text(a);
  return "[" + out + "]";
}

bool contains(const ActionList& list, Action a) {
  return std::find(list.begin(), list.end(), a) != list.end();
}

ActionList sorted(ActionList v) {
  std::sort(v.begin(), v.end(), [](Action x, Action y) { return x.code() < y.code(); });
  return v;
}

bool takes_cell(ActionType t) {
  return t == ActionType::kReveal || t == ActionType::kSwap || t == ActionType::kTake ||
         t == ActionType::kPut;
}

int table_cells(const State& s) { return s.players() * kGridCells; }

bool in_display_of(const State& s, int p, CellId c) {
  return c < table_cells(s) && display_index(p, s.players(), c) >= 0;
}

// A snapshot of the cells (states and values), so that the reference rules below read each
// cell once per check instead of asking the engine again and again.
struct Table {
  int n;
  CellId hole;
  std::array<CellState, kMaxCells> st{};
  std::array<int8_t, kMaxCells> val{};

  explicit Table(const State& s) : n(s.players()), hole(s.hole()) {
    for (int c = 0; c < n * kGridCells; ++c) {
      st[c] = s.cell_state(static_cast<CellId>(c));
      val[c] = s.cell_value(static_cast<CellId>(c));
    }
  }
  int total_face_down() const {
    int k = 0;
    for (int c = 0; c < n * kGridCells; ++c) k += st[c] == CellState::kFaceDown;
    return k;
  }
  int face_down(int p) const {
    int k = 0;
    for (int d = 0; d < kDisplayCells; ++d) k += st[display_cell(p, n, d)] == CellState::kFaceDown;
    return k;
  }
  int card_count(int p) const {
    int k = 0;
    for (int d = 0; d < kDisplayCells; ++d) k += st[display_cell(p, n, d)] != CellState::kEmpty;
    return k;
  }
  bool may_knock(const State& s, int p) const {
    return card_count(p) > 3 && face_down(p) > 0 && !s.had_final_turn(p);
  }
  // R3 from the rules text: rows skip cleared gaps, a face-down card or the knock hole blocks;
  // columns need three face-up equal cards.
  LineIds lines(int p) const {
    constexpr int kBlock = 1000;  // face down, or the knock hole
    constexpr int kGap = 1001;    // cleared
    std::array<int, kDisplayCells> code{};
    for (int d = 0; d < kDisplayCells; ++d) {
      CellId c = display_cell(p, n, d);
      if (c == hole || st[c] == CellState::kFaceDown)
        code[d] = kBlock;
      else if (st[c] == CellState::kEmpty)
        code[d] = kGap;
      else
        code[d] = val[c];
    }
    LineIds out;
    for (int r = 0; r < kRows; ++r) {
      std::array<int, kDisplayCols> seq{};
      int len = 0;
      for (int dc = 0; dc < kDisplayCols; ++dc)
        if (code[r * kDisplayCols + dc] != kGap) seq[len++] = dc;
      for (int i = 0; i + 2 < len; ++i) {
        int a = code[r * kDisplayCols + seq[i]];
        if (a != kBlock && a == code[r * kDisplayCols + seq[i + 1]] &&
            a == code[r * kDisplayCols + seq[i + 2]])
          out.push_back(row_line_id(r, seq[i]));
      }
    }
    for (int dc = 0; dc < kDisplayCols; ++dc) {
      int a = code[dc];
      if (a < kBlock && a == code[kDisplayCols + dc] && a == code[2 * kDisplayCols + dc])
        out.push_back(col_line_id(dc));
    }
    return out;
  }
};

int count_events(const EventList& events, EventType t) {
  return static_cast<int>(
      std::count_if(events.begin(), events.end(), [t](const Event& e) { return e.type == t; }));
}

}  // namespace

// ------------------------------------------------------------------------------------------
// Card multisets

int CardCounts::total() const {
  int t = bad;
  for (int c : count) t += c;
  return t;
}

std::string to_text(const CardCounts& c) {
  std::string out = "{";
  for (int v = 0; v < kNumValues; ++v)
    if (c.count[v])
      out += fmt::format("{}{}x{}", out.size() > 1 ? " " : "", c.count[v], v + kMinValue);
  if (c.bad) out += fmt::format(" +{} out-of-range", c.bad);
  return out + "}";
}

CardCounts deck_of(const RuleOptions& o) {
  CardCounts c;
  DeckCounts d = o.effective_deck();
  for (int v = 0; v < kNumValues; ++v) c.count[v] = d[v];
  return c;
}

CardCounts all_cards(const State& s) {
  CardCounts c;
  for (int i = 0; i < table_cells(s); ++i) {
    auto cell = static_cast<CellId>(i);
    if (s.cell_state(cell) != CellState::kEmpty) c.add(s.cell_value(cell));
  }
  for (int i = 0; i < s.draw_pile_size(); ++i) c.add(s.draw_pile_card(i));
  for (int i = 0; i < s.discard_pile_size(); ++i) c.add(s.discard_pile_card(i));
  for (int8_t v : {s.held_card(), s.hand_card(), s.taken_card(), s.pending_discard()})
    if (v != kNoCard) c.add(v);
  return c;
}

CardCounts hidden_cards(const State& s) {
  CardCounts c;
  for (int i = 0; i < table_cells(s); ++i) {
    auto cell = static_cast<CellId>(i);
    if (s.cell_state(cell) == CellState::kFaceDown) c.add(s.cell_value(cell));
  }
  for (int i = 0; i < s.draw_pile_size(); ++i) c.add(s.draw_pile_card(i));
  if (s.hand_card() != kNoCard && !s.hand_card_known()) c.add(s.hand_card());
  if (s.taken_card() != kNoCard && !s.taken_card_known()) c.add(s.taken_card());
  return c;
}

CardCounts unseen_cards(const State& s) {
  CardCounts c = deck_of(s.options());
  auto see = [&](int8_t v) {
    if (v >= kMinValue && v <= kMaxValue)
      --c.count[v - kMinValue];
    else
      ++c.bad;  // a visible card must have a value
  };
  for (int i = 0; i < table_cells(s); ++i) {
    auto cell = static_cast<CellId>(i);
    if (s.cell_state(cell) == CellState::kFaceUp) see(s.cell_value(cell));
  }
  for (int i = 0; i < s.discard_pile_size(); ++i) see(s.discard_pile_card(i));
  if (s.held_card() != kNoCard) see(s.held_card());
  if (s.pending_discard() != kNoCard) see(s.pending_discard());
  if (s.hand_card() != kNoCard && s.hand_card_known()) see(s.hand_card());
  if (s.taken_card() != kNoCard && s.taken_card_known()) see(s.taken_card());
  for (int v = 0; v < kNumValues; ++v)
    if (c.count[v] < 0) ++c.bad;
  return c;
}

std::string describe_options(const RuleOptions& o) {
  std::string deck;
  for (uint8_t k : o.deck_counts) deck += fmt::format("{}{}", deck.empty() ? "" : ",", k);
  return fmt::format(
      "players={} rounds={} point_limit={} knocking={} optional_clearing={} "
      "discard_draw_may_discard={} small_game_removal={} deck_counts={{{}}} (effective {} cards)",
      o.players, o.rounds, o.point_limit, o.knocking, o.optional_clearing,
      o.discard_draw_may_discard, o.small_game_removal, deck, o.deck_size());
}

std::string describe_state(const State& s) {
  std::string out = fmt::format(
      "phase={} current={} active={} round={} rounds_played={} ender={} knocker={} clearer={} "
      "held={} hand={}{} taken={}{} pending={} hole={} draw={} discard={}\n",
      phase_name(s.phase()), s.current_player(), s.active_player(), s.round(), s.rounds_played(),
      s.ender(), s.knocker(), s.clearer(), s.held_card(), s.hand_card(),
      s.hand_card_known() ? "(known)" : "", s.taken_card(), s.taken_card_known() ? "(known)" : "",
      s.pending_discard(), s.hole(), s.draw_pile_size(), s.discard_pile_size());
  try {
    out += diagram_of(s);
  } catch (const std::exception& e) {
    out += fmt::format("(diagram_of threw: {})", e.what());
  }
  return out;
}

// ------------------------------------------------------------------------------------------
// Reference rules

int reference_face_down(const State& s, int p) { return Table(s).face_down(p); }
int reference_card_count(const State& s, int p) { return Table(s).card_count(p); }
LineIds reference_lines(const State& s, int p) { return Table(s).lines(p); }

// ------------------------------------------------------------------------------------------
// Per-state checks

std::string check_cards(const State& s) {
  CardCounts have = all_cards(s);
  CardCounts deck = deck_of(s.options());
  ALLEGRA_CHECK(have == deck, "the cards in play {} ({} cards) differ from the deck {} ({} cards)",
                to_text(have), have.total(), to_text(deck), deck.total());
  return {};
}

std::string check_structure(const State& s) {
  const int n = s.players();
  const RuleOptions& o = s.options();
  const Phase ph = s.phase();
  const Table t(s);
  ALLEGRA_CHECK(!o.validate(), "options no longer validate");
  ALLEGRA_CHECK(s.is_terminal() == (ph == Phase::kGameOver), "");
  const int cur = s.current_player();
  if (s.is_terminal()) {
    ALLEGRA_CHECK(cur == kNoPlayer, "current player {} after the end", cur);
    ALLEGRA_CHECK(t.total_face_down() == 0, "face-down cards at the end");
  } else {
    ALLEGRA_CHECK(cur >= 0 && cur < n, "current player {} with {} players", cur, n);
  }
  ALLEGRA_CHECK(s.first_player() == s.round() % n, "first player {} in round {}", s.first_player(),
                s.round());
  ALLEGRA_CHECK(s.dealer() == right_of(s.first_player(), n), "");
  ALLEGRA_CHECK(s.rounds_played() == s.round() + (s.is_terminal() ? 1 : 0),
                "rounds_played {} in round {}", s.rounds_played(), s.round());
  ALLEGRA_CHECK(s.draw_pile_size() + s.discard_pile_size() <= o.deck_size(), "");
  for (int c = 0; c < table_cells(s); ++c) {
    auto cell = static_cast<CellId>(c);
    if (s.cell_state(cell) == CellState::kEmpty) continue;
    int8_t v = s.cell_value(cell);
    ALLEGRA_CHECK(v >= kMinValue && v <= kMaxValue, "cell {} holds {}", cell_to_text(cell), v);
  }
  // Display queries against counts from cell states; engine lines against the reference.
  for (int p = 0; p < n; ++p) {
    ALLEGRA_CHECK(s.face_down_count(p) == t.face_down(p), "player {}: {} vs {}", p,
                  s.face_down_count(p), t.face_down(p));
    ALLEGRA_CHECK(s.card_count(p) == t.card_count(p), "player {}: {} vs {}", p, s.card_count(p),
                  t.card_count(p));
    ALLEGRA_CHECK(s.may_knock(p) == t.may_knock(s, p), "player {}", p);
    LineList lines;
    s.complete_lines(p, lines);
    LineIds ids;
    for (const Line& l : lines) {
      ids.push_back(l.id);
      for (int k = 0; k < 3; ++k) {
        CellId c = l.cells[k];
        bool is_row = !is_col_line(l.id);
        ALLEGRA_CHECK(
            in_display_of(s, p, c) && s.cell_state(c) == CellState::kFaceUp &&
                s.cell_value(c) == s.cell_value(l.cells[0]) &&
                (is_row ? cell_row(c) == l.id / kDisplayCols
                        : display_index(p, n, c) % kDisplayCols == l.id - kRows * kDisplayCols),
            "player {} line {} cell {}", p, line_to_text(l.id), cell_to_text(c));
      }
    }
    LineIds ref = t.lines(p);
    ALLEGRA_CHECK(std::equal(ids.begin(), ids.end(), ref.begin(), ref.end()),
                  "player {}: complete_lines {} but the rules give {}", p, fmt::join(ids, ","),
                  fmt::join(ref, ","));
  }
  // The held card exists exactly while a drawn card waits for its fate.
  bool holding = ph == Phase::kKnockWindow || ph == Phase::kChooseKnocker ||
                 ph == Phase::kHoldDrawn || ph == Phase::kKnockerSwap;
  ALLEGRA_CHECK((s.held_card() != kNoCard) == holding, "held card {} in phase {}", s.held_card(),
                phase_name(ph));
  ALLEGRA_CHECK((s.taken_card() != kNoCard) == (ph == Phase::kPut), "taken card {} in phase {}",
                s.taken_card(), phase_name(ph));
  if (s.hand_card() != kNoCard)
    ALLEGRA_CHECK(ph == Phase::kTake || ph == Phase::kPut || ph == Phase::kChooseLine,
                  "hand card in phase {}", phase_name(ph));
  if (ph == Phase::kTake || ph == Phase::kPut)
    ALLEGRA_CHECK(s.hand_card() != kNoCard, "no hand card in phase {}", phase_name(ph));
  if (s.pending_discard() != kNoCard) {
    ALLEGRA_CHECK(ph == Phase::kChooseLine, "pending discard in phase {}", phase_name(ph));
    ALLEGRA_CHECK(s.pending_discard_from() != kNoCell, "");
  } else {
    ALLEGRA_CHECK(s.pending_discard_from() == kNoCell, "");
  }
  if (s.hole() != kNoCell) {
    ALLEGRA_CHECK(ph == Phase::kPut || ph == Phase::kChooseLine, "hole in phase {}",
                  phase_name(ph));
    ALLEGRA_CHECK(s.cell_state(s.hole()) == CellState::kEmpty, "the hole {} is not empty",
                  cell_to_text(s.hole()));
    ALLEGRA_CHECK(s.knocker() >= 0 && in_display_of(s, s.knocker(), s.hole()),
                  "the hole {} is not in knocker {}'s display", cell_to_text(s.hole()),
                  s.knocker());
  } else {
    ALLEGRA_CHECK(ph != Phase::kPut, "no hole in phase put");
  }
  if (ph == Phase::kKnockerSwap || ph == Phase::kTake || ph == Phase::kPut) {
    int k = s.knocker();
    ALLEGRA_CHECK(k >= 0 && k < n && k != s.active_player() && (s.knockers() >> k & 1),
                  "knocker {} active {} knockers {:#x}", k, s.active_player(), s.knockers());
  }
  const uint8_t all = static_cast<uint8_t>((1u << n) - 1);
  ALLEGRA_CHECK((s.knock_pending() & ~all) == 0 && (s.knockers() & ~all) == 0, "");
  ALLEGRA_CHECK((s.knock_pending() & s.knockers()) == 0, "");
  if (ph == Phase::kKnockWindow) {
    ALLEGRA_CHECK(o.knocking_in_effect(), "a knock window without knocking in effect");
    ALLEGRA_CHECK(s.knock_pending() != 0 && !(s.knock_pending() >> s.active_player() & 1), "");
    // The simultaneous node: every eligible player but the active one answers; the answers
    // given so far (knockers) are among the window's seats that are no longer pending.
    ALLEGRA_CHECK(s.is_simultaneous_node() && s.deciding_players() == s.knock_pending(), "");
    unsigned eligible = 0;
    for (int q = 0; q < n; ++q)
      if (q != s.active_player() && s.may_knock(q)) eligible |= 1u << q;
    ALLEGRA_CHECK(unsigned{s.knock_window_seats()} == eligible, "window {:#x}, eligible {:#x}",
                  s.knock_window_seats(), eligible);
    ALLEGRA_CHECK((s.knock_pending() & ~eligible) == 0, "");
    ALLEGRA_CHECK((s.knockers() & ~(eligible & ~unsigned{s.knock_pending()})) == 0, "");
    ALLEGRA_CHECK(s.knock_pending() >> cur & 1, "current player {} is not pending", cur);
    // Read as turns, the node asks clockwise from the active player's left.
    for (int q = left_of(s.active_player(), n); q != cur; q = left_of(q, n))
      ALLEGRA_CHECK(!(s.knock_pending() >> q & 1), "player {} is skipped in the window", q);
    int place = 0;
    for (int q = left_of(s.active_player(), n); q != s.active_player(); q = left_of(q, n)) {
      ALLEGRA_CHECK(s.knock_order(q) == ((eligible >> q & 1) ? place : -1), "player {}", q);
      place += eligible >> q & 1;
      const ActionList legal = s.legal_actions(q);
      ALLEGRA_CHECK(legal.size() == ((s.knock_pending() >> q & 1) ? 2u : 0u), "player {}", q);
    }
    ALLEGRA_CHECK(!s.held_from_discard(), "a knock for a card from the discard pile");
  } else {
    ALLEGRA_CHECK(s.knock_pending() == 0, "pending knocks in phase {}", phase_name(ph));
    ALLEGRA_CHECK(!s.is_simultaneous_node() && s.knock_window_seats() == 0, "");
    const bool nobody = ph == Phase::kRoundOver || ph == Phase::kGameOver;
    ALLEGRA_CHECK(unsigned{s.deciding_players()} == (nobody ? 0u : 1u << cur), "");
    for (int q = 0; q < n; ++q)
      ALLEGRA_CHECK(s.legal_actions(q) == (q == cur ? s.legal_actions() : ActionList{}),
                    "player {}", q);
  }
  if (ph == Phase::kChooseKnocker) ALLEGRA_CHECK(s.knockers() != 0, "");
  if (ph == Phase::kChooseLine) {
    int c = s.clearer();
    ALLEGRA_CHECK(c >= 0 && c < n, "clearer {}", c);
    size_t lines = t.lines(c).size();
    ALLEGRA_CHECK(lines >= (o.optional_clearing ? 1u : 2u),
                  "a line choice with {} lines, optional clearing {}", lines, o.optional_clearing);
  } else {
    ALLEGRA_CHECK(s.clearer() == kNoPlayer, "clearer {} in phase {}", s.clearer(), phase_name(ph));
  }
  if (ph == Phase::kSetupReveal) {
    ALLEGRA_CHECK(s.setup_reveals_left() == 1 || s.setup_reveals_left() == 2, "");
    ALLEGRA_CHECK(s.ender() == kNoPlayer, "");
    // R11: two reveals each, clockwise from the first player; nothing else happened yet.
    int up = 0;
    for (int c = 0; c < n * kGridCells; ++c) up += t.st[c] == CellState::kFaceUp;
    const int done = up - (2 - s.setup_reveals_left());
    ALLEGRA_CHECK(done >= 0 && done % 2 == 0 && done / 2 < n, "{} face-up cards in setup", up);
    ALLEGRA_CHECK(s.active_player() == (s.first_player() + done / 2) % n,
                  "setup player {} after {} players revealed", s.active_player(), done / 2);
    ALLEGRA_CHECK(s.discard_pile_size() == 1, "");
  }
  if (ph == Phase::kChooseDraw) {
    ALLEGRA_CHECK(s.discard_pile_size() >= 1, "an empty discard pile at a draw");
    ALLEGRA_CHECK(s.draw_pile_size() > 0 || s.discard_pile_size() >= 1, "");
    ALLEGRA_CHECK(t.face_down(s.active_player()) > 0,
                  "player {} has a turn without a face-down card", s.active_player());
    ALLEGRA_CHECK(s.hole() == kNoCell && s.knocker() == kNoPlayer && s.knockers() == 0, "");
  }
  if (ph == Phase::kRevealAfterDiscard) ALLEGRA_CHECK(t.face_down(s.active_player()) > 0, "");
  if (!s.is_terminal() && ph != Phase::kSetupReveal) {
    // R8: once a display has no face-down card the round has been ended. R8a: not between a
    // knock's take and the knocker's put-back (a display holding the hole is not complete, and
    // the others wait for the end of step 2 or the put-back).
    if (s.ender() == kNoPlayer && s.hole() == kNoCell) {
      for (int p = 0; p < n; ++p)
        ALLEGRA_CHECK(t.face_down(p) > 0, "player {} has no face-down card, no ender", p);
    } else if (s.ender() != kNoPlayer) {
      ALLEGRA_CHECK(s.ender() < n && t.face_down(s.ender()) == 0, "ender {}", s.ender());
    }
  }
  return {};
}

std::string check_legal_actions(const State& s, const ActionList& legal) {
  const int n = s.players();
  if (s.is_terminal()) {
    ALLEGRA_CHECK(legal.empty(), "legal actions after the end: {}", action_list_text(legal));
    return {};
  }
  ALLEGRA_CHECK(!legal.empty(), "no legal action in phase {}", phase_name(s.phase()));
  for (size_t i = 0; i < legal.size(); ++i) {
    for (size_t j = i + 1; j < legal.size(); ++j)
      ALLEGRA_CHECK(!(legal[i] == legal[j]), "duplicate {}", allegra::to_text(legal[i]));
    ALLEGRA_CHECK(s.is_legal(legal[i]), "listed {} is not is_legal: {}", allegra::to_text(legal[i]),
                  s.why_illegal(legal[i]));
    ALLEGRA_CHECK(s.why_illegal(legal[i]).empty(), "listed {}: {}", allegra::to_text(legal[i]),
                  s.why_illegal(legal[i]));
  }
  // The list the rules give for the phase.
  ActionList want;
  const Table t(s);
  const int act = s.active_player();
  auto cells = [&](int p, bool down_only, ActionType type) {
    for (int d = 0; d < kDisplayCells; ++d) {
      CellId c = display_cell(p, n, d);
      CellState cs = t.st[c];
      if (cs == CellState::kFaceDown || (!down_only && cs == CellState::kFaceUp))
        want.push_back({type, c});
    }
  };
  switch (s.phase()) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard:
      cells(act, true, ActionType::kReveal);
      break;
    case Phase::kChooseDraw:
      if (s.draw_pile_size() > 0 || s.discard_pile_size() > 1) want.push_back(Action::draw_pile());
      want.push_back(Action::draw_discard());
      break;
    case Phase::kKnockWindow:
      want.push_back(Action::knock());
      want.push_back(Action::pass());
      break;
    case Phase::kChooseKnocker:
      for (int q = 0; q < n; ++q)
        if (s.knockers() >> q & 1) want.push_back(Action::give(q));
      want.push_back(Action::refuse());
      break;
    case Phase::kHoldDrawn:
      cells(act, false, ActionType::kSwap);
      if ((!s.held_from_discard() || s.options().discard_draw_may_discard) && t.face_down(act) > 0)
        want.push_back(Action::discard());
      break;
    case Phase::kKnockerSwap:
      cells(s.knocker(), false, ActionType::kSwap);
      break;
    case Phase::kTake:
      for (int d = 0; d < kDisplayCells; ++d) {
        CellId c = display_cell(s.knocker(), n, d);
        if (t.st[c] == CellState::kEmpty) continue;
        int others = t.card_count(act) - (in_display_of(s, act, c) ? 1 : 0);
        if (others > 0) want.push_back(Action::take(c));
      }
      break;
    case Phase::kPut:
      cells(act, false, ActionType::kPut);
      break;
    case Phase::kChooseLine:
      for (int id : t.lines(s.clearer())) want.push_back(Action::clear(id));
      if (s.options().optional_clearing) want.push_back(Action::leave_lines());
      break;
    case Phase::kRoundOver:  // chance: the deal is next, nobody acts
    case Phase::kGameOver:
      break;
  }
  ALLEGRA_CHECK(sorted(legal) == sorted(want), "phase {}: engine lists {}, the rules give {}",
                phase_name(s.phase()), action_list_text(legal), action_list_text(want));
  return {};
}

std::string check_legality_exhaustive(const State& s, const ActionList& legal,
                                      bool argless_nonzero) {
  const int n = s.players();
  for (int t = 0; t < kNumActionTypes; ++t) {
    auto type = static_cast<ActionType>(t);
    std::vector<int> args;
    if (takes_cell(type)) {
      for (int c = 0; c <= kMaxCells; ++c) args.push_back(c);
      args.push_back(kNoCell);
    } else if (type == ActionType::kGive) {
      for (int q = 0; q <= kMaxPlayers; ++q) args.push_back(q);
      args.push_back(255);
    } else if (type == ActionType::kClear) {
      for (int id = 0; id <= kNumLineIds; ++id) args.push_back(id);
      args.push_back(255);
    } else {
      args.push_back(0);
      if (argless_nonzero) {
        args.push_back(1);
        args.push_back(n);
        args.push_back(255);
      }
    }
    for (int arg : args) {
      Action a{type, static_cast<uint8_t>(arg)};
      bool listed = contains(legal, a);
      ALLEGRA_CHECK(s.is_legal(a) == listed, "{{type {}, arg {}}} ({}): is_legal {} but listed {}",
                    t, arg, allegra::to_text(a), s.is_legal(a), listed);
      // why_illegal formats a message for an illegal action: check it on the first arguments.
      if (listed || arg < 2)
        ALLEGRA_CHECK(s.why_illegal(a).empty() == listed, "{{type {}, arg {}}}: why_illegal '{}'",
                      t, arg, s.why_illegal(a));
    }
  }
  return {};
}

std::string check_illegal_probes(const State& s, const ActionList& legal, Rng& rng, int probes,
                                 int applied) {
  const int n = s.players();
  for (int tries = 0, done = 0; done < probes && tries < 20 * probes; ++tries) {
    auto type = static_cast<ActionType>(rng.below(kNumActionTypes));
    uint8_t arg = 0;
    if (takes_cell(type)) {
      switch (rng.below(4)) {
        case 0:
          arg = static_cast<uint8_t>(rng.below(static_cast<uint32_t>(n * kGridCells)));
          break;
        case 1:  // a cell some legal action names, under another type maybe
          arg = legal.empty() ? 0 : legal[rng.below(static_cast<uint32_t>(legal.size()))].arg;
          break;
        case 2:
          arg = static_cast<uint8_t>(
              n * kGridCells + rng.below(static_cast<uint32_t>(kMaxCells + 1 - n * kGridCells)));
          break;
        default:
          arg = static_cast<uint8_t>(rng.below(256));
          break;
      }
    } else if (type == ActionType::kGive) {
      arg = rng.below(4) == 0 ? static_cast<uint8_t>(rng.below(256))
                              : static_cast<uint8_t>(rng.below(static_cast<uint32_t>(n + 1)));
    } else if (type == ActionType::kClear) {
      arg = rng.below(4) == 0 ? static_cast<uint8_t>(rng.below(256))
                              : static_cast<uint8_t>(rng.below(kNumLineIds));
    }
    Action a{type, arg};
    if (contains(legal, a)) continue;
    ALLEGRA_CHECK(!s.is_legal(a), "unlisted {{type {}, arg {}}} ({}) is_legal",
                  static_cast<int>(type), arg, allegra::to_text(a));
    if (done++ >= applied) continue;
    ALLEGRA_CHECK(!s.why_illegal(a).empty(), "unlisted {}", allegra::to_text(a));
    State copy = s;
    EventList events;
    events.push_back({.type = EventType::kGameOver, .winners = 0xA5});
    try {
      copy.apply(a, &events);
      return fmt::format("apply({}) of an unlisted action did not throw", allegra::to_text(a));
    } catch (const IllegalAction& e) {
      ALLEGRA_CHECK(std::string(e.what()).size() > 0, "IllegalAction without a message");
    } catch (const std::exception& e) {
      return fmt::format("apply({}) threw a {} instead of IllegalAction: {}", allegra::to_text(a),
                         typeid(e).name(), e.what());
    }
    ALLEGRA_CHECK(copy == s, "a rejected {} changed the state", allegra::to_text(a));
    ALLEGRA_CHECK(events.size() == 1 && events[0].winners == 0xA5, "a rejected {} appended events",
                  allegra::to_text(a));
  }
  return {};
}

std::string check_public_view(const State& s, const ActionList& legal) {
  const PublicView view = s.public_view();
  const State& m = view.masked();
  ALLEGRA_CHECK(m.options() == s.options() && view.options() == s.options(), "");
  ALLEGRA_CHECK(view.players() == s.players() && view.phase() == s.phase() &&
                    view.current_player() == s.current_player(),
                "");
  ALLEGRA_CHECK(m.round() == s.round() && m.rounds_played() == s.rounds_played() &&
                    m.first_player() == s.first_player() &&
                    m.active_player() == s.active_player() && m.knocker() == s.knocker() &&
                    m.clearer() == s.clearer() && m.ender() == s.ender() &&
                    m.setup_reveals_left() == s.setup_reveals_left() &&
                    m.knock_pending() == s.knock_pending() &&
                    m.knockers() == (s.is_simultaneous_node() ? 0 : s.knockers()) &&
                    m.hole() == s.hole() && m.last_round() == s.last_round(),
                "the view differs in public progress fields");
  for (int p = 0; p < s.players(); ++p) {
    ALLEGRA_CHECK(m.total_half(p) == s.total_half(p), "player {}", p);
    ALLEGRA_CHECK(m.had_final_turn(p) == s.had_final_turn(p), "player {}", p);
  }
  for (int c = 0; c < table_cells(s); ++c) {
    auto cell = static_cast<CellId>(c);
    CellState cs = s.cell_state(cell);
    ALLEGRA_CHECK(m.cell_state(cell) == cs, "cell {}", cell_to_text(cell));
    if (cs == CellState::kFaceDown)
      ALLEGRA_CHECK(m.cell_value(cell) == kHiddenValue, "face-down cell {} shows {}",
                    cell_to_text(cell), m.cell_value(cell));
    if (cs == CellState::kFaceUp)
      ALLEGRA_CHECK(m.cell_value(cell) == s.cell_value(cell), "face-up cell {}",
                    cell_to_text(cell));
  }
  ALLEGRA_CHECK(m.draw_pile_size() == s.draw_pile_size(), "");
  for (int i = 0; i < m.draw_pile_size(); ++i)
    ALLEGRA_CHECK(m.draw_pile_card(i) == kHiddenValue, "draw pile card {} shows {}", i,
                  m.draw_pile_card(i));
  ALLEGRA_CHECK(m.discard_pile_size() == s.discard_pile_size(), "");
  for (int i = 0; i < m.discard_pile_size(); ++i)
    ALLEGRA_CHECK(m.discard_pile_card(i) == s.discard_pile_card(i), "discard pile card {}", i);
  ALLEGRA_CHECK(m.held_card() == s.held_card() && m.held_from_discard() == s.held_from_discard(),
                "");
  ALLEGRA_CHECK(m.pending_discard() == s.pending_discard() &&
                    m.pending_discard_from() == s.pending_discard_from(),
                "");
  auto masked_value = [](int8_t v, bool known) {
    return v == kNoCard ? kNoCard : (known ? v : kHiddenValue);
  };
  ALLEGRA_CHECK(m.hand_card() == masked_value(s.hand_card(), s.hand_card_known()),
                "hand card {} (known {}) shows as {}", s.hand_card(), s.hand_card_known(),
                m.hand_card());
  ALLEGRA_CHECK(m.taken_card() == masked_value(s.taken_card(), s.taken_card_known()),
                "taken card {} (known {}) shows as {}", s.taken_card(), s.taken_card_known(),
                m.taken_card());
  ActionList vl = view.legal_actions();
  ALLEGRA_CHECK(std::equal(vl.begin(), vl.end(), legal.begin(), legal.end()),
                "view lists {}, the state {}", action_list_text(vl), action_list_text(legal));
  return {};
}

std::string check_resample(const State& s, const ActionList& legal, Rng& rng, int playout_steps) {
  Rng twin = rng;
  State r = s.resample(rng);
  State r2 = s.resample(twin);
  ALLEGRA_CHECK(r == r2, "resample with equal Rngs differs");
  const PublicView view = s.public_view();
  ALLEGRA_CHECK(r.public_view() == view, "the resample's public view differs");
  ALLEGRA_CHECK(PublicView(view.masked()) == view, "the view of the view differs");
  ALLEGRA_CHECK(unseen_cards(view.masked()) == unseen_cards(s), "");
  if (auto e = check_cards(r); !e.empty()) return "resample: " + e;
  CardCounts hidden = hidden_cards(r), unseen = unseen_cards(s);
  ALLEGRA_CHECK(hidden == unseen, "resample hides {}, but the unseen cards are {}", to_text(hidden),
                to_text(unseen));
  ALLEGRA_CHECK(hidden_cards(s) == unseen, "");
  if (auto e = check_structure(r); !e.empty()) return "resample: " + e;
  ActionList rl = r.legal_actions();
  ALLEGRA_CHECK(std::equal(rl.begin(), rl.end(), legal.begin(), legal.end()), "");
  // Play on.
  Rng play(rng.next());
  for (int step = 0; playout_steps == 0 || step < playout_steps; ++step) {
    ActionList l = r.legal_actions();
    if (auto e = check_legal_actions(r, l); !e.empty())
      return fmt::format("resample playout step {}: {}", step, e);
    if (r.is_terminal()) break;
    ALLEGRA_CHECK(step < 1000000, "the playout does not end");
    Action a = l[play.below(static_cast<uint32_t>(l.size()))];
    try {
      r.apply(a);
      if (r.is_chance_node()) r.deal();
    } catch (const std::exception& ex) {
      return fmt::format("resample playout step {}: apply({}) threw {}", step, allegra::to_text(a),
                         ex.what());
    }
    if (auto e = check_cards(r); !e.empty())
      return fmt::format("resample playout step {} ({}): {}", step, allegra::to_text(a), e);
    if (auto e = check_structure(r); !e.empty())
      return fmt::format("resample playout step {} ({}): {}", step, allegra::to_text(a), e);
  }
  return {};
}

// ------------------------------------------------------------------------------------------
// The chance node between rounds

std::string check_chance_node(const State& s, Rng& rng) {
  ALLEGRA_CHECK(s.phase() == Phase::kRoundOver && !s.is_terminal(), "");
  ALLEGRA_CHECK(s.current_player() == kChancePlayer, "current player {}", s.current_player());
  ALLEGRA_CHECK(s.legal_actions().empty(), "legal actions at the chance node");
  // Nothing is legal; apply() says why and leaves the state as it is.
  State probe = s;
  try {
    probe.apply(Action::draw_pile());
    return "apply() accepted an action at the chance node";
  } catch (const IllegalAction& e) {
    ALLEGRA_CHECK(std::string(e.what()).find("must be dealt first") != std::string::npos, "{}",
                  e.what());
  }
  ALLEGRA_CHECK(probe == s, "a refused action changed the state");
  // The finished table: every card up, the round's result filled in.
  for (int c = 0; c < s.players() * kGridCells; ++c)
    ALLEGRA_CHECK(s.cell_state(static_cast<CellId>(c)) != CellState::kFaceDown,
                  "cell {} is face down at the round's end", cell_to_text(static_cast<CellId>(c)));
  ALLEGRA_CHECK(s.last_round().ender == s.ender() && s.ender() != kNoPlayer, "");
  // Its public view, the view and state JSON, and a resample.
  const PublicView view = s.public_view();
  ALLEGRA_CHECK(view.phase() == Phase::kRoundOver, "");
  const nlohmann::json vj = public_view_to_json(view);
  ALLEGRA_CHECK(vj.at("phase") == "round-over" && vj.at("current_player").is_null() &&
                    vj.at("legal_actions").empty(),
                "{}", vj.dump());
  ALLEGRA_CHECK(!validate_state(s), "{}", validate_state(s).value_or(""));
  ALLEGRA_CHECK(state_from_json(state_to_json(s)) == s, "the state JSON round trip differs");
  ALLEGRA_CHECK(s.resample(rng).public_view() == view, "a resample has another public view");
  // Dealing from the Rng equals dealing the same deck order.
  State from_rng = s, from_deck = s;
  EventList e1, e2;
  from_rng.deal(&e1);
  from_deck.deal(current_deal(from_rng), &e2);
  ALLEGRA_CHECK(from_rng == from_deck, "dealing the Rng's deck gives another state");
  ALLEGRA_CHECK(std::equal(e1.begin(), e1.end(), e2.begin(), e2.end()), "");
  ALLEGRA_CHECK(e1.size() == 1 && e1[0].type == EventType::kRoundStarted, "");
  return {};
}

// ------------------------------------------------------------------------------------------
// Per-action checks

std::string check_transition(const State& before, Action a, const State& after,
                             const EventList& events) {
  const int n = before.players();
  const bool same_round =
      before.round() == after.round() && before.rounds_played() == after.rounds_played();
  const int me = before.current_player();
  const Table tb(before), ta(after);
  ALLEGRA_CHECK(count_events(events, EventType::kGameOver) == (after.is_terminal() ? 1 : 0), "");
  if (same_round) {
    ALLEGRA_CHECK(ta.total_face_down() <= tb.total_face_down(),
                  "face-down cards grew from {} to {}", tb.total_face_down(), ta.total_face_down());
    if (before.ender() != kNoPlayer) ALLEGRA_CHECK(after.ender() == before.ender(), "");
    for (int c = 0; c < n * kGridCells; ++c) {
      auto cell = static_cast<CellId>(c);
      if (before.cell_state(cell) == CellState::kEmpty && cell != before.hole())
        ALLEGRA_CHECK(after.cell_state(cell) == CellState::kEmpty, "cleared cell {} refilled",
                      cell_to_text(cell));
    }
    for (int p = 0; p < n; ++p) ALLEGRA_CHECK(after.total_half(p) == before.total_half(p), "");
    ALLEGRA_CHECK(count_events(events, EventType::kRoundScored) == 0, "");
    ALLEGRA_CHECK(count_events(events, EventType::kRoundEnded) ==
                      (before.ender() == kNoPlayer && after.ender() != kNoPlayer ? 1 : 0),
                  "");
  } else {
    ALLEGRA_CHECK(after.rounds_played() == before.rounds_played() + 1, "");
    ALLEGRA_CHECK(count_events(events, EventType::kRoundScored) == n, "");
    if (!after.is_terminal()) {
      // A fresh deal: all face down, one discard starter, the rest to draw.
      ALLEGRA_CHECK(after.round() == before.round() + 1 && after.phase() == Phase::kSetupReveal,
                    "");
      ALLEGRA_CHECK(ta.total_face_down() == n * kGridCells, "");
      ALLEGRA_CHECK(after.discard_pile_size() == 1 &&
                        after.draw_pile_size() == after.options().deck_size() - n * kGridCells - 1,
                    "");
      ALLEGRA_CHECK(after.first_player() == left_of(before.first_player(), n), "");
      auto started = std::find_if(events.begin(), events.end(), [](const Event& e) {
        return e.type == EventType::kRoundStarted;
      });
      ALLEGRA_CHECK(count_events(events, EventType::kRoundStarted) == 1, "");
      ALLEGRA_CHECK(started->round == after.round() && started->player == after.first_player() &&
                        started->card == after.discard_pile_card(0),
                    "round-started event: round {} player {} card {}", started->round,
                    started->player, started->card);
    }
  }
  // Events never carry a value nobody may know: a card taken to a hand from a face-down cell
  // is reported hidden, a face-up one with its value.
  for (const Event& ev : events) {
    if (ev.type != EventType::kTook && ev.type != EventType::kKnockerSwapped) continue;
    ALLEGRA_CHECK(ev.cell < n * kGridCells, "{} event without a cell", event_type_name(ev.type));
    const int8_t to_hand = ev.type == EventType::kTook ? ev.card : ev.old_card;
    const bool was_down = before.cell_state(ev.cell) == CellState::kFaceDown;
    ALLEGRA_CHECK(was_down ? to_hand == kHiddenValue : to_hand == before.cell_value(ev.cell),
                  "{} event from {} (face down {}) shows {}", event_type_name(ev.type),
                  cell_to_text(ev.cell), was_down, to_hand);
  }
  auto drew = std::find_if(events.begin(), events.end(),
                           [](const Event& e) { return e.type == EventType::kDrew; });
  switch (a.type) {
    case ActionType::kDrawDiscard:
      ALLEGRA_CHECK(after.held_card() == before.discard_pile_card(0) && after.held_from_discard(),
                    "");
      ALLEGRA_CHECK(after.phase() == Phase::kHoldDrawn, "no knocking for a discard-pile card");
      ALLEGRA_CHECK(after.discard_pile_size() == before.discard_pile_size() - 1 &&
                        after.draw_pile_size() == before.draw_pile_size(),
                    "");
      ALLEGRA_CHECK(
          drew != events.end() && drew->card == after.held_card() && drew->pile == Pile::kDiscard,
          "");
      break;
    case ActionType::kDrawPile: {
      ALLEGRA_CHECK(!after.held_from_discard(), "");
      ALLEGRA_CHECK(
          drew != events.end() && drew->card == after.held_card() && drew->pile == Pile::kDraw, "");
      if (before.draw_pile_size() > 0) {
        ALLEGRA_CHECK(after.held_card() == before.draw_pile_card(0), "");
        ALLEGRA_CHECK(after.draw_pile_size() == before.draw_pile_size() - 1 &&
                          after.discard_pile_size() == before.discard_pile_size(),
                      "");
        ALLEGRA_CHECK(count_events(events, EventType::kReshuffled) == 0, "");
      } else {
        // R6: all but the top of the discard pile becomes the new draw pile.
        ALLEGRA_CHECK(before.discard_pile_size() >= 2, "");
        ALLEGRA_CHECK(after.discard_pile_size() == 1 &&
                          after.discard_pile_card(0) == before.discard_pile_card(0),
                      "");
        ALLEGRA_CHECK(after.draw_pile_size() == before.discard_pile_size() - 2, "");
        auto sh = std::find_if(events.begin(), events.end(),
                               [](const Event& e) { return e.type == EventType::kReshuffled; });
        ALLEGRA_CHECK(sh != events.end() && sh->cards == before.discard_pile_size() - 1, "");
      }
      uint8_t want = 0;
      if (before.options().knocking_in_effect())
        for (int q = 0; q < n; ++q)
          if (q != me && tb.may_knock(before, q)) want |= static_cast<uint8_t>(1u << q);
      ALLEGRA_CHECK(after.knock_pending() == want, "knock window {:#x}, eligible {:#x}",
                    after.knock_pending(), want);
      ALLEGRA_CHECK(after.phase() == (want ? Phase::kKnockWindow : Phase::kHoldDrawn), "");
      break;
    }
    case ActionType::kKnock:
    case ActionType::kPass:
      ALLEGRA_CHECK(!(after.knock_pending() >> me & 1), "");
      ALLEGRA_CHECK((after.knockers() >> me & 1) == (a.type == ActionType::kKnock), "");
      ALLEGRA_CHECK(after.held_card() == before.held_card(), "");
      if (after.is_simultaneous_node()) {
        // Sealed: no event, and no view shows it.
        ALLEGRA_CHECK(events.empty(), "an answer reported before the window closed");
        ALLEGRA_CHECK(after.public_view().masked().knockers() == 0, "a view shows an answer");
      } else {
        // The window resolved: every answer, in the rulebook's order.
        std::vector<Event> want;
        const unsigned window = before.knock_window_seats();
        for (int q = left_of(before.active_player(), n); q != before.active_player();
             q = left_of(q, n))
          if (window >> q & 1)
            want.push_back(
                {.type = (after.knockers() >> q & 1) ? EventType::kKnocked : EventType::kPassed,
                 .player = static_cast<int8_t>(q)});
        ALLEGRA_CHECK(std::vector<Event>(events.begin(), events.end()) == want,
                      "the window's events");
        ALLEGRA_CHECK(
            after.phase() == (after.knockers() ? Phase::kChooseKnocker : Phase::kHoldDrawn), "");
      }
      break;
    case ActionType::kGive:
      ALLEGRA_CHECK(after.knocker() == a.arg && after.phase() == Phase::kKnockerSwap, "");
      ALLEGRA_CHECK(after.held_card() == before.held_card(), "");
      break;
    case ActionType::kRefuse:
      ALLEGRA_CHECK(after.phase() == Phase::kHoldDrawn && after.held_card() == before.held_card(),
                    "");
      break;
    case ActionType::kDiscard:
      ALLEGRA_CHECK(after.discard_pile_size() == before.discard_pile_size() + 1 &&
                        after.discard_pile_card(0) == before.held_card(),
                    "");
      ALLEGRA_CHECK(after.phase() == Phase::kRevealAfterDiscard, "");
      break;
    case ActionType::kReveal:
      ALLEGRA_CHECK(before.cell_state(a.arg) == CellState::kFaceDown, "");
      if (same_round) {
        bool up = after.cell_state(a.arg) == CellState::kFaceUp &&
                  after.cell_value(a.arg) == before.cell_value(a.arg);
        if (before.phase() == Phase::kSetupReveal)
          ALLEGRA_CHECK(up, "a setup reveal changed more than the card's face");
        else
          ALLEGRA_CHECK(up || after.cell_state(a.arg) == CellState::kEmpty, "");
      }
      break;
    case ActionType::kSwap:
      if (same_round)
        ALLEGRA_CHECK((after.cell_state(a.arg) == CellState::kFaceUp &&
                       after.cell_value(a.arg) == before.held_card()) ||
                          after.cell_state(a.arg) == CellState::kEmpty,
                      "the swapped-in card is not face up in {}", cell_to_text(a.arg));
      if (before.phase() == Phase::kKnockerSwap && same_round && after.hand_card() != kNoCard) {
        ALLEGRA_CHECK(
            after.hand_card() == before.cell_value(a.arg) &&
                after.hand_card_known() == (before.cell_state(a.arg) == CellState::kFaceUp),
            "");
      }
      break;
    case ActionType::kTake:
      ALLEGRA_CHECK(
          after.taken_card() == before.cell_value(a.arg) &&
              after.taken_card_known() == (before.cell_state(a.arg) == CellState::kFaceUp),
          "");
      ALLEGRA_CHECK(after.hole() == a.arg && after.cell_state(a.arg) == CellState::kEmpty, "");
      ALLEGRA_CHECK(after.phase() == Phase::kPut, "");
      break;
    case ActionType::kPut:
      if (same_round && after.phase() != Phase::kChooseLine) {
        // R7 (c): the knocker's hand card fills the hole, face up.
        ALLEGRA_CHECK(after.cell_state(before.hole()) == CellState::kFaceUp &&
                          after.cell_value(before.hole()) == before.hand_card(),
                      "the hole {} is not filled with the hand card {}",
                      cell_to_text(before.hole()), before.hand_card());
      }
      break;
    case ActionType::kClear:
    case ActionType::kLeaveLines:
      break;
  }
  // R8: the active player ends the round if his display ran out, else the first such player
  // clockwise from him.
  if (same_round && before.ender() == kNoPlayer && after.ender() != kNoPlayer) {
    const int act = before.active_player();
    int want = kNoPlayer;
    for (int i = 0, p = act; i < n && want == kNoPlayer; ++i, p = left_of(p, n))
      if (ta.face_down(p) == 0) want = p;
    ALLEGRA_CHECK(after.ender() == want, "ender {}, the rules say {}", after.ender(), want);
  }
  // R5: the replaced card goes onto the discard pile after the clearing, so it ends on top.
  if (same_round && after.phase() != Phase::kChooseLine) {
    int8_t replaced = kNoCard;
    if ((a.type == ActionType::kSwap && before.phase() == Phase::kHoldDrawn) ||
        a.type == ActionType::kPut)
      replaced = before.cell_value(a.arg);
    if (a.type == ActionType::kClear || a.type == ActionType::kLeaveLines)
      replaced = before.pending_discard();
    if (replaced != kNoCard)
      ALLEGRA_CHECK(after.discard_pile_size() > 0 && after.discard_pile_card(0) == replaced,
                    "the replaced card {} is not on top of the discard pile", replaced);
  }
  // Mandatory clearing (R2): the clearing player's own display keeps no complete line once his
  // clearing is over (only the knocker's hand card placed into the hole is exempt).
  if (!before.options().optional_clearing && same_round && !after.is_terminal() &&
      after.phase() != Phase::kChooseLine) {
    int who = kNoPlayer;
    if ((a.type == ActionType::kSwap && before.phase() == Phase::kHoldDrawn) ||
        (a.type == ActionType::kReveal && before.phase() == Phase::kRevealAfterDiscard))
      who = me;
    if (a.type == ActionType::kSwap && before.phase() == Phase::kKnockerSwap) who = me;
    if (a.type == ActionType::kClear && before.hole() == kNoCell) who = me;
    if (a.type == ActionType::kPut && !in_display_of(before, me, before.hole())) who = me;
    if (who != kNoPlayer)
      ALLEGRA_CHECK(ta.lines(who).empty(), "player {} keeps a complete line after clearing", who);
  }
  return {};
}

// ------------------------------------------------------------------------------------------
// Game-level checks

std::string GameTracker::after_action(const State& before, const State& after,
                                      const EventList& events) {
  const int n = options_.players;
  // R8: after the round end, every player but the ender has one more turn (or is skipped),
  // clockwise from the active player's left, the active player last.
  for (const Event& ev : events) {
    if (ev.type == EventType::kRoundEnded) {
      ALLEGRA_CHECK(final_order_.empty() && !ending_, "a second round end");
      ending_ = true;
      const int act = before.active_player();
      for (int i = 1; i <= n; ++i) {
        const int p = (act + i) % n;
        if (p != ev.player) final_order_.push_back(p);
      }
      final_seen_.clear();
    } else if (ending_ &&
               (ev.type == EventType::kTurnStarted || ev.type == EventType::kTurnSkipped)) {
      final_seen_.push_back(ev.player);
    } else if (ev.type == EventType::kRoundScored && ending_) {
      ALLEGRA_CHECK(final_seen_ == final_order_, "final turns {} but the rules say {}",
                    fmt::join(final_seen_, ","), fmt::join(final_order_, ","));
      ending_ = false;
      final_order_.clear();
      final_seen_.clear();
    }
  }
  if (after.rounds_played() == before.rounds_played()) return {};
  ALLEGRA_CHECK(!ending_, "a round scored without its end");
  ALLEGRA_CHECK(after.rounds_played() == before.rounds_played() + 1, "");
  ++rounds_seen_;
  const RoundResult& r = after.last_round();
  const int e = r.ender;
  ALLEGRA_CHECK(e >= 0 && e < n, "round ender {}", e);
  if (before.ender() != kNoPlayer) ALLEGRA_CHECK(e == before.ender(), "");
  // Independent scoring (R9): the ender must be lowest alone, else positive points double and
  // negative points halve.
  bool lowest_alone = true;
  for (int p = 0; p < n; ++p) {
    ALLEGRA_CHECK(r.raw_half[p] % 2 == 0, "player {} raw {} half points", p, r.raw_half[p]);
    if (p != e && r.raw_half[p] <= r.raw_half[e]) lowest_alone = false;
  }
  const bool penalty = !lowest_alone && r.raw_half[e] != 0;
  ALLEGRA_CHECK(r.penalised == penalty, "penalised {} but the rules say {}", r.penalised, penalty);
  if (penalty) ++penalised_;
  for (int p = 0; p < n; ++p) {
    int32_t want = r.raw_half[p];
    if (p == e && penalty) want = want > 0 ? 2 * want : want / 2;
    ALLEGRA_CHECK(r.score_half[p] == want, "player {} scores {} half points, the rules say {}", p,
                  r.score_half[p], want);
    if (r.score_half[p] % 2 != 0) {
      ALLEGRA_CHECK(penalty && p == e && r.raw_half[p] < 0, "a half point without a halving");
      ++half_points_;
    }
    empty_displays_ += r.raw_half[p] == -20;
    ALLEGRA_CHECK(after.total_half(p) - before.total_half(p) == r.score_half[p], "player {}", p);
    sum_of_rounds_[p] += r.score_half[p];
    ALLEGRA_CHECK(after.total_half(p) == sum_of_rounds_[p], "player {}", p);
  }
  for (int p = n; p < kMaxPlayers; ++p)
    ALLEGRA_CHECK(r.raw_half[p] == 0 && r.score_half[p] == 0 && after.total_half(p) == 0, "");
  int k = 0;
  for (const Event& ev : events) {
    if (ev.type != EventType::kRoundScored) continue;
    ALLEGRA_CHECK(ev.player == k && ev.display_half == r.raw_half[k] &&
                      ev.score_half == r.score_half[k] && ev.penalised == (penalty && k == e),
                  "round-scored event {} differs from the result", k);
    ++k;
  }
  ALLEGRA_CHECK(k == n, "");
  if (!after.is_terminal()) {
    if (options_.rounds > 0)
      ALLEGRA_CHECK(after.rounds_played() < options_.rounds,
                    "the game goes on after the last round");
    for (int p = 0; p < n; ++p)
      if (options_.point_limit > 0)
        ALLEGRA_CHECK(after.total_half(p) < 2 * options_.point_limit,
                      "the game goes on with player {} at the point limit", p);
  }
  return {};
}

std::string GameTracker::at_end(const State& s) const {
  const int n = options_.players;
  ALLEGRA_CHECK(s.is_terminal(), "");
  ALLEGRA_CHECK(s.rounds_played() >= 1 && s.rounds_played() == rounds_seen_, "");
  if (options_.rounds > 0) ALLEGRA_CHECK(s.rounds_played() <= options_.rounds, "");
  bool limit_reached = false;
  for (int p = 0; p < n; ++p) {
    ALLEGRA_CHECK(s.total_half(p) == sum_of_rounds_[p], "player {}'s total {} != sum {}", p,
                  s.total_half(p), sum_of_rounds_[p]);
    limit_reached |= options_.point_limit > 0 && s.total_half(p) >= 2 * options_.point_limit;
  }
  ALLEGRA_CHECK((options_.rounds > 0 && s.rounds_played() == options_.rounds) || limit_reached,
                "the game ended early");
  int32_t best = s.total_half(0);
  for (int p = 1; p < n; ++p) best = std::min(best, s.total_half(p));
  uint8_t want = 0;
  for (int p = 0; p < n; ++p)
    if (s.total_half(p) == best) want |= static_cast<uint8_t>(1u << p);
  ALLEGRA_CHECK(s.winners() == want && want != 0, "winners {:#x}, lowest totals {:#x}", s.winners(),
                want);
  // The last round's raw scores from the final table (R9: -10 for an empty display).
  for (int p = 0; p < n; ++p) {
    int sum = 0, cards = 0;
    for (int d = 0; d < kDisplayCells; ++d) {
      CellId c = display_cell(p, n, d);
      if (s.cell_state(c) == CellState::kEmpty) continue;
      ++cards;
      sum += s.cell_value(c);
    }
    int32_t raw = cards == 0 ? -20 : 2 * sum;
    ALLEGRA_CHECK(s.last_round().raw_half[p] == raw, "player {}: raw {} half points, table {}", p,
                  s.last_round().raw_half[p], raw);
  }
  return {};
}

// ------------------------------------------------------------------------------------------
// Whole games

void GameStats::add(const GameStats& o) {
  actions += o.actions;
  rounds += o.rounds;
  reshuffles += o.reshuffles;
  knocks += o.knocks;
  knocks_given += o.knocks_given;
  hidden_takes += o.hidden_takes;
  clears += o.clears;
  line_choices += o.line_choices;
  lines_left += o.lines_left;
  discard_redraws += o.discard_redraws;
  penalised_rounds += o.penalised_rounds;
  half_point_scores += o.half_point_scores;
  empty_displays += o.empty_displays;
  skipped_turns += o.skipped_turns;
  ended_early += o.ended_early;
  games += o.games;
}

std::string GameStats::to_text() const {
  return fmt::format(
      "{} games, {} actions, {} rounds ({} penalised, {} half-point scores, {} empty displays, "
      "{} games ended by the point limit), {} "
      "reshuffles, {} knocks, {} given, {} hidden takes, {} lines cleared, {} line choices, {} "
      "left standing, {} discard-pile cards discarded, {} final turns skipped",
      games, actions, rounds, penalised_rounds, half_point_scores, empty_displays, ended_early,
      reshuffles, knocks, knocks_given, hidden_takes, clears, line_choices, lines_left,
      discard_redraws, skipped_turns);
}

uint64_t chooser_seed(uint64_t seed) { return seed ^ 0xC0FFEE5EEDULL; }

GameResult play_checked_game(const RuleOptions& options, uint64_t seed, const CheckLevel& level) {
  GameResult res;
  std::vector<Event> all_events;
  all_events.reserve(8192);
  auto where = [&](int step, std::string_view what) {
    return fmt::format("seed {} with {}: {} #{}: ", seed, describe_options(options), what, step);
  };
  std::optional<State> maybe;
  try {
    maybe.emplace(options, seed);
  } catch (const std::exception& e) {
    res.error = where(0, "constructor") + e.what();
    return res;
  }
  State& s = *maybe;
  Rng chooser(chooser_seed(seed));
  Rng probe_rng(seed * 0x9E3779B97F4A7C15ULL + 1);
  Rng resample_rng(seed * 0xD1B54A32D192ED03ULL + 2);
  GameTracker tracker(options);
  const int full_playout_at = level.full_playout_once ? static_cast<int>(seed % 64) : -1;
  bool full_playout_done = false;
  const int extra_offset =
      level.extra_state_every > 0
          ? static_cast<int>(seed % static_cast<uint64_t>(level.extra_state_every))
          : 0;
  EventList events;
  constexpr int kMaxSteps = 200000;
  for (int step = 0;; ++step) {
    const ActionList legal = s.legal_actions();
    auto state_fail = [&](const std::string& e) {
      res.error = where(step, "state before action") + e + "\n" + describe_state(s) +
                  "history: " + action_list_text(res.actions);
    };
    std::string e = check_cards(s);
    if (e.empty()) e = check_structure(s);
    if (e.empty()) e = check_legal_actions(s, legal);
    if (e.empty()) e = check_public_view(s, legal);
    if (e.empty() && level.illegal_probes > 0)
      e = check_illegal_probes(s, legal, probe_rng, level.illegal_probes, level.illegal_applied);
    if (e.empty() && level.exhaustive_every > 0 && step % level.exhaustive_every == 0)
      e = check_legality_exhaustive(s, legal, level.argless_nonzero);
    if (e.empty() && level.resample_every > 0 && step % level.resample_every == 0 &&
        !s.is_terminal()) {
      const bool full = !full_playout_done && full_playout_at >= 0 && step >= full_playout_at;
      full_playout_done |= full;
      e = check_resample(s, legal, resample_rng, full ? 0 : level.resample_playout);
    }
    if (e.empty() && level.extra_state_check && level.extra_state_every > 0 &&
        ((step + extra_offset) % level.extra_state_every == 0 || s.is_terminal()))
      e = level.extra_state_check(s, resample_rng);
    if (!e.empty()) {
      state_fail(e);
      return res;
    }
    if (s.is_terminal()) break;
    if (step >= kMaxSteps) {
      state_fail("the game does not end");
      return res;
    }
    const Action a = legal[chooser.below(static_cast<uint32_t>(legal.size()))];
    const State before = s;
    events.clear();
    try {
      s.apply(a, &events);
    } catch (const std::exception& ex) {
      res.error = where(step, "action") +
                  fmt::format("apply({}) threw: {}\n", allegra::to_text(a), ex.what()) +
                  describe_state(before);
      return res;
    }
    // The chance node: checked, then the next round dealt; the action and the deal are checked
    // as one transition below.
    if (s.is_chance_node()) {
      e = check_chance_node(s, resample_rng);
      if (!e.empty()) {
        res.error = where(step, "chance node") + e + "\n" + describe_state(s);
        return res;
      }
      s.deal(&events);
    }
    res.actions.push_back(a);
    all_events.insert(all_events.end(), events.begin(), events.end());
    e = check_transition(before, a, s, events);
    if (e.empty()) e = tracker.after_action(before, s, events);
    if (!e.empty()) {
      res.error = where(step, "action") +
                  fmt::format("'{}' by player {}: ", allegra::to_text(a), before.current_player()) +
                  e + "\nbefore:\n" + describe_state(before) + "after:\n" + describe_state(s) +
                  "history: " + action_list_text(res.actions);
      return res;
    }
    // Statistics.
    GameStats& st = res.stats;
    st.reshuffles += count_events(events, EventType::kReshuffled);
    st.clears += count_events(events, EventType::kCleared);
    st.skipped_turns += count_events(events, EventType::kTurnSkipped);
    st.knocks += a.type == ActionType::kKnock;
    st.knocks_given += a.type == ActionType::kGive;
    st.hidden_takes += a.type == ActionType::kTake && !s.taken_card_known();
    st.line_choices += before.phase() == Phase::kChooseLine;
    st.lines_left += a.type == ActionType::kLeaveLines;
    st.discard_redraws += a.type == ActionType::kDiscard && before.held_from_discard();
  }
  if (std::string e = tracker.at_end(s); !e.empty()) {
    res.error =
        where(static_cast<int>(res.actions.size()), "end of game") + e + "\n" + describe_state(s);
    return res;
  }
  res.stats.games = 1;
  res.stats.actions = static_cast<int64_t>(res.actions.size());
  res.stats.rounds = s.rounds_played();
  res.stats.penalised_rounds = tracker.penalised_rounds();
  res.stats.half_point_scores = tracker.half_point_scores();
  res.stats.empty_displays = tracker.empty_displays();
  res.stats.ended_early = options.rounds == 0 || s.rounds_played() < options.rounds;

  if (level.determinism) {
    // The same seed and the same choices replay the game bit for bit, events included.
    State r(options, seed);
    Rng again(chooser_seed(seed));
    std::vector<Event> replayed;
    for (size_t i = 0; i < res.actions.size(); ++i) {
      ActionList l = r.legal_actions();
      Action a = l.empty() ? Action{} : l[again.below(static_cast<uint32_t>(l.size()))];
      if (!(a == res.actions[i])) {
        res.error = where(static_cast<int>(i), "replay") + "a different legal action list";
        return res;
      }
      events.clear();
      try {
        r.apply(a, &events);
        if (r.is_chance_node()) r.deal(&events);
      } catch (const std::exception& ex) {
        res.error = where(static_cast<int>(i), "replay") + ex.what();
        return res;
      }
      replayed.insert(replayed.end(), events.begin(), events.end());
    }
    if (!(r == s)) {
      res.error = where(static_cast<int>(res.actions.size()), "replay") + "the final states differ";
      return res;
    }
    if (replayed != all_events) {
      size_t i = 0;
      while (i < replayed.size() && i < all_events.size() && replayed[i] == all_events[i]) ++i;
      res.error = where(static_cast<int>(res.actions.size()), "replay") +
                  fmt::format("the event streams differ at event {} of {}/{}", i, replayed.size(),
                              all_events.size());
      return res;
    }
  }
  if (level.extra_game_check) {
    if (std::string e = level.extra_game_check(options, seed, res.actions, s); !e.empty()) {
      res.error = where(static_cast<int>(res.actions.size()), "game check") + e;
      return res;
    }
  }
  return res;
}

}  // namespace allegra::conformance
