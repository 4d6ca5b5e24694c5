// Narrator: what happened and what is being decided, as sentences a person understands.
//
// The engine reports each action as a list of events, one per thing a player did; the narrator
// turns them into sentences such as "Bea swapped the 7 into row 2, column 3 for the 11 and
// cleared three 7s (row 2)", in the player's language, so bot moves can be followed. It also
// explains the end of a round (the penalty or the bonus) and sums up the game. Text only, from
// public events. The one narrator of the terminal game, `allegra replay --print` and selfplay
// transcripts (data/lang/<code>.json, keys "narr.*"; keys_for() lists them per event kind).
#pragma once

#include <span>
#include <string>
#include <string_view>
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

// How much is told. The screen shows whose turn it is and who is still deciding in its status
// line, so turns and passes are not told there; a written transcript tells them too.
enum class Telling { kScreen, kEverything };

// The voices of seats where `human[p]` says who is a person: a single person is "you".
std::vector<Voice> voices_for(const std::vector<bool>& human);

class Narrator {
 public:
  // `voices` has one entry per seat; missing entries are bots (a replay speaks of nobody as
  // "you").
  Narrator(const Translator& tr, std::vector<std::string> names, int players,
           std::vector<Voice> voices = {}, Telling telling = Telling::kScreen);

  // The sentences for the events of one apply() (or of several, in order). A clear continues
  // the sentence of the move that made it; the end-of-round reveals are told as one sentence;
  // kRoundScored is told by round_result().
  std::vector<std::string> narrate(std::span<const Event> events) const;
  // The message keys that tell events of kind `t` (narrate(), round_result(), game_summary()),
  // so a test can check that every kind has its sentences in every language.
  static std::vector<std::string_view> keys_for(EventType t);
  // Whose turn it is and what is being decided.
  std::string decision(const PublicView& view) const;
  // The end of a round from its kRoundScored events: each score, the penalty or bonus of
  // `ender`, who ended the round.
  std::vector<std::string> round_result(int round, int ender, std::span<const Event> scored,
                                        const std::vector<int32_t>& totals_half) const;
  // Parts of round_result(), for a printer that shows the scores in a table of its own: the
  // -10 bonus of p's empty display, and the sentence on the ender's kRoundScored event (the
  // penalty, or why there is none).
  std::string bonus_sentence(int p) const;
  std::string ender_sentence(const Event& scored) const;
  // The final summary: the rounds, the totals in order, the winner(s).
  std::vector<std::string> game_summary(const std::vector<std::vector<int32_t>>& round_scores,
                                        const std::vector<int32_t>& totals_half,
                                        uint8_t winners) const;
  // The last sentence of game_summary(): who won ("The winners are Bea and Carlo!").
  std::string winners_sentence(uint8_t winners) const;

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
  // The sentence of one event; empty if it is told otherwise (see narrate()).
  std::string sentence(const Event& e) const;

  const Translator* tr_;
  std::vector<std::string> names_;
  int players_;
  std::vector<Voice> voices_;
  Telling telling_;
};

}  // namespace allegra::text
