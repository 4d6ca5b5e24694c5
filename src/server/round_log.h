// RoundLog: the events of the round being played, each with the seq of the frame that brought
// it, for the `log` of a full `state` frame (docs/protocol.md): a page that reloads, comes back
// after a restart of the server or joins late shows what happened in the round so far.
//
// Why a list of its own: the backlog keeps only the last frames, and the record keeps actions,
// not the events as the frames sent them. The room feeds it the engine's events where a game
// changes (do_act, do_tick), which run alike live and when a table is restored from its log, so
// the list is the same after a restart. The events are public (the very ones of the updates);
// a round-started event begins a new list. Bounded: at most kMaxEvents, the oldest dropped.
// The engine's events are kept as they are (24 bytes each) and written as JSON only when a
// state frame asks: most rounds are never asked for, and a text per event was an allocation and
// a JSON writer at every action.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <string>

#include "engine/event.h"

namespace allegra::server {

class RoundLog {
 public:
  static constexpr size_t kMaxEvents = 2000;

  // The engine's events of one update at `seq`.
  void add(uint64_t seq, std::span<const Event> events);
  void clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  // The list as JSON text: [{"event":{...},"seq":N}, ...], each event as event_to_json
  // writes it, with its English text (the same as the updates' events).
  std::string json_text() const;

 private:
  struct Entry {
    uint64_t seq = 0;
    Event event;
  };
  std::deque<Entry> entries_;
};

}  // namespace allegra::server
