#include "text/hint_text.h"

#include <cmath>

#include "text/card_text.h"

namespace allegra::text {

double one_decimal(double points) {
  const double rounded = std::round(points * 10) / 10;
  return rounded == 0 ? 0.0 : rounded;  // never "-0"
}

std::string hint_reason_text(const bots::HintReason& r, const Translator& tr) {
  using enum bots::HintReasonCode;
  const double mean = one_decimal(r.mean);
  switch (r.code) {
    case kClears:
      return tr.tr("hint.why_clears", {{"card", card_text(r.card)}});
    case kReplaceDown:
      return tr.tr("hint.why_replace_down", {{"card", card_text(r.card)}, {"mean", mean}});
    case kReplace:
      return tr.tr("hint.why_replace", {{"old", card_text(r.old)}, {"card", card_text(r.card)}});
    case kPut:
      return tr.tr("hint.why_put", {{"card", card_text(r.card)}});
    case kPutUnknown:
      return tr.tr("hint.why_put_unknown");
    case kReveal:
      return tr.tr("hint.why_reveal", {{"mean", mean}});
    case kDiscard:
      return tr.tr("hint.why_discard", {{"card", card_text(r.card)}, {"mean", mean}});
    case kDrawPile:
      return tr.tr("hint.why_draw_pile", {{"mean", mean}});
    case kDrawDiscard:
      return tr.tr("hint.why_draw_discard", {{"card", card_text(r.card)}});
    case kKnock:
      return tr.tr("hint.why_knock", {{"card", card_text(r.card)}});
    case kPass:
      return tr.tr("hint.why_pass");
    case kGive:
      return tr.tr("hint.why_give");
    case kRefuse:
      return tr.tr("hint.why_refuse", {{"card", card_text(r.card)}});
    case kTake:
      return tr.tr("hint.why_take", {{"card", card_text(r.card)}});
    case kTakeDown:
      return tr.tr("hint.why_take_down", {{"mean", mean}});
    case kClearLine:
      return tr.tr("hint.why_clear");
    case kLeaveLines:
      return tr.tr("hint.why_leave");
  }
  return {};
}

std::vector<std::string> hint_lines(const bots::Hint& hint,
                                    const std::vector<std::string>& move_labels,
                                    const Translator& tr) {
  if (hint.only_move()) return {tr.tr("hint.only", {{"move", move_labels.at(0)}})};
  std::vector<std::string> out;
  out.push_back(tr.tr("hint.title", {{"now", one_decimal(hint.expected_now)}}));
  for (size_t i = 0; i < hint.moves.size(); ++i) {
    out.push_back(tr.tr("hint.move", {{"rank", i + 1},
                                      {"move", move_labels.at(i)},
                                      {"score", one_decimal(hint.moves[i].expected)}}));
    out.push_back("   " + hint_reason_text(hint.reasons[i], tr));
  }
  switch (hint.order) {
    case bots::HintOrder::kEqualPoints:
      out.push_back(tr.tr("hint.equal"));
      break;
    case bots::HintOrder::kSearchPrefers:
      out.push_back(tr.tr("hint.search_prefers"));
      break;
    case bots::HintOrder::kByPoints:
      break;
  }
  return out;
}

}  // namespace allegra::text
