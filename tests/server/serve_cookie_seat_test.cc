// The session cookie at a real `allegra serve`, quickly enough for every pass (the sanitizer
// one too; ServePlayersTest and ServeRatedRestartTest play whole rated games in the release
// pass's heavy set): a signed-in player's new table of 2 invites another, whose open connection
// (the player of its cookie) receives the invitation; the game starts, the invited player's
// browser closes its socket mid-game, and a new connection with the same cookie gets the same
// seat and token back without a token, while a connection with a third player's cookie, or with
// none, only watches.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/signed_in_browser.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

class ServeCookieSeatTest : public CliFixture {};

TEST_F(ServeCookieSeatTest, AnInvitationReachesTheCookiesConnectionWhichGetsItsSeatBack) {
  ServerProcess server(dir_);
  const uint16_t port = server.port();
  const SignedInBrowser anna = first_visit(port);
  const SignedInBrowser bert = first_visit(port);
  const SignedInBrowser carl = first_visit(port);
  Player host(port, "Anna", anna.options);
  auto guest = std::make_unique<Player>(port, "Bert", bert.options);

  host.create_rated(2, {bert.player});
  const json invitation =
      guest->wait([](const json& m) { return m["type"] == "invitation"; }, "the invitation");
  EXPECT_EQ(invitation["code"], host.code()) << invitation.dump();
  EXPECT_EQ(invitation["from"]["id"], anna.player) << invitation.dump();
  guest->join(invitation["code"], 1);
  host.start();
  // The seat names its player (the connection's session).
  for (int tries = 0; tries < 50 && !guest->table()["seats"][1].contains("player"); ++tries)
    guest->pump(std::chrono::milliseconds(100));
  EXPECT_EQ(guest->table()["seats"][1].value("player", int64_t{0}), bert.player)
      << guest->table()["seats"].dump();

  // Bert's browser goes away mid-game; his next connection is seated by the cookie alone.
  const std::string token = guest->token();
  guest->ws().close();
  guest = std::make_unique<Player>(port, "Bert again", bert.options);
  const json state = guest->request({{"type", "join"}, {"code", host.code()}}, "state");
  ASSERT_EQ(state["type"], "state") << state.dump();
  EXPECT_EQ(state["you"], 1) << state.dump();
  guest->wait([](const json& m) { return m["type"] == "seated"; }, "seated by the cookie");
  EXPECT_EQ(guest->token(), token);

  // Another player's cookie, and no cookie at all, only watch.
  Player stranger(port, "Carl", carl.options);
  EXPECT_TRUE(
      stranger.request({{"type", "join"}, {"code", host.code()}}, "state")["you"].is_null());
  Player anonymous(port, "Dora");
  EXPECT_TRUE(
      anonymous.request({{"type", "join"}, {"code", host.code()}}, "state")["you"].is_null());
  EXPECT_TRUE(host.errors().empty()) << host.errors().front().dump();
  // Every socket closed first: a shutdown waits (bounded) for the clients' close frames.
  for (Player* p : {&host, guest.get(), &stranger, &anonymous}) p->ws().close();
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

}  // namespace
}  // namespace allegra::server_testing
