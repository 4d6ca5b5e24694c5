#include "tui/plain_screen.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "tui/input_map.h"
#include "tui/table_description.h"
#include "tui/table_view.h"

namespace allegra::tui {

PlainScreen::PlainScreen(const text::Translator& tr, std::istream& in, std::FILE* out, bool unicode,
                         PlainTable table)
    : tr_(&tr), in_(&in), out_(out), unicode_(unicode), table_(table), echo_(::isatty(0) != 0) {}

void PlainScreen::print(const std::string& line) {
  fmt::print(out_, "{}\n", line);
  std::fflush(out_);
}

void PlainScreen::print_table(const TableModel& model) {
  if (table_ == PlainTable::kDescription) {  // the description ends with the status
    for (const std::string& l : describe_table(model, *tr_)) print(l);
    return;
  }
  fmt::print(out_, "{}", render_table(model, *tr_, unicode_).text());
  print(model.status);
}

bool PlainScreen::read_line(std::string& line) {
  if (!std::getline(*in_, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

void PlainScreen::show(const TableModel&, const std::vector<std::string>& new_lines) {
  for (const std::string& l : new_lines) print(l);
}

bool PlainScreen::pause(int ms) {
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
  return false;
}

bool PlainScreen::table_request(const std::string& line, const TableModel& model) {
  if (table_ != PlainTable::kDescription || (line != "t" && line != "table")) return false;
  print("");
  for (const std::string& l : describe_table(model, *tr_)) print(l);
  return true;
}

Choice PlainScreen::decide(const TableModel& model, const PublicView& view) {
  const TableLayout layout(model.players, model.viewer, kTableWidth, kMinHeight);
  const InputMap map(view, layout, *tr_, model.names, model.you);
  print("");
  // A screen reader hears the whole table once; after that what changed (the new log lines,
  // printed as they happen) and the decision, and the table again on request (t).
  if (table_ == PlainTable::kDescription && told_table_) {
    print(model.status);
  } else {
    print_table(model);
    told_table_ = true;
  }
  print(tr_->tr("prompt.choices", {{"actor", model.current == model.you ? "you" : "other"},
                                   {"name", model.names[static_cast<size_t>(model.current)]}}));
  for (size_t i = 0; i < map.targets().size(); ++i) {
    const Target& t = map.targets()[i];
    print(tr_->tr("prompt.option",
                  {{"number", std::to_string(i + 1)}, {"label", t.label}, {"text", t.typed}}));
  }
  for (;;) {
    fmt::print(
        out_, "{}",
        tr_->tr(table_ == PlainTable::kDescription ? "prompt.choose_reader" : "prompt.choose"));
    std::fflush(out_);
    std::string line;
    if (!read_line(line)) {
      print("");
      return {Choice::Kind::kQuit, {}};
    }
    if (!echo_) print(line);  // piped input: keep the transcript readable
    if (line == "q" || line == "quit") return {Choice::Kind::kQuit, {}};
    if (line == "h" || line == "hint") return {Choice::Kind::kHint, {}};
    if (table_request(line, model)) continue;
    std::string error;
    if (auto a = map.parse(line, &error)) return {Choice::Kind::kAction, *a};
    print(error);
  }
}

bool PlainScreen::announce(const TableModel& model, Wait wait) {
  print("");
  if (table_ == PlainTable::kDescription)
    print(model.status);  // the round's title or the summary's; t tells the table
  else
    print_table(model);
  for (const std::string& l : model.notes)
    if (!l.empty()) print(l);
  if (wait != Wait::kEnter) return false;  // the summary: nothing left to wait for
  // The curses screen says this in its key help; here it is the last line before the wait.
  print(tr_->tr("prompt.continue"));
  for (;;) {
    std::string line;
    if (!read_line(line)) return true;
    if (table_request(line, model)) continue;
    return line == "q" || line == "quit";
  }
}

}  // namespace allegra::tui
