// permessage-deflate against a real `allegra serve` process (docs/server.md, --deflate): a
// client that offers it gets compressed frames when the server has it on (with or without
// context takeover) and plain ones when it is off, and plays a whole game either way; a client
// that does not offer it always gets plain frames.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class ServeDeflateTest : public CliFixture {
 protected:
  struct Figures {
    std::string extensions;
    uint64_t wire = 0, frames = 0;
  };

  // Anna and Bea (both offering deflate or not) play a whole game of one round with two bots
  // on a server started with `flags`; returns what Anna's connection negotiated and received.
  Figures play_game(const std::vector<std::string>& flags, bool offer) {
    ServerProcess server(dir_, flags);
    // Whole updates (no deltas): the figures below are those of 2-3 KB frames.
    Player anna(server.port(), "Anna", offer, /*deltas=*/false);
    Player bea(server.port(), "Bea", offer, /*deltas=*/false);
    anna.create(json{"person", "person", "bot:easy", "bot:medium"},
                json{{"players", 4}, {"rounds", 1}});
    bea.join(anna.code(), 1);
    anna.start();
    std::mt19937_64 rng(7);
    play_to_end({&anna, &bea}, rng);
    EXPECT_TRUE(anna.errors().empty()) << anna.errors().front().dump();
    EXPECT_TRUE(bea.errors().empty()) << bea.errors().front().dump();
    EXPECT_TRUE(anna.over());
    Figures f{anna.ws().extensions(), anna.ws().wire_bytes_received(),
              anna.ws().frame_bytes_received()};
    EXPECT_GT(f.frames, 20'000u) << "a whole game is dozens of frames of 2-3 KB";
    EXPECT_EQ(server.terminate(), 0) << server.log();
    return f;
  }
};

TEST_F(ServeDeflateTest, OnCompressesTheFramesOfAWholeGame) {
  const Figures f = play_game({"--deflate", "on"}, /*offer=*/true);
  EXPECT_THAT(f.extensions, HasSubstr("permessage-deflate"));
  EXPECT_THAT(f.extensions, HasSubstr("server_max_window_bits=12"));
  EXPECT_THAT(f.extensions, ::testing::Not(HasSubstr("no_context_takeover")));
  // With the previous frame in the window, a frame costs a small part of its text.
  EXPECT_LT(f.wire * 4, f.frames) << f.wire << " bytes on the wire for " << f.frames;
}

TEST_F(ServeDeflateTest, NoTakeoverCompressesEachFrameOnItsOwn) {
  const Figures f = play_game({"--deflate", "no-takeover"}, /*offer=*/true);
  EXPECT_THAT(f.extensions, HasSubstr("permessage-deflate"));
  EXPECT_THAT(f.extensions, HasSubstr("server_no_context_takeover"));
  EXPECT_LT(f.wire * 2, f.frames) << f.wire << " bytes on the wire for " << f.frames;
}

TEST_F(ServeDeflateTest, OffSendsPlainFramesToAClientThatOffersIt) {
  const Figures f = play_game({"--deflate", "off"}, /*offer=*/true);
  EXPECT_THAT(f.extensions, IsEmpty());
  EXPECT_GE(f.wire, f.frames) << "the WebSocket headers come on top of the text";
}

TEST_F(ServeDeflateTest, OnSendsPlainFramesToAClientThatDoesNotOfferIt) {
  const Figures f = play_game({"--deflate", "on"}, /*offer=*/false);
  EXPECT_THAT(f.extensions, IsEmpty());
  EXPECT_GE(f.wire, f.frames);
}

TEST_F(ServeDeflateTest, AnUnknownModeIsRefused) {
  const cli_testing::Result r = run("serve --port 0 --deflate maybe");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_THAT(r.err, HasSubstr("--deflate"));
}

}  // namespace
}  // namespace allegra::server_testing
