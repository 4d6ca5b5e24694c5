// State's chance steps (state.h), apart from the state machine of state.cc to keep each file
// short: the deck of the rule options shuffled by the state's Rng (R1), the next round at the
// chance node (R11: deal(), next_round()) and a reshuffle imposed by a replay (R6:
// reshuffle_with()). Dealing the shuffled deck to the grids (start_round()) and the reshuffle
// of play (pop_draw()) stay in state.cc, next to the steps around them.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "engine/state.h"

namespace allegra {
namespace {

// R1: the full deck of these options in value order (before shuffling). Eight cards per store
// (a card at a time, GCC made each value's run a memset call: a deal of every random round),
// into a buffer with room for the last run's overshoot.
int build_deck(const RuleOptions& options, std::array<int8_t, kMaxDeck>& deck) {
  constexpr int kStore = 8;
  std::array<int8_t, kMaxDeck + kStore> runs;
  int size = 0;
  const DeckCounts counts = options.effective_deck();
  for (int v = 0; v < kNumValues; ++v) {
    const uint64_t card = static_cast<uint8_t>(v + kMinValue);
    const uint64_t eight = card * 0x0101010101010101ull;
    for (int k = 0; k < counts[v]; k += kStore)  // the clamp only tells GCC the bound
      std::memcpy(&runs[std::min(size + k, kMaxDeck)], &eight, kStore);
    size += counts[v];  // validate(): at most kMaxDeck cards
  }
  std::memcpy(deck.data(), runs.data(), kMaxDeck);
  return size;
}

// True if `cards` holds exactly the multiset `counts`.
bool same_cards(std::span<const int8_t> cards, DeckCounts counts) {
  std::array<int, kNumValues> left{};
  for (int v = 0; v < kNumValues; ++v) left[v] = counts[v];
  for (int8_t c : cards) {
    if (c < kMinValue || c > kMaxValue || left[c - kMinValue]-- == 0) return false;
  }
  return std::all_of(left.begin(), left.end(), [](int x) { return x == 0; });
}

}  // namespace

// R1: the deck of these options, shuffled with the state's Rng.
int State::shuffled_deck(std::array<int8_t, kMaxDeck>& deck) {
  const int size = build_deck(options_, deck);
  rng_.shuffle(std::span<int8_t>(deck.data(), size));
  return size;
}

// ------------------------------------------------------------------------------------------
// Chance

// R11: the first player's left neighbour is the next round's first player.
void State::next_round() {
  if (phase_ != Phase::kRoundOver)
    throw IllegalAction(fmt::format("there is nothing to deal now: player {} is to act in phase {}",
                                    current_player(), phase_name(phase_)));
  ++round_;
  first_player_ = static_cast<int8_t>(left_of(first_player_, players()));
}

void State::check_deck(std::span<const int8_t> deck) const {
  if (static_cast<int>(deck.size()) != options_.deck_size() ||
      !same_cards(deck, options_.effective_deck()))
    throw std::invalid_argument(fmt::format(
        "deal: the deck order must hold exactly the {} cards of the deck", options_.deck_size()));
}

void State::deal(EventList* events) {
  next_round();
  std::array<int8_t, kMaxDeck> deck;
  const int size = shuffled_deck(deck);
  start_round(std::span<const int8_t>(deck.data(), size), events);
}

void State::deal(std::span<const int8_t> deck, EventList* events) {
  if (phase_ == Phase::kRoundOver) check_deck(deck);
  next_round();
  std::array<int8_t, kMaxDeck> scratch;
  shuffled_deck(scratch);  // the Rng advances as deal() would advance it
  start_round(deck, events);
}

void State::reshuffle_with(std::span<const int8_t> pile, EventList* events) {
  if (!draw_needs_reshuffle() || discard_count_ < 2)
    throw std::invalid_argument("reshuffle: only when the draw pile is empty and a draw is next");
  DeckCounts counts{};
  for (int i = 0; i + 1 < discard_count_; ++i) ++counts[discard_[i] - kMinValue];
  if (static_cast<int>(pile.size()) != discard_count_ - 1 || !same_cards(pile, counts))
    throw std::invalid_argument(
        "reshuffle: the new pile must hold exactly the discard pile's cards except its top");
  int moved = discard_count_ - 1;
  // Advance the Rng exactly as pop_draw() would have, so a replay ends bit-identical.
  std::array<int8_t, kMaxDeck> scratch;
  std::copy_n(discard_.begin(), moved, scratch.begin());
  rng_.shuffle(std::span<int8_t>(scratch.data(), moved));
  discard_[0] = discard_[moved];
  discard_count_ = 1;
  draw_count_ = static_cast<uint8_t>(moved);
  for (int i = 0; i < moved; ++i) draw_[moved - 1 - i] = pile[i];
  if (events)
    events->push_back({.type = EventType::kReshuffled, .cards = static_cast<int16_t>(moved)});
}

}  // namespace allegra
