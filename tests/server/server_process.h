// A real `allegra serve` process for the integration tests: started on a free port (--port 0,
// the port read from its "listening on" line) with a database in a scratch folder and a short
// bot delay, stopped with SIGTERM (graceful) or SIGKILL. Its log (stderr) goes to a file that a
// failing test prints.
#pragma once

#include <fcntl.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#ifndef ALLEGRA_BINARY
#error "ALLEGRA_BINARY (the path of the allegra executable) must be defined by the build"
#endif

namespace allegra::server_testing {

namespace fs = std::filesystem;

class ServerProcess {
 public:
  // Starts `allegra serve --port 0 --db DIR/server.sqlite --bot-delay 20-40 <extra>`; throws
  // std::runtime_error (with the log) if it does not print its port within `timeout`.
  ServerProcess(const fs::path& dir, const std::vector<std::string>& extra = {},
                std::chrono::milliseconds timeout = std::chrono::seconds(60))
      : dir_(dir), log_path_(dir / fmt::format("server{}.log", counter()++)) {
    std::vector<std::string> args = {
        ALLEGRA_BINARY, "serve", "--db", (dir / "server.sqlite").string(), "--bot-delay", "20-40"};
    // A PostgreSQL store (serve_pg_test.cc) instead of the file.
    if (std::find(extra.begin(), extra.end(), "--store") != extra.end())
      args.erase(args.begin() + 2, args.begin() + 4);
    // `extra`'s own --bot-delay instead of the short one (serve_review_test.cc: none at all).
    if (std::find(extra.begin(), extra.end(), "--bot-delay") != extra.end())
      args.erase(std::find(args.begin(), args.end(), "--bot-delay"),
                 std::find(args.begin(), args.end(), "--bot-delay") + 2);
    // --port 0 unless `extra` names a port (a process restarted behind a proxy keeps its port).
    if (std::find(extra.begin(), extra.end(), "--port") == extra.end())
      args.insert(args.end(), {"--port", "0"});
    args.insert(args.end(), extra.begin(), extra.end());
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      const int err = ::open(log_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (err >= 0) ::dup2(err, STDERR_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      std::vector<char*> argv;
      for (std::string& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    stdout_fd_ = out[0];
    read_port(timeout);
  }

  ~ServerProcess() {
    if (running()) kill9();
    if (stdout_fd_ >= 0) ::close(stdout_fd_);
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  uint16_t port() const { return port_; }
  pid_t pid() const { return pid_; }
  bool running() const { return pid_ > 0 && !exited_; }

  // SIGTERM, then waits for the exit; returns the exit code (128+signal if killed by one, -1 if
  // it did not exit within `timeout`, after which it is killed).
  int terminate(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
    ::kill(pid_, SIGTERM);
    return wait_exit(timeout);
  }

  void kill9() {
    ::kill(pid_, SIGKILL);
    wait_exit(std::chrono::seconds(30));
  }

  // Waits for an exit the process makes by itself: its exit code (-1 if it did not exit within
  // `timeout`, after which it is killed).
  int exit_code_within(std::chrono::milliseconds timeout) { return wait_exit(timeout); }

  std::string log() const {
    std::ifstream in(log_path_);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }

 private:
  static int& counter() {
    static int n = 0;
    return n;
  }

  void read_port(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::string text;
    const std::string marker = "listening on http://";
    while (
        text.find('\n', text.find(marker) == std::string::npos ? text.size() : text.find(marker)) ==
        std::string::npos) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      pollfd p{stdout_fd_, POLLIN, 0};
      if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0)
        fail("did not print its port in time", text);
      char buffer[512];
      const ssize_t n = ::read(stdout_fd_, buffer, sizeof buffer);
      if (n <= 0) fail("exited before listening", text);
      text.append(buffer, static_cast<size_t>(n));
    }
    const size_t at = text.find(marker);
    const size_t colon = text.find(
        ':', text.find(']', at) == std::string::npos ? at + marker.size() : text.find(']', at));
    port_ = static_cast<uint16_t>(std::stoi(text.substr(colon + 1)));
  }

  [[noreturn]] void fail(const std::string& what, const std::string& out) {
    kill9();
    throw std::runtime_error(
        fmt::format("allegra serve {}; stdout: {}\nlog:\n{}", what, out, log()));
  }

  int wait_exit(std::chrono::milliseconds timeout) {
    if (exited_) return exit_code_;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
      int status = 0;
      const pid_t r = ::waitpid(pid_, &status, WNOHANG);
      if (r == pid_) {
        exited_ = true;
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return exit_code_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exited_ = true;
    exit_code_ = -1;
    return -1;
  }

  fs::path dir_;
  fs::path log_path_;
  pid_t pid_ = -1;
  int stdout_fd_ = -1;
  uint16_t port_ = 0;
  bool exited_ = false;
  int exit_code_ = -1;
};

}  // namespace allegra::server_testing
