#include "sim/simulation.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "sim/parallel.h"

namespace allegra::sim {
namespace {

uint64_t splitmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

double ratio(double a, double b) { return b > 0 ? a / b : 0.0; }

}  // namespace

uint64_t game_bot_seed(uint64_t base, uint64_t game, uint64_t entry) {
  return splitmix(splitmix(splitmix(base) ^ game) ^ (entry + 0x51ed27f1ULL));
}

int entry_at_seat(int seat, int game, int players) {
  const int r = game % players;
  return ((seat - r) % players + players) % players;
}

double BotStats::win_rate() const { return ratio(win_share, static_cast<double>(player_games)); }
Interval BotStats::win_rate_ci() const {
  return share_interval(win_share / std::max(instances, 1), game_share_sq, games);
}
double BotStats::mean_round_score() const {
  return ratio(static_cast<double>(round_score_half) / 2, static_cast<double>(player_rounds));
}
double BotStats::mean_game_total() const {
  return ratio(static_cast<double>(total_half) / 2, static_cast<double>(player_games));
}
double BotStats::clears_per_round() const {
  return ratio(static_cast<double>(clears), static_cast<double>(player_rounds));
}
double BotStats::knocks_offered_per_round() const {
  return ratio(static_cast<double>(knocks_offered), static_cast<double>(player_rounds));
}
double BotStats::knocks_given_per_round() const {
  return ratio(static_cast<double>(knocks_given), static_cast<double>(player_rounds));
}
double BotStats::rounds_ended_per_round() const {
  return ratio(static_cast<double>(rounds_ended), static_cast<double>(player_rounds));
}
double BotStats::penalised_fraction() const {
  return ratio(static_cast<double>(rounds_ended_penalised), static_cast<double>(rounds_ended));
}

void dispatch_games(int games, int threads, const SimCallbacks& callbacks, const PlayGame& play,
                    const EmitGame& emit) {
  if (callbacks.runner)
    callbacks.runner(games, threads, play, emit);
  else
    run_ordered<GameOutcome>(games, threads, play, emit);
}

void add_game(BotStats& stats, const MatchResult& match, const std::vector<int>& seats) {
  if (seats.empty()) return;
  ++stats.games;
  double share = 0;
  for (int seat : seats) {
    const PlayerGameStats& p = match.players[static_cast<size_t>(seat)];
    ++stats.player_games;
    stats.player_rounds += match.rounds;
    share += p.win_share;
    stats.outright_wins += p.outright ? 1 : 0;
    stats.shared_wins += p.winner && !p.outright ? 1 : 0;
    stats.total_half += p.total_half;
    stats.round_score_half += p.round_score_half;
    stats.clears += p.clears;
    stats.knocks_offered += p.knocks_offered;
    stats.knocks_given += p.knocks_given;
    stats.rounds_ended += p.rounds_ended;
    stats.rounds_ended_penalised += p.rounds_ended_penalised;
  }
  stats.win_share += share;
  const double y = share / static_cast<double>(seats.size());
  stats.game_share_sq += y * y;
}

SimResult run_simulation(const SimConfig& config, const BotFactory& factory,
                         const SimCallbacks& callbacks) {
  if (auto error = config.options.validate())
    throw std::invalid_argument(fmt::format("invalid rule options: {}", *error));
  const int n = config.options.players;
  if (static_cast<int>(config.lineup.size()) != n)
    throw std::invalid_argument(
        fmt::format("the lineup has {} bots but the game has {} players", config.lineup.size(), n));
  if (config.games < 1)
    throw std::invalid_argument(fmt::format("games must be at least 1, got {}", config.games));
  if (config.threads < 1)
    throw std::invalid_argument(fmt::format("threads must be at least 1, got {}", config.threads));

  SimResult result;
  result.options = config.options;
  result.lineup = config.lineup;
  result.seed = config.seed;
  result.seat_win_share.assign(static_cast<size_t>(n), 0.0);
  // Distinct specs in order of first appearance; each checked (and named) by the factory.
  std::vector<int> spec_of_entry(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const std::string& spec = config.lineup[static_cast<size_t>(i)];
    const std::string name = factory(spec, 0)->name();
    BotStats entry;
    entry.spec = spec;
    entry.name = name;
    entry.instances = 1;
    result.entries.push_back(entry);
    auto it = std::find_if(result.bots.begin(), result.bots.end(),
                           [&](const BotStats& b) { return b.spec == spec; });
    if (it == result.bots.end()) {
      spec_of_entry[static_cast<size_t>(i)] = static_cast<int>(result.bots.size());
      result.bots.push_back(entry);
    } else {
      spec_of_entry[static_cast<size_t>(i)] = static_cast<int>(it - result.bots.begin());
      ++it->instances;
    }
  }

  const bool want_record = static_cast<bool>(callbacks.record);
  auto play = [&](int g) {
    int entry_of_seat[kMaxPlayers];
    for (int s = 0; s < n; ++s) entry_of_seat[s] = entry_at_seat(s, g, n);
    return play_run_game(config.options, config.seed, g, config.lineup,
                         std::span(entry_of_seat, static_cast<size_t>(n)), BotSeedBy::kEntry,
                         factory, want_record);
  };
  auto emit = [&](int g, GameOutcome& out) {
    const MatchResult& m = out.match;
    ++result.games;
    result.rounds += m.rounds;
    result.actions += m.actions;
    int winners = 0;
    for (int s = 0; s < n; ++s) {
      winners += (m.winners >> s) & 1;
      result.seat_win_share[static_cast<size_t>(s)] += m.players[static_cast<size_t>(s)].win_share;
    }
    if (winners > 1) ++result.shared_games;
    std::vector<std::vector<int>> bot_seats(result.bots.size());
    for (int s = 0; s < n; ++s) {
      const int e = entry_at_seat(s, g, n);
      add_game(result.entries[static_cast<size_t>(e)], m, {s});
      bot_seats[static_cast<size_t>(spec_of_entry[static_cast<size_t>(e)])].push_back(s);
    }
    for (size_t b = 0; b < result.bots.size(); ++b) add_game(result.bots[b], m, bot_seats[b]);
    if (want_record) callbacks.record(g, *out.record);
    if (callbacks.progress) callbacks.progress(g + 1, config.games);
  };
  try {
    dispatch_games(config.games, config.threads, callbacks, play, emit);
  } catch (const BotError& e) {
    if (!config.keep_partial) throw;
    result.stopped_by = e.what();
  }
  return result;
}

}  // namespace allegra::sim
