#include "sim/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "engine/serialize.h"

namespace allegra::sim {
namespace {

// JSON numbers rounded to a fixed number of decimals: stable, readable output.
double round_to(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(v * scale) / scale;
}

std::string percent(double v) { return fmt::format("{:.1f}%", 100 * v); }

nlohmann::json bot_stats_to_json(const BotStats& b) {
  const Interval ci = b.win_rate_ci();
  nlohmann::json j;
  j["spec"] = b.spec;
  j["name"] = b.name;
  j["instances"] = b.instances;
  j["games"] = b.games;
  j["player_games"] = b.player_games;
  j["player_rounds"] = b.player_rounds;
  j["wins"] = round_to(b.win_share, 6);
  j["outright_wins"] = b.outright_wins;
  j["shared_wins"] = b.shared_wins;
  j["win_rate"] = round_to(b.win_rate(), 6);
  j["win_rate_ci95"] = {round_to(ci.low, 6), round_to(ci.high, 6)};
  j["mean_round_score"] = round_to(b.mean_round_score(), 4);
  j["mean_game_total"] = round_to(b.mean_game_total(), 4);
  j["clears"] = b.clears;
  j["clears_per_round"] = round_to(b.clears_per_round(), 6);
  j["knocks_offered"] = b.knocks_offered;
  j["knocks_offered_per_round"] = round_to(b.knocks_offered_per_round(), 6);
  j["knocks_given"] = b.knocks_given;
  j["knocks_given_per_round"] = round_to(b.knocks_given_per_round(), 6);
  j["rounds_ended"] = b.rounds_ended;
  j["rounds_ended_per_round"] = round_to(b.rounds_ended_per_round(), 6);
  j["rounds_ended_penalised"] = b.rounds_ended_penalised;
  j["penalised_fraction"] = round_to(b.penalised_fraction(), 6);
  return j;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// A plain text table: the first `left` columns left-aligned, the others right-aligned.
std::string format_table(const std::vector<std::vector<std::string>>& rows, size_t left = 1) {
  std::vector<size_t> width;
  for (const auto& row : rows) {
    width.resize(std::max(width.size(), row.size()), 0);
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (c < left)
        line += fmt::format("{}{:<{}}", c == 0 ? "" : "  ", row[c], width[c]);
      else
        line += fmt::format("  {:>{}}", row[c], width[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + '\n';
  }
  return out;
}

}  // namespace

std::vector<std::string> split_specs(std::string_view text) {
  std::vector<std::string> out;
  for (;;) {
    const size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out;
}

nlohmann::json sim_result_to_json(const SimResult& r) {
  nlohmann::json j;
  j["command"] = "sim";
  j["options"] = options_to_json(r.options);
  j["lineup"] = r.lineup;
  j["seed"] = r.seed;
  j["games"] = r.games;
  j["rounds"] = r.rounds;
  j["actions"] = r.actions;
  j["shared_games"] = r.shared_games;
  if (!r.stopped_by.empty()) j["stopped_by"] = r.stopped_by;
  nlohmann::json seats = nlohmann::json::array();
  for (double s : r.seat_win_share)
    seats.push_back(round_to(r.games > 0 ? s / static_cast<double>(r.games) : 0.0, 6));
  j["seat_win_rate"] = seats;
  j["bots"] = nlohmann::json::array();
  for (const BotStats& b : r.bots) j["bots"].push_back(bot_stats_to_json(b));
  j["entries"] = nlohmann::json::array();
  for (size_t i = 0; i < r.entries.size(); ++i) {
    nlohmann::json e = bot_stats_to_json(r.entries[i]);
    e["entry"] = i;
    j["entries"].push_back(e);
  }
  return j;
}

std::string sim_result_table(const SimResult& r) {
  std::string out = fmt::format("allegra sim: {} game{}, {}; seed {}\n", r.games,
                                r.games == 1 ? "" : "s", options_text(r.options), r.seed);
  if (!r.stopped_by.empty())
    out += fmt::format("STOPPED EARLY (this summary counts the first {} games): {}\n", r.games,
                       r.stopped_by);
  out += "lineup: ";
  for (size_t i = 0; i < r.lineup.size(); ++i) out += (i ? ", " : "") + r.lineup[i];
  out += fmt::format(" (seats rotate each game; parity {})\n\n",
                     percent(1.0 / static_cast<double>(r.options.players)));
  std::vector<std::vector<std::string>> rows;
  rows.push_back({"bot", "n", "games", "wins", "win%", "95% CI", "alone", "shared", "round", "game",
                  "clears/rd", "knocks/rd", "given/rd", "ends", "penalised"});
  for (const BotStats& b : r.bots) {
    const Interval ci = b.win_rate_ci();
    rows.push_back(
        {b.spec, fmt::format("{}", b.instances), fmt::format("{}", b.player_games),
         fmt::format("{:.1f}", b.win_share), percent(b.win_rate()),
         fmt::format("{:.1f}-{:.1f}%", 100 * ci.low, 100 * ci.high),
         fmt::format("{}", b.outright_wins), fmt::format("{}", b.shared_wins),
         fmt::format("{:.2f}", b.mean_round_score()), fmt::format("{:.1f}", b.mean_game_total()),
         fmt::format("{:.3f}", b.clears_per_round()),
         fmt::format("{:.3f}", b.knocks_offered_per_round()),
         fmt::format("{:.3f}", b.knocks_given_per_round()), fmt::format("{}", b.rounds_ended),
         b.rounds_ended > 0
             ? fmt::format("{} ({})", b.rounds_ended_penalised, percent(b.penalised_fraction()))
             : "0"});
  }
  out += format_table(rows);
  out +=
      fmt::format("\n{} rounds, {} decisions; {} game{} won jointly. Win rate by seat:", r.rounds,
                  r.actions, r.shared_games, r.shared_games == 1 ? "" : "s");
  for (size_t s = 0; s < r.seat_win_share.size(); ++s)
    out += fmt::format(
        " {}:{}", s,
        percent(r.games > 0 ? r.seat_win_share[s] / static_cast<double>(r.games) : 0.0));
  out +=
      "\nn: instances in the lineup; games: player-games; wins: win shares (a win shared by k "
      "players counts 1/k);\nalone/shared: games won alone / jointly; round, game: mean round "
      "score and game total;\n.../rd: per round played; ends: rounds this bot ended; "
      "penalised: of those, doubled or halved.\n";
  return out;
}

std::vector<std::string> sim_csv_columns() {
  return {"spec",
          "name",
          "instances",
          "games",
          "player_games",
          "wins",
          "win_rate",
          "win_rate_ci95_low",
          "win_rate_ci95_high",
          "outright_wins",
          "shared_wins",
          "mean_round_score",
          "mean_game_total",
          "clears_per_round",
          "knocks_offered_per_round",
          "knocks_given_per_round",
          "rounds_ended",
          "rounds_ended_per_round",
          "rounds_ended_penalised",
          "penalised_fraction"};
}

std::string sim_result_csv(const SimResult& r) {
  std::string out;
  const auto columns = sim_csv_columns();
  for (size_t c = 0; c < columns.size(); ++c) out += (c ? "," : "") + columns[c];
  out += '\n';
  for (const BotStats& b : r.bots) {
    const Interval ci = b.win_rate_ci();
    out += fmt::format(
        "{},{},{},{},{},{:.6g},{:.6f},{:.6f},{:.6f},{},{},{:.4f},{:.4f},{:.6f},{:.6f},{:.6f},{},{:."
        "6f},{},{:.6f}\n",
        csv_field(b.spec), csv_field(b.name), b.instances, b.games, b.player_games, b.win_share,
        b.win_rate(), ci.low, ci.high, b.outright_wins, b.shared_wins, b.mean_round_score(),
        b.mean_game_total(), b.clears_per_round(), b.knocks_offered_per_round(),
        b.knocks_given_per_round(), b.rounds_ended, b.rounds_ended_per_round(),
        b.rounds_ended_penalised, b.penalised_fraction());
  }
  return out;
}

nlohmann::json rate_result_to_json(const RateResult& r) {
  nlohmann::json j;
  j["command"] = "rate";
  j["options"] = options_to_json(r.options);
  j["seed"] = r.seed;
  j["games"] = r.games;
  j["lineups"] = r.lineups;
  j["bootstrap"] = r.bootstrap;
  j["fit"] = {{"iterations", r.iterations}, {"converged", r.converged}};
  j["anchor"] = r.bots.empty() ? "" : r.bots.front().spec;
  j["bots"] = nlohmann::json::array();
  for (const RatedBot& b : r.bots) {
    nlohmann::json e;
    e["spec"] = b.spec;
    e["name"] = b.name;
    e["games"] = b.games;
    e["wins"] = round_to(b.win_share, 6);
    e["mean_game_total"] = round_to(b.mean_total, 4);
    e["comparisons"] = b.comparisons;
    e["pair_score"] = round_to(b.pair_score, 6);
    e["pair_score_rate"] =
        round_to(b.comparisons > 0 ? b.pair_score / static_cast<double>(b.comparisons) : 0.0, 6);
    e["elo"] = round_to(b.elo, 2);
    e["elo_ci95"] = {round_to(b.elo_ci.low, 2), round_to(b.elo_ci.high, 2)};
    j["bots"].push_back(e);
  }
  return j;
}

std::string rate_result_table(const RateResult& r) {
  std::string out = fmt::format(
      "allegra rate: {} game{}, {}; seed {}\n{} lineups in the cycle; Elo from a Bradley-Terry "
      "fit of pairwise results, {} = 0; 95% CI: {}\n\n",
      r.games, r.games == 1 ? "" : "s", options_text(r.options), r.seed, r.lineups,
      r.bots.empty() ? "" : r.bots.front().spec,
      r.bootstrap > 0 ? fmt::format("bootstrap over games, {} resamples", r.bootstrap)
                      : std::string("none (--bootstrap 0)"));
  std::vector<size_t> order(r.bots.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return r.bots[a].elo > r.bots[b].elo; });
  std::vector<std::vector<std::string>> rows;
  rows.push_back(
      {"rank", "bot", "Elo", "95% CI", "games", "wins", "pairs", "pair score", "game total"});
  int rank = 0;
  for (size_t i : order) {
    const RatedBot& b = r.bots[i];
    rows.push_back(
        {fmt::format("{}", ++rank), b.spec, fmt::format("{:.0f}", b.elo),
         fmt::format("{:.0f} .. {:.0f}", b.elo_ci.low, b.elo_ci.high), fmt::format("{}", b.games),
         fmt::format("{:.1f}", b.win_share), fmt::format("{}", b.comparisons),
         percent(b.comparisons > 0 ? b.pair_score / static_cast<double>(b.comparisons) : 0.0),
         fmt::format("{:.1f}", b.mean_total)});
  }
  out += format_table(rows, 2);
  out += fmt::format(
      "\ngames: player-games; wins: game win shares; pairs: comparisons with other bots in the "
      "same game\n(lower total wins, a tie counts half); pair score: share of them won; game "
      "total: mean final total.\n");
  for (const RatedBot& b : r.bots)
    if (b.comparisons > 0 && (b.pair_score == 0 || b.pair_score == b.comparisons)) {
      out +=
          "note: a bot won all or none of its comparisons: its distance to the others is set by "
          "the prior (one\nvirtual drawn comparison per pair), so read its rating as a bound "
          "and its interval as too narrow.\n";
      break;
    }
  if (!r.converged) out += "warning: the Bradley-Terry fit did not converge\n";
  return out;
}

}  // namespace allegra::sim
