// Session: one game of `allegra play` from the first deal to the summary.
//
// What: a thin driver of a table::Table (src/table/table.h), which holds the real State (the
// only place a hidden card exists), the seats and the game record. The session asks the Table
// who is pending: bots move through Table::tick(), one decision at a time, each move shown
// with a pause; a person is asked through the Screen, with a "pass the screen" pause between
// different people at one keyboard (hot-seat), and may ask for a hint or quit, which saves the
// game for --resume. Every finished game is appended to the record file.
//
// Why a Table: the terminal, the simulator and the server play the same turn flow, so the
// knock window is the Table's (every eligible player answers the window as it opened; bots at
// once, then each person in turn, none seeing another's answer before it closes) and bots are
// pure functions of the view and a seed from the game seed and the decision index (a resumed
// game goes on as the uninterrupted one would).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "bots/hint.h"
#include "engine/record.h"
#include "table/table.h"
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
  // Writes the save (path, text); empty: write_file_atomically. Tests inject a full disk.
  std::function<void(const std::string& path, const std::string& text)> write_save;
};

class Session {
 public:
  enum class Outcome { kFinished, kQuit };

  // A new game. Throws std::invalid_argument for bad options or a bad bot spec.
  Session(const SessionConfig& config, const text::Translator& tr);
  // A saved game, continued where it stopped (config.seats and the options come from it).
  // Throws std::invalid_argument if the save does not replay to `state`.
  Session(const SessionConfig& config, const text::Translator& tr, const SavedGame& saved,
          const State& state);
  ~Session();

  Outcome run(Screen& screen);

  const State& state() const { return table_.state(); }
  // The record so far, without the seats (as SavedGame::record). Answers given in a knock
  // window that is still open are not in it until the window closes (the save keeps them).
  GameRecord record() const;
  // The messages for after the screen is closed ("saved in ...", "record in ...").
  const std::vector<std::string>& messages() const { return messages_; }
  void save() const;

 private:
  // The session's clock for the Table (local play has no deadlines; the Table wants a time).
  table::Millis now() const;
  bool person(int seat) const;
  int viewer_for(int decider) const;
  TableModel model(const PublicView& view, int viewer) const;
  // Asks person `p` (pending in `due`) and submits the choice. The events, or nullopt if the
  // person quit.
  std::optional<table::Events> ask(const table::Pending& due, Screen& screen,
                                   const std::function<void(const TableModel&)>& show);
  // The hint's lines, or "cancelled" if the person cancelled it while it was worked out.
  std::vector<std::string> hint(const PublicView& view, const TableModel& asking,
                                Screen& screen) const;
  // True if the person asked to quit instead of going on.
  // `actor` took the round's last decision; `events` are its events.
  bool finish_round(int actor, const table::Events& events, Screen& screen);
  // The round result of the round `ended` has just finished (its scored `events`), for the log.
  std::vector<std::string> result_lines(const State& ended, std::span<const Event> events) const;
  void save_and_tell();

  SessionConfig config_;
  const text::Translator* tr_;
  table::Table table_;
  text::Narrator narrator_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::vector<std::string> log_;
  std::vector<std::vector<int32_t>> round_scores_;
  std::vector<std::string> messages_;
  int humans_ = 0;
  int last_human_ = kNoPlayer;
  bool save_failing_ = false;
  // A game resumed on its end-of-round screen: the round's scored events, shown first by run().
  std::optional<table::Events> result_to_show_;
};

std::vector<std::string> seat_names(const std::vector<SeatConfig>& seats);
// How the texts speak of each seat (voices_for the people among them).
std::vector<text::Voice> seat_voices(const std::vector<SeatConfig>& seats);
// The seat texts call "you": the only person; kNoPlayer with none or several people.
int you_seat(const std::vector<SeatConfig>& seats);
// The Table's seats for these: a person, or a bot of its spec; no clocks (local play).
std::vector<table::Seat> table_seats(const std::vector<SeatConfig>& seats);

}  // namespace allegra::tui
