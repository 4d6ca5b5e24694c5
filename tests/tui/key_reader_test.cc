// KeyReader decodes real byte sequences: a curses screen of a real terminal type (terminfo)
// reads from a pipe, so what a terminal or tmux sends is decoded exactly as in the game.
#include "tui/key_reader.h"

#include <curses.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace allegra::tui {
namespace {

class KeyDecoding : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    ASSERT_EQ(::pipe(fds_), 0);
    in_ = ::fdopen(fds_[0], "r");
    out_ = std::fopen("/dev/null", "w");
    ASSERT_NE(in_, nullptr);
    ASSERT_NE(out_, nullptr);
    screen_ = newterm(GetParam(), out_, in_);
    ASSERT_NE(screen_, nullptr) << "no terminfo entry for " << GetParam();
    set_term(screen_);
    raw();
    noecho();
    reader_ = std::make_unique<KeyReader>(out_);
  }
  void TearDown() override {
    reader_.reset();
    if (screen_ != nullptr) {
      endwin();
      delscreen(screen_);
    }
    if (in_ != nullptr) std::fclose(in_);
    if (out_ != nullptr) std::fclose(out_);
    ::close(fds_[1]);
  }
  void type(std::string_view bytes) {
    ASSERT_EQ(::write(fds_[1], bytes.data(), bytes.size()), static_cast<ssize_t>(bytes.size()));
  }
  // Everything the bytes typed so far decode to.
  std::vector<KeyEvent> events() {
    std::vector<KeyEvent> out;
    for (;;) {
      KeyEvent e = reader_->read(80);
      if (e.kind == KeyEvent::Kind::kNone) return out;
      out.push_back(std::move(e));
    }
  }
  // The key codes of `bytes`, which must decode to keys only.
  std::vector<int> keys(std::string_view bytes) {
    type(bytes);
    std::vector<int> codes;
    for (const KeyEvent& e : events()) {
      EXPECT_EQ(e.kind, KeyEvent::Kind::kKey);
      codes.push_back(e.code);
    }
    return codes;
  }

  int fds_[2] = {-1, -1};
  std::FILE* in_ = nullptr;
  std::FILE* out_ = nullptr;
  SCREEN* screen_ = nullptr;
  std::unique_ptr<KeyReader> reader_;
};

using Codes = std::vector<int>;

TEST_P(KeyDecoding, HomeIsHomeInEverySpellingNeverTheDigitOne) {
  // tmux sends \e[1~ for Home whatever TERM says; xterms send \e[H or \eOH; rxvt \e[7~.
  for (const char* home : {"\x1b[1~", "\x1b[H", "\x1bOH", "\x1b[7~"})
    EXPECT_EQ(keys(home), Codes{KEY_HOME}) << "sequence ESC" << (home + 1);
  for (const char* end : {"\x1b[4~", "\x1b[F", "\x1bOF", "\x1b[8~"})
    EXPECT_EQ(keys(end), Codes{KEY_END}) << "sequence ESC" << (end + 1);
}

TEST_P(KeyDecoding, PageKeysF1AndArrows) {
  EXPECT_EQ(keys("\x1b[5~"), Codes{KEY_PPAGE});
  EXPECT_EQ(keys("\x1b[6~"), Codes{KEY_NPAGE});
  EXPECT_EQ(keys("\x1bOP"), Codes{KEY_F(1)});
  EXPECT_EQ(keys("\x1b[11~"), Codes{KEY_F(1)});
  EXPECT_EQ(keys("\x1b[A\x1b[B\x1bOC\x1bOD"), (Codes{KEY_UP, KEY_DOWN, KEY_RIGHT, KEY_LEFT}));
  EXPECT_EQ(keys("\x1b[Z"), Codes{KEY_BTAB});
}

TEST_P(KeyDecoding, PlainKeysAndEscapeAlone) {
  EXPECT_EQ(keys("1q\r"), (Codes{'1', 'q', '\n'}));  // curses' nl mode: Return is '\n'
  EXPECT_EQ(keys("\x1b"), Codes{KeyReader::kEscape});
}

TEST_P(KeyDecoding, NoEscapeSequenceLeavesADigitOrLetterBehind) {
  // Whatever the terminal sends for a key we do not use (Ctrl-Home, shifted arrows, F12,
  // Alt-1, a terminal's answer), no byte of it may reach the game as a key of its own.
  std::vector<std::string> sequences = {"\x1b[99~",
                                        "\x1b[1;5H",
                                        "\x1b[1;2A",
                                        "\x1b[24~",
                                        "\x1b[15;3~",
                                        "\x1b"
                                        "1",
                                        "\x1bOx",
                                        "\x1b[?1;2c"};
  for (int p = 0; p <= 34; ++p)
    for (const char* mod : {"", ";2", ";5"})
      for (char final : std::string("~ABCDFHPQRSz")) {
        std::string seq = "\x1b[" + std::to_string(p) + mod;
        seq += final;
        sequences.push_back(seq);
      }
  for (const std::string& seq : sequences) type(seq);  // all at once, as a burst
  type("x");  // a key after them all still arrives as itself
  std::vector<KeyEvent> got = events();
  ASSERT_FALSE(got.empty());
  EXPECT_EQ(got.back().code, 'x');
  got.pop_back();
  for (const KeyEvent& e : got) {
    EXPECT_EQ(e.kind, KeyEvent::Kind::kKey);
    EXPECT_GT(e.code, 0xff) << "a byte of an escape sequence came through as a key";
  }
}

TEST_P(KeyDecoding, ABracketedPasteIsOnePasteNeverKeys) {
  type("\x1b[200~swap 1 2\r \x1b[201~q");
  const std::vector<KeyEvent> got = events();
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].kind, KeyEvent::Kind::kPaste);
  EXPECT_EQ(got[0].text, "swap 1 2\n ");
  EXPECT_EQ(got[1].kind, KeyEvent::Kind::kKey);
  EXPECT_EQ(got[1].code, 'q');
}

TEST_P(KeyDecoding, APasteThatNeverEndsStopsAndIsStillAPaste) {
  type("\x1b[200~1 1 1");
  const std::vector<KeyEvent> got = events();
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].kind, KeyEvent::Kind::kPaste);
  EXPECT_EQ(got[0].text, "1 1 1");
  type("\x1b[201~");  // its end, late: nothing
  EXPECT_TRUE(events().empty());
}

TEST_P(KeyDecoding, FlushDropsWhatWasTypedAhead) {
  type("\r\r1 ");
  usleep(20000);
  reader_->flush();
  EXPECT_TRUE(events().empty());
  EXPECT_EQ(keys("2"), Codes{'2'});
}

std::string terminal_name(const ::testing::TestParamInfo<const char*>& param) {
  std::string name = param.param;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(Terminals, KeyDecoding,
                         ::testing::Values("xterm-256color", "tmux-256color", "screen"),
                         terminal_name);

}  // namespace
}  // namespace allegra::tui
