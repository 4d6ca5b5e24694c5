// RoundLog: the events of the round being played, each with the seq of the frame that brought
// it, for the `log` of a full `state` frame (docs/protocol.md): a page that reloads, comes back
// after a restart of the server or joins late shows what happened in the round so far.
//
// Why a list of its own: the backlog keeps only the last frames, and the record keeps actions,
// not the events as the frames sent them. The room feeds it the engine's events where a game
// changes (do_act, do_tick), which run alike live and when a table is restored from its log, so
// the list is the same after a restart. The events are public (the very ones of the updates);
// a round-started event begins a new list. Bounded: at most kMaxEvents, the oldest dropped.
#pragma once

#include <cstdint>
#include <deque>
#include <nlohmann/json.hpp>
#include <string>

namespace allegra::server {

class RoundLog {
 public:
  static constexpr size_t kMaxEvents = 2000;

  // The events of one update (a JSON array, as engine_events_json writes it) at `seq`.
  void add(uint64_t seq, const nlohmann::json& events);
  void clear() { entries_.clear(); }
  size_t size() const { return entries_.size(); }
  // The list as JSON text: [{"seq":N,"event":{...}}, ...].
  std::string json_text() const;

 private:
  std::deque<std::string> entries_;  // each entry's JSON text
};

}  // namespace allegra::server
