// ValueNet: the learned value of the search, a small multilayer perceptron (ReLU hidden layers,
// one linear output) that predicts a player's final score of the round from the features of
// value_features.h. Trained in PyTorch (training/train_value.py), read from a versioned text
// file (docs/value-format.md), evaluated with Eigen.
//
// The weights are loaded once and never change, so one ValueNet serves every search thread;
// each caller owns a Scratch whose matrices have fixed maximum sizes (kMaxValueWidth x
// kMaxPlayers), so an evaluation allocates nothing. A weights file carries check rows (inputs
// and the outputs PyTorch computed for them): load() recomputes them and refuses a file whose
// outputs differ by more than kValueCheckTolerance, so a file this code would evaluate
// differently from its training never runs.
#pragma once

#include <Eigen/Core>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "bots/value_features.h"
#include "engine/geometry.h"

namespace allegra {

inline constexpr int kValueFormatVersion = 1;
inline constexpr int kMaxValueWidth = 256;  // the widest layer a file may have
inline constexpr double kValueCheckTolerance = 1e-5;

class ValueNet {
 public:
  // Work space of one evaluation (at most kMaxPlayers inputs at once), allocation-free.
  struct Scratch {
    using Block = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor,
                                kMaxValueWidth, kMaxPlayers>;
    Block a, b;
  };

  // Parses a weights file's text (docs/value-format.md). Throws std::invalid_argument naming the
  // line and the problem, also when a check row does not match.
  static ValueNet parse(std::string_view text, std::string_view source_name);
  static ValueNet load_file(const std::string& path);

  // The predicted final round scores (points) of `count` subjects whose features are in
  // `features` (count * kValueFeatures floats, subject after subject) into out[0..count).
  void evaluate(std::span<const float> features, int count, Scratch& scratch,
                std::span<float> out) const;
  float evaluate_one(std::span<const float, kValueFeatures> features, Scratch& scratch) const;

  // Tests: while forbidden, a heap allocation by Eigen in an evaluation fails an assertion
  // (debug builds; Eigen checks nothing under NDEBUG). Not thread-safe: one thread only.
  static void forbid_allocations(bool forbid);

  const std::vector<int>& layer_sizes() const { return sizes_; }
  int check_rows() const { return check_rows_; }
  // The largest difference between a check row's output and this code's (at load).
  double check_error() const { return check_error_; }
  // The header's free-text lines (training command, data, seed), for `allegra` to show.
  const std::vector<std::string>& provenance() const { return provenance_; }

 private:
  struct Layer {
    Eigen::MatrixXf w;  // out x in
    Eigen::VectorXf b;
  };
  std::vector<int> sizes_;
  std::vector<Layer> layers_;
  float output_scale_ = 1;
  int check_rows_ = 0;
  double check_error_ = 0;
  std::vector<std::string> provenance_;
};

}  // namespace allegra
