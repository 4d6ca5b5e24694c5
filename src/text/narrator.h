// Narrator: what happened and what is being decided, as sentences a person understands.
//
// The engine reports each action as a list of events; the narrator turns them into a line
// such as "Bea swaps the 7 into row 2, column 3, discards the 11 and clears three 7s (row 2)",
// in the player's language, so bot moves can be followed. It also explains the end of a round
// (the penalty or the bonus) and sums up the game. Text only, from public events.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "engine/event.h"
#include "engine/public_view.h"
#include "text/translator.h"

namespace allegra::text {

// How the texts speak of a seat. The one person at this keyboard is "you" ("You drew the 8",
// "Knock for it?"); when several people share the keyboard (hot-seat) each is a named person,
// addressed by name when deciding ("Ann: knock for it?"); bots are named in the third person
// ("Emil is deciding whether to knock for your 9").
enum class Voice { kYou, kPerson, kBot };

// The voices of seats where `human[p]` says who is a person: a single person is "you".
std::vector<Voice> voices_for(const std::vector<bool>& human);

class Narrator {
 public:
  // `voices` has one entry per seat; missing entries are bots (a replay speaks of nobody as
  // "you").
  Narrator(const Translator& tr, std::vector<std::string> names, int players,
           std::vector<Voice> voices = {});

  // The sentences for the events of one apply() of `actor`'s action.
  std::vector<std::string> narrate(int actor, std::span<const Event> events) const;
  // Whose turn it is and what is being decided.
  std::string decision(const PublicView& view) const;
  // The end of a round from its kRoundScored events: each score, the penalty or bonus of
  // `ender`, who ended the round.
  std::vector<std::string> round_result(int round, int ender, std::span<const Event> scored,
                                        const std::vector<int32_t>& totals_half) const;
  // The final summary: the rounds, the totals in order, the winner(s).
  std::vector<std::string> game_summary(const std::vector<std::vector<int32_t>>& round_scores,
                                        const std::vector<int32_t>& totals_half,
                                        uint8_t winners) const;

  const std::string& name(int p) const { return names_[static_cast<size_t>(p)]; }
  // The select value of seat p as the subject or object of a sentence: "you" or "other".
  const char* actor(int p) const;
  // The select value of seat p as the decider of a status line: "you", "person" or "other".
  const char* decider(int p) const;
  // The seat called "you" (Voice::kYou), kNoPlayer if none.
  int you() const;

 private:
  // "Bea, Carlo and Dora" in the language's way.
  std::string names_text(const std::vector<int>& seats) const;
  std::string sentence(int actor, const Event& e, std::span<const Event> rest,
                       std::span<bool> used) const;

  const Translator* tr_;
  std::vector<std::string> names_;
  int players_;
  std::vector<Voice> voices_;
};

}  // namespace allegra::text
