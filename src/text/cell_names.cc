#include "text/cell_names.h"

#include <algorithm>
#include <cctype>

#include "engine/action.h"

namespace allegra::text {
namespace {

const std::string& name_of(const std::vector<std::string>& names, int p) {
  static const std::string kNone;
  return p >= 0 && p < static_cast<int>(names.size()) ? names[static_cast<size_t>(p)] : kNone;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string cell_place(const Translator& tr, const std::vector<std::string>& names, int you,
                       int subject, CellId c) {
  const int row = cell_row(c) + 1, col = cell_col(c) + 1;
  const int owner = cell_owner(c);
  if (owner == subject) return tr.tr("place.cell", {{"row", row}, {"col", col}});
  return tr.tr("place.cell_of", {{"target", owner == you ? "you" : "other"},
                                 {"owner", name_of(names, owner)},
                                 {"row", row},
                                 {"col", col}});
}

std::string line_place(const Translator& tr, const std::vector<std::string>& names, int you,
                       int player, int line_id) {
  const int players = static_cast<int>(names.size());
  const int left = left_of(player, players);
  const Translator::Args neighbour = {{"target", left == you ? "you" : "other"},
                                      {"owner", name_of(names, left)}};
  if (is_col_line(line_id)) {
    const int dcol = line_id - kRows * kDisplayCols;
    if (dcol > 0) return tr.tr("place.column", {{"col", dcol}});
    return tr.tr("place.column_of", neighbour);
  }
  const int row = line_id / kDisplayCols + 1;
  const int start = line_id % kDisplayCols;  // display column: 0 is the neighbour's column 4
  if (start > 0) return tr.tr("place.row_cols", {{"row", row}, {"from", start}, {"to", start + 2}});
  Translator::Args args = neighbour;
  args.emplace_back("row", row);
  return tr.tr("place.row_shared", args);
}

std::string cell_short_form(const std::vector<std::string>& names, int subject, CellId c) {
  std::string rc = std::to_string(cell_row(c) + 1) + "," + std::to_string(cell_col(c) + 1);
  if (cell_owner(c) == subject) return rc;
  return name_of(names, cell_owner(c)) + " " + rc;
}

std::optional<CellId> cell_from_short_form(std::string_view text,
                                           const std::vector<std::string>& names, int subject,
                                           const std::vector<CellId>& offered) {
  // The row and the column at the end: "2,4", "2 4", "2.4" or "24".
  std::string t(text);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  if (t.size() < 2 || !std::isdigit(static_cast<unsigned char>(t.back()))) return std::nullopt;
  const int col = t.back() - '0';
  t.pop_back();
  if (!t.empty() && (t.back() == ',' || t.back() == '.' || t.back() == ' ')) t.pop_back();
  if (t.empty() || !std::isdigit(static_cast<unsigned char>(t.back()))) return std::nullopt;
  const int row = t.back() - '0';
  t.pop_back();
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
  if (row < 1 || row > kRows || col < 1 || col > kGridCols) return std::nullopt;
  auto at = [&](int owner) { return make_cell(owner, row - 1, col - 1); };
  auto is_offered = [&](CellId c) {
    return std::find(offered.begin(), offered.end(), c) != offered.end();
  };
  if (!t.empty()) {  // a name first: whose grid
    const std::string who = lower(t);
    for (size_t p = 0; p < names.size(); ++p)
      if (lower(names[p]) == who) {
        const CellId c = at(static_cast<int>(p));
        return is_offered(c) ? std::optional<CellId>(c) : std::nullopt;
      }
    return std::nullopt;
  }
  if (is_offered(at(subject))) return at(subject);
  std::optional<CellId> found;
  for (CellId c : offered) {
    if (cell_row(c) != row - 1 || cell_col(c) != col - 1) continue;
    if (found) return std::nullopt;  // ambiguous: the owner must be named
    found = c;
  }
  return found;
}

}  // namespace allegra::text
