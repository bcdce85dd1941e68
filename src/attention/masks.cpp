#include <algorithm>

#include "attention/attention.h"

namespace attention {

Mask CausalMask(int rows, int cols) {
  Mask mask(rows, cols, false);
  for (int i = 0; i < mask.rows; ++i) {
    for (int j = 0; j <= i && j < mask.cols; ++j) mask.Set(i, j, true);
  }
  return mask;
}

Mask PaddingMask(const std::vector<int>& valid_lengths, int cols) {
  Mask mask(static_cast<int>(valid_lengths.size()), cols, false);
  for (int i = 0; i < mask.rows; ++i) {
    // Validate rejects lengths outside 0..cols; clamping keeps direct callers in bounds.
    const int valid = std::clamp(valid_lengths[static_cast<size_t>(i)], 0, mask.cols);
    for (int j = 0; j < valid; ++j) mask.Set(i, j, true);
  }
  return mask;
}

Mask Intersect(const Mask& a, const Mask& b) {
  Mask both(a.rows, a.cols, false);
  if (!a.IsConsistent() || !b.IsConsistent()) return both;
  for (int i = 0; i < both.rows && i < b.rows; ++i) {
    for (int j = 0; j < both.cols && j < b.cols; ++j) both.Set(i, j, a(i, j) && b(i, j));
  }
  return both;
}

}  // namespace attention
