// The `delta` frame (docs/protocol.md "delta"): what changed in TABLE since the table frame sent
// before it, and its one reader in C++ (apply_delta).
//
// What: DeltaWriter keeps the parts of the last TABLE it wrote (TableParts) and writes the next
// frame as the keys whose text changed: TABLE's own keys in `set`, the view's keys in `view`,
// the grid cells in `cells` as {player, index, cell}. `pending` is in every delta, in its own
// key and compact form (messages.h append_delta_pending); `round_over` is in `set` while a
// round's end counts down (the in_ms of both change with time). The events go
// without their English `text` (the client words them from data/lang). `base` is the seq of
// the table frame the delta applies to, or null for a delta that holds the whole table (the
// first one a room writes, or after reset()). A key that changes without a table frame (the
// spectators: a client that joins in between gets a state with another count than the last
// frame's) is marked with resend(), and the next delta carries it.
//
// Why: a TABLE is ~2.9 KB and an action changes a few dozen bytes of it; every client of a
// table gets the same delta (one text, shared), and the server compares texts it has written
// anyway, so nothing is derived twice and a delta is right by construction: applying it to the
// previous TABLE gives exactly the next one (tests/wire/table_delta_test.cc, and the web client's
// replay of the same pairs in web/src/state/delta.test.ts).
#pragma once

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "wire/messages.h"
#include "wire/shared_text.h"

namespace allegra::wire {

class DeltaWriter {
 public:
  // The delta frame from the last table written to this one (the whole table the first time),
  // which becomes the last one.
  SharedText frame(uint64_t seq, FrameEvents events, const RoomInfo& room, const GameSnapshot* game,
                   Millis now);
  // The next frame holds the whole table (base null).
  void reset() { base_.reset(); }
  // The next frame carries TABLE's key `key` (one of TableParts::kTableKeys), changed or not.
  void resend(std::string_view key);

 private:
  void append_view(std::string& out, const TableParts& parts) const;

  // The parts of the last table written. The next table's are written into a buffer of the
  // thread, compared with these and copied over them: one block of the room's memory is read and
  // written per frame (at a thousand tables the rooms' memory is cold, the thread's is not).
  TableParts last_;
  std::bitset<TableParts::kTableKeys.size()> resend_;  // TABLE's keys the next frame carries
  std::optional<uint64_t> base_;                       // the seq of last_
  std::string text_;  // the frame being written (its capacity kept)
};

// Applies a delta frame (parsed) to a TABLE (parsed); false, the table unchanged, if it does
// not apply: not a delta's shape (docs/protocol.md "delta"), a base that is not null without a
// table, view keys or cells without a view, or a cell that the view's grids do not have. Never
// throws, whatever the frame holds (fuzz/frames_fuzz.cc). The C++ twin of
// web/src/state/table.ts applyDelta.
bool apply_delta(nlohmann::json& table, const nlohmann::json& delta);

// The actions of one text of a delta's compact legal list (messages.h append_delta_pending):
// "verb arg1 arg2 ..." gives "verb arg1", "verb arg2", ...; a text without arguments, itself.
// The one splitter of both C++ readers (apply_delta, frame_reader.cc).
template <class Push>
void for_each_grouped_action(std::string_view text, Push&& push) {
  const size_t space = text.find(' ');
  if (space == std::string_view::npos) {
    push(std::string(text));
    return;
  }
  for (size_t from = space + 1; from < text.size();) {
    const size_t end = std::min(text.find(' ', from), text.size());
    push(std::string(text.substr(0, space + 1)).append(text.substr(from, end - from)));
    from = end + 1;
  }
}

}  // namespace allegra::wire
