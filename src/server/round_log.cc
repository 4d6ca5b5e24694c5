#include "server/round_log.h"

#include "wire/view_text.h"

namespace allegra::server {

void RoundLog::add(uint64_t seq, const nlohmann::json& events) {
  for (const nlohmann::json& e : events) {
    if (e.value("type", "") == "round-started") entries_.clear();
    // {"event":...,"seq":N}: what dumping {{"seq", seq}, {"event", e}} writes, without the tree.
    std::string entry = R"({"event":)";
    wire::append_json_text(entry, e);
    entry += R"(,"seq":)";
    entry += std::to_string(seq);
    entry += '}';
    entries_.push_back(std::move(entry));
    if (entries_.size() > kMaxEvents) entries_.pop_front();
  }
}

std::string RoundLog::json_text() const {
  size_t bytes = 2;
  for (const std::string& e : entries_) bytes += e.size() + 1;
  std::string out;
  out.reserve(bytes);
  out += '[';
  for (const std::string& e : entries_) {
    if (out.size() > 1) out += ',';
    out += e;
  }
  out += ']';
  return out;
}

}  // namespace allegra::server
