#pragma once

#include <cstdint>

namespace allegra::loadtest {

// The bytes this TCP socket has received so far (the kernel's tcpi_bytes_received: TCP payload,
// so WebSocket headers and compressed frames count as they travel, not as the client reads
// them after inflating). 0 if the socket cannot tell (not TCP, closed).
//
// Why the kernel's count: with permessage-deflate the bytes a client reads are not the bytes on
// the wire, and Beast gives no hook between the socket and the inflater. A separate translation
// unit because <linux/tcp.h> (which has the field) clashes with glibc's <netinet/tcp.h>, which
// Boost.Asio includes.
uint64_t socket_bytes_received(int fd);

}  // namespace allegra::loadtest
