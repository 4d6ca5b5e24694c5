// FrameReader: the client side's reader of server frames, without building a JSON tree.
//
// What: read_frame() runs nlohmann's SAX parser over one frame of docs/protocol.md and keeps only
// what a playing client needs: the type, id, seq, the table's status, game and pending seats with
// their legal actions (a delta's compact `pending` expanded as TABLE's), decision numbers and knock
// windows, the players named by the events, the seat, tokens and texts of
// created/seated/state/error/bye and the welcome's message rate. Its users: the load generator
// (src/loadtest) and the tests' client (tests/server/game_client.h). The public view (most of every
// update) is skipped: its tokens are not stored, and once the type is known the parse stops at the
// view (the server writes an update's view last, so the rest of the frame is never even lexed).
//
// Why: the generator shares the 2 cores with the server it measures; a DOM parse of every update
// cost it about as much CPU as the server spent building the frame. The frame is still checked:
// text that is not a JSON object (or breaks off before the view) is `ok == false`.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace allegra::wire {

struct PendingSeatRead {
  int seat = -1;
  std::vector<std::string> legal;
  uint64_t decision = 0;
  bool knock_window = false;
};

struct FrameRead {
  bool ok = false;   // a JSON object (read to its end, or to its table's view)
  std::string type;  // "" if none
  std::optional<uint64_t> id, seq;
  std::string code, message, reason;  // top-level texts (created, seated, error, bye)
  std::string token, creator_token;   // seated (null: ""), created
  std::optional<int> seat;            // seated, chat (null: none)
  std::optional<int> you;             // state, resumed (null: none)
  bool has_table = false;             // an update's or state's table, or a delta's `set`
  std::string status, game;           // the table's ("" when null or, in a delta, unchanged)
  std::vector<PendingSeatRead> pending;
  std::vector<int> event_players;  // "player" of each event that has one
  double messages_per_s = 0;       // welcome: limits.messages_per_s (0 if absent)
};

FrameRead read_frame(std::string_view text);

}  // namespace allegra::wire
