#include "server/pg_lobby.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <pqxx/pqxx>

#include "server/pg_connection.h"

namespace allegra::server {

struct PgLobby::Connection {
  explicit Connection(const std::string& url) : c(url_with_connect_timeout(url)) {
    pqxx::nontransaction t(c);
    t.exec("SET standard_conforming_strings = on; SET client_encoding = 'UTF8'");
  }
  pqxx::connection c;
};

PgLobby::PgLobby(Options options) : options_(std::move(options)) {
  thread_ = std::thread([this] { run(); });
}

PgLobby::~PgLobby() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void PgLobby::set_local(std::vector<LobbyEntry> tables) {
  std::lock_guard lock(mutex_);
  local_at_ = std::chrono::steady_clock::now();
  if (tables == local_) return;
  local_ = std::move(tables);
  local_changed_ = true;
}

std::vector<LobbyEntry> PgLobby::remote() const {
  std::lock_guard lock(mutex_);
  return remote_;
}

// 1. Every period: connect if needed; 2. write this process's tables (only when they changed)
// and its heartbeat, read the other live processes' tables; 3. on a failure, forget the
// connection and the others' tables, and log it once. At the stop: delete this process's rows
// (unless the last pass failed: then they expire).
void PgLobby::run() {
  std::unique_ptr<Connection> connection;
  bool failing = false;
  uint64_t passes = 0;
  std::unique_lock lock(mutex_);
  for (;;) {
    const bool stopping = stop_;
    // The io thread has not ticked for `silent`: no heartbeat (this process's lease runs out).
    const bool silent = std::chrono::steady_clock::now() - local_at_ > options_.silent;
    if (silent && !stopping) {
      if (!failing) spdlog::warn("event=lobby_silent server={}", options_.server);
      failing = true;
      local_changed_ = true;
      wake_.wait_for(lock, options_.period, [this] { return stop_; });
      continue;
    }
    std::vector<LobbyEntry> local = local_;
    // Written again now and then even unchanged: rows deleted meanwhile (this process was taken
    // for gone while cut off from the database) come back.
    const bool changed = local_changed_ || ++passes % 10 == 0;
    local_changed_ = false;
    lock.unlock();
    // Stopping while the database is away: its rows expire by themselves, and another connection
    // attempt would hold the stop for up to the connect timeout once more.
    if (stopping && failing) return;
    try {
      if (!connection) connection = std::make_unique<Connection>(options_.url);
      if (stopping) {
        pqxx::nontransaction t(connection->c);
        t.exec(fmt::format(
            "DELETE FROM lobby WHERE server = {0}; DELETE FROM lobby_servers WHERE server = {0}",
            pg::quote(options_.server)));
        return;
      }
      exchange(*connection, local, changed);
      if (failing) spdlog::info("event=lobby_back server={}", options_.server);
      failing = false;
    } catch (const std::exception& e) {
      connection.reset();
      if (stopping) return;
      if (!failing)
        spdlog::warn("event=lobby_away server={} error=\"{}\"", options_.server,
                     pg::first_line(e.what()));
      failing = true;
      lock.lock();
      remote_.clear();
      local_changed_ = true;
      lock.unlock();
    }
    lock.lock();
    wake_.wait_for(lock, options_.period, [this] { return stop_; });
  }
}

void PgLobby::exchange(Connection& connection, const std::vector<LobbyEntry>& local, bool changed) {
  const std::string server = pg::quote(options_.server);
  // 1. Its heartbeat and (when they changed) its tables, one transaction (one simple query);
  //    processes gone for long are deleted by whoever writes next (their tables with them).
  std::string sql = fmt::format(
      "INSERT INTO lobby_servers (server, seen) VALUES ({0}, now()) ON CONFLICT (server) DO "
      "UPDATE SET seen = now();\n"
      "DELETE FROM lobby_servers WHERE seen < now() - interval '{1} milliseconds' * 10;\n",
      server, options_.expiry.count());
  if (changed) sql += fmt::format("DELETE FROM lobby WHERE server = {};\n", server);
  if (changed && !local.empty()) {
    sql += "INSERT INTO lobby (code, server, status, summary) VALUES ";
    for (size_t i = 0; i < local.size(); ++i) {
      sql += fmt::format("{}({}, {}, {}, {})", i == 0 ? "" : ", ", pg::quote(local[i].code), server,
                         local[i].status, pg::quote(local[i].summary));
    }
    sql += ";\n";
  }
  // 2. The other live processes' tables (the first 100 as `list` orders them are all it shows).
  sql += fmt::format(
      "SELECT l.code, l.status, l.summary FROM lobby l JOIN lobby_servers s ON s.server = "
      "l.server WHERE l.server <> {} AND s.seen > now() - interval '{} milliseconds' ORDER BY "
      "l.status, l.code LIMIT 100",
      server, options_.expiry.count());
  pqxx::nontransaction t(connection.c);
  std::vector<LobbyEntry> others;
  for (const auto& row : t.exec(sql)) {
    others.push_back({row[1].as<int>(), row[0].as<std::string>(), row[2].as<std::string>()});
  }
  std::lock_guard lock(mutex_);
  remote_ = std::move(others);
}

}  // namespace allegra::server
