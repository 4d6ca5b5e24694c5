// Table rule 9: bots that decide elsewhere. The table hands each bot decision out once as a
// self-contained job, never runs a bot in tick(), plays an answer at max(delay, thinking time),
// drops stale answers, and plays the very game the synchronous table plays.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>

#include "bots/bot.h"
#include "table/decision_seed.h"
#include "table/seat_helpers.h"
#include "table/table.h"

namespace allegra::table {
namespace {

using std::chrono::milliseconds;

BotMove run(const BotJob& job) {
  const std::unique_ptr<Bot> b = make_bot(job.spec, 0);
  return run_bot_job(job, *b);
}

// Plays a game of bots with the bots elsewhere: each job is answered after a thinking time
// drawn from `think_seed` (0 to 3 s: often longer than the delay), and the clock goes on to
// the next answer or wake-up. Returns the number of jobs.
int play_elsewhere(Table& t, uint64_t think_seed, Millis now) {
  std::mt19937_64 rng(think_seed);
  std::multimap<Millis, BotMove> arriving;
  int jobs = 0;
  for (int guard = 0; guard < 200000 && !t.game_over(); ++guard) {
    for (const BotJob& job : t.take_bot_jobs()) {
      ++jobs;
      arriving.emplace(now + Millis(static_cast<int64_t>(rng() % 3000)), run(job));
    }
    std::optional<Millis> next = t.next_wake();
    if (!arriving.empty() && (!next || arriving.begin()->first < *next))
      next = arriving.begin()->first;
    if (!next) {
      ADD_FAILURE() << "the table waits for nothing";
      return jobs;
    }
    now = std::max(now, *next);
    while (!arriving.empty() && arriving.begin()->first <= now) {
      EXPECT_TRUE(t.bot_answer(arriving.begin()->second));
      arriving.erase(arriving.begin());
    }
    t.tick(now);
  }
  return jobs;
}

TEST(TableBotsElsewhereTest, TheGameIsTheOneTheBotsPlayOnTheTablesThread) {
  RuleOptions o;
  o.rounds = 2;
  const std::vector<Seat> seats = {bot("greedy"), bot("random"), bot("easy"), bot("greedy")};
  Table here(o, 99, seats, milliseconds(0), server_config());
  for (int guard = 0; guard < 100000 && !here.game_over(); ++guard) here.tick(*here.next_wake());
  ASSERT_TRUE(here.game_over());

  Table elsewhere(o, 99, seats, milliseconds(0), server_config());
  elsewhere.set_bots_elsewhere(true);
  const int jobs = play_elsewhere(elsewhere, 5, milliseconds(0));
  ASSERT_TRUE(elsewhere.game_over());
  EXPECT_EQ(elsewhere.record(), here.record());
  EXPECT_EQ(static_cast<uint64_t>(jobs), elsewhere.decisions()) << "each decision asked once";
}

TEST(TableBotsElsewhereTest, TickNeverRunsABotAndEachJobIsHandedOutOnce) {
  RuleOptions o;
  o.players = 3;
  Table t(o, 3, {bot("expert"), person(), person()}, milliseconds(0), server_config());
  t.set_bots_elsewhere(true);
  const std::vector<BotJob> jobs = t.take_bot_jobs();
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].seat, 0);
  EXPECT_EQ(jobs[0].decision, 0u);
  EXPECT_EQ(jobs[0].spec, "expert");
  EXPECT_EQ(jobs[0].seed, decision_seed(3, 0));
  EXPECT_EQ(jobs[0].view.masked(), t.view().masked()) << "the view the bot sees";
  EXPECT_TRUE(t.take_bot_jobs().empty()) << "handed out once";
  // Without its answer the bot's seat waits, whatever the time.
  EXPECT_EQ(t.next_wake(), std::nullopt);
  EXPECT_TRUE(t.tick(milliseconds(60'000)).empty());
  EXPECT_EQ(t.decisions(), 0u);
}

TEST(TableBotsElsewhereTest, AnAnswerIsPlayedAtTheLaterOfItsDelayAndItsArrival) {
  RuleOptions o;
  o.players = 3;
  o.rounds = 1;
  Table t(o, 3, {bot("greedy"), bot("greedy"), bot("greedy")}, milliseconds(0), server_config());
  t.set_bots_elsewhere(true);
  const Millis due(decision_delay(3, 0, 1000, 2000) * bot_pace_percent(Phase::kSetupReveal) / 100);
  // 1. Thinking shorter than the delay: played when the delay is over, not before.
  BotMove m = run(t.take_bot_jobs().at(0));
  ASSERT_TRUE(t.bot_answer(m));
  EXPECT_EQ(t.next_wake(), due);
  EXPECT_TRUE(t.tick(due - Millis(1)).empty());
  EXPECT_FALSE(t.tick(due).empty());
  EXPECT_EQ(t.decisions(), 1u);
  EXPECT_EQ(t.take_bot_moves(), std::vector<BotMove>{m});
  EXPECT_TRUE(t.take_bot_moves().empty());
  // 2. Thinking longer than the delay: played as soon as it arrives.
  const std::vector<BotJob> jobs = t.take_bot_jobs();
  ASSERT_EQ(jobs.size(), 1u);
  const Millis late = due + Millis(5000);
  EXPECT_TRUE(t.tick(late).empty()) << "the delay is over, but the bot still thinks";
  ASSERT_TRUE(t.bot_answer(run(jobs[0])));
  ASSERT_TRUE(t.next_wake().has_value());
  EXPECT_LT(*t.next_wake(), late) << "due at once";
  EXPECT_FALSE(t.tick(late).empty());
  EXPECT_EQ(t.decisions(), 2u);
}

TEST(TableBotsElsewhereTest, AStaleAnswerIsDropped) {
  RuleOptions o;
  o.players = 3;
  Table t(o, 3, {bot("greedy"), person(), person()}, milliseconds(0), server_config());
  t.set_bots_elsewhere(true);
  const BotJob job = t.take_bot_jobs().at(0);
  const BotMove m = run(job);
  BotMove wrong = m;
  wrong.decision = 1;
  EXPECT_FALSE(t.bot_answer(wrong)) << "another decision";
  wrong = m;
  wrong.spec = "random";
  EXPECT_FALSE(t.bot_answer(wrong)) << "another bot";
  wrong = m;
  wrong.seat = 1;
  EXPECT_FALSE(t.bot_answer(wrong)) << "a person's seat";
  // A person takes the seat while the bot thinks: its answer comes too late.
  t.replace_seat(0, person());
  EXPECT_FALSE(t.bot_answer(m));
  EXPECT_TRUE(t.tick(milliseconds(60'000)).empty());
  // A bot takes it back: the same decision is asked again, and an answer to it counts.
  t.replace_seat(0, bot("greedy"));
  EXPECT_EQ(t.take_bot_jobs().size(), 1u);
  EXPECT_TRUE(t.bot_answer(m));
  EXPECT_TRUE(t.take_bot_jobs().empty());
  EXPECT_FALSE(t.tick(milliseconds(60'000)).empty());
  EXPECT_EQ(t.decisions(), 1u);
  EXPECT_FALSE(t.bot_answer(m)) << "the decision is over";
}

TEST(TableBotsElsewhereTest, AnIllegalAnswerOfTheCurrentDecisionIsRefused) {
  RuleOptions o;
  o.players = 3;
  Table t(o, 3, {bot("greedy"), person(), person()}, milliseconds(0), server_config());
  t.set_bots_elsewhere(true);
  BotMove m = run(t.take_bot_jobs().at(0));
  m.action = Action::knock();
  EXPECT_THROW(t.bot_answer(m), std::invalid_argument);
}

TEST(TableBotsElsewhereTest, APersonsTimeoutIsTheStandInsJobAndCountsOnce) {
  RuleOptions o;
  o.players = 3;
  TableConfig c = server_config();
  c.knock_window.reset();
  Table t(o, 8, {person(Millis(3000)), person(), person()}, milliseconds(0), c);
  t.set_bots_elsewhere(true);
  EXPECT_TRUE(t.take_bot_jobs().empty());
  EXPECT_EQ(t.next_wake(), Millis(3000));
  EXPECT_TRUE(t.tick(Millis(3000)).empty());
  EXPECT_EQ(t.take_timed_out(), std::vector<int>{0});
  EXPECT_EQ(t.next_wake(), std::nullopt) << "the stand-in thinks";
  const std::vector<BotJob> jobs = t.take_bot_jobs();
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].spec, std::string(kDefaultStandIn));
  EXPECT_TRUE(t.tick(Millis(4000)).empty());
  EXPECT_TRUE(t.take_timed_out().empty()) << "the clock ran out once";
  ASSERT_TRUE(t.bot_answer(run(jobs[0])));
  EXPECT_FALSE(t.tick(Millis(4000)).empty());
  EXPECT_EQ(t.decisions(), 1u);
  // The same decision on the table's thread.
  Table here(o, 8, {person(Millis(3000)), person(), person()}, milliseconds(0), c);
  here.tick(Millis(3000));
  EXPECT_EQ(here.record(), t.record());
}

TEST(TableBotsElsewhereTest, AnswersHandedBackReplayTheGameWithoutABot) {
  // What a server's log does: the moves tick() played, handed back at the same times.
  RuleOptions o;
  o.players = 3;
  o.rounds = 1;
  const std::vector<Seat> seats = {bot("greedy"), bot("random"), bot("greedy")};
  Table live(o, 21, seats, milliseconds(0), server_config());
  live.set_bots_elsewhere(true);
  Table again(o, 21, seats, milliseconds(0), server_config());
  again.set_bots_elsewhere(true);
  Millis now(0);
  for (int guard = 0; guard < 100000 && !live.game_over(); ++guard) {
    for (const BotJob& job : live.take_bot_jobs()) ASSERT_TRUE(live.bot_answer(run(job)));
    now = std::max(now, *live.next_wake());
    live.tick(now);
    for (const BotMove& m : live.take_bot_moves()) ASSERT_TRUE(again.bot_answer(m));
    again.tick(now);
  }
  EXPECT_TRUE(again.take_bot_moves().size() > 0u) << "it played the answers it was given";
  ASSERT_TRUE(live.game_over());
  EXPECT_EQ(again.record(), live.record());
}

}  // namespace
}  // namespace allegra::table
