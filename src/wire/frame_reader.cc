#include "wire/frame_reader.h"

#include <nlohmann/json.hpp>

#include "wire/table_delta.h"

namespace allegra::wire {
namespace {

using nlohmann::json;

// Where the parser is: the key of each open object (arrays push "[]"), from the top down. The
// view's value is skipped whole (skip_next_ for its first token, skip_depth_ inside it).
class Reader : public nlohmann::json_sax<json> {
 public:
  explicit Reader(FrameRead& out) : out_(out) {}
  bool stopped_at_view = false;

  bool null() override { return text(""); }
  bool boolean(bool v) override {
    if (!skipped() && in_pending_entry() && key_is(3, "knock_window"))
      out_.pending.back().knock_window = v;
    if (!skipped() && in_compact_entry() && key_is(2, "knock_window")) compact_.knock_window = v;
    return scalar();
  }
  bool number_integer(number_integer_t v) override { return number(v); }
  bool number_unsigned(number_unsigned_t v) override {
    if (!skipped() && depth() == 1 && key_is(0, "seq")) out_.seq = v;
    if (!skipped() && depth() == 1 && key_is(0, "id")) out_.id = v;
    if (!skipped() && in_pending_entry() && key_is(3, "decision")) out_.pending.back().decision = v;
    if (!skipped() && in_compact_entry() && key_is(2, "decision")) compact_.decision = v;
    return number(static_cast<int64_t>(v));
  }
  bool number_float(number_float_t v, const string_t&) override {
    if (!skipped() && is_message_rate()) out_.messages_per_s = v;
    return scalar();
  }
  bool binary(binary_t&) override { return scalar(); }
  bool string(string_t& v) override { return text(v); }

  bool start_object(std::size_t) override {
    if (enter_skipped()) return true;
    if (path_.empty()) out_.ok = true;
    if (depth() == 3 && key_is(0, "table") && key_is(1, "pending")) out_.pending.emplace_back();
    if (depth() == 2 && key_is(0, "pending")) {  // an entry of a delta's compact pending
      compact_ = PendingSeatRead{};
      compact_seats_.clear();
    }
    path_.emplace_back();
    return true;
  }
  bool end_object() override {
    // The end of a compact entry: one pending seat for each of its seats.
    if (skip_depth_ == 0 && in_compact_entry()) {
      for (int seat : compact_seats_) {
        out_.pending.push_back(compact_);
        out_.pending.back().seat = seat;
      }
    }
    return leave();
  }
  bool start_array(std::size_t) override {
    if (enter_skipped()) return true;
    if (path_.empty()) return false;  // not an object: ok stays false
    path_.emplace_back("[]");
    return true;
  }
  bool end_array() override { return leave(); }
  bool key(string_t& k) override {
    if (skip_depth_ > 0) return true;
    path_.back() = k;
    // A delta's `set` holds TABLE's keys that changed: read as a table. (Its compact `pending`
    // is read by in_compact_entry() and friends.)
    if (depth() == 1 && k == "pending") out_.has_table = true;  // a delta's (with or without set)
    if (depth() == 1 && (k == "table" || k == "set")) {
      out_.has_table = true;
      path_.back() = "table";
    }
    if (depth() == 2 && key_is(0, "table") && k == "view") {
      if (!out_.type.empty()) {  // the view and what follows it are not needed: stop here
        stopped_at_view = true;
        return false;
      }
      skip_next_ = true;
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override {
    out_.ok = false;
    return false;
  }

 private:
  size_t depth() const { return path_.size(); }
  bool key_is(size_t level, std::string_view k) const {
    return level < path_.size() && path_[level] == k;
  }
  // A scalar: true if it is (in) the skipped view.
  bool skipped() const { return skip_depth_ > 0 || skip_next_; }
  bool enter_skipped() {
    if (skip_depth_ > 0 || skip_next_) {
      skip_next_ = false;
      ++skip_depth_;
      return true;
    }
    return false;
  }
  bool leave() {
    if (skip_depth_ > 0) {
      --skip_depth_;
    } else if (!path_.empty()) {
      path_.pop_back();
    }
    return true;
  }
  bool scalar() {
    if (skip_depth_ == 0) skip_next_ = false;
    return true;
  }
  // Inside an entry of a delta's compact `pending` (its key at level 2; messages.h
  // append_delta_pending), and inside its legal list.
  bool in_compact_entry() const { return depth() == 3 && key_is(0, "pending"); }
  bool in_compact_legal() const { return key_is(0, "pending") && key_is(2, "legal"); }
  // Inside an entry of table.pending (its key at level 3).
  bool in_pending_entry() const {
    return depth() == 4 && key_is(0, "table") && key_is(1, "pending") && !out_.pending.empty();
  }
  bool is_message_rate() const {
    return depth() == 2 && key_is(0, "limits") && key_is(1, "messages_per_s");
  }
  bool number(int64_t v) {
    if (skipped()) return scalar();
    if (is_message_rate()) out_.messages_per_s = static_cast<double>(v);
    if (depth() == 1 && key_is(0, "seat")) out_.seat = static_cast<int>(v);
    if (depth() == 1 && key_is(0, "you")) out_.you = static_cast<int>(v);
    if (in_pending_entry() && key_is(3, "seat")) {
      out_.pending.back().seat = static_cast<int>(v);
    } else if (depth() == 4 && key_is(0, "pending") && key_is(2, "seats")) {
      compact_seats_.push_back(static_cast<int>(v));
    } else if (depth() == 3 && key_is(0, "events") && key_is(2, "player")) {
      out_.event_players.push_back(static_cast<int>(v));
    }
    return true;
  }
  bool text(const std::string& v) {
    if (skipped()) return scalar();
    if (depth() == 1) {
      if (key_is(0, "type")) out_.type = v;
      if (key_is(0, "code")) out_.code = v;
      if (key_is(0, "message")) out_.message = v;
      if (key_is(0, "reason")) out_.reason = v;
      if (key_is(0, "token")) out_.token = v;
      if (key_is(0, "creator_token")) out_.creator_token = v;
    } else if (depth() == 2 && key_is(0, "table")) {
      if (key_is(1, "status")) out_.status = v;
      if (key_is(1, "game")) out_.game = v;
    } else if (depth() == 5 && key_is(0, "table") && key_is(1, "pending") && key_is(3, "legal") &&
               !out_.pending.empty() && !v.empty()) {
      out_.pending.back().legal.push_back(v);
    } else if (depth() == 4 && in_compact_legal()) {  // "verb arg arg ...": "verb arg" each
      for_each_grouped_action(
          v, [&](std::string action) { compact_.legal.push_back(std::move(action)); });
    }
    return true;
  }

  FrameRead& out_;
  std::vector<std::string> path_;
  PendingSeatRead compact_;         // the compact pending entry being read
  std::vector<int> compact_seats_;  // its seats
  int skip_depth_ = 0;
  bool skip_next_ = false;
};

}  // namespace

FrameRead read_frame(std::string_view text) {
  FrameRead out;
  Reader reader(out);
  const bool whole = json::sax_parse(text.begin(), text.end(), &reader);
  if (!whole && !reader.stopped_at_view) out.ok = false;
  return out;
}

}  // namespace allegra::wire
