// Several `allegra serve` processes behind HAProxy (issue 30 §2-§3, docs/scaling.md): two real
// processes with the code prefixes A and B (one SQLite file each) and a real HAProxy running
// deploy/haproxy.cfg with free loopback ports. Through the proxy: tables are created on both
// processes from the lobby socket, whole games of people and a bot are played, process A is
// killed with SIGKILL mid-game and restarted on its database and port, its people reconnect
// through the proxy (routed by the code in /ws/CODE) and finish, while B's table plays on
// without noticing; every record replays with `allegra replay --check`; then a short
// `allegra loadtest` through the proxy has no error.
// Also here: X-Forwarded-For is believed only from a --trusted-proxy address.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>

#include "cli/cli_runner.h"
#include "server/game_client.h"
#include "server/server_process.h"
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

  HaproxyProcess(const fs::path& dir, uint16_t port, uint16_t port_a, uint16_t port_b)
      : log_(dir / "haproxy.log") {
    std::string config = read_text(fs::path(ALLEGRA_SOURCE_DIR) / "deploy" / "haproxy.cfg");
    replace_once(config, "bind 127.0.0.1:8080", fmt::format("bind 127.0.0.1:{}", port));
    replace_once(config, "maxconn 9000", "maxconn 1000");  // within any open-files limit
    for (const char* backend : {"server a 127.0.0.1:8081", "server a 127.0.0.1:8081"})
      replace_once(config, backend, fmt::format("server a 127.0.0.1:{}", port_a));
    for (const char* backend : {"server b 127.0.0.1:8082", "server b 127.0.0.1:8082"})
      replace_once(config, backend, fmt::format("server b 127.0.0.1:{}", port_b));
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

class ServeProxyTest : public CliFixture {};

TEST_F(ServeProxyTest, TwoProcessesBehindHaproxyLoseOneAndFinishEveryGame) {
  if (!HaproxyProcess::binary()) GTEST_SKIP() << "haproxy is not installed (scripts/setup.sh)";
  const uint16_t port_a = free_port(), port_b = free_port(), proxy = free_port();
  auto flags = [](uint16_t port, const char* prefix) {
    return std::vector<std::string>{
        "--port",          std::to_string(port), "--code-prefix", prefix,
        "--trusted-proxy", "127.0.0.1",          "--log-level",   "warn"};
  };
  fs::create_directories(dir_ / "a");
  fs::create_directories(dir_ / "b");
  auto a = std::make_unique<ServerProcess>(dir_ / "a", flags(port_a, "A"));
  ServerProcess b(dir_ / "b", flags(port_b, "B"));
  HaproxyProcess haproxy(dir_, proxy, port_a, port_b);
  try {
    wait_routed(proxy, "A");
    wait_routed(proxy, "B");
  } catch (const std::exception& e) {
    FAIL() << e.what() << "\nhaproxy:\n" << haproxy.log();
  }

  // 1. Tables are created on the lobby socket (/ws, round robin): one on each process. Each has
  // two people and a bot; the second person joins through /ws/CODE.
  std::mt19937_64 rng(30);
  std::map<char, std::unique_ptr<Player>> creators, guests;
  for (int i = 0; i < 8 && creators.size() < 2; ++i) {
    auto p = std::make_unique<Player>(proxy, fmt::format("Host{}", i));
    p->create(json{"person", "person", "bot:easy"}, json{{"players", 3}, {"rounds", 1}});
    const char prefix = p->code().at(0);
    ASSERT_TRUE(prefix == 'A' || prefix == 'B') << p->code();
    if (!creators.count(prefix)) creators[prefix] = std::move(p);
  }
  ASSERT_EQ(creators.size(), 2u) << "the lobby socket did not reach both processes";
  for (auto& [prefix, host] : creators) {
    guests[prefix] =
        std::make_unique<Player>(proxy, std::string("Guest") + prefix, to_table(host->code()));
    guests[prefix]->join(host->code(), 1);
    host->start();
  }
  Player& host_a = *creators['A'];
  Player& guest_a = *guests['A'];
  Player& host_b = *creators['B'];
  Player& guest_b = *guests['B'];
  // A code of the other process, asked of this one, names this one's prefix.
  const json wrong = guest_a.request(json{{"type", "join"}, {"code", host_b.code()}}, "error",
                                     /*any_message=*/true);
  EXPECT_EQ(wrong.value("code", ""), "no_table") << wrong.dump();
  EXPECT_NE(wrong.value("message", "").find("starting with A"), std::string::npos) << wrong.dump();

  // 2. Both games a few decisions in; then process A dies.
  const uint64_t a0 = host_a.last_seq(), b0 = host_b.last_seq();
  play_proxied_until({&host_a, &guest_a, &host_b, &guest_b}, rng,
                     [&] { return host_a.last_seq() >= a0 + 5 && host_b.last_seq() >= b0 + 5; });
  ASSERT_FALSE(host_a.over());
  a->kill9();

  // 3. B's game goes on meanwhile, on its open connections.
  const uint64_t b1 = host_b.last_seq();
  play_proxied_until({&host_b, &guest_b}, rng,
                     [&] { return host_b.last_seq() >= b1 + 5 || host_b.over(); });

  // 4. A restarts on its database and port; its people come back through the proxy.
  a = std::make_unique<ServerProcess>(dir_ / "a", flags(port_a, "A"));
  rejoin_through(host_a, proxy);
  rejoin_through(guest_a, proxy);
  play_to_end({&host_a, &guest_a, &host_b, &guest_b}, rng);

  // B's people never lost their connection nor saw an error; their sequence had no gap.
  for (Player* p : {&host_b, &guest_b}) {
    EXPECT_FALSE(p->ws().closed()) << p->name();
    EXPECT_TRUE(p->errors().empty()) << p->name() << ": " << p->errors().front().dump();
    const std::vector<uint64_t>& seqs = p->seqs();
    for (size_t i = 1; i < seqs.size(); ++i) EXPECT_EQ(seqs[i], seqs[i - 1] + 1) << p->name();
  }

  // 5. Every record, fetched through the proxy (routed by the code in /games/CODE-N.jsonl),
  // replays.
  for (Player* p : {&host_a, &host_b}) {
    const HttpResult record = http_get(proxy, "/games/" + p->game_id() + ".jsonl");
    ASSERT_EQ(record.status, 200) << p->game_id();
    write(p->game_id() + ".jsonl", record.body);
    const cli_testing::Result check =
        run("replay --check " + path(p->game_id() + ".jsonl").string());
    EXPECT_EQ(check.exit_code, 0) << p->game_id() << "\n" << check.out << check.err;
  }

  // 6. A short load test through the proxy: tables on both processes, no error.
  const cli_testing::Result load =
      run(fmt::format("loadtest --port {} --tables 20 --seconds 3 --pace-ms 250 --quiet", proxy));
  EXPECT_EQ(load.exit_code, 0) << load.out << load.err;
  EXPECT_NE(load.out.find("errors: 0"), std::string::npos) << load.out << load.err;

  EXPECT_EQ(a->terminate(), 0) << a->log();
  EXPECT_EQ(b.terminate(), 0) << b.log();
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
