// A finished game as the browser's replay viewer reads it (GET /games/ID/replay.json).
//
// What: replay_json() replays a stored game record (docs/record-format.md) through the engine
// (ReplayCursor, with the recorded deals and reshuffles) and writes, for each decision of the
// record, the engine's events (as in an `update` frame) and the public view after it
// (docs/state-format.md), plus a header: the game id, the players, the options, the rounds'
// scores and the final totals and winners. Format: docs/replay-format.md.
//
// Why on the server: the client speaks only the documented JSON (never the record's deck
// orders, which it would have to replay itself with a second rules engine), and every view is
// built from a PublicView, like every frame of a live game. No network code here: it is tested
// on its own.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace allegra::server {

// The record does not replay as a finished game (RecordError's message names the problem).
class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `record_jsonl`: the stored record (one JSON line). Throws RecordError for a record that is
// malformed, does not replay, or is not a finished game.
std::string replay_json(std::string_view game_id, std::string_view record_jsonl);

}  // namespace allegra::server
