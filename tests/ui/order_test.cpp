// ui/order.h: the order a picture draws its few things in.
#include <doctest/doctest.h>

#include <array>
#include <cmath>

#include "ui/order.h"

TEST_CASE("IncreasingOrder lists indices by increasing key, ties in index order, NaN last") {
  CHECK(ui::IncreasingOrder(std::array<double, 4>{10.0, 4.0, 0.0, 50.0}) == std::array<int, 4>{2, 1, 0, 3});
  CHECK(ui::IncreasingOrder(std::array<float, 5>{1.0f, 0.0f, 1.0f, 0.0f, 1.0f}) == std::array<int, 5>{1, 3, 0, 2, 4});
  const double nan = std::nan("");
  CHECK(ui::IncreasingOrder(std::array<double, 4>{nan, 2.0, nan, -1.0}) == std::array<int, 4>{3, 1, 0, 2});
  // Every index once, whatever the keys.
  const std::array<int, 8> order = ui::IncreasingOrder(std::array<float, 8>{3, 3, 3, 3, 3, 3, 3, 3});
  CHECK(order == std::array<int, 8>{0, 1, 2, 3, 4, 5, 6, 7});
}
