// The client side's writer: a typed client message (wire/protocol.h) as the text a client sends.
//
// What: client_text() writes any ClientMessage as one JSON object of docs/protocol.md, with the
// keys the parser reads (parse_client_message), an optional field only when it is set. Programs
// that play through the protocol (the load generator, the tests' client) build messages as the
// server's own structs instead of formatting JSON by hand, so a message shape lives in one place:
// the parser and this writer, checked against each other (tests/wire/client_writer_test.cc:
// every message written parses back to itself).
#pragma once

#include <string>

#include "wire/protocol.h"

namespace allegra::wire {

// The frame's text, keys in alphabetical order.
std::string client_text(const ClientMessage& message);

// The message type's name ("hello", "join", "watch" for a Join with `watch`, ...).
std::string_view client_type(const MessageBody& body);

}  // namespace allegra::wire
