#include "engine/replay.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace allegra {

namespace {

std::string halves_text(const std::vector<int32_t>& v) {
  return v.empty() ? std::string("none") : fmt::format("[{}]", fmt::join(v, ", "));
}

std::vector<int32_t> first_n(const std::array<int32_t, kMaxPlayers>& a, int n) {
  return std::vector<int32_t>(a.begin(), a.begin() + n);
}

// A State to stand in while the record's options do not even make a game.
// Round 1's first player is the recorded one (a rematch moves the dealer on), if it is a
// player at all; else enter_round() reports the mismatch.
State initial_state(const GameRecord& record) {
  if (record.options.validate()) return State(RuleOptions{}, record.seed);
  const int first = record.rounds.empty() ? 0 : record.rounds.front().first_player;
  if (first < 0 || first >= record.options.players) return State(record.options, record.seed);
  return State(record.options, record.seed, first);
}

// The draw pile right after a draw that reshuffled, as a record writes it: the drawn card,
// then the new draw pile top first.
std::vector<int8_t> pile_after_reshuffle(const State& s) {
  std::vector<int8_t> pile{s.held_card()};
  for (int i = 0; i < s.draw_pile_size(); ++i) pile.push_back(s.draw_pile_card(i));
  return pile;
}

}  // namespace

// 1. Check what the whole record must satisfy before a game can start (version, options,
//    at least one round).
// 2. Enter round 0: its first player and its deal.
ReplayCursor::ReplayCursor(const GameRecord& record, ChanceSource chance)
    : record_(&record), chance_(chance), state_(initial_state(record)) {
  for (const RoundRecord& r : record.rounds) {
    round_starts_.push_back(decisions_);
    decisions_ += static_cast<int>(r.steps.size());
  }
  if (record.format_version != kRecordFormatVersion) {
    stop({-1, -1, fmt::format("unsupported format_version {}", record.format_version)});
  } else if (auto error = record.options.validate()) {
    stop({-1, -1, "options: " + *error});
  } else if (record.rounds.empty()) {
    stop({-1, -1, "the record has no rounds"});
  } else if (auto problem = enter_round(0)) {
    stop(std::move(*problem));
  }
}

int ReplayCursor::round_of(int index) const {
  const auto it = std::upper_bound(round_starts_.begin(), round_starts_.end(), index);
  return std::max(0, static_cast<int>(it - round_starts_.begin()) - 1);
}

bool ReplayCursor::stop(ReplayError error) {
  error.decision = index_;
  if (!error_) error_ = std::move(error);
  return false;
}

bool ReplayCursor::forward() {
  if (index_ >= decisions_ || (error_ && index_ >= error_->decision)) return false;
  if (auto problem = apply_step()) return stop(std::move(*problem));
  return true;
}

bool ReplayCursor::back() { return index_ > 0 && seek(index_ - 1); }

// 1. Pick the latest round start at or before the decision before `index` (so that the last
//    forward step gives that decision's events), unless the cursor is already between it and
//    `index`.
// 2. Replay forward from there.
bool ReplayCursor::seek(int index) {
  index = std::clamp(index, 0, decisions_);
  if (index == index_ || snapshots_.empty()) return index == index_;
  const int before = std::max(index - 1, 0);
  auto snap = std::find_if(snapshots_.rbegin(), snapshots_.rend(),
                           [&](const Snapshot& s) { return s.index <= before; });
  if (snap == snapshots_.rend()) snap = snapshots_.rend() - 1;
  if (index < index_ || snap->index > index_ || index == 0) restore(*snap);
  while (index_ < index)
    if (!forward()) break;
  return index_ == index;
}

void ReplayCursor::restore(const Snapshot& snapshot) {
  state_ = snapshot.state;
  index_ = snapshot.index;
  round_ = static_cast<int>(&snapshot - snapshots_.data());
  step_ = 0;
  actor_ = kNoPlayer;
  ended_after_ = -1;
  dealt_new_round_ = false;
  round_over_.reset();
  events_.clear();
}

// One recorded step, checked as docs/record-format.md says (3.), then, at the end of a round's
// steps while the record goes on, the round's result (4.) and the next round's deal (2.).
std::optional<ReplayError> ReplayCursor::apply_step() {
  const RoundRecord& rr = record_->rounds[static_cast<size_t>(round_)];
  const RecordStep& st = rr.steps[static_cast<size_t>(step_)];
  const int r = round_, i = step_;
  auto error = [&](std::string message) { return ReplayError{r, i, std::move(message)}; };
  if (static_cast<int>(st.action.type) >= kNumActionTypes)
    return error(fmt::format("round {}, step {}: not an action", r + 1, i + 1));
  const std::string where = fmt::format("round {}, step {} (player {}: '{}')", r + 1, i + 1,
                                        st.player, to_text(st.action));
  if (ended_after_ >= 0)
    return error(fmt::format("{}: the round already ended after step {}", where, ended_after_ + 1));
  if (st.player != state_.current_player())
    return error(fmt::format("{}: player {} is to act, not player {}", where,
                             state_.current_player(), st.player));
  const bool reshuffles = st.action.type == ActionType::kDrawPile && state_.draw_needs_reshuffle();
  if (!st.reshuffle.empty() && !reshuffles)
    return error(fmt::format(
        "{}: a reshuffle is recorded, but this step does not draw from an empty draw pile", where));
  if (st.reshuffle.empty() && reshuffles)
    return error(fmt::format(
        "{}: this draw reshuffles the discard pile, but the record has no reshuffle order", where));
  State next = state_;
  EventList events;
  if (reshuffles && chance_ == ChanceSource::kRecord) {
    try {
      next.reshuffle_with(st.reshuffle, &events);
    } catch (const std::invalid_argument& e) {
      return error(fmt::format("{}: the reshuffle order is not valid: {}", where, e.what()));
    }
  }
  try {
    next.apply(st.action, &events);
  } catch (const IllegalAction& e) {
    return error(fmt::format("{}: illegal: {}", where, e.what()));
  }
  if (reshuffles && chance_ == ChanceSource::kSeed && pile_after_reshuffle(next) != st.reshuffle)
    return error(fmt::format("{}: the reshuffle order is not the one the seed gives", where));

  const bool ended = next.rounds_played() > state_.rounds_played();
  state_ = next;
  events_ = events;
  actor_ = st.player;
  dealt_new_round_ = false;
  round_over_.reset();
  ++index_;
  ++step_;
  if (ended) ended_after_ = i;
  if (step_ < std::ssize(rr.steps) || round_ + 1 >= std::ssize(record_->rounds))
    return std::nullopt;
  if (auto problem = round_result_error(round_)) return problem;
  return enter_round(round_ + 1);
}

// docs/record-format.md 2.: the game goes on, the first player and the deal are the recorded
// ones. Round 0 is dealt when the State is made, a later round at the chance node that ends
// the round before: from the record (ChanceSource::kRecord) or from the State's Rng, which
// must then give the recorded deal (kSeed).
std::optional<ReplayError> ReplayCursor::enter_round(int r) {
  const RoundRecord& rr = record_->rounds[static_cast<size_t>(r)];
  auto error = [&](std::string message) { return ReplayError{r, -1, std::move(message)}; };
  if (state_.is_terminal())
    return error(
        fmt::format("round {}: the game ended after round {}, but the record has {} rounds", r + 1,
                    r, record_->rounds.size()));
  // R11: the first player moves one seat to the left each round.
  const int first =
      r == 0 ? state_.first_player() : left_of(state_.first_player(), state_.players());
  if (rr.first_player != first)
    return error(fmt::format("round {}: player {} plays first, the record says player {}", r + 1,
                             first, rr.first_player));
  State dealt = state_;
  EventList deal_events;
  if (chance_ == ChanceSource::kRecord) {
    try {
      if (r == 0)
        dealt = State(record_->options, record_->seed, rr.first_player, rr.deal);
      else
        dealt.deal(rr.deal, &deal_events);
    } catch (const std::invalid_argument& e) {
      return error(fmt::format("round {}: the deal is not valid: {}", r + 1, e.what()));
    }
  } else {
    if (r > 0) dealt.deal(&deal_events);
    if (current_deal(dealt) != rr.deal)
      return error(fmt::format("round {}: the deal is not the one the seed gives", r + 1));
  }
  if (r > 0) {
    round_over_ = state_;
    events_.insert(events_.end(), deal_events.begin(), deal_events.end());
  }
  state_ = dealt;
  round_ = r;
  step_ = 0;
  ended_after_ = -1;
  dealt_new_round_ = r > 0;
  if (std::ssize(snapshots_) == r) snapshots_.push_back({index_, state_});
  // A round without steps that is not the last cannot have ended.
  if (rr.steps.empty() && r + 1 < std::ssize(record_->rounds)) return round_result_error(r);
  return std::nullopt;
}

// docs/record-format.md 4.: the round's last step ended it, with the recorded ender and scores.
std::optional<ReplayError> ReplayCursor::round_result_error(int r) const {
  const RoundRecord& rr = record_->rounds[static_cast<size_t>(r)];
  const int n = state_.players();
  auto error = [&](std::string message) { return ReplayError{r, -1, std::move(message)}; };
  if (ended_after_ < 0)
    return error(fmt::format(
        "round {}: the record ends after step {}, but the round is not over (player {} is to "
        "act in phase {})",
        r + 1, rr.steps.size(), state_.current_player(), phase_name(state_.phase())));
  const RoundResult& result = state_.last_round();
  if (rr.ender != result.ender)
    return error(fmt::format("round {}: player {} ended the round, the record says {}", r + 1,
                             result.ender, rr.ender));
  if (rr.raw_half != first_n(result.raw_half, n))
    return error(fmt::format("round {}: the raw scores (half points) are {}, the record says {}",
                             r + 1, halves_text(first_n(result.raw_half, n)),
                             halves_text(rr.raw_half)));
  if (rr.score_half != first_n(result.score_half, n))
    return error(fmt::format("round {}: the scores (half points) are {}, the record says {}", r + 1,
                             halves_text(first_n(result.score_half, n)),
                             halves_text(rr.score_half)));
  return std::nullopt;
}

// docs/record-format.md 5.: the game is over, with the recorded totals and winners.
std::optional<ReplayError> ReplayCursor::game_result_error() const {
  auto error = [&](std::string message) { return ReplayError{-1, -1, std::move(message)}; };
  if (!state_.is_terminal())
    return error(fmt::format("the record ends after round {}, but the game is not over",
                             record_->rounds.size()));
  const int n = state_.players();
  std::vector<int32_t> totals;
  std::vector<int> winners;
  for (int p = 0; p < n; ++p) {
    totals.push_back(state_.total_half(p));
    if (state_.winners() >> p & 1) winners.push_back(p);
  }
  if (record_->totals_half != totals)
    return error(fmt::format("the totals (half points) are {}, the record says {}",
                             halves_text(totals), halves_text(record_->totals_half)));
  if (record_->winners != winners)
    return error(fmt::format("the winners are [{}], the record says [{}]", fmt::join(winners, ", "),
                             fmt::join(record_->winners, ", ")));
  return std::nullopt;
}

std::optional<ReplayError> ReplayCursor::end_error(RecordEnd end) const {
  if (error_) return error_;
  if (!at_end()) throw std::logic_error("ReplayCursor::end_error: not at the end of the record");
  std::optional<ReplayError> problem;
  const RoundRecord& last = record_->rounds.back();
  if (end == RecordEnd::kAnyPoint && ended_after_ < 0) {
    // A round still going: nothing of its result, nor of the game's, may be recorded.
    if (!last.score_half.empty() || !last.raw_half.empty() || last.ender != kNoPlayer)
      problem = ReplayError{round_, -1,
                            fmt::format("round {}: the round is not over, but the record gives "
                                        "its result",
                                        round_ + 1)};
    else if (!record_->totals_half.empty() || !record_->winners.empty())
      problem = ReplayError{-1, -1, "the game is not over, but the record gives its result"};
  } else if (!(problem = round_result_error(round_)) &&
             !(end == RecordEnd::kAnyPoint && state_.is_chance_node())) {
    // A game stopped at the chance node (the round over, the next not dealt) is not over.
    problem = game_result_error();
  }
  if (problem) problem->decision = index_;
  return problem;
}

}  // namespace allegra
