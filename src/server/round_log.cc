#include "server/round_log.h"

#include "wire/view_text.h"

namespace allegra::server {

void RoundLog::add(uint64_t seq, std::span<const Event> events) {
  for (const Event& e : events) {
    if (e.type == EventType::kRoundStarted) entries_.clear();
    entries_.push_back(Entry{seq, e});
    if (entries_.size() > kMaxEvents) entries_.pop_front();
  }
}

std::string RoundLog::json_text() const {
  std::string out = "[";
  for (const Entry& e : entries_) {
    if (out.size() > 1) out += ',';
    // {"event":...,"seq":N}: what dumping {{"seq", seq}, {"event", e}} writes, without the tree.
    out += R"({"event":)";
    wire::append_event_text(out, e.event, true);  // as event_to_json(e.event) dumps it
    out += R"(,"seq":)";
    wire::append_int_text(out, static_cast<int64_t>(e.seq));
    out += '}';
  }
  out += ']';
  return out;
}

}  // namespace allegra::server
