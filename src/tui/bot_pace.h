// BotPace: how long the screen waits after each bot move, as the person set it while playing.
//
// `allegra play --delay` sets the pause after a bot's move; during the game `+` and `-` make
// the bots faster or slower (the pause halves or doubles, from no pause at all up to 16 times
// the starting one) and `p` holds them until it is pressed again. The pace lasts for the
// session. Pure arithmetic, so the steps are tested without a terminal.
#pragma once

namespace allegra::tui {

class BotPace {
 public:
  static constexpr int kFastest = -5;  // no pause at all
  static constexpr int kSlowest = 4;   // 16 times the pause set at the start

  // The pause after a bot move of `base_ms` (the --delay) at this pace, in milliseconds;
  // paused() says to wait for `p` on top of it.
  int delay(int base_ms) const;
  void faster();
  void slower();
  void toggle_pause() { paused_ = !paused_; }
  bool paused() const { return paused_; }
  int level() const { return level_; }

 private:
  int level_ = 0;  // 0: as set; +1: twice as slow; -1: twice as fast
  bool paused_ = false;
};

}  // namespace allegra::tui
