#pragma once
// The order a picture draws or lays out its few things in (a fan's eight lines, thinnest first; a
// number line's four labels, left to right): their indices by increasing key, equal keys in index
// order, a NaN key after every number. Each index's place is counted (how many keys come before
// it), which for a handful of things is as quick as sorting them and far smaller in the wasm than
// a std::stable_sort instantiated for each.

#include <array>
#include <cmath>
#include <cstddef>

namespace ui {

template <typename Key, size_t N>
std::array<int, N> IncreasingOrder(const std::array<Key, N>& keys) {
  const auto before = [](Key a, Key b) { return a < b || (!std::isnan(a) && std::isnan(b)); };
  std::array<int, N> order{};
  for (size_t i = 0; i < N; ++i) {
    size_t place = 0;
    for (size_t j = 0; j < N; ++j) {
      if (before(keys[j], keys[i]) || (j < i && !before(keys[i], keys[j]))) ++place;
    }
    order[place] = static_cast<int>(i);
  }
  return order;
}

}  // namespace ui
