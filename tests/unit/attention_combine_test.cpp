#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "attention/attention.h"

using attention::Combination;
using attention::Matrix;
using attention::Result;

TEST_CASE("the worked example combines 10 and 20 into exactly 18") {
  const Combination combination = attention::Combine({10.0, 20.0}, {0.2, 0.8});
  REQUIRE(combination.terms.size() == 2);
  CHECK(combination.terms[0].position == 0);
  CHECK(combination.terms[0].value == 10.0);
  CHECK(combination.terms[0].weight == 0.2);
  CHECK(combination.terms[0].product == 2.0);
  CHECK(combination.terms[1].position == 1);
  CHECK(combination.terms[1].value == 20.0);
  CHECK(combination.terms[1].weight == 0.8);
  CHECK(combination.terms[1].product == 16.0);
  CHECK(combination.output == 18.0);
  CHECK_FALSE(combination.empty);
}

TEST_CASE("masked positions are left out of a combination") {
  const std::vector<uint8_t> allowed = {1, 0, 1};
  const Combination combination = attention::Combine({10.0, 20.0, 30.0}, {0.25, 0.5, 0.25}, &allowed);
  REQUIRE(combination.terms.size() == 2);
  CHECK(combination.terms[0].position == 0);
  CHECK(combination.terms[1].position == 2);
  CHECK(combination.terms[1].product == 7.5);
  CHECK(combination.output == 10.0);  // 2.5 + 7.5
}

TEST_CASE("a combination with every position masked is empty with output 0") {
  const std::vector<uint8_t> none = {0, 0};
  const Combination combination = attention::Combine({10.0, 20.0}, {0.2, 0.8}, &none);
  CHECK(combination.empty);
  CHECK(combination.terms.empty());
  CHECK(combination.output == 0.0);

  CHECK(attention::Combine({}, {}).empty);
}

TEST_CASE("a combination of lists of different lengths uses the shorter one") {
  const Combination combination = attention::Combine({10.0, 20.0, 30.0}, {0.5, 0.5});
  CHECK(combination.terms.size() == 2);
  CHECK(combination.output == 15.0);

  // Positions past the end of `allowed` count as masked.
  const std::vector<uint8_t> short_mask = {1};
  CHECK(attention::Combine({10.0, 20.0}, {0.5, 0.5}, &short_mask).output == 5.0);
}

TEST_CASE("negative values combine with their sign") {
  const Combination combination = attention::Combine({10.0, -10.0}, {0.25, 0.75});
  CHECK(combination.terms[1].product == -7.5);
  CHECK(combination.output == -5.0);
}

namespace {

// Hand-built result for one query over three keys, key 1 masked:
//   weights [0.25, 0, 0.75]; values v0 = [4, -8], v1 = [100, 100], v2 = [8, 2]
//   column 0: 4 × 0.25 + 8 × 0.75 = 1 + 6 = 7; column 1: -8 × 0.25 + 2 × 0.75 = -2 + 1.5 = -0.5
Result HandBuiltResult() {
  Result result;
  result.weights = Matrix::FromRows({{0.25, 0.0, 0.75}});
  result.allowed = attention::Mask(1, 3, true);
  result.allowed.Set(0, 1, false);
  return result;
}

const Matrix kValues = Matrix::FromRows({{4.0, -8.0}, {100.0, 100.0}, {8.0, 2.0}});

}  // namespace

TEST_CASE("a column combination keeps every term of a vector-valued output") {
  const Result result = HandBuiltResult();
  const Combination first = attention::CombineColumn(result, kValues, 0, 0);
  REQUIRE(first.terms.size() == 2);
  CHECK(first.terms[0].position == 0);
  CHECK(first.terms[0].product == 1.0);
  CHECK(first.terms[1].position == 2);
  CHECK(first.terms[1].value == 8.0);
  CHECK(first.terms[1].product == 6.0);
  CHECK(first.output == 7.0);

  const Combination second = attention::CombineColumn(result, kValues, 0, 1);
  REQUIRE(second.terms.size() == 2);
  CHECK(second.terms[0].product == -2.0);
  CHECK(second.terms[1].product == 1.5);
  CHECK(second.output == -0.5);
}

TEST_CASE("a column combination of an attention pass matches its output") {
  // One query [ln 4] over keys [0] and [1], unscaled: weights 0.2 and 0.8 (see attention_pass_test).
  attention::Problem problem;
  problem.queries = Matrix::FromRows({{std::log(4.0)}});
  problem.keys = Matrix::FromRows({{0.0}, {1.0}});
  problem.values = Matrix::FromRows({{10.0, 1.0}, {20.0, -3.0}});
  problem.scale = false;
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  const Combination combination = attention::CombineColumn(result, problem.values, 0, 1);
  REQUIRE(combination.terms.size() == 2);
  CHECK(combination.terms[0].value == 1.0);
  CHECK(combination.terms[0].product == doctest::Approx(0.2).epsilon(1e-12));
  CHECK(combination.terms[1].value == -3.0);
  CHECK(combination.terms[1].product == doctest::Approx(-2.4).epsilon(1e-12));
  CHECK(combination.output == doctest::Approx(-2.2).epsilon(1e-12));
  CHECK(combination.output == result.outputs(0, 1));
}

TEST_CASE("a column combination of an empty row has no position available") {
  Result result = HandBuiltResult();
  result.weights = Matrix(1, 3, 0.0);
  result.allowed = attention::Mask(1, 3, false);
  result.empty_rows = {0};
  const Combination combination = attention::CombineColumn(result, kValues, 0, 0);
  CHECK(combination.empty);
  CHECK(combination.terms.empty());
  CHECK(combination.output == 0.0);
}

TEST_CASE("a column combination out of range is empty rather than out of bounds") {
  const Result result = HandBuiltResult();
  CHECK(attention::CombineColumn(result, kValues, 1, 0).empty);
  CHECK(attention::CombineColumn(result, kValues, -1, 0).empty);
  CHECK(attention::CombineColumn(result, kValues, 0, 2).empty);
  CHECK(attention::CombineColumn(result, kValues, 0, -1).empty);
  CHECK(attention::CombineColumn(result, Matrix::FromRows({{1.0}, {2.0}}), 0, 0).empty);
  CHECK(attention::CombineColumn(Result(), kValues, 0, 0).empty);
  // The in-range call on the same inputs is not empty, so the checks above test the ranges.
  CHECK_FALSE(attention::CombineColumn(result, kValues, 0, 1).empty);
}
