// Seeded random numbers for every chance event of the game (deal, reshuffle, resample).
//
// Why our own: std::shuffle and std::uniform_int_distribution are implementation-defined, so
// the same seed could deal a different game with another standard library. xoshiro256**
// seeded by SplitMix64 and Lemire's unbiased bounded integers are fully specified, fast and
// 32 bytes of state, small enough to live inside a State that search bots copy millions of
// times.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace allegra {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) { reseed(seed); }

  void reseed(uint64_t seed) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  uint64_t next() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound), bound > 0, without modulo bias (Lemire 2019). The rare
  // rejection (probability bound / 2^32) is out of line, so that the inlined draw stays small.
  uint32_t below(uint32_t bound) {
    uint64_t m = (next() >> 32) * bound;
    if (static_cast<uint32_t>(m) < bound) [[unlikely]]
      m = redraw_below(bound, m);
    return static_cast<uint32_t>(m >> 32);
  }

  // below() with its rejection loop inline: the same draws, and no call. For a caller whose
  // paths all end in tail calls (State::apply_random()): a call that may happen, even one
  // that never does, makes it save registers and set up a stack frame on every path.
  uint32_t below_inline(uint32_t bound) {
    uint64_t m = (next() >> 32) * bound;
    if (static_cast<uint32_t>(m) < bound) [[unlikely]] {
      const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
      while (static_cast<uint32_t>(m) < threshold) m = (next() >> 32) * bound;
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Fisher-Yates: for i from the last index down to 1, swap item i with item below(i+1).
  // On a local copy of the generator with below() written out (below_inline()): the items
  // are often bytes, whose stores may alias anything, so the words of *this would be stored
  // and loaded again at every step; the copy stays in registers.
  template <typename T>
  void shuffle(std::span<T> items) {
    Rng local = *this;
    for (size_t i = items.size(); i > 1; --i)
      std::swap(items[i - 1], items[local.below_inline(static_cast<uint32_t>(i))]);
    *this = local;
  }

  const uint64_t* words() const { return s_; }
  // Restores saved words. All-zero words are xoshiro's one dead state (it would return 0
  // forever and below() would never finish), so they reseed from 0 instead.
  void set_words(const uint64_t words[4]) {
    for (int i = 0; i < 4; ++i) s_[i] = words[i];
    if ((s_[0] | s_[1] | s_[2] | s_[3]) == 0) reseed(0);
  }
  bool operator==(const Rng& o) const {
    return s_[0] == o.s_[0] && s_[1] == o.s_[1] && s_[2] == o.s_[2] && s_[3] == o.s_[3];
  }

 private:
  // below()'s rejection loop: draws again while the low word is under 2^32 mod bound.
  [[gnu::noinline]] uint64_t redraw_below(uint32_t bound, uint64_t m) {
    const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
    while (static_cast<uint32_t>(m) < threshold) m = (next() >> 32) * bound;
    return m;
  }
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  uint64_t s_[4];
};

}  // namespace allegra
