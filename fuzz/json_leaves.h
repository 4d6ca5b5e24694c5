// Shared by the structure-aware fuzz modes: every leaf (non-object, non-array value) of a JSON
// document, so a mutation can overwrite one chosen by the fuzzer's bytes (mutate_leaves).
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <vector>

#include "fuzz_bytes.h"

inline std::vector<nlohmann::json*> json_leaves(nlohmann::json& root) {
  std::vector<nlohmann::json*> leaves;
  std::vector<nlohmann::json*> stack = {&root};
  while (!stack.empty()) {
    nlohmann::json* node = stack.back();
    stack.pop_back();
    if (node->is_structured()) {
      for (auto& child : *node) stack.push_back(&child);
    } else {
      leaves.push_back(node);
    }
  }
  return leaves;
}

// Overwrites up to 16 leaves of `root`, each chosen and changed by four bytes of `in`: a small
// integer, one of `strings`, an integer nudged by -2..2, a boolean, null, or an integer far out
// of any range (-900..884).
template <size_t N>
void mutate_leaves(nlohmann::json& root, FuzzBytes& in, const char* const (&strings)[N]) {
  for (int mutations = 0; mutations < 16 && !in.empty(); ++mutations) {
    std::vector<nlohmann::json*> leaves = json_leaves(root);
    if (leaves.empty()) break;
    nlohmann::json& leaf = *leaves[(in.next() * 256 + in.next()) % leaves.size()];
    const unsigned kind = in.next(), value = in.next();
    switch (kind % 6) {
      case 0:
        leaf = static_cast<int>(value % 16) - 3;
        break;
      case 1:
        leaf = strings[value % N];
        break;
      case 2:
        if (leaf.is_number_integer()) leaf = leaf.get<int64_t>() + static_cast<int>(value % 5) - 2;
        break;
      case 3:
        leaf = (value & 1) != 0;
        break;
      case 4:
        leaf = nullptr;
        break;
      default:
        leaf = static_cast<int>(value) * 7 - 900;
        break;
    }
  }
}
