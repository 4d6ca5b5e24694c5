#include "tui/bot_pace.h"

namespace allegra::tui {

int BotPace::delay(int base_ms) const {
  if (base_ms <= 0 || level_ <= kFastest) return 0;
  return level_ >= 0 ? base_ms << level_ : base_ms >> -level_;
}

void BotPace::faster() {
  if (level_ > kFastest) --level_;
}

void BotPace::slower() {
  if (level_ < kSlowest) ++level_;
}

}  // namespace allegra::tui
