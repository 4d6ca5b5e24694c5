// The fuzzer's input read as a stream of decisions: the structure-aware fuzz modes build a
// game or a document from it byte by byte, and past its end every byte reads as 0, so any
// input (the empty one too) describes a complete case.
#pragma once

#include <cstddef>
#include <cstdint>

struct FuzzBytes {
  const uint8_t* data;
  size_t size;
  size_t pos = 0;
  bool empty() const { return pos >= size; }
  unsigned next() { return pos < size ? data[pos++] : 0; }
};
