// Table::save() and Table::load(): the table format of docs/table-format.md.
//
// The state is not written: the record (engine/record.h) holds every decision and the seed
// deals the same cards again, so load() replays it on a fresh State through a fresh
// GameRecorder and gets the state, the record and the decision count exactly as they were
// (the Rng included), hidden cards written nowhere but in the deals of the record. Around the
// record: the seats, the stand-in bot, the decision clock and the answers of an open knock
// window.
#include <fmt/format.h>

#include <bit>
#include <string>

#include "engine/serialize.h"
#include "table/game_loop.h"
#include "table/table.h"

namespace allegra::table {
namespace {

using nlohmann::json;

inline constexpr std::string_view kFormat = "allegra-table";
// Version 2 added knock_window_ms and bot_delay_ms (TableConfig); version 1 still loads, with
// neither (local play).
inline constexpr int kTableFormatVersion = 2;
// A timeout or a clock reading above this (about 292 million years) is no time at all.
inline constexpr int64_t kMaxMillis = int64_t{1} << 53;

std::string_view kind_name(SeatKind k) {
  switch (k) {
    case SeatKind::kPerson:
      return "person";
    case SeatKind::kBot:
      return "bot";
    case SeatKind::kEmpty:
      return "empty";
  }
  return "empty";
}

Seat seat_from(const json& j, const std::string& path) {
  json_read::object(j, path, {"kind", "name", "bot", "timeout_ms"});
  Seat seat;
  const std::string& kind = json_read::string(json_read::member(j, path, "kind"), path + ".kind");
  if (kind == "person")
    seat.kind = SeatKind::kPerson;
  else if (kind == "bot")
    seat.kind = SeatKind::kBot;
  else if (kind == "empty")
    seat.kind = SeatKind::kEmpty;
  else
    json_read::fail(path + ".kind", "must be \"person\", \"bot\" or \"empty\"");
  if (j.contains("name")) seat.name = json_read::string(j.at("name"), path + ".name");
  if (j.contains("bot")) seat.bot = json_read::string(j.at("bot"), path + ".bot");
  if (seat.kind == SeatKind::kBot && seat.bot.empty())
    json_read::fail(path + ".bot", "a bot seat needs a bot spec");
  if (j.contains("timeout_ms") && !j.at("timeout_ms").is_null())
    seat.timeout =
        Millis(json_read::integer(j.at("timeout_ms"), path + ".timeout_ms", 0, kMaxMillis));
  return seat;
}

json optional_millis(const std::optional<Millis>& t) {
  return t ? json(t->count()) : json(nullptr);
}

// An optional key holding milliseconds or null; `absent` when the key is not there.
std::optional<Millis> read_optional_millis(const json& j, const std::string& path, const char* key,
                                           std::optional<Millis> absent) {
  if (!j.contains(key)) return absent;
  if (j.at(key).is_null()) return std::nullopt;
  return Millis(json_read::integer(j.at(key), path + "." + key, 0, kMaxMillis));
}

BotDelay read_bot_delay(const json& j, const std::string& path) {
  if (!j.contains("bot_delay_ms")) return {};
  const std::string p = path + ".bot_delay_ms";
  const auto& pair = json_read::array(j.at("bot_delay_ms"), p, 2);
  if (pair.size() != 2) json_read::fail(p, "must be [min, max]");
  BotDelay d{Millis(json_read::integer(pair[0], p + "[0]", 0, kMaxMillis)),
             Millis(json_read::integer(pair[1], p + "[1]", 0, kMaxMillis))};
  if (d.max < d.min) json_read::fail(p, "min must not be above max");
  return d;
}

}  // namespace

json Table::save() const {
  json seats = json::array();
  for (const Seat& seat : seats_) {
    json s = {{"kind", kind_name(seat.kind)}, {"name", seat.name}};
    if (seat.kind == SeatKind::kBot) s["bot"] = seat.bot;
    s["timeout_ms"] = seat.timeout ? json(seat.timeout->count()) : json(nullptr);
    seats.push_back(std::move(s));
  }
  // The sealed answers of an open knock window (the engine's; the record gets them when the
  // window closes).
  json answers = json::array();
  const unsigned answered = state_.knock_window_seats() & ~unsigned{state_.knock_pending()};
  for (int seat = 0; seat < state_.players(); ++seat)
    if (answered >> seat & 1)
      answers.push_back(
          {{"seat", seat},
           {"action",
            action_to_json((state_.knockers() >> seat & 1) ? Action::knock() : Action::pass())}});
  return {{"format", kFormat},
          {"version", kTableFormatVersion},
          {"seats", std::move(seats)},
          {"stand_in", config_.stand_in},
          {"round_pause_ms", optional_millis(config_.round_pause)},
          {"knock_window_ms", optional_millis(config_.knock_window)},
          {"bot_delay_ms", {config_.bot_delay.min.count(), config_.bot_delay.max.count()}},
          {"since_ms", since_.count()},
          {"knock_answers", std::move(answers)},
          {"record", record_to_json(recorder_.record())}};
}

Table Table::load(const json& j) {
  using namespace json_read;
  const std::string P = "table";
  object(j, P,
         {"format", "version", "seats", "stand_in", "round_pause_ms", "knock_window_ms",
          "bot_delay_ms", "since_ms", "knock_answers", "record"});
  if (string(member(j, P, "format"), P + ".format") != kFormat)
    fail(P + ".format", fmt::format("must be \"{}\"", kFormat));
  const int64_t version = integer(member(j, P, "version"), P + ".version", 1, kTableFormatVersion);
  if (version < 2)
    for (const char* key : {"knock_window_ms", "bot_delay_ms"})
      if (j.contains(key)) fail(P + "." + key, "is not part of version 1");
  const GameRecord record = [&] {
    try {
      return record_from_json(member(j, P, "record"));
    } catch (const FormatError& e) {
      throw FormatError(P + "." + e.what());  // "table.record.rounds[0]...": where it is
    }
  }();
  if (!record.seats.empty())
    fail(P + ".record.seats", "must be absent: a table keeps its seats in table.seats");
  const int n = record.options.players;
  std::vector<Seat> seats;
  const auto& seat_list = array(member(j, P, "seats"), P + ".seats", static_cast<size_t>(n));
  if (seat_list.size() != static_cast<size_t>(n))
    fail(P + ".seats", fmt::format("must have one entry per player ({})", n));
  for (size_t i = 0; i < seat_list.size(); ++i)
    seats.push_back(seat_from(seat_list[i], fmt::format("{}.seats[{}]", P, i)));
  const Millis since(integer(member(j, P, "since_ms"), P + ".since_ms", -kMaxMillis, kMaxMillis));
  TableConfig config;
  config.stand_in = string(member(j, P, "stand_in"), P + ".stand_in");
  // Optional (tables saved before it existed deal at once, the default).
  config.round_pause = read_optional_millis(j, P, "round_pause_ms", kDefaultRoundPause);
  config.knock_window = read_optional_millis(j, P, "knock_window_ms", std::nullopt);
  config.bot_delay = read_bot_delay(j, P);
  // Round 1's first player is the record's (record_from_json checked its range).
  if (!record.rounds.empty()) config.first_player = record.rounds.front().first_player;
  Table table = [&] {
    try {
      return Table(record.options, record.seed, std::move(seats), since, std::move(config));
    } catch (const FormatError&) {
      throw;
    } catch (const std::invalid_argument& e) {
      fail(P, e.what());  // an unknown bot spec
    }
  }();

  // 1. Replay every recorded decision on the fresh game, dealing each later round at the
  //    chance node where the round before it ended.
  for (size_t r = 0; r < record.rounds.size(); ++r) {
    if (r > 0) {
      if (!table.state_.is_chance_node())
        fail(fmt::format("{}.record.rounds[{}]", P, r),
             "is not the next round of the game dealt from the record's seed");
      Events ignored;
      table.deal_next(since, ignored);
    }
    for (size_t i = 0; i < record.rounds[r].steps.size(); ++i) {
      const RecordStep& step = record.rounds[r].steps[i];
      const std::string where = fmt::format("{}.record.rounds[{}].steps[{}]", P, r, i);
      if (table.state_.is_terminal() || step.player != table.state_.current_player())
        fail(where, "is not the next decision of the game dealt from the record's seed");
      Events ignored;
      try {
        table.apply(step.player, step.action, since, ignored);
      } catch (const IllegalAction& e) {
        fail(where, e.what());
      }
    }
  }
  // 2. The replay must have written the same record (same deals, reshuffles and scores). A
  //    record that ends inside a knock window (a terminal save of version 1 kept the answers
  //    given so far as steps) left them sealed in the engine, where answers of an open window
  //    belong: the recorder writes them when the window closes.
  GameRecord written = record;
  if (table.state_.is_simultaneous_node() && !written.rounds.empty()) {
    const unsigned answered =
        table.state_.knock_window_seats() & ~unsigned{table.state_.knock_pending()};
    std::vector<RecordStep>& steps = written.rounds.back().steps;
    steps.resize(steps.size() - std::min<size_t>(steps.size(), std::popcount(answered)));
  }
  if (!(table.recorder_.record() == written))
    fail(P + ".record", "does not replay from its seed and options");
  // 3. The answers already given in an open knock window.
  const auto& answers =
      array(member(j, P, "knock_answers"), P + ".knock_answers", static_cast<size_t>(n));
  for (size_t i = 0; i < answers.size(); ++i) {
    const std::string p = fmt::format("{}.knock_answers[{}]", P, i);
    object(answers[i], p, {"seat", "action"});
    const int seat =
        static_cast<int>(integer(member(answers[i], p, "seat"), p + ".seat", 0, n - 1));
    const Action a = action_from_json(member(answers[i], p, "action"), n);
    if (!table.state_.is_simultaneous_node() || !(table.state_.knock_pending() >> seat & 1))
      fail(p + ".seat", "is not waiting for a knock answer");
    if (a.type != ActionType::kKnock && a.type != ActionType::kPass)
      fail(p + ".action", "must be \"knock\" or \"pass\"");
    if (table.state_.knock_pending() == (1u << seat))
      fail(P + ".knock_answers", "a complete window would have been closed");
    Events ignored;
    table.apply(seat, a, since, ignored);  // sealed in the engine, as when it was given
  }
  return table;
}

}  // namespace allegra::table
