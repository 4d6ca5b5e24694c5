// Running the built `allegra` binary from tests: a fixture with a scratch folder, `run()` that
// captures stdout, stderr and the exit code, and small text helpers shared by the CLI tests.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef ALLEGRA_BINARY
#error "ALLEGRA_BINARY (the path of the allegra executable) must be defined by the build"
#endif

namespace allegra::cli_testing {

namespace fs = std::filesystem;

struct Result {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

class CliFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    static std::atomic<int> counter{0};
    dir_ = fs::temp_directory_path() /
           ("allegra_cli_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }

  fs::path path(const std::string& name) const { return dir_ / name; }

  // Runs `allegra <args>` (args are passed through the shell as written).
  Result run(const std::string& args) const { return run_with("", args); }

  // The same with a shell prefix before the binary, e.g. "cd DIR && env -u HOME" to run it in
  // another folder or environment.
  Result run_with(const std::string& prefix, const std::string& args) const {
    const fs::path out = path("stdout.txt");
    const fs::path err = path("stderr.txt");
    // fmt rather than a chain of operator+: g++ 12 at -O3 warns falsely (-Wrestrict) on that.
    const std::string command = fmt::format("{} '{}' {} >'{}' 2>'{}'", prefix, ALLEGRA_BINARY, args,
                                            out.string(), err.string());
    int status = std::system(command.c_str());
    Result r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = read_file(out);
    r.err = read_file(err);
    return r;
  }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
  }

  fs::path dir_;
};

}  // namespace allegra::cli_testing
