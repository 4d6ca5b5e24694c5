#include "server/room.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <span>
#include <utility>

#include "bots/bot.h"
#include "engine/json_read.h"
#include "engine/options_json.h"
#include "engine/player_name.h"
#include "engine/record.h"
#include "rating/skill_rating.h"
#include "server/bot_policy.h"
#include "server/game_players.h"
#include "server/hub.h"
#include "server/log_field.h"
#include "wire/view_text.h"

namespace allegra::server {
namespace {

using nlohmann::json;

constexpr std::string_view kSpectatorName = "Spectator";

// A bot spec a client orders: one make_bot() knows (else bad_options), and one the server's
// BotPolicy offers (else bot_not_allowed).
void check_bot_spec(const BotPolicy& policy, const std::string& spec, const std::string& what) {
  try {
    (void)make_bot(spec, 0);
  } catch (const std::exception& e) {
    throw RoomError(ErrorCode::kBadOptions, what + ": " + e.what());
  }
  if (auto refusal = bot_spec_refusal(policy, spec))
    throw RoomError(ErrorCode::kBotNotAllowed, what + ": " + *refusal);
}

Millis entry_time(const json& j) { return Millis(j.at("t").get<int64_t>()); }

// "players:4,rounds:3,...": the rule options in one log field (a deck as its card count).
std::string options_summary(const json& options) {
  std::string out;
  for (const auto& [key, value] : options.items()) {
    if (!out.empty()) out += ',';
    if (value.is_array()) {
      int cards = 0;
      for (const json& n : value) cards += n.is_number_integer() ? n.get<int>() : 0;
      out += key + ":" + std::to_string(cards);
    } else {
      out += key + ":" + value.dump();
    }
  }
  return out;
}

}  // namespace

// --- Random -----------------------------------------------------------------------------------

Random::Random(uint64_t seed) : device_(seed == 0), mt_(seed) {}

uint64_t Random::next() {
  if (!device_) return mt_();
  return (uint64_t{rd_()} << 32) ^ uint64_t { rd_() };
}

std::string Random::token() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (int i = 0; i < 2; ++i) {
    uint64_t v = next();
    for (int k = 0; k < 16; ++k, v >>= 4) s.push_back(kHex[v & 15]);
  }
  return s;
}

// --- Creating and restoring -----------------------------------------------------------------

Room::Room(RoomContext ctx, std::string code, const Create& create, Millis now)
    : ctx_(ctx), code_(std::move(code)) {
  try {
    options_ = options_from_json(create.options, "options");
  } catch (const std::exception& e) {
    throw RoomError(ErrorCode::kBadOptions, e.what());
  }
  const auto players = static_cast<size_t>(options_.players);
  std::vector<SeatSpec> specs = create.seats.value_or(std::vector<SeatSpec>(players));
  if (specs.size() != players) {
    throw RoomError(ErrorCode::kBadOptions, "seats: " + std::to_string(specs.size()) +
                                                " seats for " + std::to_string(players) +
                                                " players");
  }
  if (create.sit && static_cast<size_t>(*create.sit) >= players) {
    throw RoomError(ErrorCode::kBadSeat, "sit: no seat " + std::to_string(*create.sit));
  }
  if (create.rated) check_rated_create(create, specs);
  settings_.rated = create.rated;
  settings_.options = options_to_json(options_);
  settings_.is_public = create.is_public;
  settings_.knock_window = create.knock_window_s ? Millis(*create.knock_window_s * 1000)
                                                 : ctx_.config.default_knock_window;
  if (create.turn_clock_s) settings_.turn_clock = Millis(*create.turn_clock_s * 1000);
  // A table of two or more people gets the server's turn clock unless `create` names one (or
  // null): one person's long absence must not hold the others forever.
  const auto people =
      std::count_if(specs.begin(), specs.end(), [](const SeatSpec& p) { return !p.bot; });
  if (!create.turn_clock_s && !create.turn_clock_given && people >= 2) {
    settings_.turn_clock = ctx_.config.default_turn_clock;
  }
  settings_.grace = create.grace_s ? Millis(*create.grace_s * 1000) : ctx_.config.default_grace;
  settings_.zombie_bot = create.zombie_bot.value_or(std::string(kDefaultZombieBot));
  settings_.hints = create.hints;
  check_bot_spec(ctx_.config.bots, settings_.zombie_bot, "zombie_bot");
  seats_.resize(players);
  json seat_specs = json::array();
  for (size_t i = 0; i < players; ++i) {
    if (specs[i].bot) {
      check_bot_spec(ctx_.config.bots, *specs[i].bot, "seats[" + std::to_string(i) + "]");
      seats_[i].state = SeatState::kBot;
      seats_[i].level = *specs[i].bot;
      seats_[i].name = bot_name(static_cast<int>(i));
      seat_specs.push_back(*specs[i].bot);
    } else {
      seat_specs.push_back(nullptr);
    }
  }
  creator_token_ = ctx_.random.token();
  json meta = {
      {"v", 1},
      {"code", code_},
      {"public", settings_.is_public},
      {"options", settings_.options},
      {"knock_window_ms", settings_.knock_window.count()},
      {"turn_clock_ms", settings_.turn_clock ? json(settings_.turn_clock->count()) : json(nullptr)},
      {"grace_ms", settings_.grace.count()},
      {"zombie_bot", settings_.zombie_bot},
      {"hints", settings_.hints},
      {"seats", seat_specs},
      {"creator_token", creator_token_},
      {"t", now.count()}};
  if (settings_.rated) meta["rated"] = true;
  ctx_.store.create_table(code_, meta.dump());
  update_idle(now);
  std::string seats;
  for (const json& spec : seat_specs) {
    if (!seats.empty()) seats += ',';
    seats += spec.is_null() ? std::string("person") : "bot:" + spec.get<std::string>();
  }
  spdlog::info(
      "event=table_created code={} seats={} public={} options={} knock_window_ms={} "
      "turn_clock_ms={} grace_ms={} zombie_bot={} hints={}",
      code_, log_field(seats), settings_.is_public, log_field(options_summary(settings_.options)),
      settings_.knock_window.count(),
      settings_.turn_clock ? std::to_string(settings_.turn_clock->count()) : "none",
      settings_.grace.count(), log_field(settings_.zombie_bot), settings_.hints);
}

Room::Room(RoomContext ctx, const StoredTable& stored, Millis now) : ctx_(ctx), code_(stored.code) {
  const json meta = json::parse(stored.meta_json);
  options_ = options_from_json(meta.at("options"), "meta.options");
  settings_.options = options_to_json(options_);
  settings_.is_public = meta.at("public").get<bool>();
  settings_.knock_window = Millis(meta.at("knock_window_ms").get<int64_t>());
  if (!meta.at("turn_clock_ms").is_null()) {
    settings_.turn_clock = Millis(meta.at("turn_clock_ms").get<int64_t>());
  }
  settings_.grace = Millis(meta.at("grace_ms").get<int64_t>());
  settings_.zombie_bot = meta.at("zombie_bot").get<std::string>();
  settings_.hints = meta.value("hints", false);  // tables created before hints: none
  settings_.rated = meta.value("rated", false);  // tables created before ratings: unrated
  creator_token_ = meta.at("creator_token").get<std::string>();
  const json& specs = meta.at("seats");
  seats_.resize(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].is_null()) continue;
    seats_[i].state = SeatState::kBot;
    seats_[i].level = specs[i].get<std::string>();
    seats_[i].name = bot_name(static_cast<int>(i));
  }
  // 1. Replay every change at its table time, storing and sending nothing.
  Millis last(meta.at("t").get<int64_t>());
  replaying_ = true;
  for (const LogEntry& e : stored.log) {
    replay(e);
    seq_ = e.seq;
    last = std::max(last, entry_time(json::parse(e.json)));
  }
  replaying_ = false;
  // 2. Table time goes on from the last logged moment; everybody's connection is gone, so the
  //    grace period of each person still seated starts now, and so do the game's clocks (the
  //    turn clock, the knock window), each with its full length: nobody could act while the
  //    server was down. The restart is logged, so that a later restart replays it.
  offset_ = last - now;
  for (RoomSeat& s : seats_) {
    if (s.state == SeatState::kPerson) s.left_at = last;
  }
  if (status_ == RoomStatus::kPlaying) {
    table_->restart_clocks(last);
    commit_change("clocks", json::object(), last, json::array());
  }
  update_idle(now);
}

Room::~Room() = default;

void CountedStatus::count(bool add) {
  uint64_t* counter = value_ == RoomStatus::kLobby     ? &stats_.tables_lobby
                      : value_ == RoomStatus::kPlaying ? &stats_.games_playing
                                                       : nullptr;
  if (counter != nullptr) *counter = add ? *counter + 1 : *counter - 1;
}

void Room::replay(const LogEntry& e) {
  const json j = json::parse(e.json);
  const Millis tt = entry_time(j);
  const std::string& kind = e.kind;
  if (kind == "sit") {
    do_sit(j.at("seat").get<int>(), j.at("name").get<std::string>(),
           j.at("token").get<std::string>(), tt);
    seats_[j.at("seat").get<size_t>()].player = j.value("player", PlayerId{0});
    load_seat_rating(seats_[j.at("seat").get<size_t>()]);
  } else if (kind == "stand") {
    do_stand(j.at("seat").get<int>(), tt);
  } else if (kind == "bot") {
    const json& level = j.at("level");
    do_bot(j.at("seat").get<int>(),
           level.is_null() ? std::nullopt : std::optional(level.get<std::string>()), tt);
  } else if (kind == "start") {
    do_start(std::stoull(j.at("seed").get<std::string>()), j.at("first_player").get<int>(), tt);
  } else if (kind == "act") {
    auto a = action_from_text(j.at("action").get<std::string>(), options_.players);
    if (!a) throw FormatError("log " + std::to_string(e.seq) + ": bad action");
    (void)do_act(j.at("seat").get<int>(), *a, tt);
  } else if (kind == "tick") {
    replay_tick(e.seq, j, tt);
  } else if (kind == "zombie") {
    do_zombie(j.at("seat").get<int>(), tt);
  } else if (kind == "back") {
    do_back(j.at("seat").get<int>(), tt);
  } else if (kind == "chat") {
    const json& seat = j.at("seat");
    do_chat(seat.is_null() ? std::nullopt : std::optional(seat.get<int>()),
            j.at("name").get<std::string>(), j.at("text").get<std::string>());
    chat_.back().seq = e.seq;
  } else if (kind == "saved") {
    saved_game_ = j.at("game").get<std::string>();
    if (j.contains("rated")) set_rated_result(saved_game_, j.at("rated"));
  } else if (kind == "ready") {
    do_ready(j.at("seat").get<int>());
  } else if (kind == "deal") {
    (void)do_deal(tt);
  } else if (kind == "clocks") {
    if (table_) table_->restart_clocks(tt);
  } else if (kind == "left") {
    // A connection state only: everybody is gone after a restart anyway.
  } else {
    throw FormatError("log " + std::to_string(e.seq) + ": unknown kind " + kind);
  }
}

// A tick of the log. Since the bots decide off the hub's thread, a tick lists the bots' answers
// it played ("bots"): they are handed back to the table, which then plays them without running
// a bot. A tick of an older log has no such list: the table runs the bots itself, as it did.
void Room::replay_tick(uint64_t seq, const json& j, Millis tt) {
  if (!table_) throw FormatError("log " + std::to_string(seq) + ": a tick without a game");
  const auto bots = j.find("bots");
  table_->set_bots_elsewhere(bots != j.end());
  if (bots != j.end()) {
    for (const json& m : *bots) {
      table::BotMove move;
      move.seat = m.at("seat").get<int>();
      move.decision = m.at("decision").get<uint64_t>();
      move.spec = m.at("spec").get<std::string>();
      auto a = action_from_text(m.at("action").get<std::string>(), options_.players);
      if (!a) throw FormatError("log " + std::to_string(seq) + ": bad bot action");
      move.action = *a;
      if (!table_->bot_answer(move)) {
        throw FormatError("log " + std::to_string(seq) + ": a bot answer the game does not ask");
      }
    }
  }
  std::vector<int> timed_out;
  const uint64_t runs = table_->bots_run();
  (void)do_tick(tt, &timed_out);
  ctx_.stats.restore_bot_runs += table_->bots_run() - runs;
  (void)table_->take_bot_moves();
  table_->set_bots_elsewhere(true);
}

std::vector<table::BotJob> Room::take_bot_jobs() {
  if (replaying_ || status_ != RoomStatus::kPlaying || !table_) return {};
  return table_->take_bot_jobs();
}

bool Room::bot_answer(const table::BotMove& move) {
  if (status_ != RoomStatus::kPlaying || !table_) return false;
  return table_->bot_answer(move);
}

// --- What everybody sees ------------------------------------------------------------------

RoomInfo Room::info() const {
  RoomInfo r;
  r.code = code_;
  r.status = status_;
  r.game_id = games_ > 0 ? code_ + "-" + std::to_string(games_) : "";
  r.settings = &settings_;
  for (const RoomSeat& s : seats_) {
    SeatInfo seat;
    seat.state = s.state;
    seat.name = s.name;
    seat.level = s.level;
    seat.connected = s.conn != 0;
    seat.zombie = s.zombie;
    if (s.state == SeatState::kPerson) {
      seat.player = s.player;
      seat.rating = s.rating;
    }
    if (s.state == SeatState::kPerson && s.conn == 0 && s.left_at && !s.zombie &&
        status_ != RoomStatus::kOver) {
      seat.takeover_at = *s.left_at + settings_.grace;
    }
    r.seats.push_back(std::move(seat));
  }
  r.spectators = spectators();
  if (!rating_changes_.empty()) r.rating_changes = &rating_changes_;
  return r;
}

size_t Room::spectators() const {
  size_t seated = 0;
  for (const RoomSeat& s : seats_) seated += s.conn != 0 && audience_.count(s.conn) ? 1 : 0;
  return audience_.size() - seated;
}

std::optional<GameSnapshot> Room::snapshot() const {
  if (!table_) return std::nullopt;
  GameSnapshot game(table_->view(), table_->pending(), table_->seats(), RevealedSeed::of(*table_));
  game.decision = table_->decisions();
  const size_t played = static_cast<size_t>(table_->state().rounds_played());
  // A round scored since the last snapshot: the engine's result as it stands; several (a
  // table replayed at a restart): all of them from the record.
  if (scored_rounds_.size() + 1 == played) {
    scored_rounds_.push_back(table_->state().last_round());
  } else if (scored_rounds_.size() != played) {
    scored_rounds_ = scored_rounds(table_->record());
  }
  game.rounds = scored_rounds_;
  if (table_->round_over() && !table_->game_over()) game.ready = ready_seats();
  return game;
}

std::optional<int> Room::seat_of(ConnectionId c) const {
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].state == SeatState::kPerson && seats_[i].conn == c) return static_cast<int>(i);
  }
  return std::nullopt;
}

void Room::broadcast(uint64_t seq, SharedText text) {
  ctx_.stats.frames_total += 1;
  ctx_.stats.frame_bytes_total += text->size();
  for (ConnectionId c : audience_) ctx_.out.send(c, text);
  backlog_bytes_ += text->size();
  backlog_.push_back(SentFrame{seq, text, std::move(text)});
  while (!backlog_.empty() && (backlog_.size() > ctx_.config.backlog_frames ||
                               backlog_bytes_ > ctx_.config.backlog_bytes)) {
    const SentFrame& f = backlog_.front();
    backlog_bytes_ -= f.delta->size() + (f.update && f.update != f.delta ? f.update->size() : 0);
    backlog_.pop_front();
  }
}

void Room::broadcast_table(uint64_t seq, FrameEvents events, Millis tt) {
  // 1. The delta is written whoever is here: the next one is written against this table.
  const auto game = snapshot();
  const GameSnapshot* g = game ? &*game : nullptr;
  const RoomInfo room = info();
  SharedText delta = deltas_.frame(seq, events, room, g, tt);
  // 2. The update only for connections that do not apply deltas, or for the backlog while
  //    nobody is here (whoever comes back may read updates).
  SharedText update;
  if (audience_.empty() || delta_clients_.size() < audience_.size())
    update = update_frame(seq, events, room, g, tt);
  ctx_.stats.frames_total += 1;
  ctx_.stats.frame_bytes_total += delta_clients_.empty() && update ? update->size() : delta->size();
  for (ConnectionId c : audience_) ctx_.out.send(c, delta_clients_.count(c) ? delta : update);
  backlog_bytes_ += delta->size() + (update ? update->size() : 0);
  backlog_.push_back(SentFrame{seq, std::move(update), std::move(delta)});
  while (!backlog_.empty() && (backlog_.size() > ctx_.config.backlog_frames ||
                               backlog_bytes_ > ctx_.config.backlog_bytes)) {
    const SentFrame& f = backlog_.front();
    backlog_bytes_ -= f.delta->size() + (f.update && f.update != f.delta ? f.update->size() : 0);
    backlog_.pop_front();
  }
}

void Room::commit_change(std::string_view kind, json entry, Millis tt, FrameEvents events) {
  if (replaying_) {
    ++seq_;
    return;
  }
  entry["t"] = tt.count();
  commit_line(kind, entry.dump(), tt, events);
}

void Room::commit_act(int seat, Action action, Millis tt, FrameEvents events) {
  if (replaying_) {
    ++seq_;
    return;
  }
  // What commit_change("act", {{"seat", seat}, {"action", to_text(action)}}, ...) logs, without
  // the JSON tree: one per action.
  std::string line = R"({"action":")";
  append_text(line, action);
  line += R"(","seat":)";
  wire::append_int_text(line, seat);
  line += R"(,"t":)";
  wire::append_int_text(line, tt.count());
  line += '}';
  commit_line("act", std::move(line), tt, events);
}

void Room::commit_line(std::string_view kind, std::string line, Millis tt, FrameEvents events) {
  ++seq_;
  ctx_.store.append(code_, LogEntry{seq_, std::string(kind), std::move(line)});
  broadcast_table(seq_, events, tt);
}

// --- Requests -------------------------------------------------------------------------------

void Room::check_seated(ConnectionId c, int* seat) const {
  auto s = seat_of(c);
  if (!s) throw RoomError(ErrorCode::kNotSeated, "this connection holds no seat at " + code_);
  *seat = *s;
}

void Room::check_creator(ConnectionId c) const {
  if (!creators_.count(c)) {
    throw RoomError(ErrorCode::kNotCreator, "only the creator of table " + code_ + " may do this");
  }
}

void Room::join(ConnectionId c, const Join& m, std::optional<uint64_t> id, Millis now,
                bool deltas) {
  const Millis tt = t(now);
  std::optional<int> seat;
  if (m.token) {
    for (size_t i = 0; i < seats_.size(); ++i) {
      if (seats_[i].state == SeatState::kPerson && seats_[i].token == *m.token) {
        seat = static_cast<int>(i);
      }
    }
    if (!seat) throw RoomError(ErrorCode::kBadToken, "token: not a seat token of table " + code_);
  }
  // A player who took a seat gets it back from any browser of his (a reload, another device
  // signed in to his account), with its token.
  bool seat_by_player = false;
  if (!seat && !m.watch) {
    if (const PlayerId player = player_of(c); player != 0) {
      for (size_t i = 0; i < seats_.size(); ++i) {
        if (seats_[i].state == SeatState::kPerson && seats_[i].player == player) {
          seat = static_cast<int>(i);
          seat_by_player = true;
        }
      }
    }
  }
  if (m.creator_token && *m.creator_token != creator_token_) {
    throw RoomError(ErrorCode::kBadToken, "creator_token: not the creator token of table " + code_);
  }
  if (m.creator_token) creators_.insert(c);
  if (seat) {
    RoomSeat& s = seats_[static_cast<size_t>(*seat)];
    // An older connection of the same person stays at the table as a spectator.
    const bool was_away = s.conn == 0;
    s.conn = c;
    if (s.zombie) {
      do_back(*seat, tt);
      commit_change("back", {{"seat", *seat}}, tt, json::array({seat_event("back", *seat)}));
    } else if (was_away) {
      s.left_at.reset();
      commit_change("back", {{"seat", *seat}}, tt, json::array({seat_event("back", *seat)}));
    }
  }
  audience_.insert(c);
  deltas_.resend("spectators");  // changed without a table frame (join and leave)
  if (deltas) {
    delta_clients_.insert(c);
  } else {
    delta_clients_.erase(c);
  }
  update_idle(now);
  // Resumable: the backlog holds every frame after last_seq, each in the form this connection
  // reads (an update is written only while a connection needs it).
  bool resumable =
      m.last_seq && *m.last_seq <= seq_ &&
      (*m.last_seq == seq_ || (!backlog_.empty() && backlog_.front().seq <= *m.last_seq + 1));
  for (const SentFrame& f : backlog_) {
    if (resumable && f.seq > *m.last_seq && !(deltas ? f.delta : f.update)) resumable = false;
  }
  if (resumable) {
    ctx_.out.send(c, resumed_frame(id, code_, *m.last_seq, seat));
    for (const SentFrame& f : backlog_) {
      if (f.seq > *m.last_seq) ctx_.out.send(c, deltas ? f.delta : f.update);
    }
  } else {
    const auto game = snapshot();
    std::vector<ChatLine> chat(chat_.begin(), chat_.end());
    ctx_.out.send(c, state_frame(id, seq_, info(), game ? &*game : nullptr, chat, seat, tt,
                                 round_log_.json_text()));
  }
  if (seat) {
    ctx_.out.send(c,
                  seated_frame(id, code_, *seat,
                               seat_by_player ? std::optional(seats_[*seat].token) : std::nullopt));
  }
}

void Room::leave(ConnectionId c, Millis now) {
  const Millis tt = t(now);
  creators_.erase(c);
  delta_clients_.erase(c);
  if (!audience_.erase(c)) return;
  deltas_.resend("spectators");
  if (auto seat = seat_of(c)) {
    RoomSeat& s = seats_[static_cast<size_t>(*seat)];
    s.conn = 0;
    s.left_at = tt;
    commit_change("left", {{"seat", *seat}}, tt, json::array({seat_event("left", *seat)}));
  }
  update_idle(now);
}

void Room::sit(ConnectionId c, const Sit& m, const std::string& hello_name,
               std::optional<uint64_t> id, Millis now) {
  const Millis tt = t(now);
  if (!audience_.count(c))
    throw RoomError(ErrorCode::kNotAtTable, "join table " + code_ + " first");
  if (seat_of(c))
    throw RoomError(ErrorCode::kAlreadySeated, "this connection holds a seat already");
  if (m.seat < 0 || static_cast<size_t>(m.seat) >= seats_.size()) {
    throw RoomError(ErrorCode::kBadSeat,
                    "seat: table " + code_ + " has seats 0.." + std::to_string(seats_.size() - 1));
  }
  if (seats_[static_cast<size_t>(m.seat)].state != SeatState::kOpen) {
    throw RoomError(ErrorCode::kSeatTaken, "seat " + std::to_string(m.seat) + " is not open");
  }
  std::string name = m.name.value_or(hello_name);
  if (name.empty()) name = "Player " + std::to_string(m.seat + 1);
  if (auto problem = name_problem(name)) throw RoomError(ErrorCode::kBadName, "name " + *problem);
  for (const RoomSeat& s : seats_) {
    if (s.state != SeatState::kOpen && s.name == name) {
      throw RoomError(ErrorCode::kBadName, "name: another seat is called " + name);
    }
  }
  const std::string token = ctx_.random.token();
  do_sit(m.seat, name, token, tt);
  seats_[static_cast<size_t>(m.seat)].conn = c;
  const PlayerId player = player_of(c);
  seats_[static_cast<size_t>(m.seat)].player = player;
  load_seat_rating(seats_[static_cast<size_t>(m.seat)]);
  ctx_.out.send(c, seated_frame(id, code_, m.seat, token));
  json entry = {{"seat", m.seat}, {"name", name}, {"token", token}};
  if (player != 0) entry["player"] = player;
  commit_change("sit", std::move(entry), tt,
                json::array({{{"type", "sat"}, {"seat", m.seat}, {"name", name}}}));
}

void Room::stand(ConnectionId c, Millis now) {
  const Millis tt = t(now);
  int seat = 0;
  check_seated(c, &seat);
  if (settings_.rated && status_ == RoomStatus::kPlaying) {
    throw RoomError(ErrorCode::kWrongPhase,
                    "table " + code_ +
                        " plays a rated game: its seats stay taken until it ends. To give up, "
                        "leave the table: the bot finishes your game and you take the last place");
  }
  do_stand(seat, tt);
  commit_change("stand", {{"seat", seat}}, tt, json::array({seat_event("stood", seat)}));
}

void Room::put_bot(ConnectionId c, const PutBot& m, Millis now) {
  const Millis tt = t(now);
  check_creator(c);
  if (status_ == RoomStatus::kPlaying) {
    throw RoomError(ErrorCode::kWrongPhase, "bots are placed before a game, not during one");
  }
  if (m.seat < 0 || static_cast<size_t>(m.seat) >= seats_.size()) {
    throw RoomError(ErrorCode::kBadSeat, "seat: no seat " + std::to_string(m.seat));
  }
  if (seats_[static_cast<size_t>(m.seat)].state == SeatState::kPerson) {
    throw RoomError(ErrorCode::kSeatTaken, "seat " + std::to_string(m.seat) + " holds a person");
  }
  if (m.level && settings_.rated) {
    throw RoomError(ErrorCode::kBotNotAllowed,
                    "level: table " + code_ + " is rated: it seats people only, no bots");
  }
  if (m.level) check_bot_spec(ctx_.config.bots, *m.level, "level");
  do_bot(m.seat, m.level, tt);
  commit_change("bot", {{"seat", m.seat}, {"level", m.level ? json(*m.level) : json(nullptr)}}, tt,
                json::array({{{"type", "bot"},
                              {"seat", m.seat},
                              {"level", m.level ? json(*m.level) : json(nullptr)}}}));
}

void Room::start(ConnectionId c, Millis now) {
  const Millis tt = t(now);
  check_creator(c);
  if (status_ != RoomStatus::kLobby) {
    throw RoomError(ErrorCode::kWrongPhase, "table " + code_ + " has started already");
  }
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].state == SeatState::kOpen) {
      throw RoomError(ErrorCode::kSeatsOpen, "seat " + std::to_string(i) + " is still open");
    }
  }
  const uint64_t seed = ctx_.random.next();
  do_start(seed, 0, tt);
  commit_change(
      "start", {{"seed", std::to_string(seed)}, {"first_player", 0}}, tt,
      json::array({{{"type", "game-started"}, {"game", info().game_id}, {"first_player", 0}}}));
  after_game_change(tt);
}

void Room::rematch(ConnectionId c, Millis now) {
  const Millis tt = t(now);
  check_creator(c);
  if (status_ != RoomStatus::kOver) {
    throw RoomError(ErrorCode::kWrongPhase, "a rematch follows a finished game");
  }
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].state == SeatState::kOpen) {
      throw RoomError(ErrorCode::kSeatsOpen, "seat " + std::to_string(i) + " is open");
    }
  }
  const int first = (table_->config().first_player + 1) % options_.players;
  const uint64_t seed = ctx_.random.next();
  do_start(seed, first, tt);
  commit_change(
      "start", {{"seed", std::to_string(seed)}, {"first_player", first}}, tt,
      json::array({{{"type", "game-started"}, {"game", info().game_id}, {"first_player", first}}}));
  after_game_change(tt);
}

void Room::act(ConnectionId c, const Act& m, Millis now) {
  const Millis tt = t(now);
  int seat = 0;
  check_seated(c, &seat);
  RoomSeat& me = seats_[static_cast<size_t>(seat)];
  // A repeat of an answer this seat gave (a double click, a double tap): ignored quietly.
  if (m.decision && me.answered == *m.decision) return;
  if (me.zombie && status_ == RoomStatus::kPlaying) {
    // His turn clock ran out while he stayed: his next act takes the seat back.
    do_back(seat, tt);
    commit_change("back", {{"seat", seat}}, tt, json::array({seat_event("back", seat)}));
  }
  if (m.decision && table_ && status_ == RoomStatus::kPlaying &&
      *m.decision > table_->decisions()) {
    throw RoomError(ErrorCode::kFutureDecision, "decision " + std::to_string(*m.decision) +
                                                    " has not come yet: the table is at decision " +
                                                    std::to_string(table_->decisions()));
  }
  if (m.decision && table_ &&
      (status_ != RoomStatus::kPlaying || *m.decision != table_->decisions())) {
    throw RoomError(ErrorCode::kStale, "decision " + std::to_string(*m.decision) +
                                           " is over; the table has moved on (now: " +
                                           std::to_string(table_->decisions()) + ")");
  }
  if (status_ != RoomStatus::kPlaying) {
    throw RoomError(ErrorCode::kWrongPhase, "no game is being played at table " + code_);
  }
  std::string why;
  auto action = action_from_text(m.action, options_.players, &why);
  if (!action) throw RoomError(ErrorCode::kBadAction, "action: " + why);
  // The seats due, without their legal lists (table_->pending() writes those: the frame does).
  const table::SeatList due = table::seats_due(table_->view());
  if (std::find(due.begin(), due.end(), seat) == due.end()) {
    throw RoomError(ErrorCode::kNotYourTurn,
                    "seat " + std::to_string(seat) + " is not asked to decide now");
  }
  const uint64_t decision = table_->decisions();
  table::Events events = do_act(seat, *action, tt);
  me.answered = decision;
  ctx_.stats.actions_total += 1;
  commit_act(seat, *action, tt, FrameEvents::engine(events));
  after_game_change(tt);
}

void Room::ready(ConnectionId c, Millis now) {
  const Millis tt = t(now);
  int seat = 0;
  check_seated(c, &seat);
  if (status_ != RoomStatus::kPlaying) {
    throw RoomError(ErrorCode::kWrongPhase, "no game is being played at table " + code_);
  }
  // A Continue that comes after the deal (a late or double click) is ignored quietly.
  if (!table_->round_over() || seat_ready(seat)) return;
  do_ready(seat);
  commit_change("ready", {{"seat", seat}}, tt, json::array());
  maybe_deal(tt);
}

std::pair<HintQuestion, PublicView> Room::hint(ConnectionId c, std::optional<uint64_t> id) const {
  if (!settings_.hints) {
    throw RoomError(ErrorCode::kHintsOff, "table " + code_ + " was created without hints");
  }
  int seat = 0;
  check_seated(c, &seat);
  if (status_ != RoomStatus::kPlaying) {
    throw RoomError(ErrorCode::kWrongPhase, "no game is being played at table " + code_);
  }
  for (const table::Pending& p : table_->pending()) {
    if (p.seat != seat || p.round_over) continue;
    HintQuestion q{c, id, code_, seat, table_->decisions()};
    return {q, hint_view(table_->view(), seat)};
  }
  throw RoomError(ErrorCode::kNotYourTurn,
                  "seat " + std::to_string(seat) + " is not asked to decide now");
}

bool Room::hint_current(const HintQuestion& q) const {
  if (status_ != RoomStatus::kPlaying || q.decision != table_->decisions()) return false;
  for (const table::Pending& p : table_->pending()) {
    if (p.seat == q.seat && !p.round_over) return true;
  }
  return false;
}

void Room::chat(ConnectionId c, const std::string& text, const std::string& hello_name,
                Millis now) {
  const Millis tt = t(now);
  if (!audience_.count(c))
    throw RoomError(ErrorCode::kNotAtTable, "join table " + code_ + " first");
  if (auto problem = chat_problem(text, ctx_.config.chat_chars)) {
    throw RoomError(problem->code, problem->message);
  }
  const auto seat = seat_of(c);
  const std::string name = seat ? seats_[static_cast<size_t>(*seat)].name
                                : (hello_name.empty() ? std::string(kSpectatorName) : hello_name);
  do_chat(seat, name, text);
  ++seq_;
  chat_.back().seq = seq_;
  ctx_.stats.chat_total += 1;
  ctx_.store.append(code_, LogEntry{seq_, "chat",
                                    json{{"seat", seat ? json(*seat) : json(nullptr)},
                                         {"name", name},
                                         {"text", text},
                                         {"t", tt.count()}}
                                        .dump()});
  broadcast(seq_, chat_frame(chat_.back()));
}

// --- Time -------------------------------------------------------------------------------------

void Room::tick(Millis now) {
  const Millis tt = t(now);
  // 1. The game: bots, knock windows, clocks, round pauses.
  if (status_ == RoomStatus::kPlaying) maybe_deal(tt);
  if (status_ == RoomStatus::kPlaying) {
    const auto before = table_->pending();
    const uint64_t decisions = table_->decisions();
    std::vector<int> timed_out;
    table::Events events = do_tick(tt, &timed_out);
    json bots = json::array();
    for (const table::BotMove& m : table_->take_bot_moves()) {
      bots.push_back({{"seat", m.seat},
                      {"decision", m.decision},
                      {"spec", m.spec},
                      {"action", to_text(m.action)}});
    }
    ctx_.stats.actions_total += bots.size();
    if (!events.empty() || decisions != table_->decisions() || before != table_->pending() ||
        !bots.empty() || !timed_out.empty()) {
      commit_change("tick", {{"bots", std::move(bots)}}, tt, FrameEvents::engine(events));
    }
    for (int seat : timed_out) {
      if (seats_[static_cast<size_t>(seat)].state != SeatState::kPerson) continue;
      do_zombie(seat, tt);
      commit_change("zombie", {{"seat", seat}}, tt,
                    json::array({{{"type", "zombie"}, {"seat", seat}, {"why", "clock"}}}));
    }
    after_game_change(tt);
  }
  // 2. Grace: a person gone too long gives his seat to the zombie bot (in the lobby: frees it).
  for (size_t i = 0; i < seats_.size(); ++i) {
    RoomSeat& s = seats_[i];
    const int seat = static_cast<int>(i);
    if (s.state != SeatState::kPerson || s.conn != 0 || !s.left_at || s.zombie) continue;
    if (*s.left_at + settings_.grace > tt) continue;
    if (status_ == RoomStatus::kLobby) {
      do_stand(seat, tt);
      commit_change("stand", {{"seat", seat}}, tt, json::array({seat_event("stood", seat)}));
    } else if (status_ == RoomStatus::kPlaying) {
      do_zombie(seat, tt);
      commit_change("zombie", {{"seat", seat}}, tt,
                    json::array({{{"type", "zombie"}, {"seat", seat}, {"why", "grace"}}}));
    }
  }
  update_idle(now);
}

std::optional<Millis> Room::next_wake() const {
  std::optional<Millis> wake;
  auto consider = [&](Millis w) { wake = wake ? std::min(*wake, w) : w; };
  if (status_ == RoomStatus::kPlaying) {
    if (auto w = table_->next_wake()) consider(*w);
    if (auto w = deal_due()) consider(*w);
  }
  if (status_ != RoomStatus::kOver) {
    for (const RoomSeat& s : seats_) {
      if (s.state == SeatState::kPerson && s.conn == 0 && s.left_at && !s.zombie) {
        consider(*s.left_at + settings_.grace);
      }
    }
  }
  if (!wake) return std::nullopt;
  return *wake - offset_;
}

void Room::update_idle(Millis now) {
  const bool idle = audience_.empty() && status_ != RoomStatus::kPlaying;
  if (!idle) {
    idle_since_.reset();
  } else if (!idle_since_) {
    idle_since_ = now;
  }
}

json Room::debug_json() const {
  json seats = json::array();
  for (const RoomSeat& s : seats_) {
    seats.push_back({{"state", static_cast<int>(s.state)},
                     {"name", s.name},
                     {"token", s.token},
                     {"level", s.level},
                     {"zombie", s.zombie}});
  }
  return {{"code", code_},   {"status", room_status_name(status_)},
          {"games", games_}, {"seq", seq_},
          {"seats", seats},  {"table", table_ ? table_->save() : json(nullptr)}};
}

// --- The changes ------------------------------------------------------------------------------

std::string Room::bot_name(int seat) const {
  std::string name = "Bot " + std::to_string(seat + 1);
  for (bool clash = true; clash;) {
    clash = false;
    for (size_t i = 0; i < seats_.size(); ++i) {
      if (static_cast<int>(i) != seat && seats_[i].state != SeatState::kOpen &&
          seats_[i].name == name) {
        clash = true;
      }
    }
    if (clash) name += "'";
  }
  return name;
}

table::Seat Room::table_seat(int seat) const {
  const RoomSeat& s = seats_[static_cast<size_t>(seat)];
  table::Seat out;
  out.name = s.name;
  if (s.state == SeatState::kBot) {
    out.kind = table::SeatKind::kBot;
    out.bot = s.level;
  } else if (s.state == SeatState::kOpen || s.zombie) {
    out.kind = table::SeatKind::kBot;
    out.bot = settings_.zombie_bot;
    if (s.state == SeatState::kOpen) out.name = bot_name(seat);
  } else {
    out.kind = table::SeatKind::kPerson;
    out.timeout = settings_.turn_clock;
  }
  return out;
}

void Room::do_sit(int seat, const std::string& name, const std::string& token, Millis) {
  RoomSeat& s = seats_[static_cast<size_t>(seat)];
  s = RoomSeat{};
  s.state = SeatState::kPerson;
  s.name = name;
  s.token = token;
  if (status_ == RoomStatus::kPlaying) table_->replace_seat(seat, table_seat(seat));
}

void Room::do_stand(int seat, Millis) {
  seats_[static_cast<size_t>(seat)] = RoomSeat{};
  if (status_ == RoomStatus::kPlaying) table_->replace_seat(seat, table_seat(seat));
}

void Room::do_bot(int seat, const std::optional<std::string>& level, Millis) {
  RoomSeat& s = seats_[static_cast<size_t>(seat)];
  s = RoomSeat{};
  if (level) {
    s.state = SeatState::kBot;
    s.level = *level;
    s.name = bot_name(seat);
  }
}

void Room::do_start(uint64_t seed, int first_player, Millis tt) {
  std::vector<table::Seat> seats;
  for (size_t i = 0; i < seats_.size(); ++i) seats.push_back(table_seat(static_cast<int>(i)));
  table::TableConfig config;
  config.round_pause = ctx_.config.round_pause;
  config.knock_window = settings_.knock_window;
  config.bot_delay = {ctx_.config.bot_delay_min, ctx_.config.bot_delay_max};
  config.first_player = first_player;
  config.stand_in = settings_.zombie_bot;
  table_ = std::make_unique<table::Table>(options_, seed, std::move(seats), tt, config);
  scored_rounds_.clear();
  round_log_.clear();
  table_->set_bots_elsewhere(true);  // Table rule 9: bots think on the bot worker's threads
  rated_result_.reset();
  rating_changes_.clear();
  ++games_;
  game_started_ = tt;
  status_ = RoomStatus::kPlaying;
}

table::Events Room::do_act(int seat, Action a, Millis tt) {
  table::Outcome outcome = table_->submit(seat, a, tt);
  if (!outcome.ok()) throw RoomError(ErrorCode::kIllegalAction, outcome.error);
  if (table_->game_over()) status_ = RoomStatus::kOver;
  round_log_.add(seq_ + 1, outcome.events);  // the frame committed next
  return std::move(outcome.events);
}

table::Events Room::do_tick(Millis tt, std::vector<int>* timed_out) {
  table::Events events = table_->tick(tt);
  *timed_out = table_->take_timed_out();
  if (table_->game_over()) status_ = RoomStatus::kOver;
  round_log_.add(seq_ + 1, events);
  return events;
}

void Room::do_zombie(int seat, Millis) {
  seats_[static_cast<size_t>(seat)].zombie = true;
  if (table_) table_->replace_seat(seat, table_seat(seat));
}

void Room::do_back(int seat, Millis) {
  RoomSeat& s = seats_[static_cast<size_t>(seat)];
  s.left_at.reset();
  if (!s.zombie) return;
  s.zombie = false;
  if (status_ == RoomStatus::kPlaying) table_->replace_seat(seat, table_seat(seat));
}

void Room::do_chat(std::optional<int> seat, const std::string& name, const std::string& text) {
  chat_.push_back({0, seat, name, text});
  while (chat_.size() > ctx_.config.chat_history) chat_.pop_front();
}

// A game that just ended is stored as a record (not again in replay: it is stored already).
void Room::after_game_change(Millis tt) {
  if (status_ != RoomStatus::kOver || replaying_ || !table_) return;
  if (table_->decisions() == 0) return;
  const std::string game_id = info().game_id;
  if (saved_game_ == game_id) return;
  saved_game_ = game_id;
  const GameRecord record = table_->record();
  ctx_.store.save_game(game_id, code_, record_to_line(record) + "\n");
  store_players(game_id, record, tt);
  std::string winners;
  for (int w : record.winners) {
    if (!winners.empty()) winners += ',';
    winners += seats_[static_cast<size_t>(w)].name;
  }
  spdlog::info("event=game_finished game={} rounds={} winners={} decisions={} duration_s={}",
               game_id, record.rounds.size(), log_field(winners), table_->decisions(),
               (tt - game_started_).count() / 1000);
  ctx_.stats.games_finished_total += 1;
  json saved = {{"game", game_id}, {"t", tt.count()}};
  if (settings_.rated) {
    // Who left is logged with the result: a replay reads it back rather than working it out.
    saved["rated"] = {{"totals_half", record.totals_half}, {"left", rated_leavers()}};
    set_rated_result(game_id, saved["rated"]);
  }
  ++seq_;
  ctx_.store.append(code_, LogEntry{seq_, "saved", saved.dump()});
  broadcast_table(seq_, json::array({{{"type", "game-saved"}, {"game", game_id}}}), tt);
}

PlayerId Room::player_of(ConnectionId c) const {
  if (!ctx_.connection_players) return 0;
  auto it = ctx_.connection_players->find(c);
  return it == ctx_.connection_players->end() ? 0 : it->second;
}

// Whether this table's games move the players' skills: the `rated` creation option (issue 29
// §2: people only, standard rules). Read it here, and only here.
bool Room::rated() const { return settings_.rated; }

void Room::store_players(const std::string& game_id, const GameRecord& record, Millis) {
  if (!ctx_.players) return;
  std::vector<EndSeat> seats(seats_.size());
  const std::vector<bool> left = rated_leavers();  // the same leavers as the logged result
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].state == SeatState::kPerson && seats_[i].player != 0)
      seats[i].player = seats_[i].player;
    if (i < record.totals_half.size()) seats[i].total_half = record.totals_half[i];
    seats[i].left = left[i];
    for (const RoundRecord& round : record.rounds) {
      if (i >= round.score_half.size()) continue;
      const int score = round.score_half[i];
      seats[i].best_round_half =
          seats[i].rounds == 0 ? score : std::min(seats[i].best_round_half, score);
      seats[i].round_sum_half += score;
      ++seats[i].rounds;
    }
  }
  const int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count();
  if (store_game_players(*ctx_.players, game_id, seats, rated(), now_ms)) {
    load_rating_changes(game_id);
    for (RoomSeat& s : seats_) load_seat_rating(s);
  }
}

// --- Continue (a finished round waits for everybody, or its timeout) ------------------------

bool Room::seat_ready(int seat) const {
  const RoomSeat& s = seats_[static_cast<size_t>(seat)];
  // Bots, zombies and people gone are ready at once: nobody waits for them.
  if (s.state != SeatState::kPerson || s.zombie || s.conn == 0) return true;
  return ready_round_ == table_->state().rounds_played() && pressed_ready_.count(seat) > 0;
}

std::vector<int> Room::ready_seats() const {
  std::vector<int> out;
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (seat_ready(static_cast<int>(i))) out.push_back(static_cast<int>(i));
  }
  return out;
}

std::optional<Millis> Room::deal_due() const {
  if (status_ != RoomStatus::kPlaying || !table_ || !table_->round_over()) return std::nullopt;
  const auto pause = table_->config().round_pause;
  const auto pending = table_->pending();
  if (!pause || pending.empty() || !pending[0].deadline) return std::nullopt;
  const Millis round_end = *pending[0].deadline - *pause;
  for (size_t i = 0; i < seats_.size(); ++i) {
    if (!seat_ready(static_cast<int>(i))) return std::nullopt;
  }
  bool pressed = false;
  for (int seat : pressed_ready_) pressed = pressed || seats_[static_cast<size_t>(seat)].conn != 0;
  if (pressed && ready_round_ == table_->state().rounds_played()) return round_end;
  if (ctx_.config.round_pause_unattended < *pause) {
    return round_end + ctx_.config.round_pause_unattended;
  }
  return std::nullopt;
}

void Room::maybe_deal(Millis tt) {
  const auto due = deal_due();
  if (!due || *due > tt) return;
  table::Events events = do_deal(tt);
  commit_change("deal", json::object(), tt, FrameEvents::engine(events));
  after_game_change(tt);
}

table::Events Room::do_deal(Millis tt) {
  table::Outcome outcome = table_->deal(tt);
  if (!outcome.ok()) throw FormatError("deal: " + outcome.error);
  pressed_ready_.clear();
  return std::move(outcome.events);
}

void Room::do_ready(int seat) {
  const int round = table_->state().rounds_played();
  if (ready_round_ != round) pressed_ready_.clear();
  ready_round_ = round;
  pressed_ready_.insert(seat);
}

}  // namespace allegra::server

namespace allegra::server {

// --- Rated tables (docs/ratings.md) ---------------------------------------------------------

void Room::check_rated_create(const Create& create, const std::vector<SeatSpec>& specs) const {
  for (size_t i = 0; i < specs.size(); ++i) {
    if (specs[i].bot) {
      throw RoomError(ErrorCode::kBotNotAllowed,
                      "seats[" + std::to_string(i) +
                          "]: a rated table seats people only: make every seat \"person\"");
    }
  }
  RuleOptions standard;
  standard.players = options_.players;
  if (!(options_ == standard)) {
    throw RoomError(ErrorCode::kBadOptions,
                    "options: a rated table plays the standard rules: give only \"players\" "
                    "(2-6), no other rule option");
  }
  if (create.hints) {
    throw RoomError(ErrorCode::kBadOptions, "hints: a rated table gives no hints");
  }
}

std::vector<bool> Room::rated_leavers() const {
  // A person whose seat the zombie bot played when the game ended: he left (by his grace period
  // or his turn clock) and did not come back. A seat that is not a person's (never at a rated
  // table, whose seats stay taken) counts as left too.
  std::vector<bool> left;
  for (const RoomSeat& s : seats_) left.push_back(s.state != SeatState::kPerson || s.zombie);
  return left;
}

void Room::set_rated_result(const std::string& game_id, const json& rated) {
  RatedResult r;
  r.game_id = game_id;
  r.totals_half = rated.at("totals_half").get<std::vector<int32_t>>();
  r.left = rated.at("left").get<std::vector<bool>>();
  if (r.totals_half.size() != seats_.size() || r.left.size() != seats_.size())
    throw FormatError("saved " + game_id + ": a rated result of another table size");
  for (const RoomSeat& s : seats_) r.names.push_back(s.name);
  std::vector<int> totals(r.totals_half.begin(), r.totals_half.end());
  std::array<bool, 6> left{};  // a table has 6 seats at most
  for (size_t i = 0; i < r.left.size() && i < left.size(); ++i) left[i] = r.left[i];
  r.places = rating::places_from_totals(totals, std::span<const bool>(left.data(), r.left.size()));
  rated_result_ = std::move(r);
  // A replayed game's end: its rating changes as the store holds them (stored when it ended).
  if (replaying_) load_rating_changes(game_id);
}

void Room::load_seat_rating(RoomSeat& seat) const {
  seat.rating.reset();
  if (!settings_.rated || !ctx_.players || seat.player == 0) return;
  if (const std::optional<PlayerRecord> p = ctx_.players->player(seat.player)) {
    seat.rating = SeatInfo::Rating{static_cast<int>(rating::display_rating(p->skill)),
                                   rating::is_provisional(p->skill, p->rated_games)};
  }
}

// [{"seat", "player", "before", "after", "provisional"}] per seat, display ratings; nothing if a
// seat's player has no change for this game (it was not rated).
void Room::load_rating_changes(const std::string& game_id) {
  rating_changes_.clear();
  if (!settings_.rated || !ctx_.players) return;
  json changes = json::array();
  for (size_t i = 0; i < seats_.size(); ++i) {
    const PlayerId player = seats_[i].player;
    if (player == 0) return;
    const std::optional<PlayerRecord> p = ctx_.players->player(player);
    if (!p) return;
    std::optional<RatingChange> change;
    for (const RatingChange& c : ctx_.players->rating_history(player))
      if (c.game_id == game_id) change = c;
    if (!change) return;
    changes.push_back({{"seat", i},
                       {"player", player},
                       {"before", static_cast<int>(rating::display_rating(change->before))},
                       {"after", static_cast<int>(rating::display_rating(change->after))},
                       {"provisional", rating::is_provisional(change->after, p->rated_games)}});
  }
  rating_changes_ = changes.dump();
}

std::optional<RatedResult> Room::rated_result() const {
  if (!settings_.rated || status_ != RoomStatus::kOver) return std::nullopt;
  return rated_result_;
}

}  // namespace allegra::server
