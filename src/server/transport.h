// Transport: what the network does for the hub (the hub's output port).
//
// The hub (hub.h) never touches a socket: it hands every outgoing text frame to a Transport and
// asks it to close connections. The WebSocket server (http_server.h) implements it; tests use a
// Transport that records the frames. A broadcast frame is serialised once and shared by every
// recipient (SharedText), so a table of four players costs one serialisation per change.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "table/table.h"
#include "wire/shared_text.h"

namespace allegra::server {

using Millis = table::Millis;  // the server's steady clock, in milliseconds
using ConnectionId = uint64_t;
using SharedText = wire::SharedText;  // one serialisation per broadcast

class Transport {
 public:
  virtual ~Transport() = default;
  // Queues one text frame to `to` (a connection that is gone: ignored).
  virtual void send(ConnectionId to, SharedText text) = 0;
  // Closes `to` once its queued frames are sent.
  virtual void close(ConnectionId to, std::string_view reason) = 0;
};

}  // namespace allegra::server
