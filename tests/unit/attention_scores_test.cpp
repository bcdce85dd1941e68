#include <doctest/doctest.h>

#include <cmath>

#include "attention/attention.h"

using attention::Matrix;

namespace {

// Queries and keys of dimension 4, so the scale sqrt(4) = 2 keeps every number exact.
//   q0 = [1, 2, 3, 4]     k0 = [1, 1, 1, 1]
//   q1 = [0, -1, 0.5, 2]  k1 = [2, 0, -1, 0.5]
//                         k2 = [0, 0, 0, -1]
//   q0·k0 = 1+2+3+4 = 10      q0·k1 = 2+0-3+2 = 1        q0·k2 = -4
//   q1·k0 = 0-1+0.5+2 = 1.5   q1·k1 = 0+0-0.5+1 = 0.5    q1·k2 = -2
const Matrix kQueries = Matrix::FromRows({{1.0, 2.0, 3.0, 4.0}, {0.0, -1.0, 0.5, 2.0}});
const Matrix kKeys = Matrix::FromRows({{1.0, 1.0, 1.0, 1.0}, {2.0, 0.0, -1.0, 0.5}, {0.0, 0.0, 0.0, -1.0}});

}  // namespace

TEST_CASE("dot products compare every query with every key") {
  const Matrix dots = attention::DotProducts(kQueries, kKeys);
  REQUIRE(dots.rows == 2);
  REQUIRE(dots.cols == 3);
  CHECK(dots(0, 0) == 10.0);
  CHECK(dots(0, 1) == 1.0);
  CHECK(dots(0, 2) == -4.0);
  CHECK(dots(1, 0) == 1.5);
  CHECK(dots(1, 1) == 0.5);
  CHECK(dots(1, 2) == -2.0);
}

TEST_CASE("scaled scores divide the dot products by the square root of the dimension") {
  const Matrix scores = attention::Scores(kQueries, kKeys, true);
  REQUIRE(scores.rows == 2);
  REQUIRE(scores.cols == 3);
  CHECK(scores(0, 0) == 5.0);
  CHECK(scores(0, 1) == 0.5);
  CHECK(scores(0, 2) == -2.0);
  CHECK(scores(1, 0) == 0.75);
  CHECK(scores(1, 1) == 0.25);
  CHECK(scores(1, 2) == -1.0);
}

TEST_CASE("unscaled scores are the raw dot products") {
  const Matrix scores = attention::Scores(kQueries, kKeys, false);
  CHECK(scores(0, 0) == 10.0);
  CHECK(scores(0, 2) == -4.0);
  CHECK(scores(1, 0) == 1.5);
}

TEST_CASE("scaled scores in dimension 2 divide by the square root of 2") {
  // [1, 2]·[3, 1] = 5 and [0, 1]·[1, -1] = -1; sqrt(2) = 1.41421356237.
  const Matrix scores =
      attention::Scores(Matrix::FromRows({{1.0, 2.0}, {0.0, 1.0}}), Matrix::FromRows({{3.0, 1.0}, {1.0, -1.0}}), true);
  CHECK(scores(0, 0) == doctest::Approx(3.5355339059).epsilon(1e-10));
  CHECK(scores(1, 1) == doctest::Approx(-0.7071067812).epsilon(1e-10));
}

TEST_CASE("scores of zero-width queries and keys are 0, not 0/0") {
  const Matrix scores = attention::Scores(Matrix(2, 0), Matrix(3, 0), true);
  REQUIRE(scores.rows == 2);
  REQUIRE(scores.cols == 3);
  for (double score : scores.data) CHECK(score == 0.0);
}

TEST_CASE("dot products of mismatched widths are an empty matrix") {
  const Matrix dots = attention::DotProducts(Matrix(2, 3), Matrix(2, 2));
  CHECK(dots.rows == 0);
  CHECK(dots.cols == 0);
  CHECK(dots.data.empty());
}

TEST_CASE("dot products against no keys have a row per query and no columns") {
  const Matrix dots = attention::DotProducts(kQueries, Matrix());
  CHECK(dots.rows == 2);
  CHECK(dots.cols == 0);
}
