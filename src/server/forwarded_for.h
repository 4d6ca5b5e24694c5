// The client's address behind a trusted proxy, from the X-Forwarded-For header.
//
// What: a proxy (HAProxy's `option forwardfor`, nginx's $proxy_add_x_forwarded_for) appends the
// address it received the connection from to X-Forwarded-For, as one more header or one more
// comma-separated value. Only that last value is the proxy's own word; everything before it came
// from the client and may be forged. So the server takes the last value of the last header, and
// only on a connection from a proxy it trusts (--trusted-proxy, http_server.cc).
// Why its own file: the rule is small but it is what the per-address limits stand on behind a
// proxy, so it is tested on its own (tests/server/forwarded_for_test.cc), without sockets.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace allegra::server {

// The client's address that a trusted proxy wrote: the last comma-separated value of the last
// X-Forwarded-For header (`values`: every such header's value, in order), in the canonical text
// of an IPv4 or IPv6 address. nullopt if there is no header or that value is not an address
// (then the connection counts for the proxy's own address).
std::optional<std::string> forwarded_client(const std::vector<std::string_view>& values);

// The canonical text of a numeric IPv4 or IPv6 address, or nullopt if `text` is none.
std::optional<std::string> canonical_address(std::string_view text);

}  // namespace allegra::server
