// JSON forms of the engine's values, all in one include: rule options, actions, the full
// state, the public view and events (formats: docs/state-format.md).
//
// Each idea has its own pair; include the one you need, or this umbrella:
//  - json_read.h: parsing and checked reading with errors that name the field (FormatError,
//    JsonSyntaxError, parse_json, json_read::integer/array/object/member/...);
//  - json_fields.h: the engine's small values (cards, players, cells, player sets, round
//    results) both ways;
//  - options_json.h: the rule options and actions;
//  - state_codec.h: the full State <-> JSON (state_to_json, state_from_json);
//  - state_check.h: the consistency check of a loaded state (validate_state);
//  - view_json.h, event_json.h: the public view and events (write only).
//
// Readers take untrusted input: every field is type- and range-checked, a state must be one the
// engine could have reached (card conservation, phase consistency), and any problem throws a
// FormatError (a std::invalid_argument) whose message starts with the path of the offending
// field, e.g. "state.grids[1][5].value: must be a card value -1..11, got 14". A reader never
// crashes or asserts, whatever the input.
#pragma once

#include "engine/event_json.h"
#include "engine/json_fields.h"
#include "engine/json_read.h"
#include "engine/options_json.h"
#include "engine/state_check.h"
#include "engine/state_codec.h"
#include "engine/view_json.h"
