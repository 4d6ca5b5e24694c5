// Several `allegra serve` processes behind HAProxy (issue 30 §2-§4, docs/scaling.md): two real
// processes with the code prefixes A and B and a real HAProxy running deploy/haproxy.cfg with
// free loopback ports. Through the proxy: tables are created on both processes from the lobby
// socket, whole games of people and bots are played, process A is killed with SIGKILL mid-game
// and restarted on its store and port, its people reconnect through the proxy (routed by the
// code in /ws/CODE) and finish, while B's tables play on without noticing; every record replays
// with `allegra replay --check`; then a short `allegra loadtest` through the proxy has no error.
// Twice: on a SQLite file per process (ServeProxyTest), and on one PostgreSQL database for both
// (ServeProxyPgTest, on the throwaway cluster of `ctest -R ServeProxyPostgres`), where besides
// each lobby lists the other's tables and PostgreSQL is restarted mid-game.
// Also here: X-Forwarded-For is believed only from a --trusted-proxy address.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <future>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
#include "server/store_backends.h"
#include "server/ws_client.h"

namespace allegra::server_testing {
namespace {

using cli_testing::CliFixture;

// A port nobody listens on now (the kernel's choice for port 0; free again when closed).
uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0)
    throw std::runtime_error("no free port");
  ::close(fd);
  return ntohs(address.sin_port);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Replaces the one occurrence of `from` in `text` (the config's form is checked by the test).
void replace_once(std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("deploy/haproxy.cfg has no " + from);
  text.replace(at, from.size(), to);
}

// HAProxy in the foreground (-db) on deploy/haproxy.cfg with the listening port and the two
// processes' ports replaced; killed at the end.
class HaproxyProcess {
 public:
  static std::optional<std::string> binary() {
    for (const char* path : {"/usr/sbin/haproxy", "/usr/bin/haproxy", "/usr/local/sbin/haproxy"})
      if (::access(path, X_OK) == 0) return std::string(path);
    return std::nullopt;
  }

  // `standby_a`: a standby for prefix A on that port (docs/scaling.md, "The proxy follows"),
  // listed beside process A with the same health check.
  HaproxyProcess(const fs::path& dir, uint16_t port, uint16_t port_a, uint16_t port_b,
                 std::optional<uint16_t> standby_a = std::nullopt)
      : log_(dir / "haproxy.log") {
    std::string config = read_text(fs::path(ALLEGRA_SOURCE_DIR) / "deploy" / "haproxy.cfg");
    replace_once(config, "bind 127.0.0.1:8080", fmt::format("bind 127.0.0.1:{}", port));
    replace_once(config, "maxconn 9000", "maxconn 1000");  // within any open-files limit
    for (const char* backend : {"server a 127.0.0.1:8081", "server a 127.0.0.1:8081"})
      replace_once(config, backend, fmt::format("server a 127.0.0.1:{}", port_a));
    for (const char* backend : {"server b 127.0.0.1:8082", "server b 127.0.0.1:8082"})
      replace_once(config, backend, fmt::format("server b 127.0.0.1:{}", port_b));
    if (standby_a) {
      const std::string check = " check inter 1s fall 2 rise 1";
      const std::string a = fmt::format("server a 127.0.0.1:{}", port_a);
      replace_once(
          config, a + check,
          a + check + fmt::format("\n    server a_standby 127.0.0.1:{}{}", *standby_a, check));
    }
    const fs::path config_path = dir / "haproxy.cfg";
    std::ofstream(config_path) << config;
    std::vector<std::string> args = {*binary(), "-db", "-f", config_path.string()};
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      const int out = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out >= 0) {
        ::dup2(out, STDOUT_FILENO);
        ::dup2(out, STDERR_FILENO);
      }
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~HaproxyProcess() {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  HaproxyProcess(const HaproxyProcess&) = delete;
  HaproxyProcess& operator=(const HaproxyProcess&) = delete;
  std::string log() const { return read_text(log_); }

 private:
  fs::path log_;
  pid_t pid_ = -1;
};

WsConnectOptions to_table(const std::string& code) {
  WsConnectOptions options;
  options.path = "/ws/" + code;
  return options;
}

// Waits until the proxy sends /ws/<prefix>... to the process of that prefix: a `join` of a code
// of that prefix that no table has is answered "no table" by its own process (another process
// would name its own prefix).
void wait_routed(uint16_t proxy, const std::string& prefix) {
  const std::string code = prefix + "22222";
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string last;
  while (std::chrono::steady_clock::now() < deadline) {
    try {
      Player probe(proxy, "Probe", to_table(code));
      const json reply =
          probe.request(json{{"type", "join"}, {"code", code}}, "error", /*any_message=*/true);
      last = reply.dump();
      if (reply.value("code", "") == "no_table" &&
          reply.value("message", "").find("starting with") == std::string::npos)
        return;
    } catch (const std::exception& e) {
      last = e.what();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  throw std::runtime_error("the proxy does not route prefix " + prefix + ": " + last);
}

// Reconnects `p` through the proxy to its table's process (503 while that process is down) and
// takes its seat again with its token.
void rejoin_through(Player& p, uint16_t proxy) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  for (;;) {
    try {
      p.reconnect_socket(proxy, to_table(p.code()));
      break;
    } catch (const std::exception& e) {
      if (std::chrono::steady_clock::now() > deadline) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
  json join = {{"type", "join"}, {"code", p.code()}, {"token", p.token()}};
  if (!p.creator_token().empty()) join["creator_token"] = p.creator_token();
  const json state = p.request(join, "state");
  ASSERT_EQ(state["type"], "state") << state.dump();
  EXPECT_EQ(state["you"], p.seat());
}

void play_proxied_until(std::vector<Player*> players, std::mt19937_64& rng,
                        const std::function<bool()>& stop) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!stop()) {
    if (std::chrono::steady_clock::now() > deadline)
      throw std::runtime_error("play_proxied_until timed out");
    for (Player* p : players) {
      p->act_random(rng);
      p->pump(std::chrono::milliseconds(5));
    }
  }
}

// The people of the scenario's two tables on one process: one of two people and an easy bot
// (host, guest), one of a person and two easy bots (solo).
struct ProxiedTables {
  std::unique_ptr<Player> host, guest, solo;
  std::vector<Player*> people() const { return {host.get(), guest.get(), solo.get()}; }
};

// The scenario of issue 30 §4 behind HAProxy (deploy/haproxy.cfg), on one SQLite file per
// process (ServeProxyTest) or on one PostgreSQL database for both (ServeProxyPgTest).
class ServeProxyTest : public CliFixture {
 protected:
  bool on_postgres() const { return !pg_url_.empty(); }

  // `allegra serve` with prefix `prefix` on `port` (a restarted process keeps its port): its own
  // SQLite file in DIR/<prefix>, or the shared database.
  std::unique_ptr<ServerProcess> start_process(uint16_t port, const std::string& prefix) {
    std::vector<std::string> flags = {
        "--port",          std::to_string(port), "--code-prefix", prefix,
        "--trusted-proxy", "127.0.0.1",          "--log-level",   "warn"};
    if (on_postgres()) {
      flags.insert(flags.end(), {"--store", pg_url_});
      return std::make_unique<ServerProcess>(dir_, flags);
    }
    fs::create_directories(dir_ / prefix);
    return std::make_unique<ServerProcess>(dir_ / prefix, flags);
  }

  void two_processes_lose_one_and_finish_every_game();
  void restart_postgres_mid_game(std::map<char, ProxiedTables>& at);
  void check_postgres_log(const std::map<char, ProxiedTables>& at);

  std::string pg_url_, pg_cluster_;          // on PostgreSQL: the database, the cluster's folder
  std::map<char, std::string> outage_chat_;  // the chat line each host sent during the outage
  std::map<char, bool> outage_chat_refused_;
};

// Two processes (prefixes A and B) and HAProxy; through the proxy:
//  1. tables are created on the lobby socket (/ws, round robin): on each process one of two people
//     and a bot and one of a person and two bots;
//  2. the lobby: on one database each process lists every process's tables, on SQLite files
//     only its own;
//  3. the games start and go a few decisions in; process A is killed with SIGKILL;
//  4. B's games go on meanwhile, on their open connections;
//  5. A restarts on its store and port; its people come back through the proxy (/ws/CODE, 503
//     until HAProxy sees A up again) and find at least everything they had been sent;
//  6. on PostgreSQL: the database is restarted mid-game (restart_postgres_mid_game);
//  7. every game is played to its end; B's people never lost their connection, saw no gap in
//     the sequence numbers and no error but the outage's `store_unavailable`;
//  8. every record, fetched through the proxy, replays with `allegra replay --check`; on
//     PostgreSQL every sequence number a person was sent is in the database's log;
//  9. a short `allegra loadtest` through the proxy has no error; both processes stop cleanly.
void ServeProxyTest::two_processes_lose_one_and_finish_every_game() {
  const uint16_t port_a = free_port(), port_b = free_port(), proxy = free_port();
  auto a = start_process(port_a, "A");
  auto b = start_process(port_b, "B");
  HaproxyProcess haproxy(dir_, proxy, port_a, port_b);
  try {
    wait_routed(proxy, "A");
    wait_routed(proxy, "B");
  } catch (const std::exception& e) {
    FAIL() << e.what() << "\nhaproxy:\n" << haproxy.log();
  }

  // 1. The tables, created wherever the proxy sends /ws, until each process has both kinds.
  std::mt19937_64 rng(30);
  std::map<char, ProxiedTables> at;
  auto all_made = [&] { return at['A'].host && at['B'].host && at['A'].solo && at['B'].solo; };
  for (int i = 0; i < 16 && !all_made(); ++i) {
    const bool people = !(at['A'].host && at['B'].host);
    auto p = std::make_unique<Player>(proxy, fmt::format("{}{}", people ? "Host" : "Solo", i));
    p->create(
        people ? json{"person", "person", "bot:easy"} : json{"person", "bot:easy", "bot:easy"},
        json{{"players", 3}, {"rounds", 1}});
    const char prefix = p->code().at(0);
    ASSERT_TRUE(prefix == 'A' || prefix == 'B') << p->code();
    std::unique_ptr<Player>& slot = people ? at[prefix].host : at[prefix].solo;
    if (!slot) slot = std::move(p);
  }
  ASSERT_TRUE(all_made()) << "the lobby socket did not reach both processes";

  // 2. Each process's lobby, asked through /ws/<its prefix>... .
  for (const char prefix : {'A', 'B'}) {
    Player lister(proxy, std::string("Lister") + prefix,
                  to_table(std::string(1, prefix) + "22222"));
    for (const char other : {'A', 'B'})
      for (const Player* creator : {at[other].host.get(), at[other].solo.get()})
        EXPECT_TRUE(list_until(lister, creator->code(), on_postgres() || other == prefix))
            << prefix << "'s lobby and " << creator->code();
  }

  // 3. The guests sit down (through /ws/CODE), every table starts.
  for (auto& [prefix, t] : at) {
    t.guest =
        std::make_unique<Player>(proxy, std::string("Guest") + prefix, to_table(t.host->code()));
    t.guest->join(t.host->code(), 1);
    t.host->start();
    t.solo->start();
  }
  Player& host_a = *at['A'].host;
  Player& host_b = *at['B'].host;
  std::vector<Player*> everyone = at['A'].people();
  for (Player* p : at['B'].people()) everyone.push_back(p);
  // A code of the other process, asked of this one, names this one's prefix.
  const json wrong = at['A'].guest->request(json{{"type", "join"}, {"code", host_b.code()}},
                                            "error", /*any_message=*/true);
  EXPECT_EQ(wrong.value("code", ""), "no_table") << wrong.dump();
  EXPECT_NE(wrong.value("message", "").find("starting with A"), std::string::npos) << wrong.dump();

  const uint64_t a0 = host_a.last_seq(), b0 = host_b.last_seq();
  play_proxied_until(everyone, rng,
                     [&] { return host_a.last_seq() >= a0 + 5 && host_b.last_seq() >= b0 + 5; });
  ASSERT_FALSE(host_a.over());
  std::map<const Player*, uint64_t> sent_before_kill;
  for (const Player* p : at['A'].people()) sent_before_kill[p] = p->last_seq();
  a->kill9();

  // 4. B's games go on meanwhile.
  const uint64_t b1 = host_b.last_seq();
  play_proxied_until(at['B'].people(), rng,
                     [&] { return host_b.last_seq() >= b1 + 5 || host_b.over(); });

  // 5. A comes back on its store and port; nothing its people had been sent is lost.
  a = start_process(port_a, "A");
  for (Player* p : at['A'].people()) {
    rejoin_through(*p, proxy);
    EXPECT_GE(p->last_seq(), sent_before_kill[p]) << p->name() << " was sent more than was kept";
  }

  // 6. The database restarted mid-game.
  if (on_postgres()) {
    restart_postgres_mid_game(at);
    wait_routed(proxy, "A");
    wait_routed(proxy, "B");
  }

  // 7. Every game to its end.
  play_to_end(everyone, rng);
  // On PostgreSQL the refusals of the outage, and `stale` answers: the clocks (a knock window of
  // 1 s) ran on while the outage held the frames back, so a decision sent on a frame that came
  // late may have been decided already.
  const std::set<std::string> expected_errors =
      on_postgres() ? std::set<std::string>{"store_unavailable", "stale"} : std::set<std::string>{};
  for (Player* p : at['B'].people()) {
    EXPECT_FALSE(p->ws().closed()) << p->name();
    for (const json& error : p->errors())
      EXPECT_TRUE(expected_errors.count(error.value("code", "")))
          << p->name() << ": " << error.dump();
    const std::vector<uint64_t>& seqs = p->seqs();
    for (size_t i = 1; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], seqs[i - 1] + 1) << p->name();
  }

  // 8. Every record, fetched through the proxy (routed by the code in /games/CODE-N.jsonl).
  for (const auto& [prefix, t] : at) {
    for (const Player* p : {t.host.get(), t.solo.get()}) {
      const HttpResult record = http_get(proxy, "/games/" + p->game_id() + ".jsonl");
      ASSERT_EQ(record.status, 200) << p->game_id();
      write(p->game_id() + ".jsonl", record.body);
      const cli_testing::Result check =
          run("replay --check " + path(p->game_id() + ".jsonl").string());
      EXPECT_EQ(check.exit_code, 0) << p->game_id() << "\n" << check.out << check.err;
    }
  }
  if (on_postgres()) check_postgres_log(at);

  // 9. A short load test through the proxy: tables on both processes, no error.
  const cli_testing::Result load =
      run(fmt::format("loadtest --port {} --tables 20 --seconds 3 --pace-ms 250 --quiet", proxy));
  EXPECT_EQ(load.exit_code, 0) << load.out << load.err;
  EXPECT_NE(load.out.find("errors: 0"), std::string::npos) << load.out << load.err;

  EXPECT_EQ(a->terminate(), 0) << a->log();
  EXPECT_EQ(b->terminate(), 0) << b->log();
}

// PostgreSQL stopped and started again while both processes play (scripts/pg-cluster.sh pause,
// resume):
//  1. each table's host sends a chat line: the first change after the outage may be taken (held
//     in the store's queue, its frame not sent) or refused, depending on whether a bot's or a
//     clock's change found the database away first; either is right, and step 4 checks which;
//  2. once the store has found the database away, every change is refused at once with
//     `store_unavailable` (the guest's `sit`, refused before the seat is even looked at), and
//     the processes keep running with every game in memory;
//  3. the database comes back: without a restart the processes commit what they held, and a
//     taken chat line reaches its table (acknowledged only now);
//  4. (check_postgres_log, after the games) a taken line is in the log, a refused one is not.
void ServeProxyTest::restart_postgres_mid_game(std::map<char, ProxiedTables>& at) {
  const std::string script = std::string(ALLEGRA_SOURCE_DIR) + "/scripts/pg-cluster.sh";
  ASSERT_EQ(std::system(("bash " + script + " pause " + pg_cluster_).c_str()), 0);
  constexpr int kChatId = 3030;
  for (auto& [prefix, t] : at) {
    outage_chat_[prefix] = fmt::format("said while the store of {} was away", prefix);
    t.host->ws().send(json{{"type", "chat"}, {"id", kChatId}, {"text", outage_chat_[prefix]}});
  }
  // A refusal comes at once; a line that was taken has no answer until the database is back.
  for (auto& [prefix, t] : at) {
    try {
      const json reply =
          t.host->wait([&](const json& m) { return m.value("id", json()) == kChatId; },
                       "the answer to the chat line", std::chrono::seconds(1));
      EXPECT_EQ(reply.value("code", ""), "store_unavailable") << reply.dump();
      outage_chat_refused_[prefix] = true;
    } catch (const std::runtime_error&) {
      ASSERT_FALSE(t.host->ws().closed()) << t.host->name();
      outage_chat_refused_[prefix] = false;
    }
  }
  for (auto& [prefix, t] : at) {
    json refusal = json::object();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    while (refusal.value("code", "") != "store_unavailable" &&
           std::chrono::steady_clock::now() < deadline) {
      refusal = t.guest->request({{"type", "sit"}, {"seat", t.guest->seat()}}, "seated");
      if (refusal.value("code", "") != "store_unavailable")
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    EXPECT_EQ(refusal.value("code", ""), "store_unavailable") << prefix << ": " << refusal.dump();
    EXPECT_NE(refusal.value("message", "").find("the game store is away"), std::string::npos)
        << refusal.dump();
  }
  ASSERT_EQ(std::system(("bash " + script + " resume " + pg_cluster_).c_str()), 0);
  for (auto& [prefix, t] : at) {
    if (outage_chat_refused_[prefix]) continue;
    // Its frame, now that it is committed (or, on a machine so busy that the refusal took more
    // than the second above, the refusal after all).
    const std::string& text = outage_chat_[prefix];
    const json answer = t.host->wait(
        [&](const json& m) {
          return (m["type"] == "chat" && m.dump().find(text) != std::string::npos) ||
                 (m["type"] == "error" && m.value("id", json()) == kChatId);
        },
        "the chat line taken during the outage");
    outage_chat_refused_[prefix] = answer["type"] == "error";
  }
}

// Every sequence number a person was sent (since his last `state`) is in the log of his table in
// the database, and so is a chat line of the outage that was taken; a refused one is not.
void ServeProxyTest::check_postgres_log(const std::map<char, ProxiedTables>& at) {
  pqxx::connection c(pg_url_);
  pqxx::nontransaction t(c);
  for (const auto& [prefix, tables] : at) {
    for (Player* p : tables.people()) {
      std::set<uint64_t> logged;
      for (const auto& row : t.exec_params("SELECT seq FROM log WHERE code = $1", p->code()))
        logged.insert(row[0].as<uint64_t>());
      for (const uint64_t seq : p->seqs()) {
        if (seq == 0) continue;  // the table as created, before its first log line
        EXPECT_TRUE(logged.count(seq)) << p->name() << " was sent seq " << seq << " of "
                                       << p->code() << ", which is not in the log";
      }
    }
    const int chats =
        t.exec_params("SELECT count(*) FROM log WHERE code = $1 AND kind = 'chat' AND json LIKE $2",
                      tables.host->code(), "%" + outage_chat_.at(prefix) + "%")[0][0]
            .as<int>();
    EXPECT_EQ(chats, outage_chat_refused_.at(prefix) ? 0 : 1) << tables.host->code();
  }
}

TEST_F(ServeProxyTest, TwoProcessesBehindHaproxyLoseOneAndFinishEveryGame) {
  if (!HaproxyProcess::binary()) GTEST_SKIP() << "haproxy is not installed (scripts/setup.sh)";
  two_processes_lose_one_and_finish_every_game();
}

// The same on one PostgreSQL database for both processes (the throwaway cluster of `ctest -R
// ServeProxyPostgres`, scripts/pg-cluster.sh; skipped without it, failed with
// ALLEGRA_PG_REQUIRED=1), with the shared lobby, the database restarted mid-game and the log
// checked.
class ServeProxyPgTest : public ServeProxyTest {
 protected:
  void SetUp() override {
    ServeProxyTest::SetUp();
    const char* cluster = std::getenv("ALLEGRA_PG_DIR");  // to stop and start it
    if (cluster == nullptr)
      return server::store_testing::skip_or_fail(
          "ALLEGRA_PG_DIR is not set: run `ctest -R ServeProxyPostgres`");
    server::store_testing::PgStoreBackend pg;  // the emptied test database
    if (const std::string skip = pg.skip_reason(); !skip.empty())
      return server::store_testing::skip_or_fail(skip);
    if (!HaproxyProcess::binary())
      return server::store_testing::skip_or_fail("haproxy is not installed (scripts/setup.sh)");
    pg_cluster_ = cluster;
    pg_url_ = pg.url();
  }
};

TEST_F(ServeProxyPgTest, TwoProcessesOnOneDatabaseLoseOneAndThePostgresRestart) {
  two_processes_lose_one_and_finish_every_game();
}

// A process and its standby for prefix A behind HAProxy (docs/scaling.md, "Taking over a dead
// process's tables"): two people and a bot play at a table of A through the proxy; A is killed
// with -9; the standby takes the prefix over and opens its port, HAProxy's health check finds it
// up, and the people reconnect through the proxy (/ws/CODE) with their tokens, find their seats
// and play the game to its end; the record replays.
TEST_F(ServeProxyPgTest, HaproxySendsAKilledProcesssTablesToItsStandby) {
  const uint16_t port_a = free_port(), port_b = free_port(), standby_port = free_port();
  const uint16_t proxy = free_port();
  auto a = start_process(port_a, "A");
  // The standby prints its port only once it holds the prefix: started on a thread of its own.
  auto standby_started = std::async(std::launch::async, [&] {
    return std::make_unique<ServerProcess>(
        dir_,
        std::vector<std::string>{"--store", pg_url_, "--standby-for", "A", "--port",
                                 std::to_string(standby_port), "--trusted-proxy", "127.0.0.1",
                                 "--log-level", "warn"},
        std::chrono::seconds(60));
  });
  HaproxyProcess haproxy(dir_, proxy, port_a, port_b, standby_port);
  try {
    wait_routed(proxy, "A");
  } catch (const std::exception& e) {
    FAIL() << e.what() << "\nhaproxy:\n" << haproxy.log();
  }
  ASSERT_EQ(standby_started.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout);

  std::mt19937_64 rng(31);
  Player host(proxy, "Host", to_table("A22222"));
  host.create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
  ASSERT_EQ(host.code().substr(0, 1), "A");
  Player guest(proxy, "Guest", to_table(host.code()));
  guest.join(host.code(), 1);
  host.start();
  const uint64_t before = host.last_seq();
  play_proxied_until({&host, &guest}, rng, [&] { return host.last_seq() >= before + 6; });
  ASSERT_FALSE(host.over());
  a->kill9();

  ASSERT_EQ(standby_started.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  auto standby = standby_started.get();
  EXPECT_EQ(standby->port(), standby_port);
  for (Player* p : {&host, &guest}) rejoin_through(*p, proxy);
  play_to_end({&host, &guest}, rng);
  const HttpResult record = http_get(proxy, "/games/" + host.game_id() + ".jsonl");
  ASSERT_EQ(record.status, 200) << host.game_id();
  write("takeover.jsonl", record.body);
  const cli_testing::Result check = run("replay --check " + path("takeover.jsonl").string());
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_EQ(standby->terminate(), 0) << standby->log();
}

// X-Forwarded-For counts only from a --trusted-proxy: from anywhere else every connection counts
// for its own address, whatever the header says (a forged header cannot dodge --max-per-ip).
TEST_F(ServeProxyTest, ForwardedForIsBelievedOnlyFromTheTrustedProxy) {
  ServerProcess server(dir_, {"--max-per-ip", "2", "--trusted-proxy", "127.0.0.2"});
  auto from = [](const std::string& source, const std::string& forwarded) {
    WsConnectOptions options;
    options.source_address = source;
    options.forwarded_for = forwarded;
    options.timeout = std::chrono::seconds(5);
    return options;
  };
  auto refused = [&](const WsConnectOptions& options) {
    try {
      WsClient client(server.port(), options);
      // Refused at accept: the socket is closed before or during the handshake.
      return client.receive(std::chrono::milliseconds(500)) == std::nullopt && client.closed();
    } catch (const std::runtime_error&) {
      return true;
    }
  };
  // From 127.0.0.1 (not trusted): three different forged addresses are still one address.
  WsClient forged1(server.port(), from("127.0.0.1", "10.0.0.1"));
  WsClient forged2(server.port(), from("127.0.0.1", "10.0.0.2"));
  EXPECT_TRUE(refused(from("127.0.0.1", "10.0.0.3")));
  // From the trusted proxy 127.0.0.2: each named client has its own two connections.
  WsClient c1(server.port(), from("127.0.0.2", "10.0.0.1"));
  WsClient c2(server.port(), from("127.0.0.2", "10.0.0.2"));
  WsClient c3(server.port(), from("127.0.0.2", "192.0.2.7, 10.0.0.3"));
  WsClient c4(server.port(), from("127.0.0.2", "10.0.0.3"));
  EXPECT_TRUE(refused(from("127.0.0.2", "10.0.0.3")));  // the third of 10.0.0.3
  const std::string log = server.log();
  EXPECT_NE(log.find("ip=10.0.0.2"), std::string::npos) << log;  // only through the proxy
  EXPECT_NE(log.find("reason=per_ip_limit"), std::string::npos) << log;
  EXPECT_NE(log.find("ip=10.0.0.3 proxy=127.0.0.2 reason=per_ip_limit"), std::string::npos) << log;
  EXPECT_EQ(log.find("ip=192.0.2.7"), std::string::npos) << log;  // the client's own words
  EXPECT_EQ(server.terminate(), 0) << server.log();
}

}  // namespace
}  // namespace allegra::server_testing
