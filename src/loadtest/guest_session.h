// GuestSession: a signed-in player for a load-test client (`allegra loadtest --signed-in`).
//
// What a browser does at its first visit (docs/accounts.md): GET /api/me, which creates a guest
// player and answers with its session cookie. The client then sends that cookie, and its page's
// Origin, on its WebSocket upgrade, so the server ties the connection and its seat to a player
// (and checks the session at every upgrade), as for a signed-in person. Asynchronous on the
// client's io_context, over its own short HTTP connection from the client's source address.
#pragma once

#include <boost/asio/ip/address_v4.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/system/error_code.hpp>
#include <functional>
#include <string>

namespace boost::asio {
class io_context;
}

namespace allegra::loadtest {

// Calls `done(error, cookie)` with "allegra_session=..." (the Cookie header's value) once the
// server has answered GET /api/me with a session cookie; an error (a refusal such as 429 too)
// leaves `cookie` empty and says why in `problem`.
struct GuestCookie {
  std::string cookie;
  std::string problem;   // "" when cookie is set
  bool refused = false;  // nothing listens on the server's port (the run ends at once)
};
void fetch_guest_cookie(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& server,
                        const boost::asio::ip::address_v4& source, const std::string& host,
                        std::function<void(GuestCookie)> done);

}  // namespace allegra::loadtest
