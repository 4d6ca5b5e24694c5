// How a text writes a number argument, to build expected strings in tests.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <string>

namespace allegra::text_test {

// x as a text shows it: one decimal, none for a whole number, the language's decimal mark.
inline std::string written(double x, char mark = '.') {
  std::string s = fmt::format("{:.1f}", std::round(x * 10) / 10);
  if (s.size() > 2 && s.ends_with(".0")) s.resize(s.size() - 2);
  if (s == "-0") s = "0";
  for (char& c : s)
    if (c == '.') c = mark;
  return s;
}

}  // namespace allegra::text_test
