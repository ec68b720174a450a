// FlatIndex: a table from 64-bit keys to non-negative ints in one array (open addressing, linear
// probing), for the indexes the route graphs build for every board they are made from (and the
// board data's tile ids): one allocation instead of one per entry, which is what a std::map or
// std::unordered_map costs there. Keys are the caller's (packed coordinates, pairs of indices, a
// name's hash). A plain value: copyable, no state beyond its entries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mailrun::engine {

class FlatIndex {
 public:
  // Room for `entries` without growing.
  void Reserve(size_t entries) {
    size_t want = 16;
    while (want < entries * 2) want *= 2;
    if (want > slots_.size()) Rehash(want);
  }

  // The value kept for `key`, or -1.
  int Find(uint64_t key) const {
    if (slots_.empty()) return -1;
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(key, mask);; i = (i + 1) & mask) {
      const Slot& slot = slots_[i];
      if (slot.value < 0) return -1;
      if (slot.key == key) return slot.value;
    }
  }

  // Keeps `value` (>= 0) for `key` unless a value is kept already; returns the value kept.
  int Emplace(uint64_t key, int value) {
    if ((size_ + 1) * 2 > slots_.size()) Rehash(slots_.empty() ? 16 : slots_.size() * 2);
    const size_t mask = slots_.size() - 1;
    for (size_t i = Home(key, mask);; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.value < 0) {
        slot = {key, value};
        ++size_;
        return value;
      }
      if (slot.key == key) return slot.value;
    }
  }

 private:
  struct Slot {
    uint64_t key = 0;
    int value = -1;  // -1: empty
  };

  static size_t Home(uint64_t key, size_t mask) {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ULL) >> 32) & mask;
  }

  void Rehash(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    size_ = 0;
    for (const Slot& slot : old) {
      if (slot.value >= 0) Emplace(slot.key, slot.value);
    }
  }

  std::vector<Slot> slots_;  // size a power of two, at most half full
  size_t size_ = 0;
};

}  // namespace mailrun::engine
