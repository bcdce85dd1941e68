#include <doctest/doctest.h>

#include <vector>

#include "attention/attention.h"

using attention::Mask;

namespace {

// The mask written out as rows of 0/1, to compare with literals.
std::vector<std::vector<int>> Grid(const Mask& mask) {
  std::vector<std::vector<int>> grid(static_cast<size_t>(mask.rows));
  for (int i = 0; i < mask.rows; ++i) {
    for (int j = 0; j < mask.cols; ++j) grid[static_cast<size_t>(i)].push_back(mask(i, j) ? 1 : 0);
  }
  return grid;
}

using Rows = std::vector<std::vector<int>>;

}  // namespace

TEST_CASE("a causal mask lets row i see positions 0 to i") {
  CHECK(Grid(attention::CausalMask(3, 3)) == Rows{{1, 0, 0}, {1, 1, 0}, {1, 1, 1}});
}

TEST_CASE("a causal mask with more keys than queries hides the later keys") {
  CHECK(Grid(attention::CausalMask(2, 4)) == Rows{{1, 0, 0, 0}, {1, 1, 0, 0}});
}

TEST_CASE("a causal mask with more queries than keys lets late rows see every key") {
  CHECK(Grid(attention::CausalMask(4, 2)) == Rows{{1, 0}, {1, 1}, {1, 1}, {1, 1}});
}

TEST_CASE("a padding mask hides positions at and after each valid length") {
  const Mask mask = attention::PaddingMask({2, 0, 3}, 3);
  CHECK(mask.rows == 3);
  CHECK(mask.cols == 3);
  CHECK(Grid(mask) == Rows{{1, 1, 0}, {0, 0, 0}, {1, 1, 1}});
}

TEST_CASE("a padding mask clamps lengths outside 0 to the number of keys") {
  CHECK(Grid(attention::PaddingMask({-1, 9}, 2)) == Rows{{0, 0}, {1, 1}});
}

TEST_CASE("intersecting masks keeps only positions both allow") {
  // Causal {100, 110, 111} and padding {111, 100, 110}.
  const Mask both = attention::Intersect(attention::CausalMask(3, 3), attention::PaddingMask({3, 1, 2}, 3));
  CHECK(Grid(both) == Rows{{1, 0, 0}, {1, 0, 0}, {1, 1, 0}});
}

TEST_CASE("intersecting with a custom mask") {
  Mask custom(2, 3, true);
  custom.Set(0, 1, false);
  custom.Set(1, 0, false);
  const Mask both = attention::Intersect(attention::PaddingMask({3, 2}, 3), custom);
  CHECK(Grid(both) == Rows{{1, 0, 1}, {0, 1, 0}});
}

TEST_CASE("intersecting masks of different shapes never reveals a position") {
  const Mask all(2, 3, true);
  const Mask small(1, 2, true);
  CHECK(Grid(attention::Intersect(all, small)) == Rows{{1, 1, 0}, {0, 0, 0}});
}

TEST_CASE("masks are filled as asked and count negative sizes as 0") {
  CHECK(Grid(Mask(2, 2, false)) == Rows{{0, 0}, {0, 0}});
  CHECK(Grid(Mask(1, 2)) == Rows{{1, 1}});
  const Mask negative(-3, 2);
  CHECK(negative.rows == 0);
  CHECK(negative.allowed.empty());
  CHECK(Mask().Empty());
  CHECK_FALSE(Mask(2, 0).Empty());
}
