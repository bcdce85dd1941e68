// The attention pass computes in blocks (eight keys, four query rows, four value columns at a time,
// wasm SIMD or SSE2 where built with it) for speed. These tests hold it to a straightforward
// implementation written out below, on random problems whose sizes fall on and off those blocks,
// with causal, padding and custom masks and rows with every position masked.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"

using attention::Mask;
using attention::Matrix;
using attention::Problem;
using attention::Result;

namespace {

// splitmix64, so every platform draws the same problems.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Bits() {
    state_ += 0x9E3779B97F4A7C15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int Below(int n) { return static_cast<int>(Bits() % static_cast<uint64_t>(n)); }
  double Uniform(double spread) { return (static_cast<double>(Bits() >> 11) * 0x1.0p-52 - 1.0) * spread; }

 private:
  uint64_t state_;
};

Matrix RandomMatrix(int rows, int cols, double spread, Random* random) {
  Matrix m(rows, cols);
  for (double& x : m.data) x = random->Uniform(spread);
  return m;
}

// Everything a pass should compute, the plain way: one dot product, one softmax, one weighted
// sum at a time.
struct Reference {
  Matrix dot_products;
  Matrix scores;
  std::vector<uint8_t> allowed;
  Matrix weights;
  Matrix outputs;
  std::vector<int> empty_rows;
};

Reference ReferenceAttend(const Problem& p) {
  const int n = p.queries.rows;
  const int m = p.keys.rows;
  const int d = p.queries.cols;
  const int dv = p.values.cols;
  Reference ref;
  ref.dot_products = Matrix(n, m);
  ref.scores = Matrix(n, m);
  ref.weights = Matrix(n, m);
  ref.outputs = Matrix(n, dv);
  ref.allowed.assign(static_cast<size_t>(n) * static_cast<size_t>(m), 0);
  const double root = p.scale && d > 0 ? std::sqrt(static_cast<double>(d)) : 1.0;
  for (int i = 0; i < n; ++i) {
    std::vector<double> scaled(static_cast<size_t>(m));
    double largest = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < m; ++j) {
      double dot = 0.0;
      for (int k = 0; k < d; ++k) dot += p.queries(i, k) * p.keys(j, k);
      ref.dot_products(i, j) = dot;
      scaled[static_cast<size_t>(j)] = dot / root;
      ref.scores(i, j) = scaled[static_cast<size_t>(j)] / p.temperature;
      bool may_attend = !p.causal || j <= i;
      if (!p.valid_lengths.empty()) may_attend = may_attend && j < p.valid_lengths[static_cast<size_t>(i)];
      if (!p.mask.Empty()) may_attend = may_attend && p.mask(i, j);
      ref.allowed[static_cast<size_t>(i) * static_cast<size_t>(m) + static_cast<size_t>(j)] = may_attend ? 1 : 0;
      if (may_attend) largest = std::max(largest, scaled[static_cast<size_t>(j)]);
    }
    if (largest == -std::numeric_limits<double>::infinity()) {
      ref.empty_rows.push_back(i);
      continue;
    }
    double total = 0.0;
    for (int j = 0; j < m; ++j) {
      if (ref.allowed[static_cast<size_t>(i) * static_cast<size_t>(m) + static_cast<size_t>(j)] == 0) continue;
      ref.weights(i, j) = std::exp((scaled[static_cast<size_t>(j)] - largest) / p.temperature);
      total += ref.weights(i, j);
    }
    for (int j = 0; j < m; ++j) ref.weights(i, j) /= total;
    for (int c = 0; c < dv; ++c) {
      double sum = 0.0;
      for (int j = 0; j < m; ++j) {
        if (ref.allowed[static_cast<size_t>(i) * static_cast<size_t>(m) + static_cast<size_t>(j)] != 0) {
          sum += p.values(j, c) * ref.weights(i, j);
        }
      }
      ref.outputs(i, c) = sum;
    }
  }
  return ref;
}

// Sizes up to 19 rows and keys cross the kernel's blocks of 4 and 8 with every remainder; widths
// up to 70 cover the d = 64 the bench uses.
Problem RandomProblem(Random* random) {
  const int n = random->Below(20);
  const int m = random->Below(20);
  const int d = random->Below(4) == 0 ? 64 + random->Below(7) : random->Below(10);
  const int dv = random->Below(12);
  Problem p;
  p.queries = RandomMatrix(n, d, 2.0, random);
  p.keys = RandomMatrix(m, d, 2.0, random);
  p.values = RandomMatrix(m, dv, 10.0, random);
  p.causal = random->Below(2) == 1;
  if (random->Below(3) == 0) {
    p.valid_lengths.resize(static_cast<size_t>(n));
    for (int& length : p.valid_lengths) length = random->Below(m + 1);
  }
  if (random->Below(3) == 0) {
    p.mask = Mask(n, m, true);
    for (uint8_t& entry : p.mask.allowed) entry = random->Below(3) == 0 ? 0 : 1;
    // One row with every position masked, whatever the other masks allow.
    if (n > 0) {
      const int row = random->Below(n);
      for (int j = 0; j < m; ++j) p.mask.Set(row, j, false);
    }
  }
  const double temperatures[] = {1.0, 0.5, 2.0, 0.1, 3.0};
  p.temperature = temperatures[random->Below(5)];
  p.scale = random->Below(4) != 0;
  return p;
}

bool Close(double actual, double expected) {
  return std::fabs(actual - expected) <= 1e-12 * std::max(1.0, std::fabs(expected));
}

// Counts the entries of `actual` that differ from `expected` by more than rounding.
int Mismatches(const Matrix& actual, const Matrix& expected) {
  if (actual.rows != expected.rows || actual.cols != expected.cols || actual.data.size() != expected.data.size()) {
    return -1;
  }
  int mismatches = 0;
  for (size_t e = 0; e < actual.data.size(); ++e) mismatches += Close(actual.data[e], expected.data[e]) ? 0 : 1;
  return mismatches;
}

bool SameBits(const Matrix& a, const Matrix& b) {
  if (a.rows != b.rows || a.cols != b.cols || a.data.size() != b.data.size()) return false;
  for (size_t e = 0; e < a.data.size(); ++e) {
    if (a.data[e] != b.data[e] || std::signbit(a.data[e]) != std::signbit(b.data[e])) return false;
  }
  return true;
}

std::string Describe(const Problem& p) {
  return "n=" + std::to_string(p.queries.rows) + " m=" + std::to_string(p.keys.rows) +
         " d=" + std::to_string(p.queries.cols) + " dv=" + std::to_string(p.values.cols) + (p.causal ? " causal" : "") +
         (p.valid_lengths.empty() ? "" : " padded") + (p.mask.Empty() ? "" : " masked") +
         " T=" + std::to_string(p.temperature) + (p.scale ? " scaled" : "");
}

}  // namespace

TEST_CASE("the attention pass matches a straightforward implementation on random problems") {
  Random random(20240611);
  int empty_rows_seen = 0;
  for (int trial = 0; trial < 400; ++trial) {
    const Problem problem = RandomProblem(&random);
    CAPTURE(trial);
    INFO(Describe(problem));
    Result result;
    REQUIRE(attention::Attend(problem, &result).ok);
    const Reference ref = ReferenceAttend(problem);

    CHECK(Mismatches(result.dot_products, ref.dot_products) == 0);
    CHECK(Mismatches(result.scores, ref.scores) == 0);
    CHECK(result.allowed.rows == problem.queries.rows);
    CHECK(result.allowed.cols == problem.keys.rows);
    CHECK(result.allowed.allowed == ref.allowed);
    CHECK(Mismatches(result.weights, ref.weights) == 0);
    CHECK(Mismatches(result.outputs, ref.outputs) == 0);
    CHECK(result.empty_rows == ref.empty_rows);
    empty_rows_seen += static_cast<int>(ref.empty_rows.size());

    // Masked weights are exactly 0, and empty rows exactly +0 throughout.
    for (size_t e = 0; e < ref.allowed.size(); ++e) {
      if (ref.allowed[e] == 0) CHECK(result.weights.data[e] == 0.0);
    }
    for (int row : ref.empty_rows) {
      for (int c = 0; c < result.outputs.cols; ++c) {
        CHECK(result.outputs(row, c) == 0.0);
        CHECK_FALSE(std::signbit(result.outputs(row, c)));
      }
    }
  }
  CHECK(empty_rows_seen > 0);  // the random masks did produce rows with nothing to attend to
}

TEST_CASE("every output of a random pass is exactly the sum CombineColumn writes out") {
  Random random(7);
  for (int trial = 0; trial < 100; ++trial) {
    const Problem problem = RandomProblem(&random);
    CAPTURE(trial);
    INFO(Describe(problem));
    Result result;
    REQUIRE(attention::Attend(problem, &result).ok);
    int differing = 0;
    for (int i = 0; i < result.outputs.rows; ++i) {
      for (int c = 0; c < result.outputs.cols; ++c) {
        const double output = result.outputs(i, c);
        const double shown = attention::CombineColumn(result, problem.values, i, c).output;
        if (output != shown || std::signbit(output) != std::signbit(shown)) ++differing;
      }
    }
    CHECK(differing == 0);
  }
}

TEST_CASE("dot products match plain loops for query and key counts on and off the blocks") {
  Random random(99);
  for (int rows = 0; rows <= 9; ++rows) {
    for (int keys = 0; keys <= 17; ++keys) {
      const int width = 1 + random.Below(66);
      const Matrix queries = RandomMatrix(rows, width, 3.0, &random);
      const Matrix key_rows = RandomMatrix(keys, width, 3.0, &random);
      const Matrix dots = attention::DotProducts(queries, key_rows);
      CAPTURE(rows);
      CAPTURE(keys);
      REQUIRE(dots.rows == rows);
      REQUIRE(dots.cols == keys);
      int mismatches = 0;
      for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < keys; ++j) {
          double dot = 0.0;
          for (int k = 0; k < width; ++k) dot += queries(i, k) * key_rows(j, k);
          mismatches += Close(dots(i, j), dot) ? 0 : 1;
        }
      }
      CHECK(mismatches == 0);
    }
  }
}

TEST_CASE("a result reused for passes of other shapes equals a fresh one") {
  // Attend reuses the storage of the Result it fills; nothing of an earlier pass may show through.
  Random random(31337);
  Result reused;
  for (int trial = 0; trial < 60; ++trial) {
    const Problem problem = RandomProblem(&random);
    CAPTURE(trial);
    INFO(Describe(problem));
    Result fresh;
    REQUIRE(attention::Attend(problem, &fresh).ok);
    REQUIRE(attention::Attend(problem, &reused).ok);
    CHECK(SameBits(reused.dot_products, fresh.dot_products));
    CHECK(SameBits(reused.scores, fresh.scores));
    CHECK(reused.allowed.rows == fresh.allowed.rows);
    CHECK(reused.allowed.cols == fresh.allowed.cols);
    CHECK(reused.allowed.allowed == fresh.allowed.allowed);
    CHECK(SameBits(reused.weights, fresh.weights));
    CHECK(SameBits(reused.outputs, fresh.outputs));
    CHECK(reused.empty_rows == fresh.empty_rows);
  }
}

TEST_CASE("a dot product that is NaN (inf - inf) is rejected with its position, after finite rows") {
  // Row 1 against key 2 is 1e200 * 1e200 + 1e200 * (-1e200) = inf - inf = NaN; every other dot
  // product is finite, so only a check that sees NaN, not just overflow, can name it.
  Problem problem;
  problem.queries = Matrix::FromRows({{1.0, 1.0}, {1e200, 1e200}});
  problem.keys = Matrix::FromRows({{1.0, 0.0}, {0.0, 1.0}, {1e200, -1e200}, {0.0, 0.0}});
  problem.values = Matrix(4, 1, 1.0);
  problem.scale = false;
  Result result;
  const attention::Status status = attention::Attend(problem, &result);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "scores");
  CHECK(status.row == 1);
  CHECK(status.col == 2);
  CHECK(status.message == "scores[1][2] overflows: queries[1] \xC2\xB7 keys[2] is too large for a double");
  CHECK(result.dot_products.data.empty());
}
