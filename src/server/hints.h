// Hints at the server: the hint bot's choice for a seat, from the public view, off the io thread.
//
// What: `hint` (docs/protocol.md) asks what the strongest bot would play for the asking seat.
// The answer is the project's hint (bots/hint.h: the MCTS search of level:expert with the
// terminal's budget, explained as data by bots::explain), computed from a PublicView only: the view
// the table layer exposes, or for a knock window the window as it opened
// (PublicView::knock_answer), exactly what a bot of the table sees. A PublicView holds no
// face-down card, so the hint cannot depend on one (tests/server/hidden_card_test.cc resamples).
//
// Why a worker: the search takes up to a second on two threads; the hub's thread must not wait
// for it. HintWorker runs each search with std::async and the hub collects the finished ones
// at its next tick (next_wake() polls while any runs). The search seed comes from public data
// (the decision number and the seat), so the same question gets the same answer.
#pragma once

#include <atomic>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bots/hint.h"
#include "engine/public_view.h"
#include "server/transport.h"

namespace allegra::server {

// What the hub must know to answer when the search is done.
struct HintQuestion {
  ConnectionId conn = 0;
  std::optional<uint64_t> id;
  std::string code;  // the table
  int seat = 0;
  uint64_t decision = 0;
};

// The hint as data (bots::explain): the moves best first with their reasons; the frame
// (hint_frame) carries it and the client words it in its own language.
using HintAnswer = bots::Hint;

// The view the seat decides on: the knock window's for an answer in one, else the table's.
PublicView hint_view(const PublicView& table_view, int seat, bool knock_window);

// The search's moves (best first) for the deciding player of `view`.
std::vector<bots::HintMove> hint_moves(const PublicView& view, int iterations, uint64_t seed,
                                       const std::atomic<bool>* cancel = nullptr);

// The answer, from the moves of hint_moves(): their reasons and the expected scores.
HintAnswer hint_answer(const PublicView& view, const std::vector<bots::HintMove>& moves);

// A public seed for the search of one question.
uint64_t hint_seed(uint64_t decision, int seat);

class HintWorker {
 public:
  explicit HintWorker(int iterations, size_t max_running);
  ~HintWorker();  // cancels and waits for the searches still running
  HintWorker(const HintWorker&) = delete;
  HintWorker& operator=(const HintWorker&) = delete;

  // False if `max_running` searches run already (the caller refuses the question).
  bool start(HintQuestion question, PublicView view);
  bool busy(ConnectionId conn) const;  // a search of this connection runs
  bool running() const { return !jobs_.empty(); }

  struct Done {
    HintQuestion question;
    HintAnswer answer;
  };
  // The searches that have finished, each once.
  std::vector<Done> collect();

 private:
  struct Job {
    HintQuestion question;
    std::shared_ptr<const PublicView> view;
    std::future<std::vector<bots::HintMove>> moves;
  };
  int iterations_;
  size_t max_running_;
  std::shared_ptr<std::atomic<bool>> cancel_ = std::make_shared<std::atomic<bool>>(false);
  std::vector<Job> jobs_;
};

}  // namespace allegra::server
