// Readable at 80x24 and at any width: the score panel, wrapped lines, the help overlay and the
// log's scrollback, drawn without a terminal.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <sstream>

#include "text/cell_names.h"
#include "tui/bot_pace.h"
#include "tui/help_text.h"
#include "tui/input_map.h"
#include "tui/table_view.h"

namespace allegra::tui {
namespace {

const std::vector<std::string> kSixNames = {"Ann", "Bea", "Carlo", "Dora", "Emil", "Fritzi"};

TableModel model_for(int players, int seed = 3) {
  State s(RuleOptions{.players = players}, static_cast<uint64_t>(seed));
  return make_model(s.public_view(),
                    std::vector<std::string>(kSixNames.begin(), kSixNames.begin() + players), 0);
}

// The panel's line of a player, or "" if the canvas has none.
std::string panel_line(const Canvas& c, const Rect& panel, int row) {
  std::string out;
  for (int x = panel.x; x < panel.x + panel.w; ++x) out += c.at(x, panel.y + row).text;
  return out;
}

TEST(TuiPanel, ShowsFullTotalsAtEveryWidth) {
  const text::Translator tr("en");
  const int32_t totals[] = {452, -247, 7, 1999, -1, 0};  // 226, -123.5, 3.5, 999.5, -0.5, 0
  for (int n = 2; n <= 6; ++n) {
    TableModel m = model_for(n);
    for (int p = 0; p < n; ++p) m.totals_half[static_cast<size_t>(p)] = totals[p];
    for (int round = 0; round < 7; ++round) {
      std::vector<int32_t> scores;
      for (int p = 0; p < n; ++p) scores.push_back(round % 2 ? -21 : 87 + p);  // -10.5, 43.5
      m.round_scores.push_back(scores);
    }
    for (int width = kMinWidth; width <= 200; ++width) {
      const TableLayout layout(n, 0, width, 24);
      const Rect panel = layout.panel_rect();
      if (panel.w == 0) continue;
      const Canvas c = render_screen(m, nullptr, layout, tr, {true, ""});
      const std::string head = panel_line(c, panel, 1);
      EXPECT_NE(head.find(" total"), std::string::npos) << width << ": " << head;
      EXPECT_NE(head.find("R7"), std::string::npos) << "the latest round is shown: " << head;
      for (int p = 0; p < n; ++p) {
        const std::string line = panel_line(c, panel, 2 + p);
        const std::string total = points_text(totals[p]);
        EXPECT_EQ(line.substr(line.find_last_not_of(' ') + 1 - total.size(), total.size()), total)
            << n << " players, width " << width << ": " << line;
        EXPECT_EQ(line.find(kSixNames[static_cast<size_t>(p)].substr(0, 4)), 0u) << line;
        EXPECT_NE(line.find("-10.5"), std::string::npos) << line;
      }
    }
  }
}

// The words of a text, single-spaced: wrapped text reads the same as the text it came from.
std::string words(const std::string& text) {
  std::istringstream in(text);
  std::string out, w;
  while (in >> w) out += (out.empty() ? "" : " ") + w;
  return out;
}

// True if every word of `text` is on the canvas, in order and together.
bool shows_whole(const Canvas& c, const std::string& text) {
  return words(c.text()).find(words(text)) != std::string::npos;
}

// The status of a decision wraps instead of being cut ("... nimmst du auf die Hand" lost its
// end at 80 columns), and the buttons move below it: every status text of every language,
// with long names, is whole at 80x24 and at the minimum size.
TEST(TuiWrap, TheStatusLineWrapsAndTheButtonsFollowIt) {
  const std::vector<std::string> names = {"Bartholomäus", "Bea", "Maximiliane", "Dora"};
  for (const std::string& code : text::language_codes()) {
    const text::Translator tr(code);
    // A decision with two buttons: knocking.
    RuleOptions o;
    o.players = 4;
    State s(o, 11);
    while (s.phase() == Phase::kSetupReveal) s.apply(s.legal_actions()[0]);
    s.apply(Action::draw_pile());
    ASSERT_EQ(s.phase(), Phase::kKnockWindow);
    TableModel m = make_model(s.public_view(), names, s.current_player());
    for (const char* key :
         {"status.knocker_swap", "status.put", "status.choose_knocker", "status.hold",
          "status.hold_discard", "status.hold_swap", "status.knock", "status.take", "status.setup"})
      for (const char* actor : {"you", "person", "other"}) {
        m.status = tr.tr(key, {{"actor", actor},
                               {"target", "other"},
                               {"name", "Bartholomäus"},
                               {"active", "Maximiliane"},
                               {"knocker", "Maximiliane"},
                               {"face", "up"},
                               {"card", "-1"},
                               {"left", 2}});
        for (const auto& [w, h] : {std::pair{80, 24}, std::pair{kMinWidth, kMinHeight}}) {
          const TableLayout layout = screen_layout(m, w, h);
          const InputMap map(s.public_view(), layout, tr, names);
          const Canvas c = render_screen(m, &map, layout, tr, {true, tr.tr("help.decide")});
          EXPECT_TRUE(shows_whole(c, m.status)) << code << " " << key << "\n" << c.text();
          for (const Target& t : map.targets())
            if (t.button) {
              EXPECT_GE(t.rect.y, layout.status_y() + layout.status_rows());
            }
        }
      }
  }
}

// The lines of the log area (the notes here) on every page from the first, as PgDn shows
// them; each page's lines checked to be on the screen.
std::string paged_text(const TableModel& m, const TableLayout& layout, const text::Translator& tr,
                       ViewOptions o) {
  std::string out;
  int last = -1;  // the last line taken
  for (int page = 0; page < 20; ++page) {
    const Canvas c = render_screen(m, nullptr, layout, tr, o);
    const TextPage p = log_page(m, layout, o);
    for (size_t i = 0; i < p.lines.size(); ++i) {
      EXPECT_NE(c.text().find(p.lines[i]), std::string::npos) << p.lines[i];
      if (p.first + static_cast<int>(i) > last) out += p.lines[i] + "\n";  // not seen yet
    }
    last = p.first + static_cast<int>(p.lines.size()) - 1;
    if (!p.more_below()) break;
    EXPECT_TRUE(shows_whole(c, tr.tr(m.notes.empty() ? "screen.more" : "screen.more_down")))
        << c.text();
    o.scroll = p.offset + page_step(p.rows);
  }
  return out;
}

const char* const kLanguages[] = {"en", "de", "fr", "nl", "es"};

TEST(TuiWrap, BreaksAtSpacesCountingCharactersNotBytes) {
  EXPECT_EQ(wrap_text("abräumen und ▒▒ · weiter", 12),
            (std::vector<std::string>{"abräumen und", "▒▒ · weiter"}));
  EXPECT_EQ(wrap_text("Nachziehstapelkarte", 8),
            (std::vector<std::string>{"Nachzieh", "stapelka", "rte"}));
  EXPECT_EQ(wrap_text("", 10), (std::vector<std::string>{""}));
  EXPECT_EQ(wrap_text("eins\nzwei drei", 20), (std::vector<std::string>{"eins", "zwei drei"}));
  for (const char* lang : kLanguages) {
    const text::Translator tr(lang);
    for (const std::string& key : help_overlay_keys()) {
      if (key.empty()) continue;
      for (int width : {20, 40, 78})
        for (const std::string& line : wrap_text(tr.tr(key), width)) {
          EXPECT_LE(text_width(line), width) << line;
          EXPECT_TRUE(line.empty() || line.front() != ' ') << line;
        }
    }
  }
}

// The penalty line, a hint and the key help, in every language, at 80x24 and at the minimum
// size: every word is on the screen.
TEST(TuiWrap, LongLinesWrapInsteadOfBeingCut) {
  for (const char* lang : kLanguages) {
    const text::Translator tr(lang);
    TableModel m = model_for(4);
    m.names = {"Bartholomäus", "Bea", "Carlo", "Dora"};
    m.status = tr.tr("result.title", {{"round", "2"}});
    m.notes = {
        tr.tr("result.penalty_halved",
              {{"actor", "other"}, {"name", "Bartholomäus"}, {"display", -13}, {"score", -6.5}}),
        tr.tr("result.penalty_doubled",
              {{"actor", "other"}, {"name", "Bartholomäus"}, {"display", 13}, {"score", 26}}),
        tr.tr("hint.move", {{"rank", 1},
                            {"move", "Swap into Bea’s row 3, column 4 (now 11) [Bea 3,4]"},
                            {"score", 41.5}})};
    for (const std::string& note : m.notes) ASSERT_EQ(note.find('{'), std::string::npos) << note;
    for (const auto& [w, h] : {std::pair{80, 24}, std::pair{kMinWidth, kMinHeight}}) {
      for (const char* help : {"help.decide", "help.bots", "help.bots_paused"}) {
        const std::string help_text = tr.tr(help, {{"delay", "600"}});
        const TableLayout layout(4, 0, w, h);
        const Canvas c = render_screen(m, nullptr, layout, tr, {true, help_text});
        EXPECT_TRUE(shows_whole(c, help_text)) << lang << " " << w << "\n" << c.text();
        const std::string notes = paged_text(m, layout, tr, {true, help_text});
        for (const std::string& note : m.notes)
          EXPECT_NE(words(notes).find(words(note)), std::string::npos)
              << lang << " " << w << "x" << h << "\n"
              << notes;
      }
    }
    // The message of a screen too small for the table, even on a very small one.
    for (const auto& [w, h] : {std::pair{40, 10}, std::pair{63, 24}, std::pair{80, 19}}) {
      const Canvas c = render_screen(m, nullptr, TableLayout(4, 0, w, h), tr, {true, ""});
      EXPECT_TRUE(shows_whole(c, tr.tr("screen.too_small_1"))) << c.text();
      EXPECT_TRUE(
          shows_whole(c, tr.tr("screen.too_small_2", {{"width", std::to_string(w)},
                                                      {"height", std::to_string(h)},
                                                      {"min_width", std::to_string(kMinWidth)},
                                                      {"min_height", std::to_string(kMinHeight)}})))
          << c.text();
    }
  }
}

// The log shows its newest lines; PgUp goes back a page at a time down to the first line,
// with a line saying there is more below, and End (offset 0) comes back.
TEST(TuiLog, ScrollsBackAndForth) {
  const text::Translator tr("en");
  TableModel m = model_for(4);
  for (int i = 1; i <= 30; ++i) m.log.push_back(fmt::format("Log line {}.", i));
  const TableLayout layout(4, 0, 80, 24);
  ViewOptions o(true, "keys");
  const TextPage newest = log_page(m, layout, o);
  EXPECT_FALSE(newest.more_below());
  EXPECT_EQ(newest.lines.back(), "Log line 30.");
  std::string text = render_screen(m, nullptr, layout, tr, o).text();
  EXPECT_NE(text.find("Log line 30."), std::string::npos);
  EXPECT_EQ(text.find("Log line 20."), std::string::npos);
  std::vector<std::string> seen(newest.lines);
  for (int step = 0; step < 20; ++step) {
    o.scroll = log_page(m, layout, o).offset - page_step(log_page(m, layout, o).rows);
    const TextPage page = log_page(m, layout, o);
    o.scroll = page.offset;
    seen.insert(seen.end(), page.lines.begin(), page.lines.end());
  }
  const TextPage top = log_page(m, layout, o);
  EXPECT_EQ(top.lines.front(), "Log line 1.") << "clamped at the first line";
  EXPECT_TRUE(top.more_below());
  text = render_screen(m, nullptr, layout, tr, o).text();
  EXPECT_NE(text.find("Log line 1."), std::string::npos);
  EXPECT_NE(text.find("more: PgDn"), std::string::npos) << text;
  for (int i = 1; i <= 30; ++i)
    EXPECT_NE(std::find(seen.begin(), seen.end(), fmt::format("Log line {}.", i)), seen.end())
        << "line " << i << " was never shown";
  o.scroll = 0;  // End
  EXPECT_EQ(log_page(m, layout, o).lines.back(), "Log line 30.");
}

// The help overlay in every language at 80x24: paging through it shows every word.
TEST(TuiHelp, OverlayFitsAt80x24InEveryLanguage) {
  for (const char* lang : kLanguages) {
    const text::Translator tr(lang);
    const TableModel m = model_for(4);
    const TableLayout layout(4, 0, 80, 24);
    ViewOptions o(true, tr.tr("help.overlay_keys"));
    o.overlay = help_overlay(tr);
    std::string all;
    int last = -1;  // the last line taken (a page repeats one line of the one before)
    for (int page = 0; page < 10; ++page) {
      const Canvas c = render_screen(m, nullptr, layout, tr, o);
      EXPECT_TRUE(shows_whole(c, tr.tr("help.overlay_keys"))) << c.text();
      const TextPage p = overlay_page(layout, o);
      for (size_t i = 0; i < p.lines.size(); ++i) {
        EXPECT_NE(c.text().find(p.lines[i]), std::string::npos) << lang << ": " << p.lines[i];
        if (p.first + static_cast<int>(i) > last) all += p.lines[i] + "\n";
      }
      last = p.first + static_cast<int>(p.lines.size()) - 1;
      if (!p.more_below()) break;
      EXPECT_NE(words(c.text()).find(words(tr.tr("screen.more_down"))), std::string::npos);
      o.overlay_scroll = p.offset + page_step(p.rows);
    }
    for (const std::string& paragraph : o.overlay)
      EXPECT_NE(words(all).find(words(paragraph)), std::string::npos) << lang << ": " << paragraph;
    for (const std::string& key : help_overlay_keys())
      if (!key.empty()) {
        EXPECT_TRUE(tr.has(key)) << lang << " " << key;
      }
  }
}

TEST(TuiBotPace, FasterSlowerAndPause) {
  BotPace pace;
  EXPECT_EQ(pace.delay(600), 600);
  pace.slower();
  EXPECT_EQ(pace.delay(600), 1200);
  for (int i = 0; i < 10; ++i) pace.slower();
  EXPECT_EQ(pace.delay(600), 600 * 16) << "at most 16 times slower";
  for (int i = 0; i < 5; ++i) pace.faster();
  EXPECT_EQ(pace.delay(600), 300);
  for (int i = 0; i < 10; ++i) pace.faster();
  EXPECT_EQ(pace.delay(600), 0) << "the fastest pace does not wait at all";
  pace.slower();
  EXPECT_GT(pace.delay(600), 0);
  EXPECT_EQ(pace.delay(0), 0) << "--fast stays fast";
  EXPECT_FALSE(pace.paused());
  pace.toggle_pause();
  EXPECT_TRUE(pace.paused());
  pace.toggle_pause();
  EXPECT_FALSE(pace.paused());
}

// The numbers of the cells in a message ("Bea’s row 2, column 4").
std::pair<int, int> numbers_in(const std::string& place) {
  std::vector<int> n;
  for (char ch : place)
    if (ch >= '0' && ch <= '9') n.push_back(ch - '0');
  return n.size() == 2 ? std::pair{n[0], n[1]} : std::pair{-1, -1};
}

// For every player count and viewer, the numbers drawn at the left of a cell's row and above
// its column, and the name over its grid, are those that messages use for the cell.
TEST(TuiCellNames, LabelsOnEveryGridMatchTheMessages) {
  const text::Translator tr("en");
  for (int n = 2; n <= 6; ++n) {
    const std::vector<std::string> names(kSixNames.begin(), kSixNames.begin() + n);
    for (int viewer = 0; viewer < n; ++viewer) {
      TableModel m = model_for(n);
      m.viewer = viewer;
      const TableLayout layout(n, viewer, 80, 24);
      const Canvas c = render_screen(m, nullptr, layout, tr, {true, ""});
      for (int id = 0; id < n * kGridCells; ++id) {
        const CellId cell = static_cast<CellId>(id);
        const int owner = cell_owner(cell);
        const Rect r = layout.cell_rect(cell);
        const Rect block = layout.block_rect(owner);
        const std::string row_label = c.at(block.x, r.y).text;
        const std::string col_label = c.at(r.x + 2, block.y + 1).text;
        std::string name_line;
        for (int x = block.x; x < block.x + block.w; ++x) name_line += c.at(x, block.y).text;
        // A sentence about another player names the owner and the numbers.
        const int other = (owner + 1) % n;
        const std::string place = text::cell_place(tr, names, kNoPlayer, other, cell);
        const auto [row, col] = numbers_in(place);
        EXPECT_EQ(row_label, std::to_string(row)) << place;
        EXPECT_EQ(col_label, std::to_string(col)) << place;
        EXPECT_NE(name_line.find(names[static_cast<size_t>(owner)]), std::string::npos);
        EXPECT_EQ(place.find(names[static_cast<size_t>(owner)]), 0u) << place;
        EXPECT_EQ(text::cell_place(tr, names, kNoPlayer, owner, cell),
                  fmt::format("row {}, column {}", row, col));
        // The owner at this keyboard is "you", never a name in a third-person phrase.
        EXPECT_EQ(text::cell_place(tr, names, owner, other, cell),
                  fmt::format("your row {}, column {}", row, col));
        EXPECT_EQ(text::cell_short_form(names, other, cell),
                  fmt::format("{} {},{}", names[static_cast<size_t>(owner)], row, col));
      }
    }
  }
}

// Buttons, the list and typed moves name a cell the same way.
TEST(TuiCellNames, TypedShortFormsNameCellsAsTheScreenDoes) {
  const text::Translator tr("en");
  const std::vector<std::string> names = {"You", "Bea", "Carlo", "Dora"};
  State s(RuleOptions{}, 3);  // setup: You turn up a card of your display
  const PublicView view = s.public_view();
  const InputMap map(view, TableLayout(4, 0, 80, 24), tr, names);
  std::string error;
  EXPECT_EQ(map.parse("2,3", &error), Action::reveal(make_cell(0, 1, 2)));
  EXPECT_EQ(map.parse("2 3", &error), Action::reveal(make_cell(0, 1, 2)));
  EXPECT_EQ(map.parse("bea 1,4", &error), Action::reveal(make_cell(1, 0, 3)));
  EXPECT_EQ(map.parse("1,4", &error), Action::reveal(make_cell(0, 0, 3)));
  EXPECT_EQ(map.parse("Bea 1,1", &error), std::nullopt) << "not in your display";
  EXPECT_EQ(map.parse("reveal 0a1", &error), Action::reveal(make_cell(0, 0, 1)))
      << "the engine's short form still works";
  bool found = false;
  for (const Target& t : map.targets()) {
    if (t.action != Action::reveal(make_cell(1, 2, 3))) continue;
    found = true;
    EXPECT_EQ(t.typed, "Bea 3,4");
    EXPECT_NE(t.label.find("Bea’s row 3, column 4"), std::string::npos) << t.label;
  }
  EXPECT_TRUE(found);
}

// The text of a rectangle's first row.
std::string rect_text(const Canvas& c, const Rect& r) {
  std::string out;
  for (int x = r.x; x < r.x + r.w && x < c.width(); ++x) out += c.at(x, r.y).text;
  return out;
}

// Six players with the longest names (16 Latin letters, or 8 wide characters: 16 columns) and
// totals of 43: at every width from the minimum to 200 columns every seat's label keeps its
// whole total and the start of its name, every line fits the screen, and the log's sentences
// with the names are whole. (The total was cut to "4"; 12 CJK characters overwrote the labels
// beside them: "Dora 0" became "ora 0".)
TEST(TuiWidth, LongAndWideNamesKeepEveryTotalAtEveryWidth) {
  const text::Translator tr("en");
  const std::vector<std::vector<std::string>> name_sets = {
      {"Alexandrina Abcd", "Bartholomäus Xyz", "Constantinopel C", "Dorothea Dmitrie",
       "Emiliano Eduardo", "Friedericke Fffg"},
      {"漢字漢字漢字漢字", "かなかなかなかな", "カタカナカタカナ", "한국어한국어한국",
       "中文中文中文中文", "ＡＢＣＤＥＦＧＨ"}};
  for (const std::vector<std::string>& names : name_sets) {
    State s(RuleOptions{.players = 6}, 5);
    TableModel m = make_model(s.public_view(), names, 0);
    for (int p = 0; p < 6; ++p) m.totals_half[static_cast<size_t>(p)] = 86;  // 43
    m.round_scores = {{86, 86, 86, 86, 86, 86}};
    m.status = names[1] + " is turning up 2 cards.";
    m.log = {names[2] + " turned up the 7 at row 1, column 2.", names[3] + " took the 5."};
    for (int width = kMinWidth; width <= 200; ++width) {
      const TableLayout layout = screen_layout(m, width, 30);
      const Canvas c = render_screen(m, nullptr, layout, tr, {true, "help"});
      for (int y = 0; y < c.height(); ++y)
        EXPECT_LE(text_width(c.line(y)), width) << width << ": " << c.line(y);
      for (int p = 0; p < 6; ++p) {
        const std::string label = rect_text(c, layout.label_rect(p));
        const std::string& name = names[static_cast<size_t>(p)];
        EXPECT_NE(label.find("(43)"), std::string::npos) << width << ": " << label;
        EXPECT_NE(label.find(clip_text(name, 8)), std::string::npos) << width << ": " << label;
      }
      const std::string text = c.text();
      EXPECT_TRUE(shows_whole(c, m.status)) << width << "\n" << text;
      for (const std::string& l : m.log) EXPECT_TRUE(shows_whole(c, l)) << width << "\n" << text;
      if (const Rect panel = layout.panel_rect(); panel.w > 0)
        for (int p = 0; p < 6; ++p) {
          const std::string line = panel_line(c, panel, 2 + p);
          EXPECT_EQ(line.substr(line.find_last_not_of(' ') - 1, 2), "43") << width << ": " << line;
        }
    }
  }
}

TEST(TuiWidth, CanvasKeepsWideCharactersWhole) {
  Canvas c(10, 1);
  c.put(0, 0, "漢字ab");
  EXPECT_EQ(c.line(0), "漢字ab");
  EXPECT_EQ(text_width(c.line(0)), 6);
  c.put(1, 0, "x");  // over the right half of 漢: the left half goes too
  EXPECT_EQ(c.line(0), " x字ab");
  c.put(2, 0, "Zoe\u0308");  // a combining diaeresis joins the e
  EXPECT_EQ(c.line(0), " xZoe\u0308b");
  EXPECT_EQ(clip_text("漢字漢", 5), "漢字");
  EXPECT_EQ(wrap_text("漢字漢字 ab", 5), (std::vector<std::string>{"漢字", "漢字", "ab"}));
}

}  // namespace
}  // namespace allegra::tui
