#include "bots/hint_json.h"

#include <cmath>

#include "engine/json_fields.h"

namespace allegra::bots {
namespace {

// Which of HintReason's fields a code uses (the comments of HintReasonCode).
struct UsedFields {
  bool card = false, old = false, mean = false;
};

UsedFields used_fields(HintReasonCode code) {
  using enum HintReasonCode;
  switch (code) {
    case kClears:
    case kPut:
    case kDrawDiscard:
    case kKnock:
    case kRefuse:
    case kTake:
      return {.card = true};
    case kReplaceDown:
    case kDiscard:
      return {.card = true, .mean = true};
    case kReplace:
      return {.card = true, .old = true};
    case kReveal:
    case kDrawPile:
    case kTakeDown:
      return {.mean = true};
    case kPutUnknown:
    case kPass:
    case kGive:
    case kClearLine:
    case kLeaveLines:
      break;
  }
  return {};
}

double one_decimal(double points) {
  const double rounded = std::round(points * 10) / 10;
  return rounded == 0 ? 0.0 : rounded;  // never "-0"
}

}  // namespace

std::string_view hint_reason_code_name(HintReasonCode code) {
  using enum HintReasonCode;
  switch (code) {
    case kClears:
      return "clears";
    case kReplaceDown:
      return "replace_down";
    case kReplace:
      return "replace";
    case kPut:
      return "put";
    case kPutUnknown:
      return "put_unknown";
    case kReveal:
      return "reveal";
    case kDiscard:
      return "discard";
    case kDrawPile:
      return "draw_pile";
    case kDrawDiscard:
      return "draw_discard";
    case kKnock:
      return "knock";
    case kPass:
      return "pass";
    case kGive:
      return "give";
    case kRefuse:
      return "refuse";
    case kTake:
      return "take";
    case kTakeDown:
      return "take_down";
    case kClearLine:
      return "clear_line";
    case kLeaveLines:
      return "leave_lines";
  }
  return "pass";
}

nlohmann::json hint_reason_json(const HintReason& reason) {
  const UsedFields used = used_fields(reason.code);
  nlohmann::json j = {{"code", hint_reason_code_name(reason.code)}};
  if (used.card) j["card"] = card_to_json(reason.card);
  if (used.old) j["old"] = card_to_json(reason.old);
  if (used.mean) j["mean"] = one_decimal(reason.mean);
  return j;
}

}  // namespace allegra::bots
