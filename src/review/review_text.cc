#include "review/review_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "text/display_width.h"
#include "text/hint_text.h"

namespace allegra::review {
namespace {

// `text` padded with spaces to `width` columns (display width, for accented headings).
std::string pad(const std::string& text, int width) {
  const int w = text::display_width(text);
  return text + std::string(static_cast<size_t>(std::max(0, width - w)), ' ');
}

std::string player_name(int player, const text::Translator& tr) {
  return tr.tr("name.player", {{"number", player}});
}

double two_decimals(double v) { return std::round(v * 100.0) / 100.0; }

}  // namespace

std::string label_text(Label label, const text::Translator& tr) {
  switch (label) {
    case Label::kBest:
      return tr.tr("review.label.best");
    case Label::kGood:
      return tr.tr("review.label.good");
    case Label::kInaccuracy:
      return tr.tr("review.label.inaccuracy");
    case Label::kMistake:
      return tr.tr("review.label.mistake");
    case Label::kBlunder:
      return tr.tr("review.label.blunder");
  }
  return {};
}

std::vector<std::string> review_table_lines(const Review& review, const text::Translator& tr) {
  std::vector<std::string> out;
  if (review.decisions.empty()) {
    out.push_back(tr.tr("review.none"));
    return out;
  }
  const std::vector<std::string> heads = {tr.tr("review.col.decision"), tr.tr("review.col.round"),
                                          tr.tr("review.col.player"),   tr.tr("review.col.made"),
                                          tr.tr("review.col.best"),     tr.tr("review.col.lost"),
                                          tr.tr("review.col.label")};
  std::vector<std::vector<std::string>> rows;
  for (const ReviewDecision& d : review.decisions)
    rows.push_back({std::to_string(d.index + 1), std::to_string(d.round + 1),
                    std::to_string(d.player), to_text(d.chosen), to_text(d.best().action),
                    fmt::format("{:.1f}", d.loss), label_text(d.label, tr)});
  std::vector<int> widths;
  for (const std::string& h : heads) widths.push_back(text::display_width(h));
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], text::display_width(row[c]));
  auto line = [&](const std::vector<std::string>& cells) {
    std::string s;
    for (size_t c = 0; c < cells.size(); ++c)
      s += (c + 1 < cells.size() ? pad(cells[c], widths[c] + 2) : cells[c]);
    return s;
  };
  out.push_back(line(heads));
  for (const auto& row : rows) out.push_back(line(row));
  for (const PlayerReview& p : review.summaries) {
    out.push_back("");
    for (std::string& l : player_summary_lines(review, p, tr)) out.push_back(std::move(l));
  }
  return out;
}

std::vector<std::string> player_summary_lines(const Review& review, const PlayerReview& p,
                                              const text::Translator& tr) {
  std::vector<std::string> out;
  out.push_back(tr.tr("review.player", {{"player", player_name(p.player, tr)},
                                        {"decisions", p.decisions},
                                        {"accuracy", text::one_decimal(p.accuracy)},
                                        {"lost", text::one_decimal(p.lost)},
                                        {"per_round", text::one_decimal(p.lost_per_round)},
                                        {"luck", text::one_decimal(p.luck)}}));
  if (p.costliest.empty()) return out;
  out.push_back(tr.tr("review.costliest"));
  for (int k : p.costliest) {
    const ReviewDecision& d = review.decisions[static_cast<size_t>(k)];
    out.push_back("  " + tr.tr("review.costly", {{"decision", d.index + 1},
                                                 {"round", d.round + 1},
                                                 {"made", to_text(d.chosen)},
                                                 {"lost", two_decimals(d.loss)},
                                                 {"best", to_text(d.best().action)},
                                                 {"label", label_text(d.label, tr)}}));
    out.push_back(
        "    " + tr.tr("review.why_best", {{"reason", text::hint_reason_text(d.best_reason, tr)}}));
    out.push_back("    " + tr.tr("review.why_made",
                                 {{"reason", text::hint_reason_text(d.chosen_reason, tr)}}));
  }
  return out;
}

std::vector<std::string> decision_lines(const ReviewDecision& d, const text::Translator& tr) {
  std::vector<std::string> out;
  out.push_back(tr.tr("review.decision", {{"decision", d.index + 1},
                                          {"round", d.round + 1},
                                          {"player", player_name(d.player, tr)},
                                          {"label", label_text(d.label, tr)},
                                          {"lost", two_decimals(d.loss)}}));
  for (size_t k = 0; k < d.values.choices.size(); ++k) {
    const ChoiceValue& c = d.values.choices[k];
    // A visible mark on every line: the notes area drops leading spaces.
    const char* mark = k == 0 ? "*" : (static_cast<int>(k) == d.chosen_rank ? ">" : "·");
    out.push_back(fmt::format("{} {:<12} {:>6.1f} ± {:.1f}  {:>5.1f}", mark, to_text(c.action),
                              c.expected, c.std_error, c.loss));
  }
  out.push_back(tr.tr("review.why_best", {{"reason", text::hint_reason_text(d.best_reason, tr)}}));
  if (d.chosen_rank != 0)
    out.push_back(
        tr.tr("review.why_made", {{"reason", text::hint_reason_text(d.chosen_reason, tr)}}));
  return out;
}

}  // namespace allegra::review
