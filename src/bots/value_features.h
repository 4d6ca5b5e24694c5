// The input of the learned value (value_net.h): a fixed-size float vector describing one
// player's situation in a round, from the public view only.
//
// The value predicts a player's final score of the round being played, so the vector is
// egocentric: the subject's own display cell by cell, the other displays summarised (what
// decides who ends the round and who is penalised), and the shared context (phase, whose turn,
// piles, the unseen cards, the clock of the round, totals). It reads only public queries of the
// State (a cell's value only when it is face up, never the draw pile or a hidden hand card), so
// a State and its PublicView's masked state give the same vector; tests resample the hidden
// cards to prove it. Seats are counted from the subject (relative seat 0 is the subject, 1 his
// left neighbour, ...); tables of fewer than 6 players leave the seats they lack at zero.
//
// The layout is versioned (kValueFeatureVersion): a weights file names the version it was
// trained on, and loading one of another version fails. docs/value-format.md lists the fields.
#pragma once

#include <span>

#include "engine/state.h"

namespace allegra {

inline constexpr int kValueFeatureVersion = 1;

// Per own display cell (15): face up, face down, empty, value/10 if face up.
inline constexpr int kValueOwnCellFeatures = 4;
// Per other relative seat (1-5): face-down cards/15, cards/15, face-up sum/30,
// (face-up sum + face-down cards * unseen mean)/30.
inline constexpr int kValueOtherFeatures = 4;

inline constexpr int kValueFeatures = kDisplayCells * kValueOwnCellFeatures      // own display: 60
                                      + (kMaxPlayers - 1) * kValueOtherFeatures  // the others: 20
                                      + 12                                       // phase one-hot
                                      + 5  // players one-hot (2-6)
                                      +
                                      3 * kMaxPlayers  // current, active, ender: relative one-hots
                                      + 3  // own: final turn done, knock pending, knocked
                                      + 2  // held card: present, value/10
                                      + 2  // discard top: present, value/10
                                      + 2  // draw and discard pile sizes / deck size
                                      + kNumValues + 1  // unseen counts/12, unseen mean/10
                                      + 3               // turns/100, setup reveals left/2, round/10
                                      + 2;              // own total/100, lowest other total/100

// Writes the features of `subject` in s into out (every entry written).
void encode_value_features(const State& s, int subject, std::span<float, kValueFeatures> out);

}  // namespace allegra
