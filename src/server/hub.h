// Hub: the whole game server's logic, without network or SQL.
//
// What: every table (room.h) by its short code, every connection (which table it is at, its rate
// limits), the list of public tables, and the restore of the open tables from the Store at start.
// The network (http_server.h) calls open/receive/close for each WebSocket, tick() when
// next_wake() is due, and flush() once per batch of input; the hub answers through the Transport.
//
// Why one object on one thread: a table's changes must be logged in order and the store commits
// in groups; with everything on the io thread there is nothing to lock. Time is passed in (an
// injected steady clock), so tests run the timers without sleeping.
//
// Durability: every change is appended to the table's log in the Store, and the frames it causes
// are held back until flush() has committed the store (group commit). The protocol is
// docs/protocol.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bots/hint.h"
#include "server/bot_policy.h"
#include "server/lobby_entry.h"
#include "server/player_store.h"
#include "server/store.h"
#include "server/transport.h"
#include "server/wire_names.h"

namespace allegra::server {

struct HubConfig {
  size_t max_message_bytes = 16 * 1024;
  // Token buckets: messages per second and burst, per connection and per IP address.
  double conn_rate = 20, conn_burst = 40;
  double ip_rate = 2000, ip_burst = 4000;
  // Rate-limited messages a connection may send (a burst, refilled at conn_rate) before it is
  // closed: a client that keeps sending at well over twice the rate is told "bye".
  int close_after_limited = 200;
  size_t chat_chars = 500;
  double chat_rate = 0.5, chat_burst = 5;  // chat lines per second (5 per 10 s), per connection
  // The same for all connections of one address, and for all lines into one table.
  double chat_ip_rate = 1, chat_ip_burst = 10;
  double chat_table_rate = 1, chat_table_burst = 10;
  size_t chat_history = 50;  // lines sent with a full state
  Millis default_grace{60'000};
  Millis default_knock_window{5'000};
  Millis bot_delay_min{1'000}, bot_delay_max{2'000};
  // A finished round stays on show until every seat is ready (Continue) or this timeout; a
  // table where nobody must press Continue (bots, zombies, people gone) deals after
  // round_pause_unattended (docs/protocol.md).
  Millis round_pause{30'000};
  Millis round_pause_unattended{4'000};
  // The turn clock of a table with two or more person seats whose `create` names none.
  std::optional<Millis> default_turn_clock = Millis(90'000);
  Millis idle_close{2 * 60'000};  // a lobby or finished table nobody is at is closed after this
  size_t backlog_frames = 32, backlog_bytes = 32 * 1024;  // per table, for reconnects
  // Open tables: in all, and those created by one connection and from one address (a table
  // counts until it is closed; tables resumed at start count for nobody).
  size_t max_tables = 10'000;
  size_t max_tables_per_connection = 10;
  size_t max_tables_per_ip = 50;
  BotPolicy bots;            // which bots clients may order, and every decision's deadline
  uint64_t random_seed = 0;  // 0: codes, tokens and game seeds from std::random_device
  std::string server_name = "allegra";
  int hint_iterations = bots::kHintIterations;  // the terminal's hint
  size_t hints_running = 2;  // searches at once; more questions are refused (rate_limited)
  // Threads that run the bots' decisions off the hub's thread (bot_worker.h); 0: on the hub's
  // thread, each as soon as it is asked for (tests with an injected clock).
  size_t bot_threads = 1;
  // Threads of the bot worker that run only the game reviews' units, at a lower OS priority
  // (bot_worker.h; 0: the units run on the bot threads when they are idle).
  size_t review_threads = 0;
  // Every code this hub makes starts with it ("": any code); code_prefix.h, docs/scaling.md.
  std::string code_prefix;
};

struct HubStats {
  uint64_t tables = 0, tables_lobby = 0, games_playing = 0, connections = 0, spectators = 0;
  uint64_t messages_total = 0, actions_total = 0, games_finished_total = 0, chat_total = 0;
  uint64_t frames_total = 0, frame_bytes_total = 0;
  double bot_seconds_total = 0;  // the bots' thinking time (on the bot threads)
  uint64_t bot_decisions_total = 0, bot_stale_total = 0;  // answers, and those dropped as stale
  // Bot decisions run again to restore tables (ticks of logs older than the bots' own lines).
  uint64_t restore_bot_runs = 0;
  std::map<std::string, uint64_t> errors;  // by error code
};

class Room;
class Outbox;
class HintWorker;
class BotWorker;
class Random;

class Hub {
 public:
  // Resumes every open table of the store (clocks restarted at `now`).
  // `players` (may be null): the store's players, for the seats tied to players and the end of
  // rated games (game_players.h).
  Hub(Store& store, Transport& transport, HubConfig config, Millis now,
      PlayerStore* players = nullptr);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  void open(ConnectionId c, std::string_view peer_ip, Millis now);
  void receive(ConnectionId c, std::string_view text, Millis now);  // any bytes: never throws
  void close(ConnectionId c, Millis now);                           // the socket is gone
  // The player connection `c` belongs to (its session cookie): his seats come back to it.
  void set_player(ConnectionId c, PlayerId player) { connection_players_[c] = player; }
  void tick(Millis now);                    // bots, knock windows, grace, clocks, round pauses
  std::optional<Millis> next_wake() const;  // when tick() next has work (nullopt: never)
  // store.commit(), then the held frames go to the transport.
  void flush();
  void shutdown(Millis now);  // no new tables; "bye" to every client; flush
  HubStats stats() const;
  // stats() without `spectators`, which asks every room for its audience: the once-a-second
  // sample (the action rate, the log's summary line) reads only the counts, which are kept as
  // they change. With 1,000 tables at a person's pace the whole stats() took ~9% of the
  // server's CPU.
  HubStats counts() const;
  std::optional<std::string> game_record(std::string_view game_id);  // JSONL
  // The bots' thread pool, which also runs the game reviews' units (server/review_jobs.h).
  BotWorker* bot_worker() { return bots_.get(); }

  // The tables of the store that could not be resumed, each with the reason (for the log).
  const std::vector<std::string>& restore_errors() const { return restore_errors_; }
  // For tests: the room of a code (nullptr if none).
  const Room* room(std::string_view code) const;
  // The public tables of this process (for the other processes' lobbies, pg_lobby.h), and where
  // `list` finds theirs (unset: only this process's tables are listed).
  std::vector<LobbyEntry> public_tables() const;
  void set_remote_lobby(RemoteLobby remote) { remote_lobby_ = std::move(remote); }

 private:
  struct Bucket {
    double tokens = 0;
    Millis at{0};
    bool take(double rate, double burst, Millis now);
  };
  struct Connection {
    std::string ip;
    bool hello = false;
    bool deltas = false;  // hello asked for delta frames
    std::string name;
    Room* room = nullptr;
    Bucket bucket, chat;
    Bucket limited;  // rate-limited messages (close_after_limited)
    bool closing = false;
    size_t tables = 0;   // open tables it created
    Bucket invitations;  // `create`'s invite: players invited (10 a minute)
  };
  struct Address {
    Bucket bucket, chat;
    int connections = 0;
  };
  // What the hub keeps of a table besides its Room: who created it (for the limits of open
  // tables; 0 and "" for a resumed table) and its chat bucket.
  struct RoomLimits {
    ConnectionId creator = 0;
    std::string ip;
    Bucket chat;
  };

  void handle(ConnectionId c, Connection& conn, std::string_view text, Millis now);
  void reply_error(ConnectionId c, std::optional<uint64_t> id, ErrorCode code,
                   std::string_view message);
  std::string new_code();
  void create(ConnectionId c, Connection& conn, std::optional<uint64_t> id, const Create& m,
              Millis now);
  void join(ConnectionId c, Connection& conn, std::optional<uint64_t> id, const Join& m,
            Millis now);
  // `create`'s invite (play again): checked before the table exists, sent once it does.
  void check_invitations(ConnectionId c, Connection& conn, const Create& m, Millis now);
  void send_invitations(ConnectionId c, const std::string& code, const Create& m);
  void check_table_limits(const Connection& conn) const;
  void check_chat_rate(const Connection& conn, const Room& room, Millis now);
  void leave_room(ConnectionId c, Connection& conn, Millis now);
  void list(ConnectionId c, std::optional<uint64_t> id);
  void hint(ConnectionId c, Connection& conn, std::optional<uint64_t> id);
  void answer_hints(Millis now);
  // The bots' answers that are there go back to their tables.
  void answer_bots(Millis now);
  Room& room_of(const Connection& conn);
  // Re-files the room's wake-up after anything that may have changed it, and hands the bot
  // decisions it now asks for to the bot worker.
  void reschedule(Room& room, Millis now);
  void close_room(Room& room);

  Store& store_;
  Transport& transport_;
  HubConfig config_;
  std::unique_ptr<Outbox> out_;
  std::unique_ptr<Random> random_;
  std::unique_ptr<HintWorker> hints_;
  Millis hint_poll_{0};  // while searches run, tick() looks at them from then on
  std::unique_ptr<BotWorker> bots_;
  Millis bot_poll_{0};  // while bots think, tick() looks for their answers from then on
  HubStats stats_;
  bool shutting_down_ = false;
  std::unordered_map<ConnectionId, Connection> connections_;
  PlayerStore* players_ = nullptr;
  std::unordered_map<ConnectionId, PlayerId> connection_players_;
  std::unordered_map<std::string, Address> addresses_;
  // The rooms' creators' counts are kept here too: an address with no connection left keeps
  // its tables counted (addresses_ entries are erased with the last connection).
  std::unordered_map<std::string, size_t> tables_of_ip_;
  std::unordered_map<const Room*, RoomLimits> limits_;
  std::unordered_map<std::string, std::unique_ptr<Room>> rooms_;
  std::set<std::pair<Millis, Room*>> wakes_;
  std::unordered_map<Room*, Millis> wake_of_;
  std::vector<std::string> restore_errors_;
  RemoteLobby remote_lobby_;
};

}  // namespace allegra::server
