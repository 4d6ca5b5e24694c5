// PgStore's ratings of a game's end, exactly once among several servers (issue 30 §2,
// docs/server-store.md "Ratings among several servers").
//
// The problem: the hub computes a game's new skills on the io thread from the skills it reads
// (game_players.cc), and the batch writes them later. Two servers that finish games of the same
// player at the same moment both read his old skill, and the second write would throw the
// first game's change away.
//
// The answer: the batch does not carry the io thread's numbers. When it is sealed (seal_ratings,
// on the io thread), every rated game in it becomes a RatingJob: its players and places, from
// its seats (GameSeat.place, schema 5). The store thread runs the batch as one transaction and,
// inside it, each job: (1) locks the players' rows (SELECT ... ORDER BY id FOR UPDATE: a second
// server finishing a game of one of them waits here until the first commits, then reads the
// committed skills); (2) rates the game from what it read (rating::update, the same function
// as the io thread's, for the overall skill and the player count's); (3) writes the skills, the
// count skills and the history lines. The transaction commits with the game's record and log,
// so the game and its ratings stay one. Deadlocks (two games locking in another order) and
// serialization failures roll the transaction back and it is run again.
//
// What the players were shown (TABLE.rating_changes, computed on the io thread) equals what is
// stored unless another server rated one of them in between; then the store holds the right
// sequence and the next game reads it.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "rating/skill_rating.h"
#include "server/pg_connection.h"

namespace allegra::server {

namespace {

using pg::quote;
using pg::sql_double;

std::string pg_id_list(const std::vector<PlayerId>& ids) {
  std::string out;
  for (const PlayerId id : ids) out += fmt::format("{}{}", out.empty() ? "" : ", ", id);
  return out;
}

}  // namespace

// 1. Every game of the batch with rating changes whose every changed player has a rated seat
//    with a place becomes a job. 2. The skills, count skills and history lines of the players
//    of a job are the job's to write; the others' (a skill set outside a game: tests, tools)
//    become plain statements of the batch.
void PgStore::seal_ratings() {
  Batch& batch = current_;
  std::set<PlayerId> rated_here;
  std::set<std::string> games;
  for (const RatingChange& c : batch.changes) games.insert(c.game_id);
  for (const std::string& game : games) {
    std::vector<GameSeat> seats;
    for (const GameSeat& s : batch.seats) {
      if (s.game_id == game) seats.push_back(s);
    }
    std::sort(seats.begin(), seats.end(),
              [](const GameSeat& a, const GameSeat& b) { return a.seat < b.seat; });
    bool complete = seats.size() >= 2;
    for (const GameSeat& s : seats) complete = complete && s.rated && s.place >= 1;
    for (const RatingChange& c : batch.changes) {
      if (c.game_id != game) continue;
      complete = complete && std::any_of(seats.begin(), seats.end(),
                                         [&c](const GameSeat& s) { return s.player == c.player; });
    }
    if (!complete) continue;
    RatingJob job;
    job.game_id = game;
    job.players_count = static_cast<int>(seats.size());
    for (const RatingChange& c : batch.changes) {
      if (c.game_id == game) job.at_ms = c.at_ms;
    }
    for (const GameSeat& s : seats) {
      job.players.push_back(s.player);
      job.places.push_back(s.place - 1);
      rated_here.insert(s.player);
    }
    batch.ratings.push_back(std::move(job));
  }
  // 2. The plain statements of the rest.
  for (const Batch::Skill& s : batch.skills) {
    if (rated_here.contains(s.player)) continue;
    add(fmt::format("UPDATE players SET mu = {}, sigma = {}, rated_games = {} WHERE id = {}",
                    sql_double(s.skill.mu), sql_double(s.skill.sigma), s.rated_games, s.player),
        false);
  }
  for (const Batch::CountSkill& s : batch.count_skills) {
    if (rated_here.contains(s.player)) continue;
    add(fmt::format("INSERT INTO skills (player, players, mu, sigma, rated_games) VALUES ({}, {}, "
                    "{}, {}, {}) ON CONFLICT (player, players) DO UPDATE SET mu = EXCLUDED.mu, "
                    "sigma = EXCLUDED.sigma, rated_games = EXCLUDED.rated_games",
                    s.player, s.players, sql_double(s.skill.mu), sql_double(s.skill.sigma),
                    s.rated_games),
        false);
  }
  for (const RatingChange& c : batch.changes) {
    if (rated_here.contains(c.player)) continue;
    add(history_insert(c), false);
  }
}

std::string PgStore::history_insert(const RatingChange& c) {
  return fmt::format(
      "INSERT INTO rating_history (player, game, mu_before, sigma_before, mu_after, sigma_after, "
      "at) VALUES ({}, {}, {}, {}, {}, {}, {})",
      c.player, quote(c.game_id), sql_double(c.before.mu), sql_double(c.before.sigma),
      sql_double(c.after.mu), sql_double(c.after.sigma), c.at_ms);
}

// Inside the batch's transaction: lock, read, rate, write (see the top of this file).
void PgStore::rate(pqxx::transaction_base& t, const RatingJob& job) {
  // 1. Lock the players' rows in id order (the same order in every server: fewer deadlocks).
  std::vector<PlayerId> ids = job.players;
  std::sort(ids.begin(), ids.end());
  std::map<PlayerId, std::pair<rating::Skill, int>> overall, counted;
  for (const auto& row : t.exec(fmt::format("SELECT id, mu, sigma, rated_games FROM players WHERE "
                                            "id IN ({}) ORDER BY id FOR UPDATE",
                                            pg_id_list(ids)))) {
    overall[row[0].as<PlayerId>()] = {{row[1].as<double>(), row[2].as<double>()}, row[3].as<int>()};
  }
  for (const auto& row : t.exec(fmt::format("SELECT player, mu, sigma, rated_games FROM skills "
                                            "WHERE players = {} AND player IN ({})",
                                            job.players_count, pg_id_list(ids)))) {
    counted[row[0].as<PlayerId>()] = {{row[1].as<double>(), row[2].as<double>()}, row[3].as<int>()};
  }
  // 2. Rate from what is committed now.
  std::vector<rating::Skill> before, count_before;
  for (const PlayerId id : job.players) {
    if (!overall.contains(id)) return;  // no such player: the io thread rated nothing either
    before.push_back(overall[id].first);
    count_before.push_back(counted.contains(id) ? counted[id].first : rating::Skill{});
  }
  const std::vector<rating::Skill> after = rating::update(before, job.places);
  const std::vector<rating::Skill> count_after = rating::update(count_before, job.places);
  // 3. Write, in the same transaction.
  std::string sql;
  for (size_t i = 0; i < job.players.size(); ++i) {
    const PlayerId id = job.players[i];
    sql += fmt::format("UPDATE players SET mu = {}, sigma = {}, rated_games = {} WHERE id = {};\n",
                       sql_double(after[i].mu), sql_double(after[i].sigma), overall[id].second + 1,
                       id);
    sql += fmt::format(
        "INSERT INTO skills (player, players, mu, sigma, rated_games) VALUES ({}, "
        "{}, {}, {}, {}) ON CONFLICT (player, players) DO UPDATE SET mu = "
        "EXCLUDED.mu, sigma = EXCLUDED.sigma, rated_games = EXCLUDED.rated_games;\n",
        id, job.players_count, sql_double(count_after[i].mu), sql_double(count_after[i].sigma),
        (counted.contains(id) ? counted[id].second : 0) + 1);
    sql += history_insert({id, job.game_id, before[i], after[i], job.at_ms}) + ";\n";
  }
  t.exec(sql);
}

}  // namespace allegra::server
