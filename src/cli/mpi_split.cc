#include "cli/mpi_split.h"

#include <fmt/format.h>

#include <cstdlib>
#include <string>

#include "cli/cli_error.h"

#if ALLEGRA_MPI
#include <mpi.h>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <list>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "sim/parallel.h"
#endif

namespace allegra::cli {
namespace {

// The first of these environment variables that is set, as a number; -1 if none is.
int env_number(std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (const char* value = std::getenv(name); value != nullptr && *value != '\0')
      return std::atoi(value);
  return -1;
}

}  // namespace

LaunchRank launch_rank() {
  const int rank = env_number({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"});
  if (rank < 0) return {};
  const int size = env_number({"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"});
  return {rank, size < 0 ? 0 : size};
}

void check_mpi_launch(std::string_view command) {
  if (!launch_rank().several()) return;
  if (command != "sim" && command != "rate")
    throw CliError(fmt::format(
        "allegra {} does not split over MPI ranks: start it without mpirun or srun (only sim and "
        "rate share their games out)",
        command));
#if !ALLEGRA_MPI
  throw CliError(
      "this allegra was built without MPI (ALLEGRA_MPI=OFF): install libopenmpi-dev and rebuild "
      "to split games over ranks, or run it without mpirun");
#endif
}

#if !ALLEGRA_MPI

struct MpiSplit::Impl {};
MpiSplit::MpiSplit() = default;
MpiSplit::~MpiSplit() = default;
bool MpiSplit::is_root() const { return true; }
sim::GameRunner MpiSplit::runner() { return {}; }
int MpiSplit::worker_exit_code() const { return kExitOk; }

#else

namespace {

constexpr int kTagGames = 1;   // rank r -> 0: a batch of finished games (MessagePack)
constexpr int kTagDone = 2;    // rank r -> 0: no more batches from r
constexpr int kTagStatus = 3;  // 0 -> rank r: the run is over (kOk) or failed (kFailed)
constexpr int kOk = 0;
constexpr int kFailed = 1;
// How long a rank sleeps when it waits for another (MPI's own blocking calls spin a core).
constexpr auto kPoll = std::chrono::milliseconds(1);

// One finished game, or the error that stopped it: error 1 = sim::BotError, 2 = another
// exception (its what() in `message`).
struct Item {
  int game = 0;
  int error = 0;
  std::string message;
  sim::GameOutcome outcome;
};

// The fields below are listed one by one: a new field of these structs must be sent too.
static_assert(sizeof(sim::PlayerGameStats) == 48 && sizeof(sim::MatchResult) == 64,
              "send the new field in item_to_json and read it in item_from_json");

nlohmann::json item_to_json(const Item& item) {
  nlohmann::json j = {{"g", item.game}};
  if (item.error != 0) {
    j["e"] = item.error;
    j["m"] = item.message;
    return j;
  }
  const sim::MatchResult& m = item.outcome.match;
  j["r"] = m.rounds;
  j["a"] = m.actions;
  j["w"] = m.winners;
  nlohmann::json players = nlohmann::json::array();
  for (const sim::PlayerGameStats& p : m.players)
    players.push_back({p.total_half, p.round_score_half, p.win_share, p.winner, p.outright,
                       p.clears, p.knocks_offered, p.knocks_given, p.rounds_ended,
                       p.rounds_ended_penalised});
  j["p"] = std::move(players);
  j["s"] = m.round_scores_half;
  if (item.outcome.record) j["rec"] = record_to_json(*item.outcome.record);
  return j;
}

Item item_from_json(const nlohmann::json& j) {
  Item item;
  item.game = j.at("g").get<int>();
  if (j.contains("e")) {
    item.error = j.at("e").get<int>();
    item.message = j.at("m").get<std::string>();
    return item;
  }
  sim::MatchResult& m = item.outcome.match;
  m.rounds = j.at("r").get<int>();
  m.actions = j.at("a").get<int>();
  m.winners = j.at("w").get<uint8_t>();
  for (const nlohmann::json& p : j.at("p"))
    m.players.push_back({p[0].get<int32_t>(), p[1].get<int64_t>(), p[2].get<double>(),
                         p[3].get<bool>(), p[4].get<bool>(), p[5].get<int>(), p[6].get<int>(),
                         p[7].get<int>(), p[8].get<int>(), p[9].get<int>()});
  m.round_scores_half = j.at("s").get<std::vector<std::vector<int32_t>>>();
  if (j.contains("rec")) item.outcome.record = record_from_json(j.at("rec"));
  return item;
}

// Thrown inside a game's play() to end the local run early.
struct Stopped {};

// This rank's games (first, first + step, ...) played on `threads` threads of a thread of
// their own, so that the rank's main thread stays free for MPI (MPI_THREAD_FUNNELED); the
// finished games (or the error of the first failed one, after which no new game starts) are
// queued in game order.
class LocalGames {
 public:
  LocalGames(int first, int step, int games, int threads, const sim::PlayGame& play)
      : first_(first), step_(step) {
    const int count = games > first ? (games - first + step - 1) / step : 0;
    thread_ = std::thread([this, count, threads, &play] { run(count, threads, play); });
  }
  ~LocalGames() {
    stop();
    thread_.join();
  }
  LocalGames(const LocalGames&) = delete;
  LocalGames& operator=(const LocalGames&) = delete;

  // Every queued game, after waiting up to `wait` for one.
  std::vector<Item> take(std::chrono::milliseconds wait) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (queue_.empty() && !ended_) ready_.wait_for(lock, wait);
    std::vector<Item> out(std::make_move_iterator(queue_.begin()),
                          std::make_move_iterator(queue_.end()));
    queue_.clear();
    return out;
  }
  // All played (or stopped) and taken.
  bool finished() {
    std::lock_guard<std::mutex> lock(mutex_);
    return ended_ && queue_.empty();
  }
  void stop() { stop_.store(true); }

 private:
  void run(int count, int threads, const sim::PlayGame& play) {
    try {
      sim::run_ordered<Item>(
          count, threads,
          [&](int i) {
            if (stop_.load()) throw Stopped{};
            Item item;
            item.game = first_ + i * step_;
            try {
              item.outcome = play(item.game);
            } catch (const sim::BotError& e) {
              item.error = 1;
              item.message = e.what();
            } catch (const std::exception& e) {
              item.error = 2;
              item.message = e.what();
            }
            if (item.error != 0) stop_.store(true);
            return item;
          },
          [&](int, Item& item) {
            std::lock_guard<std::mutex> lock(mutex_);
            queue_.push_back(std::move(item));
            ready_.notify_one();
          });
    } catch (const Stopped&) {
    }
    std::lock_guard<std::mutex> lock(mutex_);
    ended_ = true;
    ready_.notify_one();
  }

  int first_;
  int step_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Item> queue_;
  bool ended_ = false;
  std::thread thread_;
};

// Sends without blocking and keeps each buffer until its send completes.
class Sender {
 public:
  void send(std::vector<uint8_t> bytes, int to, int tag) {
    sends_.emplace_back();
    Send& s = sends_.back();
    s.bytes = std::move(bytes);
    MPI_Isend(s.bytes.data(), static_cast<int>(s.bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD,
              &s.request);
  }
  // Forgets the completed sends; true if none is left.
  bool reap() {
    for (auto it = sends_.begin(); it != sends_.end();) {
      int done = 0;
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
      it = done ? sends_.erase(it) : std::next(it);
    }
    return sends_.empty();
  }
  void wait_all() {
    while (!reap()) std::this_thread::sleep_for(kPoll);
  }

 private:
  struct Send {
    std::vector<uint8_t> bytes;
    MPI_Request request{};
  };
  std::list<Send> sends_;
};

// A message that has arrived.
struct Message {
  int from = 0;
  int tag = 0;
  std::vector<uint8_t> bytes;
};

// A message from `from` (MPI_ANY_SOURCE: any rank) with `tag` (MPI_ANY_TAG: any), if one has
// arrived. From one rank, messages that both match arrive in the order they were sent.
std::optional<Message> try_receive(int from, int tag) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(from, tag, MPI_COMM_WORLD, &flag, &status);
  if (!flag) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_BYTE, &count);
  Message message{status.MPI_SOURCE, status.MPI_TAG,
                  std::vector<uint8_t>(static_cast<size_t>(count))};
  MPI_Recv(message.bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  return message;
}

[[noreturn]] void rethrow(const Item& item) {
  if (item.error == 1) throw sim::BotError(item.message);
  throw std::runtime_error(item.message);
}

}  // namespace

struct MpiSplit::Impl {
  int rank = 0;
  int size = 1;
  bool started = false;

  // Rank 0: plays its share, gathers the others' and emits every game in order; then tells
  // every rank how the run ended and waits for their last messages.
  void run_root(int games, int threads, const sim::PlayGame& play, const sim::EmitGame& emit) {
    LocalGames local(0, size, games, threads, play);
    std::vector<std::deque<Item>> ready(static_cast<size_t>(size));
    try {
      for (int g = 0; g < games; ++g) {
        std::deque<Item>& from = ready[static_cast<size_t>(g % size)];
        while (from.empty()) gather(local, ready);
        Item item = std::move(from.front());
        from.pop_front();
        if (item.game != g)
          throw std::logic_error(fmt::format("MPI: game {} arrived for {}", item.game, g));
        if (item.error != 0) rethrow(item);
        emit(g, item.outcome);
      }
    } catch (...) {
      local.stop();
      finish_root(kFailed);
      throw;
    }
    finish_root(kOk);
  }

  // Takes what has arrived from the other ranks and from this rank's own games; waits a
  // little if nothing had.
  void gather(LocalGames& local, std::vector<std::deque<Item>>& ready) {
    bool got = false;
    while (auto message = try_receive(MPI_ANY_SOURCE, kTagGames)) {
      for (const nlohmann::json& j : nlohmann::json::from_msgpack(message->bytes))
        ready[static_cast<size_t>(message->from)].push_back(item_from_json(j));
      got = true;
    }
    for (Item& item : local.take(got ? std::chrono::milliseconds(0) : kPoll))
      ready[0].push_back(std::move(item));
  }

  void finish_root(int how) {
    Sender sender;
    for (int r = 1; r < size; ++r) sender.send({static_cast<uint8_t>(how)}, r, kTagStatus);
    // Any tag: a batch still on its way (dropped here) arrives before the rank's "done".
    for (int r = 1; r < size; ++r) {
      for (;;) {
        std::optional<Message> message = try_receive(r, MPI_ANY_TAG);
        if (message && message->tag == kTagDone) break;
        if (!message) std::this_thread::sleep_for(kPoll);
      }
    }
    sender.wait_all();
  }

  // Rank r > 0: plays its share and sends each batch of finished games to rank 0, until they
  // are all sent or rank 0 says to stop; then waits for how the run ended.
  void run_worker(int games, int threads, const sim::PlayGame& play) {
    Sender sender;
    std::optional<int> end;
    {
      LocalGames local(rank, size, games, threads, play);
      while (!local.finished()) {
        std::vector<Item> items = local.take(kPoll);
        if (!items.empty() && !end) {
          nlohmann::json batch = nlohmann::json::array();
          for (const Item& item : items) batch.push_back(item_to_json(item));
          sender.send(nlohmann::json::to_msgpack(batch), 0, kTagGames);
        }
        if (!end) {
          if (auto message = try_receive(0, kTagStatus)) {
            end = message->bytes.at(0);
            local.stop();
          }
        }
        sender.reap();
      }
    }
    sender.send({}, 0, kTagDone);
    sender.wait_all();
    while (!end) {
      if (auto message = try_receive(0, kTagStatus))
        end = message->bytes.at(0);
      else
        std::this_thread::sleep_for(kPoll);
    }
  }

  // Every rank: whether rank 0 got as far as the run (1) or failed before it (0).
  bool agree_to_start(bool root_ready) {
    int go = root_ready ? 1 : 0;
    MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return go == 1;
  }
};

MpiSplit::MpiSplit() : impl_(std::make_unique<Impl>()) {
  if (!launch_rank().several()) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &impl_->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &impl_->size);
}

MpiSplit::~MpiSplit() {
  if (impl_->size == 1) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized) MPI_Finalize();
    return;
  }
  if (!impl_->started) impl_->agree_to_start(false);
  MPI_Finalize();
}

bool MpiSplit::is_root() const { return impl_->rank == 0; }

sim::GameRunner MpiSplit::runner() {
  if (impl_->size == 1) return {};
  return [impl = impl_.get()](int games, int threads, const sim::PlayGame& play,
                              const sim::EmitGame& emit) {
    impl->started = true;
    if (!impl->agree_to_start(true)) return;
    if (impl->rank == 0)
      impl->run_root(games, threads, play, emit);
    else
      impl->run_worker(games, threads, play);
  };
}

// Rank 0 alone carries the job's exit code: mpirun ends the job at the first rank that fails, and
// a worker, which has nothing to print, would often fail before rank 0's message got out.
int MpiSplit::worker_exit_code() const { return kExitOk; }

#endif

}  // namespace allegra::cli
