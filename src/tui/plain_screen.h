// PlainScreen: the game as plain lines of text, for pipes, scripts and screen readers.
//
// Every log line is printed as it happens; when a person decides, the table is printed (an
// ASCII picture) with the status and a numbered list of the legal moves, and one line is read:
// a number, a cell ("2,4", "Bea 2,4") or the engine's short form ("draw"), "h" for a hint, "q"
// to save and quit. With --screen-reader the table is told in sentences (describe_table()) at
// the first decision only; after that a decision reads the status and the moves, as the new
// log lines have already been read, and "t" tells the whole table again. End of input saves
// and quits too, so a script can never hang the game.
#pragma once

#include <cstdio>
#include <istream>

#include "text/translator.h"
#include "tui/screen.h"

namespace allegra::tui {

// How the table is printed: a picture, or (--screen-reader) sentences a line per row.
enum class PlainTable { kPicture, kDescription };

class PlainScreen : public Screen {
 public:
  PlainScreen(const text::Translator& tr, std::istream& in, std::FILE* out, bool unicode = false,
              PlainTable table = PlainTable::kPicture);

  void show(const TableModel& model, const std::vector<std::string>& new_lines) override;
  bool pause(int ms) override;
  Choice decide(const TableModel& model, const PublicView& view) override;
  bool announce(const TableModel& model, Wait wait) override;

 private:
  void print(const std::string& line);
  void print_table(const TableModel& model);  // the table and the status line
  bool read_line(std::string& line);
  // "t" or "table" with --screen-reader: tells the whole table; true if it was that.
  bool table_request(const std::string& line, const TableModel& model);

  const text::Translator* tr_;
  std::istream* in_;
  std::FILE* out_;
  bool unicode_;
  PlainTable table_;
  bool echo_;                // the terminal echoes what is typed (else we print it)
  bool told_table_ = false;  // --screen-reader: the whole table was told once
};

}  // namespace allegra::tui
