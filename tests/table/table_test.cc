// The Table with a fake clock: knock windows answered at once, timeouts, bots beside people,
// seats changing hands, save and load, and a resumed game that continues bit for bit.
#include "table/table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "bots/bot.h"
#include "engine/serialize.h"
#include "sim/match.h"
#include "table/decision_seed.h"
#include "table/game_loop.h"

namespace allegra::table {
namespace {

using std::chrono::milliseconds;

Seat person(std::optional<Millis> timeout = std::nullopt) {
  return Seat{SeatKind::kPerson, "", "", timeout};
}
Seat bot(std::string spec) { return Seat{SeatKind::kBot, "", std::move(spec), std::nullopt}; }

std::vector<int> pending_seats(const Table& t) {
  std::vector<int> seats;
  for (const Pending& p : t.pending()) seats.push_back(p.seat);
  return seats;
}

// People play the setup and draw from the draw pile until a knock window opens.
void play_to_knock_window(Table& t, Millis now) {
  for (int guard = 0; guard < 100 && t.state().phase() != Phase::kKnockWindow; ++guard) {
    t.tick(now);
    if (t.state().phase() == Phase::kKnockWindow) return;
    const std::vector<Pending> due = t.pending();
    ASSERT_EQ(due.size(), 1u);
    const Pending& p = due[0];
    Action a = p.legal.front();
    if (t.state().phase() == Phase::kChooseDraw) a = Action::draw_pile();
    const Outcome o = t.submit(p.seat, a, now);
    ASSERT_TRUE(o.ok()) << o.error;
  }
  ASSERT_EQ(t.state().phase(), Phase::kKnockWindow);
}

bool has(const Events& events, EventType type, int player) {
  return std::any_of(events.begin(), events.end(),
                     [&](const Event& e) { return e.type == type && e.player == player; });
}

TEST(TableTest, AKnockWindowWhereAllAnswerEarly) {
  Table t(RuleOptions{}, 11, {person(), person(), person(), person()}, milliseconds(0));
  play_to_knock_window(t, milliseconds(0));
  const int active = t.state().active_player();
  const std::vector<int> due = pending_seats(t);
  ASSERT_EQ(due.size(), 3u);  // everyone but the active player, at once
  for (const Pending& p : t.pending()) {
    EXPECT_TRUE(p.knock_window);
    EXPECT_EQ(p.legal.size(), 2u);
    EXPECT_FALSE(p.deadline.has_value());  // no clock in local play
  }
  // Answers in reverse seat order: nothing reaches the engine until the last one.
  const State before = t.state();
  const Outcome a = t.submit(due[2], Action::knock(), milliseconds(10));
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_TRUE(a.events.empty());
  EXPECT_EQ(t.state(), before);
  EXPECT_EQ(pending_seats(t), (std::vector<int>{due[0], due[1]}));
  EXPECT_FALSE(t.submit(due[2], Action::pass(), milliseconds(11)).ok());  // answered already
  EXPECT_FALSE(t.submit(active, Action::knock(), milliseconds(11)).ok());
  ASSERT_TRUE(t.submit(due[1], Action::pass(), milliseconds(12)).ok());
  const Outcome last = t.submit(due[0], Action::knock(), milliseconds(13));
  ASSERT_TRUE(last.ok()) << last.error;
  // The engine got them in its order, clockwise from the active player's left.
  ASSERT_GE(last.events.size(), 3u);
  EXPECT_EQ(last.events[0].player, due[0]);
  EXPECT_EQ(last.events[0].type, EventType::kKnocked);
  EXPECT_EQ(last.events[1].type, EventType::kPassed);
  EXPECT_EQ(last.events[2].player, due[2]);
  EXPECT_EQ(t.state().phase(), Phase::kChooseKnocker);
  EXPECT_EQ(pending_seats(t), std::vector<int>{active});
}

TEST(TableTest, AKnockWindowWhereTheTimerRunsOut) {
  const Millis timeout(5000);
  Table t(RuleOptions{}, 11, {person(timeout), person(timeout), person(timeout), person(timeout)},
          milliseconds(0));
  play_to_knock_window(t, milliseconds(100));
  const std::vector<Pending> due = t.pending();
  ASSERT_EQ(due.size(), 3u);
  for (const Pending& p : due) EXPECT_EQ(p.deadline, milliseconds(5100));
  ASSERT_TRUE(t.submit(due[1].seat, Action::knock(), milliseconds(1000)).ok());
  EXPECT_TRUE(t.tick(milliseconds(5099)).empty());
  EXPECT_EQ(t.state().phase(), Phase::kKnockWindow);
  const Events events = t.tick(milliseconds(5100));
  EXPECT_TRUE(has(events, EventType::kPassed, due[0].seat));
  EXPECT_TRUE(has(events, EventType::kKnocked, due[1].seat));
  EXPECT_TRUE(has(events, EventType::kPassed, due[2].seat));
  // The active player's clock started when the window closed; he has not run out yet.
  EXPECT_EQ(t.state().phase(), Phase::kChooseKnocker);
  ASSERT_EQ(t.pending().size(), 1u);
  EXPECT_EQ(t.pending()[0].deadline, milliseconds(10100));
}

TEST(TableTest, APersonsTimeoutOutsideAWindowIsTheStandInsChoice) {
  Table t(RuleOptions{}, 3, {person(Millis(1000)), person(), person(), person()}, milliseconds(0));
  EXPECT_TRUE(t.tick(milliseconds(999)).empty());
  const Events events = t.tick(milliseconds(1000));
  EXPECT_TRUE(has(events, EventType::kRevealed, 0));
  EXPECT_EQ(t.decisions(), 1u);  // then the clock restarts for his second reveal
  EXPECT_EQ(t.pending()[0].deadline, milliseconds(2000));
}

TEST(TableTest, ABotAnswersWhileAPersonIsStillDeciding) {
  auto open = [](Table& t) { play_to_knock_window(t, milliseconds(0)); };
  // Seat order of the window: who is due, then which of them is a bot.
  Table probe(RuleOptions{}, 11, {person(), person(), person(), person()}, milliseconds(0));
  open(probe);
  const std::vector<int> due = pending_seats(probe);
  ASSERT_EQ(due.size(), 3u);
  const int bot_seat = due[1];
  std::vector<Seat> seats = {person(), person(), person(), person()};

  // The person before the bot in the engine's order answers knock, or after the bot answered:
  // the bot's answer must be the same (it never sees another's answer).
  std::vector<Action> bot_answers;
  for (bool person_first : {true, false}) {
    Table t(RuleOptions{}, 11, seats, milliseconds(0));
    open(t);
    t.replace_seat(bot_seat, bot("greedy"));
    if (person_first) {
      ASSERT_TRUE(t.submit(due[0], Action::knock(), milliseconds(1)).ok());
    }
    EXPECT_TRUE(t.tick(milliseconds(2)).empty());  // the bot answered; the window stays open
    const std::vector<int> left = pending_seats(t);
    EXPECT_EQ(std::count(left.begin(), left.end(), bot_seat), 0);
    if (!person_first) {
      ASSERT_TRUE(t.submit(due[0], Action::knock(), milliseconds(3)).ok());
    }
    const Outcome o = t.submit(due[2], Action::pass(), milliseconds(4));
    ASSERT_TRUE(o.ok()) << o.error;
    EXPECT_EQ(o.events[0].type, EventType::kKnocked);
    bot_answers.push_back(o.events[1].type == EventType::kKnocked ? Action::knock()
                                                                  : Action::pass());
    // The bot's answer is its pure choice from the window as it opened.
    const std::unique_ptr<Bot> greedy = make_bot("greedy", 99);
    probe.replace_seat(bot_seat, person());
    const uint64_t index = probe.decisions() + 1;  // second in the engine's order
    EXPECT_EQ(bot_answers.back(),
              greedy->decide(probe.view().knock_answer(bot_seat), decision_seed(11, index)));
  }
  EXPECT_EQ(bot_answers[0], bot_answers[1]);
}

TEST(TableTest, ASeatReplacedByABotAndTakenBack) {
  Table t(RuleOptions{}, 5, {person(), person(), person(), person()}, milliseconds(0));
  EXPECT_TRUE(t.tick(milliseconds(0)).empty());
  ASSERT_EQ(pending_seats(t), std::vector<int>{t.state().first_player()});
  const int first = t.state().first_player();
  t.replace_seat(first, bot("random"));
  const Events events = t.tick(milliseconds(1));
  EXPECT_TRUE(has(events, EventType::kRevealed, first));
  EXPECT_EQ(t.decisions(), 2u);  // both setup reveals, then the next person's turn
  EXPECT_NE(t.pending()[0].seat, first);
  t.replace_seat(first, person());
  EXPECT_EQ(t.record().seats[static_cast<size_t>(first)].bot, "");
  // Play on to the first player's next decision: the table waits for him again.
  for (int guard = 0; guard < 20 && t.pending()[0].seat != first; ++guard)
    ASSERT_TRUE(t.submit(t.pending()[0].seat, t.pending()[0].legal[0], milliseconds(2)).ok());
  ASSERT_EQ(t.pending()[0].seat, first);
  EXPECT_TRUE(t.tick(milliseconds(3)).empty());
  EXPECT_THROW(t.replace_seat(first, bot("no-such-bot")), std::invalid_argument);
  EXPECT_THROW(t.replace_seat(7, person()), std::invalid_argument);
}

TEST(TableTest, SubmitSaysWhyItRefuses) {
  Table t(RuleOptions{}, 5, {person(), person(), person(), person()}, milliseconds(0));
  const int first = t.state().first_player();
  const int other = (first + 1) % 4;
  EXPECT_NE(t.submit(other, Action::reveal(0), milliseconds(0)).error.find("is not to decide now"),
            std::string::npos);
  EXPECT_NE(t.submit(9, Action::reveal(0), milliseconds(0)).error.find("there is no seat 9"),
            std::string::npos);
  const Outcome illegal = t.submit(first, Action::draw_pile(), milliseconds(0));
  EXPECT_NE(illegal.error.find("is not legal"), std::string::npos) << illegal.error;
  EXPECT_EQ(t.decisions(), 0u);
}

TEST(TableTest, SaveAndLoadInTheMiddleOfAKnockWindow) {
  const Millis timeout(3000);
  std::vector<Seat> seats = {person(timeout), bot("expert"), person(timeout), person(timeout)};
  Table t(RuleOptions{}, 21, seats, milliseconds(0));
  for (int guard = 0; guard < 400; ++guard) {  // until a window with at least two people
    t.tick(milliseconds(0));
    if (t.state().phase() == Phase::kKnockWindow && t.pending().size() >= 2) break;
    const Pending p = t.pending()[0];
    const Action a = t.state().phase() == Phase::kChooseDraw ? Action::draw_pile() : p.legal[0];
    ASSERT_TRUE(t.submit(p.seat, a, milliseconds(0)).ok());
  }
  ASSERT_EQ(t.state().phase(), Phase::kKnockWindow);
  const std::vector<Pending> due = t.pending();
  ASSERT_TRUE(t.submit(due[0].seat, Action::knock(), milliseconds(500)).ok());
  const nlohmann::json saved = t.save();
  Table u = Table::load(parse_json(saved.dump()));
  EXPECT_EQ(u.save(), saved);
  EXPECT_EQ(u.state(), t.state());
  EXPECT_EQ(u.pending(), t.pending());
  EXPECT_EQ(u.seats(), t.seats());
  // Both run out the clock the same way and play on identically.
  const Events te = t.tick(milliseconds(3000));
  const Events ue = u.tick(milliseconds(3000));
  EXPECT_EQ(te, ue);
  EXPECT_EQ(u.state(), t.state());
  EXPECT_EQ(u.record(), t.record());
}

// One person (draws from the pile when he may, knocks in every window, else plays his first
// legal action) with two bots, played to the end; `stop` may end it early. Returns whether
// `stop` did.
bool play_with_a_person(Table& t, const std::function<bool(const Table&)>& stop) {
  while (!t.game_over()) {
    t.tick(milliseconds(0));
    if (t.game_over()) break;
    if (stop(t)) return true;
    const std::vector<Pending> due = t.pending();
    EXPECT_EQ(due.size(), 1u);
    const Pending& p = due[0];
    Action a = p.legal.front();
    if (p.knock_window) a = Action::knock();
    if (t.state().phase() == Phase::kChooseDraw) a = Action::draw_pile();
    const Outcome o = t.submit(p.seat, a, milliseconds(0));
    EXPECT_TRUE(o.ok()) << o.error;
    if (!o.ok()) return false;
  }
  return false;
}

TEST(TableTest, ASaveInAKnockWindowABotAnsweredFinishesAsTheUninterruptedGame) {
  RuleOptions o;
  o.players = 3;
  o.rounds = 2;
  const std::vector<Seat> seats = {person(), bot("expert"), bot("greedy")};
  Table straight(o, 31, seats, milliseconds(0));
  ASSERT_FALSE(play_with_a_person(straight, [](const Table&) { return false; }));
  ASSERT_TRUE(straight.game_over());

  // Stops when the person is asked in a window a bot has already answered.
  Table t(o, 31, seats, milliseconds(0));
  ASSERT_TRUE(play_with_a_person(t, [](const Table& table) {
    return table.state().phase() == Phase::kKnockWindow && !table.save()["knock_answers"].empty();
  }));
  const nlohmann::json saved = t.save();
  const int answered = saved["knock_answers"][0]["seat"].get<int>();
  EXPECT_NE(answered, 0) << "a bot's answer";
  Table u = Table::load(parse_json(saved.dump()));
  EXPECT_EQ(u.save(), saved);
  EXPECT_EQ(pending_seats(u), std::vector<int>{0}) << "the bot is not asked again";
  ASSERT_FALSE(play_with_a_person(u, [](const Table&) { return false; }));
  EXPECT_EQ(u.state(), straight.state());
  EXPECT_EQ(u.record(), straight.record());
  EXPECT_EQ(u.decisions(), straight.decisions());
}

// Why Table::load() refuses `j` ("" if it loads).
std::string load_error(const nlohmann::json& j) {
  try {
    Table::load(j);
  } catch (const FormatError& e) {
    return e.what();
  }
  return "";
}

TEST(TableTest, LoadRejectsBrokenInput) {
  Table t(RuleOptions{}, 21, {person(), person(), person(), person()}, milliseconds(0));
  ASSERT_TRUE(t.submit(t.pending()[0].seat, t.pending()[0].legal[0], milliseconds(0)).ok());
  nlohmann::json j = t.save();
  nlohmann::json bad = j;
  bad["format"] = "something";
  EXPECT_THROW(Table::load(bad), FormatError);
  bad = j;
  bad["record"]["seed"] = "22";  // the deal no longer matches
  EXPECT_THROW(Table::load(bad), FormatError);
  bad = j;
  bad["knock_answers"] = {{{"seat", 1}, {"action", "knock"}}};  // no window is open
  EXPECT_THROW(Table::load(bad), FormatError);
  bad = j;
  bad["seats"][0] = {{"kind", "bot"}, {"bot", "nonsense"}, {"timeout_ms", nullptr}};
  EXPECT_THROW(Table::load(bad), FormatError);
  // A record with its own seats: said so, not "does not replay".
  bad = j;
  bad["record"]["seats"] = {
      {{"name", "Ann"}}, {{"name", "Bea"}}, {{"name", "Cy"}}, {{"name", "Di"}}};
  EXPECT_EQ(load_error(bad),
            "table.record.seats: must be absent: a table keeps its seats in table.seats");
  // An error inside the record names its place in the table.
  bad = j;
  bad["record"]["seed"] = "x";
  EXPECT_EQ(load_error(bad).rfind("table.record.seed: ", 0), 0u) << load_error(bad);
}

// A game of bots played straight == the same game saved and loaded at every decision, and ==
// the game the shared game loop plays (sim::play_match).
TEST(TableTest, AResumeContinuesBitForBit) {
  RuleOptions o;
  o.rounds = 2;
  const std::vector<std::string> specs = {"expert", "greedy", "random", "easy"};
  std::vector<Seat> seats;
  for (const std::string& s : specs) seats.push_back(bot(s));
  Table straight(o, 77, seats, milliseconds(0));
  straight.tick(milliseconds(0));
  ASSERT_TRUE(straight.game_over());

  Table resumed(o, 77, seats, milliseconds(0));
  int loads = 0;
  while (!resumed.game_over()) {
    resumed = Table::load(parse_json(resumed.save().dump()));
    ++loads;
    resumed.tick(milliseconds(0), 1);
  }
  EXPECT_GT(loads, 100);
  EXPECT_EQ(resumed.state(), straight.state());
  EXPECT_EQ(resumed.record(), straight.record());

  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;
  for (const std::string& s : specs) {
    owned.push_back(make_bot(s, 12345));  // the construction seed plays no part
    bots.push_back(owned.back().get());
  }
  GameRecord record;
  sim::play_match(o, 77, bots, &record);
  GameRecord from_table = straight.record();
  from_table.seats.clear();
  EXPECT_EQ(record, from_table);
}

// Hidden information: what is due and what a bot answers depend on the public view only.
TEST(TableTest, ResamplingTheHiddenCardsChangesNothingThatIsDue) {
  RuleOptions o;
  State s(o, 31);
  Rng rng(5);
  const std::unique_ptr<Bot> expert = make_bot("expert", 1);
  const std::unique_ptr<Bot> random = make_bot("random", 1);
  int windows = 0;
  for (uint64_t step = 0; !s.is_terminal() && step < 600; ++step) {
    const State r = s.resample(rng);
    ASSERT_EQ(seats_due(PublicView(s), 0), seats_due(PublicView(r), 0));
    for (int seat : seats_due(PublicView(s), 0)) {
      const DecisionRequest a{seat, step, &s, s.phase() == Phase::kKnockWindow};
      const DecisionRequest b{seat, step, &r, s.phase() == Phase::kKnockWindow};
      ASSERT_EQ(a.view(), b.view());
      ASSERT_EQ(expert->decide(a.view(), step), expert->decide(b.view(), step));
      ASSERT_EQ(random->decide(a.view(), step), random->decide(b.view(), step));
    }
    windows += s.phase() == Phase::kKnockWindow;
    s.apply(random->decide(PublicView(s), step + 1000));
    if (s.is_chance_node()) s.deal();
  }
  EXPECT_GT(windows, 0);
}

// Rule 6: a round that is not the last ends at the chance node; the table shows it and waits.
RuleOptions two_rounds() {
  RuleOptions o;
  o.players = 3;
  o.rounds = 2;
  return o;
}

bool starts_with_deal(const Events& events) {
  return !events.empty() && events.front().type == EventType::kRoundStarted;
}

TEST(TableTest, TheRoundOverWaitsForItsPauseThenTickDeals) {
  Table t(two_rounds(), 31, {bot("random"), bot("random"), bot("random")}, milliseconds(100),
          std::string(kDefaultStandIn), milliseconds(5000));
  t.tick(milliseconds(100));
  ASSERT_TRUE(t.round_over());
  EXPECT_FALSE(t.game_over());
  const std::vector<Pending> due = t.pending();
  ASSERT_EQ(due.size(), 1u);
  EXPECT_TRUE(due[0].round_over);
  EXPECT_EQ(due[0].seat, kChancePlayer);
  EXPECT_TRUE(due[0].legal.empty());
  EXPECT_EQ(due[0].deadline, milliseconds(5100));
  EXPECT_EQ(t.record().rounds.size(), 1u);
  // Nobody may act on the finished table.
  const Outcome refused = t.submit(0, Action::draw_pile(), milliseconds(200));
  EXPECT_EQ(refused.error, "round 1 is over: the next round must be dealt first");
  // Not before the pause has passed; then the deal, and the bots play on.
  EXPECT_TRUE(t.tick(milliseconds(5099)).empty());
  EXPECT_TRUE(t.round_over());
  const Events dealt = t.tick(milliseconds(5100), 1);
  EXPECT_TRUE(starts_with_deal(dealt));
  EXPECT_FALSE(t.round_over());
  EXPECT_EQ(t.state().round(), 1);
  ASSERT_EQ(t.record().rounds.size(), 2u);
  EXPECT_EQ(t.record().rounds[1].first_player, 1);
  t.tick(milliseconds(5100));
  EXPECT_TRUE(t.game_over());
  EXPECT_FALSE(replay_check(t.record()));
}

TEST(TableTest, WithoutARoundPauseOnlyAnExplicitDealDeals) {
  Table t(two_rounds(), 32, {bot("random"), bot("random"), bot("random")}, milliseconds(0),
          std::string(kDefaultStandIn), std::nullopt);
  EXPECT_FALSE(t.deal(milliseconds(0)).ok());  // nothing to deal in the first round
  t.tick(milliseconds(0));
  ASSERT_TRUE(t.round_over());
  EXPECT_EQ(t.pending()[0].deadline, std::nullopt);
  EXPECT_TRUE(t.tick(milliseconds(1) * 1000000000).empty());
  ASSERT_TRUE(t.round_over());
  const Outcome dealt = t.deal(milliseconds(10));
  ASSERT_TRUE(dealt.ok()) << dealt.error;
  ASSERT_EQ(dealt.events.size(), 1u);
  EXPECT_TRUE(starts_with_deal(dealt.events));
  EXPECT_EQ(t.state().phase(), Phase::kSetupReveal);
  EXPECT_EQ(t.state().first_player(), 1);
  EXPECT_FALSE(t.deal(milliseconds(10)).ok());
  t.tick(milliseconds(10));
  EXPECT_TRUE(t.game_over());
  EXPECT_EQ(t.deal(milliseconds(10)).error, "the game is over");
}

TEST(TableTest, SaveAndLoadAtTheRoundsEnd) {
  Table t(two_rounds(), 33, {bot("random"), person(), bot("random")}, milliseconds(0),
          std::string(kDefaultStandIn), std::nullopt);
  // The person plays the first legal action until the round is over.
  for (int guard = 0; guard < 5000 && !t.round_over(); ++guard) {
    t.tick(milliseconds(0));
    if (t.round_over()) break;
    const Pending p = t.pending().front();
    ASSERT_TRUE(t.submit(p.seat, p.legal.front(), milliseconds(0)).ok());
  }
  ASSERT_TRUE(t.round_over());
  const nlohmann::json saved = t.save();
  EXPECT_TRUE(saved.at("round_pause_ms").is_null());
  Table loaded = Table::load(saved);
  EXPECT_EQ(loaded.state(), t.state());
  EXPECT_TRUE(loaded.round_over());
  EXPECT_EQ(loaded.pending(), t.pending());
  EXPECT_EQ(loaded.save(), saved);
  // Both deal the same next round.
  const Outcome a = t.deal(milliseconds(1)), b = loaded.deal(milliseconds(1));
  EXPECT_TRUE(std::equal(a.events.begin(), a.events.end(), b.events.begin(), b.events.end()));
  EXPECT_EQ(loaded.state(), t.state());
  EXPECT_EQ(loaded.record(), t.record());
}

}  // namespace
}  // namespace allegra::table
