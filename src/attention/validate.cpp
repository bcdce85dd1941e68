// Everything that can reject input, so every message is written in one place.
//
// Contents
// [SECTION] Message helpers
// [SECTION] Status and single-input checks
// [SECTION] Temperature
// [SECTION] Whole problem

#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

#include "attention/attention.h"
#include "attention/detail.h"

namespace attention {

// [SECTION] Message helpers

namespace {

std::string Str(int n) { return std::to_string(n); }

// "%g" rather than FormatNumber: a message must show 1e-300 as 1e-300, not as a rounded "0".
std::string Str(double x) {
  if (x == 0.0) x = 0.0;  // "got 0" reads better than "got -0"
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", x);
  return buffer;
}

std::string Count(int n, const char* one, const char* many) { return Str(n) + " " + (n == 1 ? one : many); }

std::string Shape(int rows, int cols) { return Str(rows) + "x" + Str(cols); }

std::string Entry(const char* field, int row, int col) {
  return std::string(field) + "[" + Str(row) + "][" + Str(col) + "]";
}

const char* NonFiniteName(double x) {
  if (std::isnan(x)) return "NaN";
  return x > 0.0 ? "+inf" : "-inf";
}

}  // namespace

// [SECTION] Status and single-input checks

Status Status::Fail(std::string field, int row, int col, std::string message) {
  Status status;
  status.ok = false;
  status.field = std::move(field);
  status.row = row;
  status.col = col;
  status.message = std::move(message);
  return status;
}

Status CheckFinite(const Matrix& m, const char* field) {
  if (!m.IsConsistent()) {
    return Status::Fail(field, -1, -1,
                        std::string(field) + " is " + Shape(m.rows, m.cols) + " but holds " +
                            Count(static_cast<int>(m.data.size()), "entry", "entries"));
  }
  // One flat pass, row after row, so the first entry at fault is the one named. |x| <= DBL_MAX is
  // std::isfinite without the call per entry a size-optimized (-Oz) build makes for it.
  const double* entries = m.data.data();
  for (size_t e = 0; e < m.data.size(); ++e) {
    if (std::fabs(entries[e]) <= std::numeric_limits<double>::max()) continue;
    const int r = static_cast<int>(e / static_cast<size_t>(m.cols));
    const int c = static_cast<int>(e % static_cast<size_t>(m.cols));
    return Status::Fail(field, r, c, Entry(field, r, c) + " is " + NonFiniteName(entries[e]));
  }
  return Status();
}

Status MatrixFromRows(const std::vector<std::vector<double>>& rows, const char* field, Matrix* out) {
  if (out != nullptr) *out = Matrix();
  const size_t width = rows.empty() ? 0 : rows.front().size();
  for (size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].size() != width) {
      return Status::Fail(field, static_cast<int>(r), -1,
                          std::string(field) + " row " + Str(static_cast<int>(r)) + " has " +
                              Count(static_cast<int>(rows[r].size()), "entry", "entries") + ", expected " +
                              Str(static_cast<int>(width)));
    }
  }
  if (out != nullptr) *out = Matrix::FromRows(rows);
  return Status();
}

// [SECTION] Temperature

Status CheckTemperature(double temperature) {
  if (!std::isfinite(temperature)) {
    return Status::Fail("temperature", -1, -1, std::string("temperature is ") + NonFiniteName(temperature));
  }
  if (temperature <= 0.0) {
    return Status::Fail("temperature", -1, -1, "temperature must be greater than 0, got " + Str(temperature));
  }
  return Status();
}

// [SECTION] Whole problem

namespace {

Status CheckShapes(const Problem& problem) {
  const Matrix& queries = problem.queries;
  const Matrix& keys = problem.keys;
  const Matrix& values = problem.values;
  // A list of zero keys (or queries) has no width to disagree with.
  if (queries.rows > 0 && keys.rows > 0 && keys.cols != queries.cols) {
    return Status::Fail("keys", -1, -1,
                        "keys has " + Count(keys.cols, "column", "columns") + " but queries has " + Str(queries.cols));
  }
  if (values.rows != keys.rows) {
    return Status::Fail("values", -1, -1,
                        "values has " + Count(values.rows, "row", "rows") + " but keys has " + Str(keys.rows));
  }
  return Status();
}

Status CheckValidLengths(const std::vector<int>& valid_lengths, int query_rows, int key_rows) {
  if (valid_lengths.empty()) return Status();
  if (static_cast<int>(valid_lengths.size()) != query_rows) {
    return Status::Fail("valid_lengths", -1, -1,
                        "valid_lengths has " + Count(static_cast<int>(valid_lengths.size()), "entry", "entries") +
                            " but queries has " + Count(query_rows, "row", "rows"));
  }
  for (int i = 0; i < query_rows; ++i) {
    const int valid = valid_lengths[static_cast<size_t>(i)];
    if (valid < 0 || valid > key_rows) {
      return Status::Fail("valid_lengths", i, -1,
                          "valid_lengths[" + Str(i) + "] = " + Str(valid) + " is outside 0.." + Str(key_rows));
    }
  }
  return Status();
}

Status CheckMask(const Mask& mask, int query_rows, int key_rows) {
  if (mask.Empty()) return Status();
  if (!mask.IsConsistent()) {
    return Status::Fail("mask", -1, -1,
                        "mask is " + Shape(mask.rows, mask.cols) + " but holds " +
                            Count(static_cast<int>(mask.allowed.size()), "entry", "entries"));
  }
  if (mask.rows != query_rows || mask.cols != key_rows) {
    return Status::Fail("mask", -1, -1,
                        "mask is " + Shape(mask.rows, mask.cols) + " but scores are " + Shape(query_rows, key_rows));
  }
  return Status();
}

// True when every entry of the row is finite and stays finite divided by divisor, then by the
// temperature. A quick pass for the common case, without a division per entry: rounding is
// monotonic, so the largest |x| is the first to overflow when divided.
bool RowFits(const double* row, int count, double divisor, double temperature) {
  constexpr double kLargestFinite = std::numeric_limits<double>::max();
  int finite = 0;
  double largest = 0.0;
  for (int j = 0; j < count; ++j) {
    const double magnitude = std::fabs(row[j]);
    finite += magnitude <= kLargestFinite ? 1 : 0;  // false for inf and NaN
    largest = magnitude > largest ? magnitude : largest;
  }
  return finite == count && std::isfinite(largest / divisor / temperature);
}

// Checked here rather than in Attend so that Validate alone tells whether Attend will succeed.
// `dots` are the dot products; a scaled score is dots / divisor exactly as Scores computes it.
Status CheckScoresFit(const Problem& problem, const Matrix& dots) {
  const double divisor = detail::ScoreDivisor(problem.queries.cols, problem.scale);
  for (int i = 0; i < dots.rows; ++i) {
    const double* dots_row = dots.Row(i);
    if (RowFits(dots_row, dots.cols, divisor, problem.temperature)) continue;
    // Something in this row does not fit: name the first entry, in the order a reader scans.
    for (int j = 0; j < dots.cols; ++j) {
      if (!std::isfinite(dots_row[j])) {
        return Status::Fail("scores", i, j,
                            Entry("scores", i, j) + " overflows: queries[" + Str(i) + "] \xC2\xB7 keys[" + Str(j) +
                                "] is too large for a double");  // U+00B7 middle dot
      }
      if (!std::isfinite(dots_row[j] / divisor / problem.temperature)) {
        return Status::Fail("temperature", i, j,
                            "temperature " + Str(problem.temperature) + " is too small: " + Entry("scores", i, j) +
                                " / temperature overflows");
      }
    }
  }
  return Status();
}

// Weights sum to 1 only up to rounding, so a weighted sum of values can exceed the largest value
// by a hair; values within a quarter of the double range leave that room many times over.
Status CheckValuesFit(const Matrix& values) {
  const double limit = std::numeric_limits<double>::max() / 4.0;
  const double* entries = values.data.data();
  for (size_t e = 0; e < values.data.size(); ++e) {
    if (!(std::fabs(entries[e]) > limit)) continue;
    const int r = static_cast<int>(e / static_cast<size_t>(values.cols));
    const int c = static_cast<int>(e % static_cast<size_t>(values.cols));
    return Status::Fail("values", r, c,
                        Entry("values", r, c) + " is " + Str(entries[e]) + ", too large: values must stay within ±" +
                            Str(limit) + " so their weighted sum fits in a double");
  }
  return Status{};
}

}  // namespace

Status detail::ValidateKeepingDotProducts(const Problem& problem, Matrix* dot_products) {
  // Each check's Status is returned as it is, never assigned over another: a training loop
  // validates thousands of small problems a second, and moving two strings per check showed.
  if (Status s = CheckFinite(problem.queries, "queries"); !s.ok) return s;
  if (Status s = CheckFinite(problem.keys, "keys"); !s.ok) return s;
  if (Status s = CheckFinite(problem.values, "values"); !s.ok) return s;
  if (Status s = CheckValuesFit(problem.values); !s.ok) return s;
  if (Status s = CheckShapes(problem); !s.ok) return s;
  if (Status s = CheckValidLengths(problem.valid_lengths, problem.queries.rows, problem.keys.rows); !s.ok) return s;
  if (Status s = CheckMask(problem.mask, problem.queries.rows, problem.keys.rows); !s.ok) return s;
  if (Status s = CheckTemperature(problem.temperature); !s.ok) return s;
  // The shapes were checked above, so the dot products exist.
  detail::DotProductsInto(problem.queries, problem.keys, dot_products);
  return CheckScoresFit(problem, *dot_products);
}

Status Validate(const Problem& problem) {
  Matrix dot_products;
  return detail::ValidateKeepingDotProducts(problem, &dot_products);
}

}  // namespace attention
