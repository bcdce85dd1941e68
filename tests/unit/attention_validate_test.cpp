#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"

using attention::Mask;
using attention::Matrix;
using attention::Problem;
using attention::Result;
using attention::Status;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Two queries and two keys of dimension 2, values of width 3: valid as it stands.
Problem Valid() {
  Problem problem;
  problem.queries = Matrix::FromRows({{1.0, 0.0}, {0.0, 1.0}});
  problem.keys = Matrix::FromRows({{1.0, 2.0}, {3.0, 4.0}});
  problem.values = Matrix::FromRows({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  return problem;
}

// Runs Validate and Attend on a broken problem, checks they agree and that Attend cleared the
// result it was given (filled by an earlier successful pass), and returns the status.
Status Rejected(const Problem& problem) {
  Result result;
  REQUIRE(attention::Attend(Valid(), &result).ok);
  REQUIRE(result.weights.rows == 2);

  const Status validated = attention::Validate(problem);
  const Status attended = attention::Attend(problem, &result);
  CHECK_FALSE(validated.ok);
  CHECK_FALSE(attended.ok);
  CHECK(attended.message == validated.message);
  CHECK(attended.field == validated.field);
  CHECK(result.dot_products.data.empty());
  CHECK(result.scores.data.empty());
  CHECK(result.allowed.allowed.empty());
  CHECK(result.weights.rows == 0);
  CHECK(result.weights.data.empty());
  CHECK(result.outputs.data.empty());
  CHECK(result.empty_rows.empty());
  return validated;
}

}  // namespace

TEST_CASE("a valid problem passes validation") {
  CHECK(attention::Validate(Valid()).ok);
  CHECK(attention::Validate(Valid()).message.empty());
}

TEST_CASE("NaN and infinities in queries, keys and values are rejected with their position") {
  struct Case {
    const char* field;
    int row;
    int col;
    double bad;
    const char* message;
  };
  const Case cases[] = {
      {"queries", 0, 1, kNaN, "queries[0][1] is NaN"},   {"queries", 1, 0, kInf, "queries[1][0] is +inf"},
      {"queries", 1, 1, -kInf, "queries[1][1] is -inf"}, {"keys", 1, 0, kNaN, "keys[1][0] is NaN"},
      {"keys", 0, 0, kInf, "keys[0][0] is +inf"},        {"keys", 0, 1, -kInf, "keys[0][1] is -inf"},
      {"values", 1, 2, kNaN, "values[1][2] is NaN"},     {"values", 0, 2, kInf, "values[0][2] is +inf"},
      {"values", 1, 0, -kInf, "values[1][0] is -inf"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.message);
    Problem problem = Valid();
    Matrix& target = std::string(c.field) == "queries" ? problem.queries
                     : std::string(c.field) == "keys"  ? problem.keys
                                                       : problem.values;
    target(c.row, c.col) = c.bad;
    const Status status = Rejected(problem);
    CHECK(status.field == c.field);
    CHECK(status.row == c.row);
    CHECK(status.col == c.col);
    CHECK(status.message == c.message);
  }
}

TEST_CASE("a NaN value is rejected even at a masked position") {
  Problem problem = Valid();
  problem.values(1, 0) = kNaN;
  problem.valid_lengths = {1, 1};
  CHECK(Rejected(problem).message == "values[1][0] is NaN");
}

TEST_CASE("the first problem in input order is the one reported") {
  Problem problem = Valid();
  problem.values(0, 0) = kNaN;
  problem.keys(1, 1) = kInf;
  problem.temperature = -1.0;
  CHECK(Rejected(problem).message == "keys[1][1] is +inf");
}

TEST_CASE("keys whose width differs from the queries are rejected") {
  Problem problem = Valid();
  problem.keys = Matrix::FromRows({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  const Status status = Rejected(problem);
  CHECK(status.field == "keys");
  CHECK(status.message == "keys has 3 columns but queries has 2");
}

TEST_CASE("values with a different number of rows than keys are rejected") {
  Problem problem = Valid();
  problem.values = Matrix::FromRows({{1.0}, {2.0}, {3.0}});
  const Status status = Rejected(problem);
  CHECK(status.field == "values");
  CHECK(status.message == "values has 3 rows but keys has 2");
}

TEST_CASE("a mask of the wrong shape is rejected") {
  Problem problem = Valid();
  problem.mask = Mask(2, 3, true);
  const Status status = Rejected(problem);
  CHECK(status.field == "mask");
  CHECK(status.message == "mask is 2x3 but scores are 2x2");
}

TEST_CASE("valid_lengths must have one entry per query row") {
  Problem problem = Valid();
  problem.valid_lengths = {1};
  const Status status = Rejected(problem);
  CHECK(status.field == "valid_lengths");
  CHECK(status.message == "valid_lengths has 1 entry but queries has 2 rows");

  problem.valid_lengths = {1, 1, 1};
  CHECK(Rejected(problem).message == "valid_lengths has 3 entries but queries has 2 rows");
}

TEST_CASE("valid_lengths outside 0 to the number of keys are rejected") {
  Problem problem = Valid();
  problem.keys = Matrix::FromRows({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0}});
  problem.values = Matrix::FromRows({{1.0}, {2.0}, {3.0}});
  problem.valid_lengths = {3, 5};
  const Status status = Rejected(problem);
  CHECK(status.field == "valid_lengths");
  CHECK(status.row == 1);
  CHECK(status.message == "valid_lengths[1] = 5 is outside 0..3");

  problem.valid_lengths = {-1, 0};
  CHECK(Rejected(problem).message == "valid_lengths[0] = -1 is outside 0..3");

  problem.valid_lengths = {0, 3};  // both ends of the range are fine
  CHECK(attention::Validate(problem).ok);
}

TEST_CASE("a bad temperature is rejected by validation") {
  Problem problem = Valid();
  problem.temperature = 0.0;
  CHECK(Rejected(problem).field == "temperature");
  problem.temperature = kNaN;
  CHECK(Rejected(problem).message == "temperature is NaN");
}

TEST_CASE("matrices and masks whose sizes disagree with their data are rejected") {
  Problem problem = Valid();
  problem.queries.data.pop_back();
  const Status status = Rejected(problem);
  CHECK(status.field == "queries");
  CHECK(status.message == "queries is 2x2 but holds 3 entries");

  Problem negative = Valid();
  negative.values.rows = -2;
  CHECK(Rejected(negative).message == "values is -2x3 but holds 6 entries");

  Problem bad_mask = Valid();
  bad_mask.mask = Mask(2, 2, true);
  bad_mask.mask.allowed.push_back(1);
  CHECK(Rejected(bad_mask).message == "mask is 2x2 but holds 5 entries");
}

TEST_CASE("an empty list of keys is not compared by width") {
  Problem problem = Valid();
  problem.keys = Matrix();
  problem.values = Matrix();
  CHECK(attention::Validate(problem).ok);
}

TEST_CASE("untrusted ragged rows are rejected and clear the output") {
  Matrix out = Matrix::FromRows({{9.0}});
  const Status status = attention::MatrixFromRows({{1.0, 2.0}, {3.0, 4.0}, {5.0, 6.0, 7.0}}, "keys", &out);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "keys");
  CHECK(status.row == 2);
  CHECK(status.message == "keys row 2 has 3 entries, expected 2");
  CHECK(out.rows == 0);
  CHECK(out.data.empty());

  CHECK(attention::MatrixFromRows({{1.0}, {}}, "values", nullptr).message == "values row 1 has 0 entries, expected 1");
}

TEST_CASE("untrusted rows of equal length become a matrix") {
  Matrix out;
  REQUIRE(attention::MatrixFromRows({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}}, "values", &out).ok);
  CHECK(out.rows == 2);
  CHECK(out.cols == 3);
  CHECK(out(1, 0) == 4.0);
  CHECK(out(0, 2) == 3.0);

  Matrix none = Matrix::FromRows({{9.0}});
  REQUIRE(attention::MatrixFromRows({}, "queries", &none).ok);
  CHECK(none.rows == 0);
  CHECK(none.cols == 0);
}

TEST_CASE("checking finiteness names the field it is given") {
  const Matrix m = Matrix::FromRows({{0.0, 1.0}, {2.0, -kInf}});
  const Status status = attention::CheckFinite(m, "weights");
  CHECK(status.message == "weights[1][1] is -inf");
  CHECK(attention::CheckFinite(Matrix::FromRows({{1e308, -1e308}}), "values").ok);
}

TEST_CASE("values so large that their weighted sum would overflow are rejected") {
  // Found by the fuzzer: weights 0.148 and 0.852 of DBL_MAX summed to +inf.
  attention::Problem problem;
  problem.queries = attention::Matrix::FromRows({{1.0}});
  problem.keys = attention::Matrix::FromRows({{0.0}, {1.75}});
  const double huge = std::numeric_limits<double>::max();
  problem.values = attention::Matrix::FromRows({{huge}, {huge}});
  attention::Result result;
  const attention::Status status = attention::Attend(problem, &result);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "values");
  CHECK(status.row == 0);
  CHECK(status.message.find("too large") != std::string::npos);
  CHECK(result.outputs.data.empty());

  problem.values = attention::Matrix::FromRows({{1e300}, {-1e300}});
  REQUIRE(attention::Attend(problem, &result).ok);
  CHECK(std::isfinite(result.outputs(0, 0)));
}
