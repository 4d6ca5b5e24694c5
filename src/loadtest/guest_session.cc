#include "loadtest/guest_session.h"

#include <fmt/format.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>

namespace allegra::loadtest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

// One request in flight: its connection, request, response and buffer live as long as it does.
struct GuestRequest : std::enable_shared_from_this<GuestRequest> {
  GuestRequest(asio::io_context& io, std::function<void(GuestCookie)> done_)
      : stream(io), done(std::move(done_)) {}
  beast::tcp_stream stream;
  http::request<http::empty_body> request;
  http::response<http::string_body> response;
  beast::flat_buffer buffer;
  std::function<void(GuestCookie)> done;

  void fail(std::string_view what, const boost::system::error_code& ec) {
    done(GuestCookie{{},
                     fmt::format("GET /api/me: {}: {}", what, ec.message()),
                     ec == boost::asio::error::connection_refused});
  }
  // The session cookie's name=value from the answer's Set-Cookie headers.
  void finish() {
    boost::system::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    if (response.result() != http::status::ok)
      return done(GuestCookie{
          {}, fmt::format("GET /api/me answered {}: {}", response.result_int(), response.body())});
    const auto [first, last] = response.equal_range(http::field::set_cookie);
    for (auto field = first; field != last; ++field) {
      const std::string_view value = field->value();
      const std::string_view pair = value.substr(0, value.find(';'));
      // The name of kSessionCookie (src/server/accounts.h; the load generator does not link the
      // server: docs/accounts.md names it).
      if (pair.starts_with("allegra_session=")) return done(GuestCookie{std::string(pair), {}});
    }
    done(GuestCookie{{}, "GET /api/me gave no session cookie"});
  }
};

}  // namespace

void fetch_guest_cookie(asio::io_context& io, const tcp::endpoint& server,
                        const asio::ip::address_v4& source, const std::string& host,
                        std::function<void(GuestCookie)> done) {
  auto r = std::make_shared<GuestRequest>(io, std::move(done));
  boost::system::error_code ec;
  r->stream.socket().open(tcp::v4(), ec);
  if (!ec) r->stream.socket().bind(tcp::endpoint(source, 0), ec);
  if (ec) return r->fail("cannot bind", ec);
  r->request = {http::verb::get, "/api/me", 11};
  r->request.set(http::field::host, fmt::format("{}:{}", host, server.port()));
  r->stream.expires_after(std::chrono::seconds(30));
  r->stream.async_connect(server, [r](boost::system::error_code e) {
    if (e) return r->fail("cannot connect", e);
    http::async_write(r->stream, r->request, [r](boost::system::error_code e2, size_t) {
      if (e2) return r->fail("cannot send", e2);
      http::async_read(r->stream, r->buffer, r->response,
                       [r](boost::system::error_code e3, size_t) {
                         if (e3) return r->fail("cannot read the answer", e3);
                         r->finish();
                       });
    });
  });
}

}  // namespace allegra::loadtest
