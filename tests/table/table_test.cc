// The Table with a fake clock: knock windows answered at once, timeouts, bots beside people,
// seats changing hands, save and load, and a resumed game that continues bit for bit.
#include "table/table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>

#include "bots/bot.h"
#include "engine/replay.h"
#include "engine/serialize.h"
#include "sim/match.h"
#include "table/decision_seed.h"
#include "table/game_loop.h"
#include "table/seat_helpers.h"

namespace allegra::table {
namespace {

using std::chrono::milliseconds;

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
  // Answers in reverse seat order: the engine keeps each sealed until the last one.
  const Outcome a = t.submit(due[2], Action::knock(), milliseconds(10));
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_TRUE(a.events.empty());
  EXPECT_EQ(t.state().knockers(), 1 << due[2]);
  EXPECT_EQ(t.view().masked().knockers(), 0) << "no view shows an answer";
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

// view() is masked once per state and kept: after every action, tick and deal it is the view
// of the state as it is now, never of the one before.
TEST(TableTest, TheViewFollowsEveryChange) {
  Table t(RuleOptions{}, 5, {person(), bot("random"), bot("random"), person()}, milliseconds(0),
          std::string(kDefaultStandIn), std::nullopt);
  const auto same = [&](const char* when) {
    EXPECT_TRUE(t.view().masked() == PublicView(t.state()).masked())
        << when << " (decision " << t.decisions() << ")";
  };
  int actions = 0;
  for (int guard = 0; guard < 3000 && !t.game_over(); ++guard) {
    same("before");
    const PublicView earlier = t.view();
    if (t.round_over()) {
      ASSERT_TRUE(t.deal(milliseconds(guard)).ok());
      same("after a deal");
      continue;
    }
    const std::vector<Pending> due = t.pending();
    const auto person = std::find_if(due.begin(), due.end(),
                                     [](const Pending& p) { return p.seat == 0 || p.seat == 3; });
    if (person == due.end()) {
      t.tick(milliseconds(guard), 1);
      same("after a tick");
      continue;
    }
    ASSERT_TRUE(t.submit(person->seat, person->legal.back(), milliseconds(guard)).ok());
    ++actions;
    same("after an action");
    EXPECT_FALSE(earlier.masked() == t.view().masked()) << "decision " << t.decisions();
  }
  EXPECT_GT(actions, 100);
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
    EXPECT_EQ(bot_answers.back(), greedy->decide(probe.view(), bot_seat, decision_seed(11, index)));
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
    ASSERT_EQ(seats_due(PublicView(s)), seats_due(PublicView(r)));
    for (int seat : seats_due(PublicView(s))) {
      const DecisionRequest a{seat, step, &s};
      const DecisionRequest b{seat, step, &r};
      ASSERT_EQ(a.view(), b.view());
      ASSERT_EQ(expert->decide(a.view(), seat, step), expert->decide(b.view(), seat, step));
      ASSERT_EQ(random->decide(a.view(), seat, step), random->decide(b.view(), seat, step));
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

// --- TableConfig (rule 7), next_wake(), take_timed_out() ----------------------------------

std::vector<Seat> bots(const std::vector<std::string>& specs) {
  std::vector<Seat> seats;
  for (const std::string& s : specs) seats.push_back(bot(s));
  return seats;
}

TEST(TableConfigTest, TheDefaultConfigIsLocalPlayAndPlaysAsBefore) {
  RuleOptions o;
  o.rounds = 2;
  const std::vector<Seat> seats = bots({"expert", "greedy", "random", "easy"});
  Table old_style(o, 77, seats, milliseconds(0));
  Table configured(o, 77, seats, milliseconds(0), TableConfig{});
  EXPECT_EQ(old_style.config(), TableConfig{});
  EXPECT_EQ(old_style.save(), configured.save());
  EXPECT_EQ(old_style.next_wake(), milliseconds(0));  // bots without a delay: at once
  // Without a delay a bot plays whatever the time says, as before: all in one tick.
  old_style.tick(milliseconds(-5));
  configured.tick(milliseconds(0));
  ASSERT_TRUE(old_style.game_over());
  EXPECT_EQ(old_style.record(), configured.record());
  EXPECT_EQ(old_style.next_wake(), std::nullopt);
  const nlohmann::json saved = configured.save();
  EXPECT_EQ(saved.at("version"), 2);
  EXPECT_TRUE(saved.at("knock_window_ms").is_null());
  EXPECT_EQ(saved.at("bot_delay_ms"), nlohmann::json::array({0, 0}));
  // The game the shared game loop plays (and the bench with it).
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> players;
  for (const char* spec : {"expert", "greedy", "random", "easy"}) {
    owned.push_back(make_bot(spec, 1));
    players.push_back(owned.back().get());
  }
  GameRecord record;
  sim::play_match(o, 77, players, &record);
  GameRecord from_table = configured.record();
  from_table.seats.clear();
  EXPECT_EQ(record, from_table);
}

TEST(TableConfigTest, ABadConfigIsRefused) {
  const std::vector<Seat> seats = {person(), person(), person(), person()};
  auto refused = [&](const TableConfig& c) {
    EXPECT_THROW(Table(RuleOptions{}, 1, seats, milliseconds(0), c), std::invalid_argument);
  };
  TableConfig c;
  c.first_player = 4;
  refused(c);
  c.first_player = -1;
  refused(c);
  c = TableConfig{};
  c.bot_delay = {Millis(2000), Millis(1000)};
  refused(c);
  c.bot_delay = {Millis(-1), Millis(1000)};
  refused(c);
  c = TableConfig{};
  c.knock_window = Millis(-1);
  refused(c);
  c = TableConfig{};
  c.stand_in = "no-such-bot";
  refused(c);
}

TEST(TableConfigTest, TheKnockWindowDeadlineHoldsForEveryAnswer) {
  const Millis timeout(30000);
  TableConfig c;
  c.knock_window = Millis(5000);
  Table t(RuleOptions{}, 11, {person(timeout), person(timeout), person(timeout), person(timeout)},
          milliseconds(0), c);
  play_to_knock_window(t, milliseconds(100));
  const std::vector<Pending> due = t.pending();
  ASSERT_EQ(due.size(), 3u);
  for (const Pending& p : due) EXPECT_EQ(p.deadline, milliseconds(5100));  // not 30100
  EXPECT_EQ(t.next_wake(), milliseconds(5100));
  ASSERT_TRUE(t.submit(due[1].seat, Action::knock(), milliseconds(1000)).ok());
  EXPECT_TRUE(t.tick(milliseconds(5099)).empty());
  const Events events = t.tick(milliseconds(5100));
  EXPECT_TRUE(has(events, EventType::kPassed, due[0].seat));  // missed: a pass
  EXPECT_TRUE(has(events, EventType::kKnocked, due[1].seat));
  EXPECT_TRUE(has(events, EventType::kPassed, due[2].seat));
  EXPECT_TRUE(t.take_timed_out().empty()) << "the window's clock, not the seats' own";
  // The seat timeout still holds for the next decision.
  ASSERT_EQ(t.pending().size(), 1u);
  EXPECT_EQ(t.pending()[0].deadline, milliseconds(35100));
  EXPECT_EQ(t.next_wake(), milliseconds(35100));
}

TEST(TableConfigTest, AKnockWindowWithADeadlineClosesOnceAllHaveAnswered) {
  TableConfig c;
  c.knock_window = Millis(5000);
  Table t(RuleOptions{}, 11, {person(), person(), person(), person()}, milliseconds(0), c);
  play_to_knock_window(t, milliseconds(100));
  const std::vector<int> due = pending_seats(t);
  ASSERT_EQ(due.size(), 3u);
  ASSERT_TRUE(t.submit(due[0], Action::pass(), milliseconds(200)).ok());
  ASSERT_TRUE(t.submit(due[2], Action::pass(), milliseconds(300)).ok());
  EXPECT_EQ(t.state().phase(), Phase::kKnockWindow);
  const Outcome last = t.submit(due[1], Action::pass(), milliseconds(400));
  ASSERT_TRUE(last.ok()) << last.error;
  EXPECT_EQ(last.events.size(), 3u);  // the window closed at once, long before its deadline
  EXPECT_NE(t.state().phase(), Phase::kKnockWindow);
  EXPECT_EQ(t.next_wake(), std::nullopt) << "persons without a clock: only input moves it";
  EXPECT_EQ(t.pending()[0].deadline, std::nullopt);
}

TEST(TableConfigTest, ABotDecidesAfterItsDelayDrawnFromTheSeed) {
  RuleOptions o;
  o.players = 3;
  o.rounds = 1;
  TableConfig c = server_config();
  c.knock_window.reset();
  const std::vector<Seat> seats = bots({"greedy", "random", "expert"});
  Table t(o, 41, seats, milliseconds(1000), c);
  // The setup's reveals are follow-up steps: half the drawn delay (bot_pace_percent).
  ASSERT_EQ(bot_pace_percent(Phase::kSetupReveal), 50);
  EXPECT_EQ(bot_pace_percent(Phase::kChooseDraw), 100);
  const Millis first = milliseconds(1000) + Millis(decision_delay(41, 0, 1000, 2000) / 2);
  EXPECT_EQ(t.next_wake(), first);
  EXPECT_GE(*t.next_wake(), milliseconds(1500));
  EXPECT_LE(*t.next_wake(), milliseconds(2000));
  EXPECT_TRUE(t.tick(first - Millis(1)).empty());
  EXPECT_EQ(t.decisions(), 0u);
  EXPECT_FALSE(t.tick(first).empty());
  EXPECT_EQ(t.decisions(), 1u) << "the next bot waits its own delay from now";
  EXPECT_EQ(t.next_wake(), first + Millis(decision_delay(41, 1, 1000, 2000) / 2));
  // Played to the end at its own pace, the game is the one played without delays; the
  // delays are not all alike.
  std::vector<Millis> gaps;
  for (int guard = 0; guard < 100000 && !t.game_over(); ++guard) {
    const std::optional<Millis> wake = t.next_wake();
    ASSERT_TRUE(wake.has_value());
    gaps.push_back(*wake);
    t.tick(*wake);
  }
  ASSERT_TRUE(t.game_over());
  std::adjacent_difference(gaps.begin(), gaps.end(), gaps.begin());
  gaps.erase(gaps.begin());
  for (Millis g : gaps) {  // a knock window's answers come together, else one delay each
    EXPECT_GE(g, Millis(0));
    EXPECT_LE(g, Millis(2000));
  }
  EXPECT_NE(std::count(gaps.begin(), gaps.end(), gaps.front()), std::ssize(gaps));
  Table at_once(o, 41, seats, milliseconds(0));
  at_once.tick(milliseconds(0));
  EXPECT_EQ(t.record(), at_once.record());
}

// Bots (with the server's delays) and one person at seat 0 who draws from the pile when he
// may and else plays his first legal action, ticking at each next_wake(), until a knock window
// is open in which the person and at least two bots are due.
void play_to_a_window_with_two_bots(Table& t, Millis& now) {
  for (int guard = 0; guard < 5000 && !t.game_over(); ++guard) {
    t.tick(now);
    const std::vector<Pending> due = t.pending();
    const bool person_due =
        std::any_of(due.begin(), due.end(), [](const Pending& p) { return p.seat == 0; });
    if (t.state().phase() == Phase::kKnockWindow && due.size() >= 3 && person_due) return;
    if (person_due && t.state().phase() != Phase::kKnockWindow) {
      const Pending& p = due.front();
      const Action a =
          t.state().phase() == Phase::kChooseDraw ? Action::draw_pile() : p.legal.front();
      ASSERT_TRUE(t.submit(0, a, now).ok());
    } else if (person_due) {
      ASSERT_TRUE(t.submit(0, Action::pass(), now).ok());
    } else {
      const std::optional<Millis> wake = t.next_wake();
      ASSERT_TRUE(wake.has_value());
      now = std::max(now, *wake);
    }
  }
  FAIL() << "no knock window with the person and two bots";
}

TEST(TableConfigTest, InAKnockWindowEachBotAnswersAfterItsOwnDelay) {
  const std::vector<Seat> seats = {person(), bot("greedy"), bot("random"), bot("expert")};
  Table t(RuleOptions{}, 11, seats, milliseconds(0), server_config());
  Millis now(0);
  ASSERT_NO_FATAL_FAILURE(play_to_a_window_with_two_bots(t, now));
  const Millis opened = now;  // the window opened at the tick of `now`
  const std::vector<int> due = pending_seats(t);
  // Each bot's due time: its own delay from the opening (decision index: the window's order).
  std::vector<std::pair<Millis, int>> bot_times;
  for (int seat : due) {
    if (seat == 0) continue;
    const auto position = static_cast<uint64_t>(t.state().knock_order(seat));
    bot_times.push_back({opened + Millis(decision_delay(11, t.decisions() + position, 1000, 2000) *
                                         bot_pace_percent(Phase::kKnockWindow) / 100),
                         seat});
  }
  std::sort(bot_times.begin(), bot_times.end());
  EXPECT_EQ(t.next_wake(), bot_times.front().first);
  for (const Pending& p : t.pending()) EXPECT_EQ(p.deadline, opened + Millis(5000));
  for (const auto& [when, seat] : bot_times) {
    t.tick(when - Millis(1));
    const std::vector<int> left = pending_seats(t);
    EXPECT_EQ(std::count(left.begin(), left.end(), seat), 1) << "not before its delay";
    t.tick(when);
    const std::vector<int> after = pending_seats(t);
    EXPECT_EQ(std::count(after.begin(), after.end(), seat), 0) << "answered at its delay";
  }
  EXPECT_EQ(pending_seats(t), std::vector<int>{0});
  EXPECT_EQ(t.next_wake(), opened + Millis(5000)) << "only the person's deadline is left";
  // The person answers: the window closes at once.
  ASSERT_TRUE(t.submit(0, Action::knock(), bot_times.back().first).ok());
  EXPECT_NE(t.state().phase(), Phase::kKnockWindow);
}

TEST(TableConfigTest, NextWakeSaysWhenTickHasWork) {
  // Persons without a clock: nothing but their input.
  Table people(two_rounds(), 5, {person(), person(), person()}, milliseconds(0));
  EXPECT_EQ(people.next_wake(), std::nullopt);
  // A person's clock.
  Table clock(two_rounds(), 5, {person(Millis(700)), person(), person()}, milliseconds(300));
  EXPECT_EQ(clock.next_wake(), milliseconds(1000));
  EXPECT_TRUE(clock.tick(milliseconds(999)).empty());
  EXPECT_FALSE(clock.tick(milliseconds(1000)).empty());
  // The round pause, and none without it.
  Table paused(two_rounds(), 31, bots({"random", "random", "random"}), milliseconds(0),
               std::string(kDefaultStandIn), milliseconds(3000));
  paused.tick(milliseconds(50));
  ASSERT_TRUE(paused.round_over());
  EXPECT_EQ(paused.next_wake(), milliseconds(3050));
  Table waiting(two_rounds(), 31, bots({"random", "random", "random"}), milliseconds(0),
                std::string(kDefaultStandIn), std::nullopt);
  waiting.tick(milliseconds(50));
  ASSERT_TRUE(waiting.round_over());
  EXPECT_EQ(waiting.next_wake(), std::nullopt);
  // A game that is over.
  ASSERT_TRUE(waiting.deal(milliseconds(60)).ok());
  waiting.tick(milliseconds(60));
  ASSERT_TRUE(waiting.game_over());
  EXPECT_EQ(waiting.next_wake(), std::nullopt);
}

TEST(TableConfigTest, TakeTimedOutNamesThePersonsWhoseOwnClockRanOut) {
  const Millis timeout(1000);
  Table t(RuleOptions{}, 3, {person(timeout), person(timeout), person(), person()},
          milliseconds(0));
  EXPECT_TRUE(t.take_timed_out().empty());
  t.tick(milliseconds(1000));  // seat 0's first setup reveal by the stand-in
  EXPECT_EQ(t.take_timed_out(), std::vector<int>{0});
  EXPECT_TRUE(t.take_timed_out().empty()) << "each once";
  t.tick(milliseconds(2000));  // his second one; then seat 1
  t.tick(milliseconds(3000));
  t.tick(milliseconds(4000));
  EXPECT_EQ(t.take_timed_out(), (std::vector<int>{0, 1}));
  // A person who answers in time is not named; a bot never is.
  Table u(RuleOptions{}, 3, {person(timeout), bot("random"), person(), person()}, milliseconds(0));
  ASSERT_TRUE(u.submit(0, u.pending()[0].legal[0], milliseconds(10)).ok());
  u.tick(milliseconds(20));
  EXPECT_TRUE(u.take_timed_out().empty());
  // In a knock window without a window deadline the seat's own clock counts.
  Table w(RuleOptions{}, 11, {person(timeout), person(timeout), person(timeout), person(timeout)},
          milliseconds(0));
  play_to_knock_window(w, milliseconds(0));
  const std::vector<int> due = pending_seats(w);
  ASSERT_TRUE(w.submit(due[0], Action::pass(), milliseconds(10)).ok());
  w.tick(milliseconds(1000));
  std::vector<int> expected = {due[1], due[2]};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(w.take_timed_out(), expected);
}

TEST(TableConfigTest, AnotherFirstPlayerInRoundOne) {
  RuleOptions o = two_rounds();
  TableConfig c;
  c.first_player = 2;
  c.round_pause.reset();  // only deal() deals
  Table t(o, 31, bots({"random", "greedy", "random"}), milliseconds(0), c);
  EXPECT_EQ(t.state().first_player(), 2);
  EXPECT_EQ(t.pending()[0].seat, 2);
  // The same shuffled deck as a game with player 0 first, dealt from player 2 on.
  EXPECT_EQ(current_deal(t.state()), current_deal(State(o, 31)));
  EXPECT_EQ(t.opening_events().front().player, 2);
  ASSERT_EQ(t.record().rounds[0].first_player, 2);
  // Saved and loaded (through JSON) in the middle of round 1.
  t.tick(milliseconds(0), 40);
  Table loaded = Table::load(parse_json(t.save().dump()));
  EXPECT_EQ(loaded.config(), t.config());
  EXPECT_EQ(loaded.state(), t.state());
  t.tick(milliseconds(0));
  ASSERT_TRUE(t.round_over());
  ASSERT_TRUE(t.deal(milliseconds(0)).ok());
  EXPECT_EQ(t.state().first_player(), 0) << "one seat to the left";
  t.tick(milliseconds(0));
  ASSERT_TRUE(t.game_over());
  // The record replays, from the record's chance and from the seed, also through JSON.
  GameRecord played = t.record();
  played.seats.clear();  // nameless seats
  const GameRecord r = record_from_json(parse_json(record_to_json(played).dump()));
  EXPECT_EQ(r.rounds[0].first_player, 2);
  EXPECT_EQ(r.rounds[1].first_player, 0);
  EXPECT_FALSE(replay_check(r)) << replay_check(r)->message;
  ReplayCursor by_seed(r, ChanceSource::kSeed);
  EXPECT_TRUE(by_seed.seek(by_seed.decisions()));
  EXPECT_FALSE(by_seed.error()) << by_seed.error()->message;
  EXPECT_EQ(by_seed.state(), t.state());
  // A record whose round 1 is said to start elsewhere does not replay.
  GameRecord wrong = r;
  wrong.rounds[0].first_player = 1;
  EXPECT_TRUE(replay_check(wrong));
  EXPECT_THROW(State(o, 31, 3), std::invalid_argument);
}

// Both tables tick at the same times and must do the same to the end.
void expect_same_future(Table& a, Table& b) {
  for (int guard = 0; guard < 100000 && !a.game_over(); ++guard) {
    ASSERT_EQ(a.next_wake(), b.next_wake());
    ASSERT_EQ(a.pending(), b.pending());
    const std::optional<Millis> wake = a.next_wake();
    ASSERT_TRUE(wake.has_value());
    ASSERT_EQ(a.tick(*wake), b.tick(*wake));
  }
  ASSERT_TRUE(a.game_over());
  EXPECT_TRUE(b.game_over());
  EXPECT_EQ(a.record(), b.record());
}

TEST(TableConfigTest, SaveAndLoadInTheMiddleOfABotDelay) {
  TableConfig c = server_config();
  c.round_pause = Millis(3000);
  c.first_player = 1;
  Table t(two_rounds(), 51, bots({"greedy", "expert", "random"}), milliseconds(0), c);
  for (int i = 0; i < 30; ++i) t.tick(*t.next_wake());
  const Millis mid = *t.next_wake() - Millis(1);  // a bot is thinking
  EXPECT_TRUE(t.tick(mid).empty());
  const nlohmann::json saved = t.save();
  EXPECT_EQ(saved.at("bot_delay_ms"), nlohmann::json::array({1000, 2000}));
  EXPECT_EQ(saved.at("knock_window_ms"), 5000);
  Table u = Table::load(parse_json(saved.dump()));
  EXPECT_EQ(u.config(), t.config());
  EXPECT_EQ(u.save(), saved);
  expect_same_future(t, u);
}

TEST(TableConfigTest, SaveAndLoadInAKnockWindowWithDeadlines) {
  const std::vector<Seat> seats = {person(Millis(30000)), bot("greedy"), bot("random"),
                                   bot("expert")};
  Table t(RuleOptions{}, 11, seats, milliseconds(0), server_config());
  Millis now(0);
  ASSERT_NO_FATAL_FAILURE(play_to_a_window_with_two_bots(t, now));
  t.tick(*t.next_wake());  // one bot has answered, the other is thinking
  ASSERT_EQ(t.pending().size(), 2u);
  const nlohmann::json saved = t.save();
  ASSERT_EQ(saved.at("knock_answers").size(), 1u);
  Table u = Table::load(parse_json(saved.dump()));
  EXPECT_EQ(u.save(), saved);
  EXPECT_EQ(u.pending(), t.pending());  // deadlines included
  // The person never answers: his window deadline passes, then his own clock, again and
  // again; both tables do the same.
  expect_same_future(t, u);
}

TEST(TableConfigTest, OldAndBadConfigsInTheTableFormat) {
  Table t(RuleOptions{}, 21, {person(), bot("random"), person(), person()}, milliseconds(0));
  nlohmann::json v1 = t.save();
  v1["version"] = 1;
  v1.erase("knock_window_ms");
  v1.erase("bot_delay_ms");
  const Table old = Table::load(v1);
  EXPECT_EQ(old.config(), TableConfig{});
  EXPECT_EQ(old.save(), t.save());
  nlohmann::json bad = v1;
  bad["knock_window_ms"] = 5000;
  EXPECT_EQ(load_error(bad), "table.knock_window_ms: is not part of version 1");
  bad = t.save();
  bad["bot_delay_ms"] = {2000, 1000};
  EXPECT_EQ(load_error(bad), "table.bot_delay_ms: min must not be above max");
  bad["bot_delay_ms"] = {1000};
  EXPECT_EQ(load_error(bad), "table.bot_delay_ms: must be [min, max]");
  bad["bot_delay_ms"] = {-1, 1000};
  EXPECT_NE(load_error(bad).find("table.bot_delay_ms[0]"), std::string::npos);
  bad = t.save();
  bad["knock_window_ms"] = -5;
  EXPECT_NE(load_error(bad).find("table.knock_window_ms"), std::string::npos);
  bad = t.save();
  bad["version"] = 3;
  EXPECT_NE(load_error(bad).find("table.version"), std::string::npos);
}

}  // namespace
}  // namespace allegra::table
