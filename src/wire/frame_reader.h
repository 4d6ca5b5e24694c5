// FrameReader: what the load generator reads of a server frame, without building a JSON tree.
//
// What: read_frame() runs nlohmann's SAX parser over one frame of docs/protocol.md and keeps only
// what a playing client needs: the type, seq, the table's status, game and pending seats with
// their legal actions, the players named by the events, the texts of created/error/bye and the
// welcome's message rate. The public view (most of every update) is skipped: its tokens are not
// stored, and once the type is known the parse stops at the view (the server writes an update's
// view last, so the rest of the frame is never even lexed).
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
};

struct FrameRead {
  bool ok = false;   // a JSON object (read to its end, or to its table's view)
  std::string type;  // "" if none
  std::optional<uint64_t> seq;
  std::string code, message, reason;  // top-level texts (created, error, bye)
  bool has_table = false;
  std::string status, game;  // the table's ("" when null)
  std::vector<PendingSeatRead> pending;
  std::vector<int> event_players;  // "player" of each event that has one
  double messages_per_s = 0;       // welcome: limits.messages_per_s (0 if absent)
};

FrameRead read_frame(std::string_view text);

}  // namespace allegra::wire
