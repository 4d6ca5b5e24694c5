#include "engine/diagram.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <sstream>
#include <vector>

namespace allegra {

struct PositionBuilder {
  static State build(const RuleOptions& options, std::string_view diagram, uint64_t seed);
};

namespace {

struct CellSpec {
  enum Kind { kUnset, kFaceDown, kFaceUp, kEmpty } kind = kUnset;
  std::optional<int> value;  // unset for a '?' cell
};

std::vector<std::string> split(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

std::optional<int> parse_int(std::string_view s) {
  if (s.empty() || s.size() > 6) return std::nullopt;
  size_t i = s[0] == '-' ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  int v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

}  // namespace

State PositionBuilder::build(const RuleOptions& options, std::string_view diagram, uint64_t seed) {
  if (auto error = options.validate()) throw std::invalid_argument(*error);
  const int n = options.players;
  int line_no = 0;
  auto fail = [&](const std::string& why) {
    throw std::invalid_argument(fmt::format("diagram line {}: {}", line_no, why));
  };
  auto player_arg = [&](const std::string& s) {
    auto p = parse_int(s);
    if (!p || *p < 0 || *p >= n) fail(fmt::format("'{}' is not a player 0-{}", s, n - 1));
    return *p;
  };
  auto card_arg = [&](std::string_view s) {
    auto v = parse_int(s);
    if (!v || *v < kMinValue || *v > kMaxValue) fail(fmt::format("'{}' is not a card -1..11", s));
    return *v;
  };

  // 1. Parse.
  std::array<CellSpec, kMaxCells> cells{};
  std::vector<int> draw_top, discard_top_first;
  std::optional<int> draw_size, ender, ended_during, first;
  int active = 0, round = 0;
  std::array<int32_t, kMaxPlayers> totals_half{};
  std::istringstream in{std::string(diagram)};
  for (std::string raw; std::getline(in, raw);) {
    ++line_no;
    std::string_view line = raw;
    if (auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    auto words = split(line);
    if (words.empty()) continue;
    const std::string& key = words[0];
    std::vector<std::string> args(words.begin() + 1, words.end());
    if (key.size() >= 2 && key.back() == ':') {
      int p = player_arg(key.substr(0, key.size() - 1));
      std::vector<std::string> tokens;
      for (const auto& a : args)
        if (a != "|") tokens.push_back(a);
      if (tokens.size() != kGridCells)
        fail(fmt::format("player {} needs 12 cells (3 rows of 4), got {}", p, tokens.size()));
      for (int i = 0; i < kGridCells; ++i) {
        CellSpec& spec = cells[p * kGridCells + i];
        const std::string& t = tokens[i];
        if (t == ".") {
          spec.kind = CellSpec::kEmpty;
        } else if (t[0] == '?') {
          spec.kind = CellSpec::kFaceDown;
          if (t.size() > 1) spec.value = card_arg(std::string_view(t).substr(1));
        } else {
          spec.kind = CellSpec::kFaceUp;
          spec.value = card_arg(t);
        }
      }
    } else if (key == "active") {
      if (args.size() != 1) fail("'active' takes one player");
      active = player_arg(args[0]);
    } else if (key == "first") {
      if (args.size() != 1) fail("'first' takes one player");
      first = player_arg(args[0]);
    } else if (key == "round") {
      auto r = args.size() == 1 ? parse_int(args[0]) : std::nullopt;
      if (!r || *r < 0 || *r > 1000) fail("'round' takes a number 0-1000");
      round = *r;
    } else if (key == "draw") {
      for (const auto& a : args) draw_top.push_back(card_arg(a));
    } else if (key == "draw-size") {
      auto s = args.size() == 1 ? parse_int(args[0]) : std::nullopt;
      if (!s || *s < 0 || *s > kMaxDeck) fail("'draw-size' takes a card count");
      draw_size = *s;
    } else if (key == "discard") {
      for (const auto& a : args) discard_top_first.push_back(card_arg(a));
    } else if (key == "ender") {
      if (args.size() != 1) fail("'ender' takes one player");
      ender = player_arg(args[0]);
    } else if (key == "ended-during") {
      if (args.size() != 1) fail("'ended-during' takes one player");
      ended_during = player_arg(args[0]);
    } else if (key == "totals") {
      if (static_cast<int>(args.size()) != n) fail(fmt::format("'totals' needs {} numbers", n));
      for (int p = 0; p < n; ++p) {
        double v = 0;
        try {
          v = std::stod(args[p]);
        } catch (const std::exception&) {
          fail(fmt::format("'{}' is not a number", args[p]));
        }
        if (std::abs(v) > 100000 || std::round(2 * v) != 2 * v)
          fail("totals are whole or half points");
        totals_half[p] = static_cast<int32_t>(std::lround(2 * v));
      }
    } else {
      fail(fmt::format("unknown item '{}'", key));
    }
  }
  line_no = 0;  // the remaining errors concern the whole diagram

  // 2. Take every named card out of the deck; what is left is shuffled and fills the rest.
  DeckCounts left = options.effective_deck();
  auto take = [&](int v) {
    if (left[v - kMinValue] == 0) fail(fmt::format("more {}s than the deck holds", v));
    --left[v - kMinValue];
  };
  for (int c = 0; c < n * kGridCells; ++c) {
    if (cells[c].kind == CellSpec::kUnset) cells[c].kind = CellSpec::kFaceDown;
    if (cells[c].value) take(*cells[c].value);
  }
  for (int v : draw_top) take(v);
  for (int v : discard_top_first) take(v);
  std::vector<int8_t> unused;
  for (int v = 0; v < kNumValues; ++v)
    for (int k = 0; k < left[v]; ++k) unused.push_back(static_cast<int8_t>(v + kMinValue));
  Rng rng(seed);
  rng.shuffle(std::span<int8_t>(unused));
  size_t next = 0;

  State s;
  s.options_ = options;
  s.rng_.reseed(seed);
  for (int c = 0; c < n * kGridCells; ++c) {
    const CellSpec& spec = cells[c];
    int p = c / kGridCells;
    auto b = static_cast<uint16_t>(1u << (c % kGridCells));
    if (spec.kind == CellSpec::kEmpty) {
      s.empty_[p] |= b;
      continue;
    }
    if (spec.kind == CellSpec::kFaceDown) s.face_down_[p] |= b;
    if (spec.value) {
      s.values_[c] = static_cast<int8_t>(*spec.value);
    } else {
      if (next == unused.size()) fail("not enough unused cards for the '?' cells");
      s.values_[c] = unused[next++];
    }
  }
  s.rebuild_displays();
  // Draw pile: the named top cards, then unused cards up to draw-size (default: all).
  std::vector<int8_t> draw(draw_top.begin(), draw_top.end());
  size_t remaining = unused.size() - next;
  size_t want = draw_size ? static_cast<size_t>(*draw_size) : draw.size() + remaining;
  if (discard_top_first.empty() && !draw_size && remaining > 0) --want;  // one starts the discard
  if (want < draw.size()) fail("'draw-size' is smaller than the named draw cards");
  if (want - draw.size() > remaining) fail("not enough unused cards for 'draw-size'");
  while (draw.size() < want) draw.push_back(unused[next++]);
  s.draw_count_ = static_cast<uint8_t>(draw.size());
  for (size_t i = 0; i < draw.size(); ++i) s.draw_[draw.size() - 1 - i] = draw[i];
  // Discard pile: the rest of the unused cards at the bottom, then the named ones (top last).
  s.discard_count_ = 0;
  while (next < unused.size()) s.discard_[s.discard_count_++] = unused[next++];
  for (auto it = discard_top_first.rbegin(); it != discard_top_first.rend(); ++it)
    s.discard_[s.discard_count_++] = static_cast<int8_t>(*it);
  if (s.discard_count_ == 0) fail("the discard pile may not be empty at the start of a turn");

  // 3. Progress: the start of `active`'s turn, maybe in the final round.
  s.phase_ = Phase::kChooseDraw;
  s.round_ = static_cast<int16_t>(round);
  s.rounds_played_ = static_cast<int16_t>(round);
  s.first_player_ = static_cast<int8_t>(first.value_or(active));
  s.active_ = static_cast<int8_t>(active);
  s.totals_half_ = totals_half;
  if (ended_during && !ender) fail("'ended-during' needs 'ender'");
  if (ender) {
    // The final turns run from the left of the player in whose turn the round ended, that
    // player last; those before `active` have had theirs.
    int during = ended_during.value_or(*ender);
    s.ender_ = static_cast<int8_t>(*ender);
    int pos = -1;
    for (int i = 1; i <= n; ++i)
      if ((during + i) % n == active) pos = i;
    if (active == *ender) fail("the ender has no final turn; 'active' cannot be the ender");
    for (int i = 1; i < pos; ++i) s.final_done_ |= static_cast<uint8_t>(1u << ((during + i) % n));
    s.final_done_ |= static_cast<uint8_t>(1u << *ender);
    s.final_turns_left_ = static_cast<int8_t>(n - pos);
    s.final_next_ = static_cast<int8_t>(left_of(active, n));
    if (s.face_down_count(*ender) != 0) fail("the ender must have no face-down card");
  } else {
    for (int p = 0; p < n; ++p)
      if (s.face_down_count(p) == 0)
        fail(fmt::format("player {} has no face-down card but no 'ender' is given", p));
  }
  if (s.face_down_count(active) == 0) fail("the active player must have a face-down card");
  return s;
}

State position_from_diagram(const RuleOptions& options, std::string_view diagram, uint64_t seed) {
  return PositionBuilder::build(options, diagram, seed);
}

std::string diagram_of(const State& s) {
  std::string out = fmt::format("# round {} phase {} active {}\n", s.round(), phase_name(s.phase()),
                                s.active_player());
  for (int p = 0; p < s.players(); ++p) {
    out += fmt::format("{}:", p);
    for (int i = 0; i < kGridCells; ++i) {
      if (i > 0 && i % kGridCols == 0) out += " |";
      auto c = static_cast<CellId>(p * kGridCells + i);
      switch (s.cell_state(c)) {
        case CellState::kEmpty:
          out += "   .";
          break;
        case CellState::kFaceUp:
          out += fmt::format(" {:>3}", s.cell_value(c));
          break;
        case CellState::kFaceDown:
          out += fmt::format(" ?{:<2}", s.cell_value(c));
          break;
      }
    }
    out += "\n";
  }
  out += "draw";
  for (int i = 0; i < s.draw_pile_size(); ++i) out += fmt::format(" {}", s.draw_pile_card(i));
  out += "\ndiscard";
  for (int i = 0; i < s.discard_pile_size(); ++i) out += fmt::format(" {}", s.discard_pile_card(i));
  out += "\n";
  return out;
}

}  // namespace allegra
