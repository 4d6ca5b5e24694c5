#include "engine/record.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "engine/json_fields.h"
#include "engine/json_read.h"
#include "engine/options_json.h"
#include "engine/player_name.h"
#include "engine/replay.h"

namespace allegra {

using nlohmann::json;
using namespace json_read;  // NOLINT(google-build-using-namespace)

// ------------------------------------------------------------------------------------------
// Dealing convention

std::vector<int8_t> current_deal(const State& s) {
  const int n = s.players();
  const int dealt = n * kGridCells;
  bool fresh = s.phase() == Phase::kSetupReveal && s.setup_reveals_left() == 2 &&
               s.active_player() == s.first_player() && s.discard_pile_size() == 1;
  for (int c = 0; fresh && c < dealt; ++c)
    fresh = s.cell_state(static_cast<CellId>(c)) == CellState::kFaceDown;
  if (!fresh)
    throw std::invalid_argument(
        "current_deal: only right after a deal, before any card is revealed");
  std::vector<int8_t> deck(static_cast<size_t>(dealt + 1 + s.draw_pile_size()));
  for (int k = 0; k < dealt; ++k) {
    int owner = (s.first_player() + k) % n;
    deck[k] = s.cell_value(static_cast<CellId>(owner * kGridCells + k / n));
  }
  deck[dealt] = s.discard_pile_card(0);
  for (int i = 0; i < s.draw_pile_size(); ++i) deck[dealt + 1 + i] = s.draw_pile_card(i);
  return deck;
}

// ------------------------------------------------------------------------------------------
// Recording

GameRecorder::GameRecorder(const State& initial, uint64_t seed) {
  if (initial.round() != 0 || initial.rounds_played() != 0)
    throw std::invalid_argument("GameRecorder: the game must be at the start of its first round");
  record_.options = initial.options();
  record_.seed = seed;
  RoundRecord round;
  round.first_player = initial.first_player();
  round.deal = current_deal(initial);
  record_.rounds.push_back(std::move(round));
}

void GameRecorder::apply(State& state, int seat, Action a, EventList* events) {
  if (state.options() != record_.options || state.round() + 1 != std::ssize(record_.rounds))
    throw std::logic_error("GameRecorder::apply: the state is not the game being recorded");
  if (state.is_simultaneous_node()) {
    // The events of the window's resolution name every answer in the rulebook's order.
    EventList own;
    EventList& ev = events ? *events : own;
    const size_t first = ev.size();
    state.apply(seat, a, &ev);  // throws IllegalAction, nothing recorded
    RoundRecord& round = record_.rounds.back();
    for (size_t i = first; i < ev.size(); ++i) {
      if (ev[i].type != EventType::kKnocked && ev[i].type != EventType::kPassed) continue;
      RecordStep answer;
      answer.player = ev[i].player;
      answer.action = ev[i].type == EventType::kKnocked ? Action::knock() : Action::pass();
      round.steps.push_back(std::move(answer));
    }
    return;  // a window never ends a round
  }
  RecordStep step;
  step.player = seat;
  step.action = a;
  const bool reshuffles = a.type == ActionType::kDrawPile && state.draw_needs_reshuffle();
  const int rounds_before = state.rounds_played();
  state.apply(seat, a, events);  // throws IllegalAction, nothing recorded
  if (reshuffles) {
    step.reshuffle.push_back(state.held_card());
    for (int i = 0; i < state.draw_pile_size(); ++i)
      step.reshuffle.push_back(state.draw_pile_card(i));
  }
  RoundRecord& round = record_.rounds.back();
  round.steps.push_back(std::move(step));
  if (state.rounds_played() == rounds_before) return;
  const int n = state.players();
  const RoundResult& result = state.last_round();
  round.score_half.assign(result.score_half.begin(), result.score_half.begin() + n);
  round.raw_half.assign(result.raw_half.begin(), result.raw_half.begin() + n);
  round.ender = result.ender;
  if (state.is_terminal()) {
    for (int p = 0; p < n; ++p) {
      record_.totals_half.push_back(state.total_half(p));
      if (state.winners() >> p & 1) record_.winners.push_back(p);
    }
  }
}

void GameRecorder::deal(State& state, EventList* events) {
  if (state.options() != record_.options || state.round() + 1 != std::ssize(record_.rounds))
    throw std::logic_error("GameRecorder::deal: the state is not the game being recorded");
  state.deal(events);  // throws IllegalAction away from the chance node, nothing recorded
  RoundRecord next;
  next.first_player = state.first_player();
  next.deal = current_deal(state);
  record_.rounds.push_back(std::move(next));
}

// ------------------------------------------------------------------------------------------
// JSON

namespace {

template <typename T>
json int_array(const std::vector<T>& v) {
  json a = json::array();
  for (T x : v) a.push_back(static_cast<int64_t>(x));
  return a;
}

std::vector<int8_t> cards_from(const json& j, const std::string& path, size_t max_size) {
  const auto& a = array(j, path, max_size);
  std::vector<int8_t> out;
  out.reserve(a.size());
  for (size_t i = 0; i < a.size(); ++i) out.push_back(card(a[i], fmt::format("{}[{}]", path, i)));
  return out;
}

// Empty, or one entry per player.
std::vector<int32_t> halves_from(const json& j, const std::string& path, int n) {
  const auto& a = array(j, path, static_cast<size_t>(n));
  if (!a.empty() && a.size() != static_cast<size_t>(n))
    fail(path, fmt::format("must be empty or have one entry per player ({}), got {}", n, a.size()));
  std::vector<int32_t> out;
  for (size_t i = 0; i < a.size(); ++i)
    out.push_back(static_cast<int32_t>(integer(a[i], fmt::format("{}[{}]", path, i),
                                               std::numeric_limits<int32_t>::min(),
                                               std::numeric_limits<int32_t>::max())));
  return out;
}

}  // namespace

json record_to_json(const GameRecord& r) {
  json rounds = json::array();
  for (const RoundRecord& rr : r.rounds) {
    json steps = json::array();
    for (const RecordStep& st : rr.steps) {
      json step = {{"player", st.player}, {"action", to_text(st.action)}};
      if (!st.reshuffle.empty()) step["reshuffle"] = int_array(st.reshuffle);
      steps.push_back(std::move(step));
    }
    rounds.push_back({{"first_player", rr.first_player},
                      {"deal", int_array(rr.deal)},
                      {"steps", std::move(steps)},
                      {"score_half", int_array(rr.score_half)},
                      {"raw_half", int_array(rr.raw_half)},
                      {"ender", rr.ender == kNoPlayer ? json(nullptr) : json(rr.ender)}});
  }
  json j = {{"format_version", kRecordFormatVersion},  {"options", options_to_json(r.options)},
            {"seed", std::to_string(r.seed)},          {"rounds", std::move(rounds)},
            {"totals_half", int_array(r.totals_half)}, {"winners", int_array(r.winners)}};
  if (!r.seats.empty()) {
    json seats = json::array();
    for (const RecordSeat& seat : r.seats) {
      json s = {{"name", seat.name}};
      if (!seat.bot.empty()) s["bot"] = seat.bot;
      seats.push_back(std::move(s));
    }
    j["seats"] = std::move(seats);
  }
  return j;
}

namespace {

// The optional seats: one per player, each a valid, distinct name and a short bot spec.
std::vector<RecordSeat> seats_from(const json& j, const std::string& path, int n) {
  const auto& a = array(j, path, static_cast<size_t>(n));
  if (a.size() != static_cast<size_t>(n))
    fail(path, fmt::format("must have one entry per player ({}), got {}", n, a.size()));
  std::vector<RecordSeat> seats;
  std::vector<std::string> names;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string p = fmt::format("{}[{}]", path, i);
    object(a[i], p, {"name", "bot"});
    RecordSeat seat;
    seat.name = string(member(a[i], p, "name"), p + ".name");
    if (auto problem = name_problem(seat.name)) fail(p + ".name", "the name " + *problem);
    if (auto it = a[i].find("bot"); it != a[i].end()) {
      seat.bot = string(*it, p + ".bot");
      if (seat.bot.empty() || seat.bot.size() > 64 ||
          seat.bot.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789:-_.") !=
              std::string::npos)
        fail(p + ".bot", "must be a bot spec such as \"medium\" or \"mcts:2000it\"");
    }
    names.push_back(seat.name);
    seats.push_back(std::move(seat));
  }
  if (auto problem = names_problem(names)) fail(path, *problem);
  return seats;
}

}  // namespace

GameRecord record_from_json(const json& j) {
  const std::string P = "record";
  object(j, P, {"format_version", "options", "seed", "seats", "rounds", "totals_half", "winners"});
  GameRecord r;
  const json& version = member(j, P, "format_version");
  if (!(version.is_number_integer() && version >= kOldestRecordFormatVersion &&
        version <= kRecordFormatVersion))
    fail(P + ".format_version",
         fmt::format("unsupported version {} (this reader knows {} to {})", version.dump(),
                     kOldestRecordFormatVersion, kRecordFormatVersion));
  if (version == 1 && j.contains("seats"))
    fail(P + ".seats", "a version 1 record has no seats (they came with version 2)");
  r.format_version = kRecordFormatVersion;
  try {
    r.options = options_from_json(member(j, P, "options"));
  } catch (const FormatError& e) {
    throw FormatError(P + "." + e.what());
  }
  const int n = r.options.players;
  r.seed = uint64(member(j, P, "seed"), P + ".seed");
  if (auto it = j.find("seats"); it != j.end()) r.seats = seats_from(*it, P + ".seats", n);

  const std::string RP = P + ".rounds";
  const auto& rounds = array(member(j, P, "rounds"), RP, std::numeric_limits<int16_t>::max());
  const DeckCounts deck = r.options.effective_deck();
  const auto deck_size = static_cast<size_t>(r.options.deck_size());
  for (size_t ri = 0; ri < rounds.size(); ++ri) {
    const std::string rp = fmt::format("{}[{}]", RP, ri);
    const json& rj = rounds[ri];
    object(rj, rp, {"first_player", "deal", "steps", "score_half", "raw_half", "ender"});
    RoundRecord rr;
    rr.first_player =
        static_cast<int>(integer(member(rj, rp, "first_player"), rp + ".first_player", 0, n - 1));
    rr.deal = cards_from(member(rj, rp, "deal"), rp + ".deal", deck_size);
    if (rr.deal.size() != deck_size)
      fail(rp + ".deal",
           fmt::format("must hold the {} cards of the deck, got {}", deck_size, rr.deal.size()));
    DeckCounts counts{};
    for (int8_t c : rr.deal) ++counts[c - kMinValue];
    for (int v = 0; v < kNumValues; ++v)
      if (counts[v] != deck[v])
        fail(rp + ".deal", fmt::format("the deck has {} cards of value {}, the deal {}", deck[v],
                                       v + kMinValue, counts[v]));
    const std::string sp = rp + ".steps";
    const auto& steps = array(member(rj, rp, "steps"), sp, std::numeric_limits<int32_t>::max());
    rr.steps.reserve(steps.size());
    for (size_t si = 0; si < steps.size(); ++si) {
      const std::string stp = fmt::format("{}[{}]", sp, si);
      const json& sj = steps[si];
      object(sj, stp, {"player", "action", "reshuffle"});
      RecordStep st;
      st.player = static_cast<int>(integer(member(sj, stp, "player"), stp + ".player", 0, n - 1));
      const std::string& text = string(member(sj, stp, "action"), stp + ".action");
      if (text.size() > 16) fail(stp + ".action", "not an action (too long)");
      std::string error;
      auto action = action_from_text(text, n, &error);
      if (!action) fail(stp + ".action", error);
      st.action = *action;
      if (auto it = sj.find("reshuffle"); it != sj.end())
        st.reshuffle = cards_from(*it, stp + ".reshuffle", deck_size);
      rr.steps.push_back(std::move(st));
    }
    rr.score_half = halves_from(member(rj, rp, "score_half"), rp + ".score_half", n);
    rr.raw_half = halves_from(member(rj, rp, "raw_half"), rp + ".raw_half", n);
    const json& ender = member(rj, rp, "ender");
    rr.ender =
        ender.is_null() ? kNoPlayer : static_cast<int>(integer(ender, rp + ".ender", 0, n - 1));
    r.rounds.push_back(std::move(rr));
  }
  r.totals_half = halves_from(member(j, P, "totals_half"), P + ".totals_half", n);
  const std::string wp = P + ".winners";
  const auto& winners = array(member(j, P, "winners"), wp, static_cast<size_t>(n));
  for (size_t i = 0; i < winners.size(); ++i) {
    int p = static_cast<int>(integer(winners[i], fmt::format("{}[{}]", wp, i), 0, n - 1));
    if (!r.winners.empty() && p <= r.winners.back())
      fail(fmt::format("{}[{}]", wp, i), "winners must be listed in increasing order, each once");
    r.winners.push_back(p);
  }
  return r;
}

std::string record_to_line(const GameRecord& record) { return record_to_json(record).dump(); }

GameRecord record_from_line(std::string_view line) { return record_from_json(parse_json(line)); }

// ------------------------------------------------------------------------------------------
// Replay

std::optional<ReplayError> replay_check(const GameRecord& record, State* final_state) {
  ReplayCursor cursor(record);
  while (cursor.forward()) {
  }
  std::optional<ReplayError> error =
      cursor.error() ? cursor.error() : cursor.end_error(RecordEnd::kFinishedGame);
  if (final_state) *final_state = cursor.state();
  return error;
}

}  // namespace allegra
