// Session: one game of `allegra play` from the first deal to the summary.
//
// The session owns the real State (the only place a hidden card exists), the bots (which see
// the public view only) and the game record. It asks whoever is to decide: a bot answers at
// once and its move is shown with a pause; a person is asked through the Screen, with a
// "pass the screen" pause between different people at one keyboard (hot-seat), and may ask
// for a hint or quit, which saves the game for --resume. Every finished game is appended to
// the record file.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bots/bot.h"
#include "bots/hint.h"
#include "engine/record.h"
#include "text/narrator.h"
#include "text/translator.h"
#include "tui/save_file.h"
#include "tui/screen.h"

namespace allegra::tui {

struct SessionConfig {
  RuleOptions options;
  uint64_t seed = 1;
  std::vector<SeatConfig> seats;  // one per player
  int delay_ms = 600;             // the pause after each bot move
  std::string save_path;          // where quitting saves ("" = never save)
  std::string resume_command;     // how to continue the saved game, told when quitting
  std::string record_path;        // where a finished game's record is appended ("" = nowhere)
  int hint_iterations = bots::kHintIterations;
};

class Session {
 public:
  enum class Outcome { kFinished, kQuit };

  // A new game. Throws std::invalid_argument for bad options or a bad bot spec.
  Session(const SessionConfig& config, const text::Translator& tr);
  // A saved game, continued where it stopped (config.seats and the options come from it).
  Session(const SessionConfig& config, const text::Translator& tr, SavedGame saved,
          const State& state);
  ~Session();

  Outcome run(Screen& screen);

  const State& state() const { return state_; }
  const GameRecord& record() const { return recorder_.record(); }
  // The messages for after the screen is closed ("saved in ...", "record in ...").
  const std::vector<std::string>& messages() const { return messages_; }
  void save() const;

 private:
  void make_bots();
  int viewer_for(int decider) const;
  TableModel model(const PublicView& view, int viewer) const;
  // The hint's lines, or "cancelled" if the person cancelled it while it was worked out.
  std::vector<std::string> hint(const PublicView& view, const TableModel& asking,
                                Screen& screen) const;
  // True if the person asked to quit instead of going on.
  bool finish_round(const TableModel& before, const EventList& events, Screen& screen);

  SessionConfig config_;
  const text::Translator* tr_;
  State state_;
  GameRecorder recorder_;
  text::Narrator narrator_;
  std::vector<std::unique_ptr<Bot>> bots_;  // null for people
  std::vector<std::string> log_;
  std::vector<std::vector<int32_t>> round_scores_;
  std::vector<std::string> messages_;
  int humans_ = 0;
  int last_human_ = kNoPlayer;
};

std::vector<std::string> seat_names(const std::vector<SeatConfig>& seats);
// How the texts speak of each seat (voices_for the people among them).
std::vector<text::Voice> seat_voices(const std::vector<SeatConfig>& seats);
// The seat texts call "you": the only person; kNoPlayer with none or several people.
int you_seat(const std::vector<SeatConfig>& seats);

}  // namespace allegra::tui
