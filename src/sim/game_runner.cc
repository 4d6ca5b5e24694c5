#include "sim/game_runner.h"

#include <fmt/format.h>

#include <memory>
#include <stdexcept>
#include <vector>

#include "sim/simulation.h"

namespace allegra::sim {

GameOutcome play_bot_game(const RuleOptions& options, uint64_t deal_seed,
                          std::span<const std::string* const> spec_of_seat,
                          std::span<const uint64_t> bot_seeds, const BotFactory& factory,
                          bool record) {
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> seats;
  for (size_t s = 0; s < spec_of_seat.size(); ++s) {
    owned.push_back(factory(*spec_of_seat[s], bot_seeds[s]));
    seats.push_back(owned.back().get());
  }
  GameOutcome out;
  GameRecord game_record;
  out.match = play_match(options, deal_seed, seats, record ? &game_record : nullptr);
  if (record) out.record = std::move(game_record);
  return out;
}

GameOutcome play_run_game(const RuleOptions& options, uint64_t run_seed, int game,
                          std::span<const std::string> bots, std::span<const int> entry_of_seat,
                          BotSeedBy seed_by, const BotFactory& factory, bool record) {
  const std::string* specs[kMaxPlayers];
  uint64_t seeds[kMaxPlayers];
  const size_t n = entry_of_seat.size();
  for (size_t s = 0; s < n; ++s) {
    const auto entry = static_cast<size_t>(entry_of_seat[s]);
    specs[s] = &bots[entry];
    seeds[s] = game_bot_seed(run_seed, static_cast<uint64_t>(game),
                             seed_by == BotSeedBy::kSeat ? s : entry);
  }
  return play_bot_game(options, run_seed + static_cast<uint64_t>(game), std::span(specs, n),
                       std::span(seeds, n), factory, record);
}

void check_run_settings(const RuleOptions& options, std::span<const std::string> bots, int games,
                        int threads) {
  if (auto error = options.validate())
    throw std::invalid_argument(fmt::format("invalid rule options: {}", *error));
  for (size_t i = 0; i < bots.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (bots[i] == bots[j])
        throw std::invalid_argument(fmt::format("bot '{}' is listed twice", bots[i]));
  if (games < 1)
    throw std::invalid_argument(fmt::format("games must be at least 1, got {}", games));
  if (threads < 1)
    throw std::invalid_argument(fmt::format("threads must be at least 1, got {}", threads));
}

}  // namespace allegra::sim
