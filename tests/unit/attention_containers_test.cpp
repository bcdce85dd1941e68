#include <doctest/doctest.h>

#include <vector>

#include "attention/attention.h"

using attention::Matrix;

TEST_CASE("a matrix built from rows stores them row after row") {
  const Matrix m = Matrix::FromRows({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  CHECK(m.rows == 2);
  CHECK(m.cols == 3);
  CHECK(m.data == std::vector<double>{1.0, 2.0, 3.0, 4.0, 5.0, 6.0});
  CHECK(m(1, 2) == 6.0);
  CHECK(m.Row(1)[0] == 4.0);
  CHECK(m.IsConsistent());
}

TEST_CASE("a matrix built from ragged trusted rows takes the first row's width") {
  const Matrix m = Matrix::FromRows({{1.0, 2.0}, {3.0}, {4.0, 5.0, 6.0}});
  CHECK(m.cols == 2);
  CHECK(m.data == std::vector<double>{1.0, 2.0, 3.0, 0.0, 4.0, 5.0});
}

TEST_CASE("a matrix is filled as asked and counts negative sizes as 0") {
  const Matrix filled(2, 2, 1.5);
  CHECK(filled.data == std::vector<double>{1.5, 1.5, 1.5, 1.5});
  const Matrix negative(-1, 4);
  CHECK(negative.rows == 0);
  CHECK(negative.cols == 4);
  CHECK(negative.data.empty());
  CHECK(negative.IsConsistent());
}

TEST_CASE("a matrix whose data disagrees with its size is inconsistent") {
  Matrix m(2, 2);
  m.data.push_back(0.0);
  CHECK_FALSE(m.IsConsistent());
  Matrix negative;
  negative.rows = -1;
  CHECK_FALSE(negative.IsConsistent());
}

TEST_CASE("a default status is success") {
  const attention::Status status;
  CHECK(status.ok);
  CHECK(status.row == -1);
  const attention::Status failed = attention::Status::Fail("keys", 1, 0, "keys[1][0] is NaN");
  CHECK_FALSE(failed.ok);
  CHECK(failed.field == "keys");
  CHECK(failed.row == 1);
  CHECK(failed.col == 0);
  CHECK(failed.message == "keys[1][0] is NaN");
}
