#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "attention/attention.h"

using attention::Mask;
using attention::Matrix;
using attention::Problem;
using attention::Result;
using attention::Status;

namespace {

Problem MakeProblem(const Matrix& queries, const Matrix& keys, const Matrix& values) {
  Problem problem;
  problem.queries = queries;
  problem.keys = keys;
  problem.values = values;
  return problem;
}

// Two queries over two keys with vector values, chosen so the weights are simple fractions.
// Dimension 1 and no scaling, so the scores are the products themselves:
//   q0 = [ln 4], q1 = [0]; k0 = [0], k1 = [1]
//   row 0 scores [0, ln 4]: exp(0 - ln 4) = 1/4 against exp(0) = 1, sum 5/4, weights [0.2, 0.8]
//   row 1 scores [0, 0]: weights [0.5, 0.5]
//   values v0 = [10, 1], v1 = [20, -3]
//   output 0 = 0.2 [10, 1] + 0.8 [20, -3] = [2 + 16, 0.2 - 2.4] = [18, -2.2]
//   output 1 = 0.5 [10, 1] + 0.5 [20, -3] = [5 + 10, 0.5 - 1.5] = [15, -1]
Problem TwoByTwo() {
  Problem problem = MakeProblem(Matrix::FromRows({{std::log(4.0)}, {0.0}}), Matrix::FromRows({{0.0}, {1.0}}),
                                Matrix::FromRows({{10.0, 1.0}, {20.0, -3.0}}));
  problem.scale = false;
  return problem;
}

// Dimension 4 so that sqrt(4) = 2 keeps the scores exact (see attention_scores_test.cpp):
// scaled scores [[5, 0.5, -2], [0.75, 0.25, -1]]. Values [1, 0], [0, 1], [10, -10] make each
// output [w0 + 10 w2, w1 - 10 w2].
Problem ThreeKeys() {
  return MakeProblem(Matrix::FromRows({{1.0, 2.0, 3.0, 4.0}, {0.0, -1.0, 0.5, 2.0}}),
                     Matrix::FromRows({{1.0, 1.0, 1.0, 1.0}, {2.0, 0.0, -1.0, 0.5}, {0.0, 0.0, 0.0, -1.0}}),
                     Matrix::FromRows({{1.0, 0.0}, {0.0, 1.0}, {10.0, -10.0}}));
}

// Queries of zeros make every score 0, so each row spreads its weight evenly over what it may see.
Problem FlatScores(int query_rows) {
  return MakeProblem(Matrix(query_rows, 1, 0.0), Matrix::FromRows({{1.0}, {2.0}, {3.0}}),
                     Matrix::FromRows({{3.0}, {6.0}, {9.0}}));
}

Result MustAttend(const Problem& problem) {
  Result result;
  const Status status = attention::Attend(problem, &result);
  REQUIRE_MESSAGE(status.ok, status.message);
  return result;
}

}  // namespace

TEST_CASE("attention over two positions gives the hand-computed vector outputs") {
  const Result result = MustAttend(TwoByTwo());
  REQUIRE(result.weights.rows == 2);
  REQUIRE(result.weights.cols == 2);
  REQUIRE(result.outputs.rows == 2);
  REQUIRE(result.outputs.cols == 2);
  CHECK(result.weights(0, 0) == doctest::Approx(0.2).epsilon(1e-12));
  CHECK(result.weights(0, 1) == doctest::Approx(0.8).epsilon(1e-12));
  CHECK(result.weights(1, 0) == 0.5);
  CHECK(result.weights(1, 1) == 0.5);
  CHECK(result.outputs(0, 0) == doctest::Approx(18.0).epsilon(1e-12));
  CHECK(result.outputs(0, 1) == doctest::Approx(-2.2).epsilon(1e-12));
  CHECK(result.outputs(1, 0) == 15.0);
  CHECK(result.outputs(1, 1) == -1.0);
  CHECK(result.empty_rows.empty());
}

TEST_CASE("scaled attention matches hand-computed scores, weights and outputs") {
  const Result result = MustAttend(ThreeKeys());
  CHECK(result.dot_products(0, 0) == 10.0);
  CHECK(result.dot_products(1, 2) == -2.0);
  CHECK(result.scores(0, 0) == 5.0);
  CHECK(result.scores(1, 2) == -1.0);
  // Row 0: exp(0) = 1, exp(-4.5) = 0.0111089965, exp(-7) = 0.0009118820; sum 1.0120208785.
  CHECK(result.weights(0, 0) == doctest::Approx(0.9881219066).epsilon(1e-9));
  CHECK(result.weights(0, 1) == doctest::Approx(0.0109770428).epsilon(1e-9));
  CHECK(result.weights(0, 2) == doctest::Approx(0.0009010505).epsilon(1e-9));
  CHECK(result.outputs(0, 0) == doctest::Approx(0.9971324121).epsilon(1e-9));
  CHECK(result.outputs(0, 1) == doctest::Approx(0.0019665374).epsilon(1e-9));
  // Row 1: exp(0) = 1, exp(-0.5) = 0.6065306597, exp(-1.75) = 0.1737739435; sum 1.7803046032.
  CHECK(result.weights(1, 0) == doctest::Approx(0.5617016314).epsilon(1e-9));
  CHECK(result.weights(1, 1) == doctest::Approx(0.3406892611).epsilon(1e-9));
  CHECK(result.weights(1, 2) == doctest::Approx(0.0976091075).epsilon(1e-9));
  CHECK(result.outputs(1, 0) == doctest::Approx(1.5377927067).epsilon(1e-9));
  CHECK(result.outputs(1, 1) == doctest::Approx(-0.6354018143).epsilon(1e-9));
}

TEST_CASE("attention without scaling uses the raw dot products") {
  Problem problem = ThreeKeys();
  problem.scale = false;
  const Result result = MustAttend(problem);
  CHECK(result.scores(0, 0) == 10.0);
  CHECK(result.scores(1, 1) == 0.5);
  // Row 1 unscaled is [1.5, 0.5, -2]: exp(0), exp(-1), exp(-3.5) = 1, 0.3678794412, 0.0301973834.
  CHECK(result.weights(1, 0) == doctest::Approx(1.0 / 1.3980768246).epsilon(1e-9));
  CHECK(result.weights(1, 1) == doctest::Approx(0.3678794412 / 1.3980768246).epsilon(1e-9));
}

TEST_CASE("the temperature divides the scores before softmax") {
  Problem problem = ThreeKeys();
  problem.temperature = 2.0;
  const Result result = MustAttend(problem);
  CHECK(result.scores(0, 0) == 2.5);
  CHECK(result.scores(0, 1) == 0.25);
  CHECK(result.scores(1, 2) == -0.5);
  // Row 0 is [2.5, 0.25, -1]: exp(0), exp(-2.25), exp(-3.5) = 1, 0.1053992246, 0.0301973834.
  CHECK(result.weights(0, 0) == doctest::Approx(0.8805943880).epsilon(1e-9));
  CHECK(result.weights(0, 1) == doctest::Approx(0.0928139656).epsilon(1e-9));
  CHECK(result.weights(0, 2) == doctest::Approx(0.0265916464).epsilon(1e-9));
}

TEST_CASE("causal attention averages the visible prefix") {
  Problem problem = FlatScores(3);
  problem.causal = true;
  const Result result = MustAttend(problem);
  CHECK(result.weights(0, 0) == 1.0);
  CHECK(result.weights(0, 1) == 0.0);
  CHECK(result.weights(0, 2) == 0.0);
  CHECK(result.weights(1, 0) == 0.5);
  CHECK(result.weights(1, 1) == 0.5);
  CHECK(result.weights(1, 2) == 0.0);
  CHECK(result.weights(2, 2) == doctest::Approx(1.0 / 3.0).epsilon(1e-12));
  CHECK(result.outputs(0, 0) == 3.0);
  CHECK(result.outputs(1, 0) == 4.5);
  CHECK(result.outputs(2, 0) == doctest::Approx(6.0).epsilon(1e-12));
}

TEST_CASE("a padding mask hides keys at and after each valid length") {
  Problem problem = FlatScores(2);
  problem.valid_lengths = {1, 2};
  const Result result = MustAttend(problem);
  CHECK(result.weights(0, 0) == 1.0);
  CHECK(result.weights(0, 1) == 0.0);
  CHECK(result.weights(1, 1) == 0.5);
  CHECK(result.weights(1, 2) == 0.0);
  CHECK(result.outputs(0, 0) == 3.0);
  CHECK(result.outputs(1, 0) == 4.5);
}

TEST_CASE("a custom mask hides a key even when it has the best score") {
  // Scores [1, 50, 1]: unmasked, key 1 would take nearly all the weight.
  Problem problem = MakeProblem(Matrix::FromRows({{1.0}}), Matrix::FromRows({{1.0}, {50.0}, {1.0}}),
                                Matrix::FromRows({{3.0}, {1000.0}, {9.0}}));
  problem.scale = false;
  problem.mask = Mask(1, 3, true);
  problem.mask.Set(0, 1, false);
  const Result result = MustAttend(problem);
  CHECK(result.weights(0, 0) == 0.5);
  CHECK(result.weights(0, 1) == 0.0);
  CHECK(result.weights(0, 2) == 0.5);
  CHECK(result.outputs(0, 0) == 6.0);
  CHECK(result.scores(0, 1) == 50.0);  // masked scores are still shown
}

TEST_CASE("causal, padding and custom masks apply as their intersection") {
  Problem problem = FlatScores(3);
  problem.causal = true;              // {100, 110, 111}
  problem.valid_lengths = {3, 1, 2};  // {111, 100, 110}
  problem.mask = Mask(3, 3, true);    // hides row 2's first key
  problem.mask.Set(2, 0, false);
  const Result result = MustAttend(problem);
  // Intersection {100, 100, 010}.
  const std::vector<uint8_t> expected_allowed = {1, 0, 0, 1, 0, 0, 0, 1, 0};
  CHECK(result.allowed.allowed == expected_allowed);
  const std::vector<double> expected_weights = {1, 0, 0, 1, 0, 0, 0, 1, 0};
  CHECK(result.weights.data == expected_weights);
  CHECK(result.outputs(0, 0) == 3.0);
  CHECK(result.outputs(1, 0) == 3.0);
  CHECK(result.outputs(2, 0) == 6.0);
}

TEST_CASE("a row with every position masked is flagged with zero weights and a zero output") {
  Problem problem = TwoByTwo();
  problem.valid_lengths = {0, 2};
  const Result result = MustAttend(problem);
  CHECK(result.empty_rows == std::vector<int>{0});
  CHECK(result.RowIsEmpty(0));
  CHECK_FALSE(result.RowIsEmpty(1));
  // Exactly 0: not NaN, and not a uniform 0.5 spread over masked keys.
  CHECK(result.weights(0, 0) == 0.0);
  CHECK(result.weights(0, 1) == 0.0);
  CHECK(result.outputs(0, 0) == 0.0);
  CHECK(result.outputs(0, 1) == 0.0);
  CHECK_FALSE(std::signbit(result.outputs(0, 1)));
  // The other row is untouched.
  CHECK(result.outputs(1, 0) == 15.0);
  CHECK(result.outputs(1, 1) == -1.0);
}

TEST_CASE("a custom mask of all zeros empties every row") {
  Problem problem = TwoByTwo();
  problem.mask = Mask(2, 2, false);
  const Result result = MustAttend(problem);
  CHECK(result.empty_rows == std::vector<int>{0, 1});
  for (double w : result.weights.data) CHECK(w == 0.0);
  for (double out : result.outputs.data) CHECK(out == 0.0);
}

TEST_CASE("causal and padding masks together can leave a row with nothing") {
  Problem problem = FlatScores(3);
  problem.causal = true;
  problem.valid_lengths = {3, 3, 0};
  Problem first_row_padded = problem;
  first_row_padded.valid_lengths = {0, 3, 3};
  CHECK(MustAttend(problem).empty_rows == std::vector<int>{2});
  CHECK(MustAttend(first_row_padded).empty_rows == std::vector<int>{0});
}

TEST_CASE("attention with no keys makes every query row empty") {
  const Result result = MustAttend(MakeProblem(Matrix::FromRows({{1.0, 2.0}, {3.0, 4.0}}), Matrix(), Matrix()));
  CHECK(result.empty_rows == std::vector<int>{0, 1});
  CHECK(result.weights.rows == 2);
  CHECK(result.weights.cols == 0);
  CHECK(result.outputs.rows == 2);
  CHECK(result.outputs.cols == 0);

  // Zero keys whose values still declare a width give all-zero outputs of that width.
  const Result wide = MustAttend(MakeProblem(Matrix::FromRows({{1.0, 2.0}, {3.0, 4.0}}), Matrix(0, 2), Matrix(0, 3)));
  CHECK(wide.outputs.rows == 2);
  CHECK(wide.outputs.cols == 3);
  for (double out : wide.outputs.data) CHECK(out == 0.0);
}

TEST_CASE("attention with no queries succeeds with an empty result") {
  const Matrix keys = Matrix::FromRows({{1.0, 0.0}, {0.0, 1.0}});
  const Result result = MustAttend(MakeProblem(Matrix(0, 2), keys, Matrix::FromRows({{5.0}, {7.0}})));
  CHECK(result.weights.rows == 0);
  CHECK(result.weights.cols == 2);
  CHECK(result.outputs.rows == 0);
  CHECK(result.outputs.cols == 1);
  CHECK(result.empty_rows.empty());
}

TEST_CASE("extreme but finite scores do not overflow in a full pass") {
  // 1e15 × ±1e15 = ±1e30.
  Problem problem =
      MakeProblem(Matrix::FromRows({{1e15}}), Matrix::FromRows({{1e15}, {-1e15}}), Matrix::FromRows({{1.0}, {2.0}}));
  problem.scale = false;
  const Result result = MustAttend(problem);
  CHECK(result.weights(0, 0) == 1.0);
  CHECK(result.weights(0, 1) == 0.0);
  CHECK(result.outputs(0, 0) == 1.0);
}

TEST_CASE("a dot product that overflows is rejected with its position") {
  // 1e200 × 1e200 = 1e400, beyond the largest double (about 1.8e308).
  const Problem problem =
      MakeProblem(Matrix::FromRows({{1e200}}), Matrix::FromRows({{1.0}, {1e200}}), Matrix::FromRows({{1.0}, {2.0}}));
  Result result = MustAttend(TwoByTwo());
  const Status status = attention::Attend(problem, &result);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "scores");
  CHECK(status.row == 0);
  CHECK(status.col == 1);
  CHECK(status.message == "scores[0][1] overflows: queries[0] · keys[1] is too large for a double");
  CHECK(result.weights.data.empty());
}

TEST_CASE("a temperature so small that a score overflows is rejected") {
  // 2 / 1e-308 = 2e308 overflows, 1 / 1e-308 = 1e308 does not.
  Problem problem =
      MakeProblem(Matrix::FromRows({{1.0}}), Matrix::FromRows({{1.0}, {2.0}}), Matrix::FromRows({{10.0}, {20.0}}));
  problem.scale = false;
  problem.temperature = 1e-308;
  Result result;
  const Status status = attention::Attend(problem, &result);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "temperature");
  CHECK(status.row == 0);
  CHECK(status.col == 1);
  CHECK(status.message == "temperature 1e-308 is too small: scores[0][1] / temperature overflows");
  CHECK(result.scores.data.empty());
}

TEST_CASE("a tiny temperature that does not overflow gives one-hot weights") {
  Problem problem =
      MakeProblem(Matrix::FromRows({{1.0}}), Matrix::FromRows({{1.0}, {2.0}}), Matrix::FromRows({{10.0}, {20.0}}));
  problem.scale = false;
  problem.temperature = 1e-300;
  const Result result = MustAttend(problem);
  CHECK(result.weights(0, 0) == 0.0);
  CHECK(result.weights(0, 1) == 1.0);
  CHECK(result.outputs(0, 0) == 20.0);
  CHECK(std::isfinite(result.scores(0, 1)));
}

TEST_CASE("every output equals the sum of the terms CombineColumn shows") {
  const Problem problem = ThreeKeys();
  const Result result = MustAttend(problem);
  for (int i = 0; i < result.outputs.rows; ++i) {
    for (int c = 0; c < result.outputs.cols; ++c) {
      const attention::Combination combination = attention::CombineColumn(result, problem.values, i, c);
      REQUIRE(combination.terms.size() == 3);
      double sum = 0.0;
      for (const attention::Term& term : combination.terms) sum += term.value * term.weight;
      CHECK(result.outputs(i, c) == sum);
    }
  }
}

TEST_CASE("attend with no result to fill only validates") {
  CHECK(attention::Attend(TwoByTwo(), nullptr).ok);
  Problem broken = TwoByTwo();
  broken.temperature = 0.0;
  CHECK(attention::Attend(broken, nullptr).field == "temperature");
}
