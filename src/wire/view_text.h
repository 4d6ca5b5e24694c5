// The public view's and the engine events' JSON text written straight from the engine's
// structs, and the small text writers the frame writers share (numbers, escaped strings, cards,
// players, cells).
//
// What: append_view_text() writes exactly the bytes that dumping
// public_view_to_json(view, LegalActionsKey::kWithout) gives (nlohmann's compact dump: the keys
// in sorted order, as its std::map holds them), and view_text_parts() writes the same text cut
// into TableParts' units (each key's text, the grids cell by cell) for the delta writer.
// tests/wire/view_text_test.cc compares both with the JSON tree over whole games.
//
// Why: building the view as a JSON tree (a std::map node per key, a string per cell) and
// serialising it was a third of the server's CPU per action (docs/bench.md, issue 27 §4); the
// text writers here allocate nothing once their strings have grown. The rule options, which
// never change during a game, are serialised once per thread and copied while they stay equal.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/event.h"
#include "engine/public_view.h"
#include "engine/scoring.h"

namespace allegra::wire {

struct TableParts;

// Text writers appended to `out`, each writing what nlohmann's compact dump writes.
void append_int_text(std::string& out, int64_t v);
void append_bool_text(std::string& out, bool b);
// A JSON string of any text (names, codes, chat), escaped as nlohmann's dump with
// error_handler_t::replace does; printable ASCII without '"' and '\' is copied as it is.
void append_string_text(std::string& out, std::string_view text);
// Any JSON value as nlohmann's compact dump (error_handler_t::replace) writes it, without its
// serializer (which allocates an output adapter on every call); floats go through it.
void append_json_text(std::string& out, const nlohmann::json& j);
// A round's result as json_fields.h round_result_json(r, players) dumps it.
void append_round_result_text(std::string& out, const RoundResult& r, int players);

// An engine event as dumping event_to_json(e) (engine/event_json.h) gives it; with_text false
// leaves out its English `text` (what a delta frame carries: the client words the events).
void append_event_text(std::string& out, const Event& e, bool with_text);

// The whole view object, as dumping public_view_to_json(view, kWithout) gives it.
void append_view_text(std::string& out, const PublicView& view);
// The view's keys as parts view_names / view / view_keys (the grids as "") and the cells as
// parts.cells / cell_count (player * 12 + index), their texts appended to parts.text; sets
// parts.has_view.
void view_text_parts(TableParts& parts, const PublicView& view);

}  // namespace allegra::wire
