#include "server/game_replay.h"

#include <nlohmann/json.hpp>
#include <utility>

#include "engine/event_json.h"
#include "engine/options_json.h"
#include "engine/public_view.h"
#include "engine/record.h"
#include "engine/replay.h"
#include "engine/view_json.h"

namespace allegra::server {
namespace {

using nlohmann::json;

constexpr int kReplayFormatVersion = 1;

json halves(const std::vector<int32_t>& half) {
  json out = json::array();
  for (int32_t h : half) out.push_back(static_cast<double>(h) / 2.0);
  return out;
}

GameRecord read_record(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  try {
    return record_from_line(text);
  } catch (const std::exception& e) {
    throw RecordError(std::string("the stored record does not read: ") + e.what());
  }
}

json header(std::string_view game_id, const GameRecord& record,
            const std::vector<uint8_t>& empty_displays) {
  json players = json::array();
  for (size_t p = 0; p < static_cast<size_t>(record.options.players); ++p) {
    const RecordSeat seat = p < record.seats.size() ? record.seats[p] : RecordSeat{};
    players.push_back({{"name", seat.name.empty() ? "Player " + std::to_string(p + 1) : seat.name},
                       {"bot", seat.bot.empty() ? json(nullptr) : json(seat.bot)}});
  }
  json rounds = json::array();
  for (size_t i = 0; i < record.rounds.size(); ++i) {
    const RoundRecord& r = record.rounds[i];
    json empty = json::array();
    for (size_t p = 0; p < r.raw_half.size(); ++p)
      empty.push_back(i < empty_displays.size() && (empty_displays[i] >> p & 1) != 0);
    rounds.push_back({{"first_player", r.first_player},
                      {"ender", r.ender},
                      {"scores", halves(r.score_half)},
                      {"raw", halves(r.raw_half)},
                      {"empty_display", std::move(empty)}});
  }
  return {{"format", kReplayFormatVersion},       {"game", game_id},
          {"players", std::move(players)},        {"options", options_to_json(record.options)},
          {"seed", std::to_string(record.seed)},  {"rounds", std::move(rounds)},
          {"totals", halves(record.totals_half)}, {"winners", record.winners}};
}

}  // namespace

std::string replay_json(std::string_view game_id, std::string_view record_jsonl) {
  const GameRecord record = read_record(record_jsonl);
  constexpr auto kWithout = LegalActionsKey::kWithout;  // the wire's views: docs/protocol.md
  ReplayCursor cursor(record);
  json initial = public_view_to_json(PublicView(cursor.state()), kWithout);
  std::vector<uint8_t> empty_displays;  // per scored round, as the engine scored it
  json steps = json::array();
  while (!cursor.at_end()) {
    const size_t r = static_cast<size_t>(cursor.round());
    const size_t s = static_cast<size_t>(cursor.step_in_round());
    if (!cursor.forward()) break;
    if (static_cast<size_t>(cursor.state().rounds_played()) > empty_displays.size())
      empty_displays.push_back(cursor.state().last_round().empty_display);
    const RecordStep& step = record.rounds.at(r).steps.at(s);
    json events = json::array();
    for (const Event& e : cursor.events()) events.push_back(event_to_json(e));
    steps.push_back(
        {{"index", cursor.index()},
         {"round", r},
         {"player", step.player},
         {"action", to_text(step.action)},
         {"events", std::move(events)},
         {"round_over", cursor.round_over()
                            ? public_view_to_json(PublicView(*cursor.round_over()), kWithout)
                            : json(nullptr)},
         {"view", public_view_to_json(PublicView(cursor.state()), kWithout)}});
  }
  if (cursor.error())
    throw RecordError("the stored record does not replay: " + cursor.error()->message);
  if (auto e = cursor.end_error(RecordEnd::kFinishedGame)) {
    throw RecordError("the game is not finished: " + e->message);
  }
  json out = header(game_id, record, empty_displays);
  out["initial"] = std::move(initial);
  out["steps"] = std::move(steps);
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

}  // namespace allegra::server
