// Eigen checks every heap allocation of this file against a flag the tests clear
// (ValueNet::forbid_allocations): an evaluation must allocate nothing. Debug builds assert.
#define EIGEN_RUNTIME_NO_MALLOC
#include "bots/value_net.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace allegra {
namespace {

// The lines of a weights file with their numbers (from 1), blank and '#' lines skipped.
class Lines {
 public:
  Lines(std::string_view text, std::string_view source) : source_(source) {
    size_t start = 0, number = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      ++number;
      std::string_view line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      const size_t first = line.find_first_not_of(" \t");
      if (first != std::string_view::npos && line[first] != '#') lines_.push_back({line, number});
      start = end + 1;
    }
  }

  bool done() const { return next_ >= lines_.size(); }
  size_t number() const { return next_ < lines_.size() ? lines_[next_].number : 0; }

  // The next line's whitespace-separated words; fails at the end of the file.
  std::vector<std::string_view> words(std::string_view expecting) {
    if (done()) fail(fmt::format("the file ends where {} was expected", expecting));
    current_ = lines_[next_++].number;
    std::vector<std::string_view> out;
    const std::string_view line = lines_[next_ - 1].text;
    size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      if (j > i) out.push_back(line.substr(i, j - i));
      i = j;
    }
    return out;
  }
  std::string_view rest_after_key(std::string_view key) const {  // of the line just read
    for (const Line& l : lines_)
      if (l.number == current_) {
        std::string_view t = l.text.substr(l.text.find(key) + key.size());
        const size_t first = t.find_first_not_of(" \t");
        return first == std::string_view::npos ? std::string_view() : t.substr(first);
      }
    return {};
  }
  std::string_view peek_key() const {
    if (done()) return {};
    std::string_view t = lines_[next_].text;
    t.remove_prefix(t.find_first_not_of(" \t"));
    return t.substr(0, t.find_first_of(" \t"));
  }

  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument(fmt::format(
        "value weights {}: line {}: {} (the format is in docs/value-format.md; retrain with "
        "training/train_value.py)",
        source_, current_, what));
  }

  template <class T>
  T number_of(std::string_view word, std::string_view what) const {
    T v{};
    const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || end != word.data() + word.size())
      fail(fmt::format("{} must be a number, got '{}'", what, word));
    if constexpr (std::is_floating_point_v<T>)
      if (!std::isfinite(v)) fail(fmt::format("{} must be finite, got '{}'", what, word));
    return v;
  }

  void expect(const std::vector<std::string_view>& w, std::string_view key, size_t count) const {
    if (w.empty() || w[0] != key) fail(fmt::format("expected '{}'", key));
    if (w.size() != count)
      fail(fmt::format("'{}' takes {} values, got {}", key, count - 1, w.size() - 1));
  }

 private:
  struct Line {
    std::string_view text;
    size_t number;
  };
  std::string_view source_;
  std::vector<Line> lines_;
  size_t next_ = 0;
  size_t current_ = 0;
};

}  // namespace

ValueNet ValueNet::parse(std::string_view text, std::string_view source_name) {
  Lines in(text, source_name);
  ValueNet net;
  auto w = in.words("the header 'allegra-value 1'");
  in.expect(w, "allegra-value", 2);
  if (in.number_of<int>(w[1], "the format version") != kValueFormatVersion)
    in.fail(fmt::format("format version {} is not the one this program reads ({})", w[1],
                        kValueFormatVersion));
  w = in.words("'features <version> <count>'");
  in.expect(w, "features", 3);
  if (in.number_of<int>(w[1], "the feature version") != kValueFeatureVersion ||
      in.number_of<int>(w[2], "the feature count") != kValueFeatures)
    in.fail(
        fmt::format("the file was trained on features version {} ({} inputs); this program "
                    "computes version {} ({} inputs)",
                    w[1], w[2], kValueFeatureVersion, kValueFeatures));
  w = in.words("'layers <inputs> <hidden>... 1'");
  if (w.empty() || w[0] != "layers" || w.size() < 3) in.fail("expected 'layers' and 2+ sizes");
  for (size_t i = 1; i < w.size(); ++i) {
    const int size = in.number_of<int>(w[i], "a layer size");
    if (size < 1 || size > kMaxValueWidth)
      in.fail(fmt::format("a layer size must be 1 to {}, got {}", kMaxValueWidth, size));
    net.sizes_.push_back(size);
  }
  if (net.sizes_.front() != kValueFeatures) in.fail("the first layer size must be the features");
  if (net.sizes_.back() != 1) in.fail("the last layer size must be 1 (the score)");
  w = in.words("'output-scale <points>'");
  in.expect(w, "output-scale", 2);
  net.output_scale_ = in.number_of<float>(w[1], "the output scale");
  while (in.peek_key() == "info") {
    in.words("info");
    net.provenance_.emplace_back(in.rest_after_key("info"));
  }
  for (size_t l = 1; l < net.sizes_.size(); ++l) {
    const int rows = net.sizes_[l], cols = net.sizes_[l - 1];
    w = in.words(fmt::format("'layer {}'", l));
    in.expect(w, "layer", 2);
    if (in.number_of<size_t>(w[1], "the layer number") != l)
      in.fail(fmt::format("expected 'layer {}'", l));
    Layer layer{Eigen::MatrixXf(rows, cols), Eigen::VectorXf(rows)};
    for (int r = 0; r < rows; ++r) {
      w = in.words(fmt::format("row {} of layer {}'s weights", r + 1, l));
      if (static_cast<int>(w.size()) != cols)
        in.fail(
            fmt::format("a weight row of layer {} has {} values, expected {}", l, w.size(), cols));
      for (int c = 0; c < cols; ++c) layer.w(r, c) = in.number_of<float>(w[c], "a weight");
    }
    w = in.words(fmt::format("layer {}'s biases", l));
    if (static_cast<int>(w.size()) != rows)
      in.fail(fmt::format("layer {} has {} biases, expected {}", l, w.size(), rows));
    for (int r = 0; r < rows; ++r) layer.b(r) = in.number_of<float>(w[r], "a bias");
    net.layers_.push_back(std::move(layer));
  }
  w = in.words("'check <rows>'");
  in.expect(w, "check", 2);
  const int checks = in.number_of<int>(w[1], "the check row count");
  if (checks < 1) in.fail("a weights file needs at least one check row");
  Scratch scratch;
  std::vector<float> x(kValueFeatures);
  for (int k = 0; k < checks; ++k) {
    w = in.words("a check row");
    if (w.size() != static_cast<size_t>(kValueFeatures) + 1)
      in.fail(fmt::format("a check row has {} values, expected {} inputs and the output", w.size(),
                          kValueFeatures));
    for (int i = 0; i < kValueFeatures; ++i) x[i] = in.number_of<float>(w[i], "a check input");
    const double want = in.number_of<double>(w.back(), "a check output");
    const double got = net.evaluate_one(std::span<const float, kValueFeatures>(x), scratch);
    const double err = std::abs(got - want);
    net.check_error_ = std::max(net.check_error_, err);
    if (!(err <= kValueCheckTolerance * std::max(1.0, std::abs(want))))
      in.fail(fmt::format("check row {}: this program computes {:.7g}, the file says {:.7g}", k + 1,
                          got, want));
  }
  net.check_rows_ = checks;
  w = in.words("'end'");
  in.expect(w, "end", 1);
  if (!in.done()) in.fail("text after 'end'");
  return net;
}

ValueNet ValueNet::load_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::invalid_argument(fmt::format("cannot read value weights '{}'", path));
  std::ostringstream text;
  text << file.rdbuf();
  return parse(text.str(), path);
}

void ValueNet::evaluate(std::span<const float> features, int count, Scratch& scratch,
                        std::span<float> out) const {
  const Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic>> x(
      features.data(), kValueFeatures, count);
  Scratch::Block* in = &scratch.a;
  Scratch::Block* next = &scratch.b;
  for (size_t l = 0; l < layers_.size(); ++l) {
    const Layer& layer = layers_[l];
    if (l == 0)
      next->noalias() = layer.w * x;
    else
      next->noalias() = layer.w * *in;
    next->colwise() += layer.b;
    if (l + 1 < layers_.size()) *next = next->cwiseMax(0.0f);
    std::swap(in, next);
  }
  for (int k = 0; k < count; ++k) out[static_cast<size_t>(k)] = (*in)(0, k) * output_scale_;
}

void ValueNet::forbid_allocations(bool forbid) { Eigen::internal::set_is_malloc_allowed(!forbid); }

float ValueNet::evaluate_one(std::span<const float, kValueFeatures> features,
                             Scratch& scratch) const {
  float out = 0;
  evaluate(features, 1, scratch, std::span<float>(&out, 1));
  return out;
}

}  // namespace allegra
