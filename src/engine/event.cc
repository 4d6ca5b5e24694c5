#include "engine/event.h"

#include <fmt/format.h>

#include "engine/action.h"

namespace allegra {
namespace {

std::string value_text(int8_t v) {
  return v == kHiddenValue ? "a hidden card" : fmt::format("{}", v);
}

std::string half_points(int32_t half) {
  if (half % 2 == 0) return fmt::format("{}", half / 2);
  return fmt::format("{}{}.5", half < 0 ? "-" : "", std::abs(half) / 2);
}

}  // namespace

std::string_view event_type_name(EventType t) {
  switch (t) {
    case EventType::kRoundStarted:
      return "round-started";
    case EventType::kTurnStarted:
      return "turn-started";
    case EventType::kRevealed:
      return "revealed";
    case EventType::kReshuffled:
      return "reshuffled";
    case EventType::kDrew:
      return "drew";
    case EventType::kKnocked:
      return "knocked";
    case EventType::kPassed:
      return "passed";
    case EventType::kGave:
      return "gave";
    case EventType::kRefused:
      return "refused";
    case EventType::kSwapped:
      return "swapped";
    case EventType::kDiscarded:
      return "discarded";
    case EventType::kKnockerSwapped:
      return "knocker-swapped";
    case EventType::kTook:
      return "took";
    case EventType::kPut:
      return "put";
    case EventType::kPutBack:
      return "put-back";
    case EventType::kCleared:
      return "cleared";
    case EventType::kLinesLeft:
      return "lines-left";
    case EventType::kRoundEnded:
      return "round-ended";
    case EventType::kTurnSkipped:
      return "turn-skipped";
    case EventType::kFinalRevealed:
      return "final-revealed";
    case EventType::kRoundScored:
      return "round-scored";
    case EventType::kGameOver:
      return "game-over";
  }
  return "?";
}

std::string describe(const Event& e) {
  switch (e.type) {
    case EventType::kRoundStarted:
      return fmt::format("round {} starts; player {} begins; discard pile starts with {}",
                         e.round + 1, e.player, e.card);
    case EventType::kTurnStarted:
      return fmt::format("player {}'s turn", e.player);
    case EventType::kRevealed:
      return fmt::format("player {} reveals {}: {}", e.player, cell_to_text(e.cell), e.card);
    case EventType::kReshuffled:
      return fmt::format("the discard pile is shuffled into a new draw pile of {} cards", e.cards);
    case EventType::kDrew:
      return fmt::format("player {} draws {} from the {} pile", e.player, e.card,
                         e.pile == Pile::kDraw ? "draw" : "discard");
    case EventType::kKnocked:
      return fmt::format("player {} knocks", e.player);
    case EventType::kPassed:
      return fmt::format("player {} does not knock", e.player);
    case EventType::kGave:
      return fmt::format("player {} gives the card to knocker {}", e.player, e.knocker);
    case EventType::kRefused:
      return fmt::format("player {} keeps the card", e.player);
    case EventType::kSwapped:
      return fmt::format("player {} swaps {} into {} for {}", e.player, e.card,
                         cell_to_text(e.cell), e.old_card);
    case EventType::kDiscarded:
      if (e.cell == kNoCell) return fmt::format("player {} discards {}", e.player, e.card);
      return fmt::format("player {} discards {} from {}", e.player, e.card, cell_to_text(e.cell));
    case EventType::kKnockerSwapped:
      return fmt::format("knocker {} swaps {} into {} and takes {} to his hand", e.player, e.card,
                         cell_to_text(e.cell), value_text(e.old_card));
    case EventType::kTook:
      return fmt::format("player {} takes {} from {}", e.player, value_text(e.card),
                         cell_to_text(e.cell));
    case EventType::kPut:
      return fmt::format("player {} puts {} into {} for {}", e.player, e.card, cell_to_text(e.cell),
                         e.old_card);
    case EventType::kPutBack:
      return fmt::format("knocker {} puts {} back into {}", e.player, e.card, cell_to_text(e.cell));
    case EventType::kCleared:
      return fmt::format("player {} clears {} (three {}s: {} {} {})", e.player,
                         line_to_text(e.line), e.card, cell_to_text(e.cells[0]),
                         cell_to_text(e.cells[1]), cell_to_text(e.cells[2]));
    case EventType::kLinesLeft:
      return fmt::format("player {} leaves the lines standing", e.player);
    case EventType::kRoundEnded:
      return fmt::format("player {} has no face-down card left: the round ends", e.player);
    case EventType::kTurnSkipped:
      return fmt::format("player {} has no face-down card and is skipped", e.player);
    case EventType::kFinalRevealed:
      return fmt::format("{} is turned up: {}", cell_to_text(e.cell), e.card);
    case EventType::kRoundScored:
      return fmt::format("player {} scores {}{}", e.player, half_points(e.score_half),
                         e.penalised
                             ? fmt::format(" (ended the round without the lowest score: {})",
                                           half_points(e.display_half))
                             : "");
    case EventType::kGameOver:
      return "the game is over";
  }
  return "?";
}

}  // namespace allegra
