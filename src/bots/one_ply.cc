#include "bots/one_ply.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/public_view.h"

namespace allegra::bots {
namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// A card's value as the Board keeps it: known, or kUnknownUp.
int8_t board_card(const Board& b, CellId c) { return b.is_known_up(c) ? b.value(c) : kUnknownUp; }
// The card that leaves cell c for the discard pile, if public (a face-down one is turned up
// only as it goes; we do not know it in advance).
int8_t leaving_card(const Board& b, CellId c) { return b.is_known_up(c) ? b.value(c) : kNoCard; }

// A standard normal deviate (Box-Muller), from the bot's own Rng.
double normal(Rng& rng) {
  const double u1 = (static_cast<double>(rng.next() >> 11) + 0.5) * 0x1.0p-53;
  const double u2 = static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace

OnePlyBot::OnePlyBot(uint64_t seed, double noise) : rng_(seed), noise_(noise) {}

double OnePlyBot::reveal_value(const Board& b, CellId c, bool clear) const {
  const CardStats& st = ctx_.stats;
  if (st.total == 0) {
    Board t = b;
    t.place(c, kUnknownUp);
    return value(t);
  }
  double sum = 0;
  for (int i = 0; i < kNumValues; ++i) {
    if (st.count[i] == 0) continue;
    Board t = b;
    t.place(c, static_cast<int8_t>(i + kMinValue));
    if (clear) t.clear_lines(ctx_.me);
    sum += st.count[i] * value(t);
  }
  return sum / st.total;
}

double OnePlyBot::best_reveal(const Board& b, bool clear) const {
  double best = kNegInf;
  const CellId* cells = display_cells(ctx_.me, ctx_.n);
  for (int d = 0; d < kDisplayCells; ++d)
    if (b.is_down(cells[d])) best = std::max(best, reveal_value(b, cells[d], clear));
  return best;
}

double OnePlyBot::hold_value(const Board& b, int8_t v, bool may_discard, Action* best,
                             double reveal) const {
  double best_value = kNegInf;
  const CellId* cells = display_cells(ctx_.me, ctx_.n);
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    if (b.is_empty(c)) continue;
    Board t = b;
    const int8_t old = leaving_card(t, c);
    t.place(c, v);
    t.clear_lines(ctx_.me);
    const double x = value(t) - discard_cost(old);
    if (x > best_value) {
      best_value = x;
      if (best) *best = Action::swap(c);
    }
  }
  if (may_discard && b.face_down(ctx_.me) > 0) {
    if (std::isnan(reveal)) reveal = best_reveal(b, true);
    const double x = reveal - discard_cost(v);
    if (x > best_value) {
      best_value = x;
      if (best) *best = Action::discard();
    }
  }
  return best_value;
}

void OnePlyBot::take_response(Board& b, int active, int knocker, int8_t hand) const {
  const int n = ctx_.n;
  const double mean = ctx_.stats.mean;
  const CellId* kc = display_cells(knocker, n);
  const CellId* ac = display_cells(active, n);
  // The active player takes the knocker's lowest card...
  CellId take = kNoCell;
  double low = std::numeric_limits<double>::infinity();
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = kc[d];
    if (b.is_empty(c)) continue;
    const double w = b.is_known_up(c) ? b.value(c) : mean;
    if (w < low) {
      low = w;
      take = c;
    }
  }
  if (take == kNoCell) return;
  // ... into his own worst cell.
  CellId put = kNoCell;
  double high = -std::numeric_limits<double>::infinity();
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = ac[d];
    if (b.is_empty(c) || c == take) continue;
    const double w = b.is_known_up(c) ? b.value(c) : mean;
    if (w > high) {
      high = w;
      put = c;
    }
  }
  if (put == kNoCell) return;
  const int8_t card = board_card(b, take);
  b.make_hole(take);
  b.place(put, card);
  b.clear_lines(active);
  b.fill_hole(hand);
}

int8_t OnePlyBot::knocker_swap(Board& b, int k, int8_t card) const {
  const double mean = ctx_.stats.mean;
  const CellId* cells = display_cells(k, ctx_.n);
  CellId best = kNoCell;
  double high = -std::numeric_limits<double>::infinity();
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId c = cells[d];
    if (b.is_empty(c)) continue;
    const double w = b.is_known_up(c) ? b.value(c) : mean;
    if (w > high) {
      high = w;
      best = c;
    }
  }
  if (best == kNoCell) return kUnknownUp;
  const int8_t hand = board_card(b, best);
  b.place(best, card);
  b.clear_lines(k);
  return hand;
}

double OnePlyBot::put_value(const Board& b, CellId x, int8_t card, int8_t hand) const {
  Board t = b;
  const int8_t old = leaving_card(t, x);
  t.place(x, card);
  t.clear_lines(ctx_.me);
  t.fill_hole(hand);
  return value(t) - discard_cost(old);
}

double OnePlyBot::best_take(const Board& b, int k, int8_t hand, Action* take) const {
  const int n = ctx_.n, me = ctx_.me;
  const CellId* kc = display_cells(k, n);
  const CellId* mc = display_cells(me, n);
  double best = kNegInf;
  for (int d = 0; d < kDisplayCells; ++d) {
    const CellId y = kc[d];
    if (b.is_empty(y)) continue;
    Board t = b;
    const int8_t card = board_card(t, y);
    t.make_hole(y);
    for (int e = 0; e < kDisplayCells; ++e) {
      const CellId x = mc[e];
      if (t.is_empty(x)) continue;
      const double v = put_value(t, x, card, hand);
      if (v > best) {
        best = v;
        if (take) *take = Action::take(y);
      }
    }
  }
  return best;
}

Action OnePlyBot::choose(const PublicView& view) {
  ActionList legal = view.legal_actions();
  const State& s = view.masked();
  if (legal.size() == 1) return legal[0];
  std::vector<double> values = evaluate(s, legal, true);
  if (noise_ > 0)
    for (double& v : values) v += noise_ * normal(rng_);
  double best = kNegInf;
  for (double v : values) best = std::max(best, v);
  ActionList ties;
  for (size_t i = 0; i < legal.size(); ++i)
    if (values[i] >= best - 1e-9) ties.push_back(legal[i]);
  if (ties.empty()) return legal[rng_.below(static_cast<uint32_t>(legal.size()))];
  return ties[rng_.below(static_cast<uint32_t>(ties.size()))];
}

int own_turns_in_round(const State& s) {
  return (s.turns_in_round() + s.players() - 1) / s.players();
}

int OnePlyBot::turns_in_round() const { return own_turns_in_round(*ctx_.state); }

std::vector<double> OnePlyBot::action_values(const PublicView& view) {
  return evaluate(view.masked(), view.legal_actions(), false);
}

std::vector<double> OnePlyBot::evaluate(const State& s, const ActionList& legal, bool margin) {
  ctx_.state = &s;
  ctx_.me = s.current_player();
  ctx_.n = s.players();
  ctx_.stats = CardStats::unseen(s);
  ctx_.board = Board::from(s);
  prepare();
  const Board& b = ctx_.board;
  const int me = ctx_.me;

  std::vector<double> values(legal.size(), kNegInf);
  switch (s.phase()) {
    case Phase::kSetupReveal:
    case Phase::kRevealAfterDiscard: {
      const bool clear = s.phase() == Phase::kRevealAfterDiscard;
      for (size_t i = 0; i < legal.size(); ++i) values[i] = reveal_value(b, legal[i].arg, clear);
      break;
    }
    case Phase::kChooseDraw: {
      for (size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].type == ActionType::kDrawDiscard) {
          const int8_t top = s.discard_pile_card(0);
          values[i] = hold_value(b, top, s.options().discard_draw_may_discard, nullptr);
        } else {
          CardStats pile = ctx_.stats;
          if (s.draw_needs_reshuffle()) {
            std::vector<int8_t> cards;
            for (int k = 1; k < s.discard_pile_size(); ++k) cards.push_back(s.discard_pile_card(k));
            pile = CardStats::of(cards);
          }
          const double reveal = b.face_down(me) > 0 ? best_reveal(b, true) : kNegInf;
          double sum = 0;
          for (int v = 0; v < kNumValues; ++v)
            if (pile.count[v])
              sum += pile.count[v] *
                     hold_value(b, static_cast<int8_t>(v + kMinValue), true, nullptr, reveal);
          values[i] = pile.total ? sum / pile.total : kNegInf;
        }
      }
      break;
    }
    case Phase::kHoldDrawn: {
      for (size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].type == ActionType::kDiscard) {
          values[i] = best_reveal(b, true) - discard_cost(s.held_card());
        } else {
          values[i] = put_value(b, legal[i].arg, s.held_card(), kNoCard);
        }
      }
      break;
    }
    case Phase::kKnockWindow: {
      // Pass: nothing changes for me. Knock: my best swap, then the active player's take.
      double knock = kNegInf;
      const int8_t card = s.held_card();
      const CellId* cells = display_cells(me, ctx_.n);
      for (int d = 0; d < kDisplayCells; ++d) {
        const CellId c = cells[d];
        if (b.is_empty(c)) continue;
        Board t = b;
        const int8_t hand = board_card(t, c);
        t.place(c, card);
        t.clear_lines(me);
        take_response(t, s.active_player(), me, hand);
        knock = std::max(knock, value(t));
      }
      const double pass = value(b);
      for (size_t i = 0; i < legal.size(); ++i)
        values[i] =
            legal[i].type == ActionType::kKnock ? knock - (margin ? knock_margin() : 0) : pass;
      break;
    }
    case Phase::kChooseKnocker: {
      const int8_t card = s.held_card();
      for (size_t i = 0; i < legal.size(); ++i) {
        if (legal[i].type == ActionType::kRefuse) {
          values[i] = hold_value(b, card, true, nullptr);
        } else {
          Board t = b;
          const int k = legal[i].arg;
          const int8_t hand = knocker_swap(t, k, card);
          values[i] = t.cards(k) > 0 ? best_take(t, k, hand, nullptr) : value(t);
        }
      }
      break;
    }
    case Phase::kKnockerSwap: {
      const int8_t card = s.held_card();
      for (size_t i = 0; i < legal.size(); ++i) {
        Board t = b;
        const CellId c = legal[i].arg;
        const int8_t hand = board_card(t, c);
        t.place(c, card);
        t.clear_lines(me);
        take_response(t, s.active_player(), me, hand);
        values[i] = value(t);
      }
      break;
    }
    case Phase::kTake: {
      const int8_t hand = s.hand_card_known() ? s.hand_card() : kUnknownUp;
      const CellId* mc = display_cells(me, ctx_.n);
      for (size_t i = 0; i < legal.size(); ++i) {
        const CellId y = legal[i].arg;
        Board t = b;
        const int8_t card = board_card(t, y);
        t.make_hole(y);
        double best = kNegInf;
        for (int e = 0; e < kDisplayCells; ++e)
          if (!t.is_empty(mc[e])) best = std::max(best, put_value(t, mc[e], card, hand));
        values[i] = best;
      }
      break;
    }
    case Phase::kPut: {
      const int8_t hand = s.hand_card_known() ? s.hand_card() : kUnknownUp;
      const int8_t card = s.taken_card_known() ? s.taken_card() : kUnknownUp;
      for (size_t i = 0; i < legal.size(); ++i) values[i] = put_value(b, legal[i].arg, card, hand);
      break;
    }
    case Phase::kChooseLine: {
      const int clearer = s.clearer();
      LineList lines;
      b.complete_lines(clearer, lines);
      for (size_t i = 0; i < legal.size(); ++i) {
        Board t = b;
        if (legal[i].type == ActionType::kClear) {
          for (const Line& l : lines)
            if (l.id == legal[i].arg) t.clear_line(l);
          t.clear_lines(clearer);
        }
        values[i] = value(t);
      }
      break;
    }
    case Phase::kRoundOver:
    case Phase::kGameOver:
      break;
  }

  return values;
}

}  // namespace allegra::bots
