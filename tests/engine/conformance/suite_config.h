// Sizes and check levels of the conformance suite, tuned so that the whole suite stays well
// under three minutes in the debug (ASan/UBSan) build on a two-core machine (measured: about
// 140 s in one process, 77 s under `ctest --preset debug`, which runs two tests at a time).
// Costs per action there: the cheap checks ~20 us (half of it the rejected apply(), which
// throws), resample with a 2-step playout ~60 us, a JSON round trip of the full state
// 300-600 us and the full serialization check 1.5-2.7 ms; so JSON runs on every action of 10
// games (conformance_test.cc) and on every 64th action of the other deep games.
#pragma once

#include "engine/conformance/invariants.h"

namespace allegra::conformance {

// 240 variants x 42 games = 10,080 games; 4 or 5 of each variant (1,080 in all) are deep.
inline constexpr int kGamesPerVariant = 42;
// The sanitizer build plays only the first 14 games of a variant, except
// the small-deck variants, which need all 42 to clear a line with 2 players: its cheap games
// were about a third of its CI test time, and every game it leaves out still runs, checked on
// every action, in the release build (scripts/test.sh runs both).
// Its deep games are 2-3 per variant instead of 4-5 (600 instead of 1,080): it looks for memory
// errors and undefined behaviour, which every code path of a variant shows in its first deep
// games; the conformance suite was a third of the sanitizer build's test time with 4-5.
#ifdef NDEBUG
inline constexpr int kFewerGamesPerVariant = kGamesPerVariant;
inline constexpr int kTwoPlayerGamesPerVariant = kGamesPerVariant;
inline constexpr int kDeepGamesBase = 4;
#else
inline constexpr int kFewerGamesPerVariant = 14;
inline constexpr int kTwoPlayerGamesPerVariant = 21;  // 14 random 2-player games may clear no line
inline constexpr int kDeepGamesBase = 2;
#endif
inline int deep_games(int variant_index) { return kDeepGamesBase + variant_index % 2; }
// The JSON checks run every kDeepJsonEvery-th action of a deep game (and at its end). The
// release build (test.sh runs both) checks every action of every deep game, so the JSON round
// trip covers every action of more than 1,000 games; the sanitizer build samples.
#ifdef NDEBUG
inline constexpr int kDeepJsonEvery = 1;
#else
inline constexpr int kDeepJsonEvery = 64;
#endif

// Every action: cards, structure, legal list against the rules, public view, illegal probes,
// transitions and scoring; determinism at the end.
CheckLevel cheap_level();
// Additionally, on every action: resample (a 2-step playout; once per game to the end),
// exhaustive legality every 16 actions; serialization every `json_every` actions (1 in 16 of
// them, and the last state, the full check); the game recorded, replayed and checked at the end.
CheckLevel deep_level(int json_every = kDeepJsonEvery);

}  // namespace allegra::conformance
