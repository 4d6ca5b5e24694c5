#include "server/hints.h"

#include <chrono>
#include <utility>

namespace allegra::server {

PublicView hint_view(const PublicView& table_view, int seat, bool knock_window) {
  return knock_window ? table_view.knock_answer(seat) : table_view;
}

std::vector<bots::HintMove> hint_moves(const PublicView& view, int iterations, uint64_t seed,
                                       const std::atomic<bool>* cancel) {
  return bots::best_moves(view, iterations, seed, 3, cancel);
}

HintAnswer hint_answer(const PublicView& view, const std::vector<bots::HintMove>& moves) {
  return bots::explain(view, moves);
}

uint64_t hint_seed(uint64_t decision, int seat) {
  return (decision + 1) * 0x9E3779B97F4A7C15ULL ^ static_cast<uint64_t>(seat);
}

HintWorker::HintWorker(int iterations, size_t max_running)
    : iterations_(iterations), max_running_(max_running) {}

HintWorker::~HintWorker() {
  *cancel_ = true;
  for (Job& j : jobs_) j.moves.wait();
}

bool HintWorker::start(HintQuestion question, PublicView view) {
  if (jobs_.size() >= max_running_) return false;
  auto shared = std::make_shared<const PublicView>(std::move(view));
  const uint64_t seed = hint_seed(question.decision, question.seat);
  auto moves = std::async(std::launch::async, [shared, seed, it = iterations_, c = cancel_] {
    return hint_moves(*shared, it, seed, c.get());
  });
  jobs_.push_back({std::move(question), std::move(shared), std::move(moves)});
  return true;
}

bool HintWorker::busy(ConnectionId conn) const {
  for (const Job& j : jobs_) {
    if (j.question.conn == conn) return true;
  }
  return false;
}

std::vector<HintWorker::Done> HintWorker::collect() {
  std::vector<Done> done;
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->moves.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
      ++it;
      continue;
    }
    done.push_back({std::move(it->question), hint_answer(*it->view, it->moves.get())});
    it = jobs_.erase(it);
  }
  return done;
}

}  // namespace allegra::server
