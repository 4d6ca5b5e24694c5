// Tests of the learned value: the weights file and its inference (bots/value_net.h), the features
// of the public view (bots/value_features.h) and the leaf evaluation of the search
// (bots/value_leaf.h).
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#include <string>
#include <vector>

#include "bots/mcts_rollout.h"
#include "bots/value_features.h"
#include "bots/value_leaf.h"
#include "bots/value_net.h"
#include "bots/value_shipped.h"
#include "engine/public_view.h"
#include "engine/rng.h"
#include "engine/state.h"

namespace allegra {
namespace {

// Mid-round positions of random games with 2-6 players.
std::vector<State> value_positions(int count, uint64_t seed) {
  std::vector<State> out;
  Rng rng(seed);
  uint64_t game = seed * 1000;
  while (static_cast<int>(out.size()) < count) {
    RuleOptions o;
    o.players = 2 + static_cast<int>(rng.below(5));
    State s(o, ++game);
    const int stop = static_cast<int>(rng.below(250));
    for (int i = 0; i < stop && !s.is_terminal(); ++i) {
      const ActionList legal = s.legal_actions();
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      if (s.is_chance_node()) s.deal();
    }
    if (!s.is_terminal()) out.push_back(s);
  }
  return out;
}

std::array<float, kValueFeatures> features_of(const State& s, int p) {
  std::array<float, kValueFeatures> f{};
  encode_value_features(s, p, f);
  return f;
}

// The shipped weights load, and this code computes the outputs PyTorch saved with them (the
// check rows of data/value/v1.txt, written by training/train_value.py) within 1e-5.
TEST(ValueNet, ShippedWeightsMatchPyTorch) {
  const ValueNet& net = shipped_value_net();
  EXPECT_GE(net.check_rows(), 16);
  EXPECT_LE(net.check_error(), 1e-5);
  RecordProperty("max_check_error_points", std::to_string(net.check_error()));
  ASSERT_GE(net.layer_sizes().size(), 3u);
  EXPECT_EQ(net.layer_sizes().front(), kValueFeatures);
  EXPECT_EQ(net.layer_sizes().back(), 1);
  EXPECT_FALSE(net.provenance().empty());
}

// The pipeline's smoke run (ctest ValueTrainingSmoke) trains a tiny net and passes its file here.
TEST(ValueNet, FileFromTheEnvironmentMatchesPyTorch) {
  const char* path = std::getenv("ALLEGRA_VALUE_WEIGHTS");
  if (path == nullptr) GTEST_SKIP() << "ALLEGRA_VALUE_WEIGHTS not set";
  const ValueNet net = ValueNet::load_file(path);
  EXPECT_GE(net.check_rows(), 1);
  EXPECT_LE(net.check_error(), 1e-5);
}

// A file whose saved outputs differ from what this code computes is refused.
TEST(ValueNet, AChangedCheckRowIsRefused) {
  std::string text(shipped_value_text());
  const size_t check = text.find("\ncheck ");
  ASSERT_NE(check, std::string::npos);
  const size_t row_end = text.find('\n', text.find('\n', check + 1) + 1);
  const size_t last = text.rfind(' ', row_end);
  text.replace(last + 1, row_end - last - 1, "123.5");
  try {
    ValueNet::parse(text, "changed");
    ADD_FAILURE() << "accepted a wrong check row";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("check row 1: this program computes"), std::string::npos)
        << e.what();
  }
}

TEST(ValueNet, BadFilesSayWhy) {
  const std::string features = "features 1 " + std::to_string(kValueFeatures) + "\n";
  const std::pair<std::string, std::string> cases[] = {
      {"", "line 0: the file ends where the header"},
      {"allegra-value 2\n", "line 1: format version 2 is not the one this program reads (1)"},
      {"allegra-value 1\nfeatures 1 99\n",
       "line 2: the file was trained on features version 1 (99"},
      {"allegra-value 1\n" + features + "layers " + std::to_string(kValueFeatures) + " 999 1\n",
       "line 3: a layer size must be 1 to 256, got 999"},
      {"allegra-value 1\n" + features + "layers " + std::to_string(kValueFeatures) +
           " 1\noutput-scale 10\nlayer 1\n1 2 3\n",
       "line 6: a weight row of layer 1 has 3 values, expected"},
      {"allegra-value 1\n" + features + "layers " + std::to_string(kValueFeatures) +
           " 1\noutput-scale x\n",
       "line 4: the output scale must be a number, got 'x'"},
  };
  for (const auto& [text, want] : cases) {
    try {
      ValueNet::parse(text, "bad.txt");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("value weights bad.txt"), std::string::npos);
    }
  }
  EXPECT_THROW(ValueNet::load_file("/nonexistent/value.txt"), std::invalid_argument);
}

// Evaluating several players at once gives each the score it gets alone, and no evaluation
// allocates (Eigen asserts in debug builds while allocations are forbidden).
TEST(ValueNet, BatchesMatchSingleEvaluationsWithoutAllocating) {
  const ValueNet& net = shipped_value_net();
  ValueNet::Scratch scratch;
  for (const State& s : value_positions(30, 3)) {
    const int n = s.players();
    std::vector<float> all;
    for (int p = 0; p < n; ++p) {
      const auto f = features_of(s, p);
      all.insert(all.end(), f.begin(), f.end());
    }
    std::array<float, kMaxPlayers> batch{};
    ValueNet::forbid_allocations(true);
    net.evaluate(all, n, scratch, batch);
    std::array<float, kMaxPlayers> single{};
    for (int p = 0; p < n; ++p)
      single[p] = net.evaluate_one(
          std::span<const float, kValueFeatures>(all.data() + p * kValueFeatures, kValueFeatures),
          scratch);
    ValueNet::forbid_allocations(false);
    for (int p = 0; p < n; ++p) EXPECT_NEAR(batch[p], single[p], 1e-4) << p;
  }
}

// The features read the public view only: the same for the true state, its masked view and any
// resampling of the hidden cards.
TEST(ValueFeatures, SameForEveryResamplingOfTheHiddenCards) {
  int n = 0;
  for (const State& s : value_positions(60, 9)) {
    const PublicView view = s.public_view();
    for (int p = 0; p < s.players(); ++p) {
      const auto truth = features_of(s, p);
      EXPECT_EQ(truth, features_of(view.masked(), p)) << "position " << n << " player " << p;
      for (int k = 0; k < 3; ++k) {
        Rng rng(100 * n + k);
        EXPECT_EQ(truth, features_of(State::sample(view, rng), p)) << "position " << n;
      }
    }
    ++n;
  }
}

TEST(ValueFeatures, RangesAndOneHots) {
  for (const State& s : value_positions(40, 5)) {
    for (int p = 0; p < s.players(); ++p) {
      const auto f = features_of(s, p);
      for (float v : f) {
        EXPECT_GE(v, -1.0f);  // scaled: a face-up sum of 15 elevens / 30 is the largest, 5.5
        EXPECT_LE(v, 5.5f);
      }
      // Own display: exactly one of face up, face down, empty per cell.
      for (int i = 0; i < kDisplayCells; ++i)
        EXPECT_EQ(f[i * 4] + f[i * 4 + 1] + f[i * 4 + 2], 1.0f);
    }
  }
}

// The leaf values are win chances plus the margin term, in [0, 1], and a truncated rollout
// never passes the round it started in.
TEST(ValueLeaf, ValuesInRangeAndTheRoundKept) {
  const ValueNet& net = shipped_value_net();
  mcts::NetLeafScratch scratch;
  Rng rng(4);
  for (State s : value_positions(40, 21)) {
    const int round = s.rounds_played();
    std::array<double, kMaxPlayers> values{};
    mcts::evaluate_with_net(s, round, rng, 5.0f, net, 6, scratch, values);
    double sum = 0;
    for (int p = 0; p < s.players(); ++p) {
      EXPECT_GE(values[p], 0.0);
      EXPECT_LE(values[p], 1.0);
      sum += values[p];
    }
    EXPECT_GT(sum, 0.0);
    EXPECT_LE(s.rounds_played(), round + 1);
  }
}

// A player predicted far ahead is valued above one predicted far behind.
TEST(ValueLeaf, LowerPredictedTotalIsWorthMore) {
  RuleOptions o;
  o.players = 3;
  const State s(o, 1);
  std::array<double, kMaxPlayers> values{};
  mcts::values_from_predicted_totals(s, {10.0, 40.0, 70.0}, values);
  EXPECT_GT(values[0], values[1]);
  EXPECT_GT(values[1], values[2]);
}

}  // namespace
}  // namespace allegra
