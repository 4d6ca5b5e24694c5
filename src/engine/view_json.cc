#include "engine/view_json.h"

#include "engine/json_fields.h"
#include "engine/options_json.h"
#include "engine/public_view.h"
#include "engine/state_codec.h"

namespace allegra {

using nlohmann::json;
using namespace json_write;  // NOLINT(google-build-using-namespace)

json StateCodec::public_to_json(const PublicView& view, LegalActionsKey legal_key) {
  const State& m = view.masked();
  const int n = m.players();
  json j = json::object();
  j["options"] = options_to_json(m.options_);
  j["phase"] = phase_name(m.phase_);
  // Nobody decides at the chance node (round-over: the deal is next) or once the game is over.
  j["current_player"] = m.is_chance_node() ? json(nullptr) : player_or_null(m.current_player());
  j["round"] = m.round_;
  j["rounds_played"] = m.rounds_played_;
  j["first_player"] = m.first_player_;
  j["dealer"] = m.dealer();
  j["active"] = m.active_;
  j["setup_reveals_left"] = m.setup_reveals_left_;
  j["ender"] = player_or_null(m.ender_);
  j["final_done"] = player_set(m.final_done_, n);
  j["grids"] = grids_json(m, /*face_down_values=*/false);
  json shared_from = json::array();
  for (int p = 0; p < n; ++p) shared_from.push_back(left_of(p, n));
  j["shared_from"] = std::move(shared_from);
  j["hole"] = cell_or_null(m.hole_);
  j["draw_pile_size"] = m.draw_count_;
  json discard = json::array();
  for (int i = 0; i < m.discard_pile_size(); ++i)
    discard.push_back(card_to_json(m.discard_pile_card(i)));
  j["discard_pile"] = discard;
  j["held"] = card_to_json(m.held_);
  j["held_from_discard"] = m.held_from_discard_;
  j["knock_pending"] = player_set(m.knock_pending_, n);
  j["knockers"] = player_set(m.knockers_, n);
  j["knocker"] = player_or_null(m.knocker_);
  // The masked state already hides an unknown hand/taken card; mask again in case.
  j["hand"] = card_to_json(m.hand_ != kNoCard && !m.hand_known_ ? kHiddenValue : m.hand_);
  j["taken"] = card_to_json(m.taken_ != kNoCard && !m.taken_known_ ? kHiddenValue : m.taken_);
  j["pending_discard"] = card_to_json(m.pending_discard_);
  j["pending_discard_from"] = cell_or_null(m.pending_discard_from_);
  j["clearer"] = player_or_null(m.clearer_);
  j["totals_half"] = totals_json(m);
  j["last_round"] = m.rounds_played_ > 0 ? round_result_json(m.last_round_, n) : json(nullptr);
  j["winners"] = m.is_terminal() ? player_set(m.winners(), n) : json(nullptr);
  if (legal_key == LegalActionsKey::kWith) {
    json legal = json::array();
    for (Action a : m.legal_actions()) legal.push_back(to_text(a));
    j["legal_actions"] = legal;
  }
  return j;
}

json public_view_to_json(const PublicView& view, LegalActionsKey legal) {
  return StateCodec::public_to_json(view, legal);
}

}  // namespace allegra
