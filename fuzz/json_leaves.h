// Shared by the structure-aware fuzz modes: every leaf (non-object, non-array value) of a JSON
// document, so a mutation can overwrite one chosen by the fuzzer's bytes.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

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
