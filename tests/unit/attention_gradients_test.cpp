// AttendGradients against central finite differences of a loss through Attend, over random
// shapes, scaling, temperatures and masks (causal, padding, custom, rows with every position
// masked), and the exact zeros the masks promise.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "attention/attention.h"

using attention::Gradients;
using attention::Matrix;
using attention::Problem;
using attention::Result;

namespace {

// A small deterministic generator (the same numbers on every platform).
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ULL + 1) {}
  uint64_t Next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  double Uniform(double lo, double hi) { return lo + (hi - lo) * static_cast<double>(Next() >> 11) * 0x1.0p-53; }
  int Int(int lo, int hi) { return lo + static_cast<int>(Next() % static_cast<uint64_t>(hi - lo + 1)); }
};

Matrix RandomMatrix(Random& random, int rows, int cols) {
  Matrix m(rows, cols);
  for (double& x : m.data) x = random.Uniform(-1.5, 1.5);
  return m;
}

// L = sum of G ∘ outputs, so dL/d outputs = G.
double Loss(const Problem& problem, const Matrix& g) {
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  double loss = 0.0;
  for (size_t k = 0; k < g.data.size(); ++k) loss += g.data[k] * result.outputs.data[k];
  return loss;
}

// Central difference of Loss in each entry of the matrix `member` points at, against `analytic`.
void CheckAgainstDifferences(Problem problem, const Matrix& g, Matrix Problem::*member, const Matrix& analytic) {
  Matrix& entries = problem.*member;
  REQUIRE(analytic.rows == entries.rows);
  REQUIRE(analytic.cols == entries.cols);
  const double h = 1e-6;
  for (size_t k = 0; k < entries.data.size(); ++k) {
    const double kept = entries.data[k];
    entries.data[k] = kept + h;
    const double up = Loss(problem, g);
    entries.data[k] = kept - h;
    const double down = Loss(problem, g);
    entries.data[k] = kept;
    const double numeric = (up - down) / (2.0 * h);
    CAPTURE(k);
    CHECK(analytic.data[k] == doctest::Approx(numeric).epsilon(1e-5).scale(1.0));
  }
}

}  // namespace

TEST_CASE("the gradients of attention agree with finite differences, with and without masks") {
  Random random(7);
  int empty_rows_seen = 0;
  for (int trial = 0; trial < 60; ++trial) {
    CAPTURE(trial);
    const int n = random.Int(1, 4), m = random.Int(1, 5), d = random.Int(1, 3), dv = random.Int(1, 3);
    Problem problem;
    problem.queries = RandomMatrix(random, n, d);
    problem.keys = RandomMatrix(random, m, d);
    problem.values = RandomMatrix(random, m, dv);
    problem.scale = random.Int(0, 1) == 1;
    problem.temperature = random.Uniform(0.5, 2.0);
    problem.causal = random.Int(0, 2) == 0;
    if (random.Int(0, 2) == 0) {
      for (int i = 0; i < n; ++i) problem.valid_lengths.push_back(random.Int(0, m));
    }
    if (random.Int(0, 2) == 0) {
      problem.mask = attention::Mask(n, m);
      for (int i = 0; i < n; ++i) {
        for (int j = 0; j < m; ++j) problem.mask.Set(i, j, random.Int(0, 3) != 0);
      }
    }
    const Matrix g = RandomMatrix(random, n, dv);
    Result result;
    REQUIRE(attention::Attend(problem, &result).ok);
    Gradients gradients;
    REQUIRE(attention::AttendGradients(problem, result, g, &gradients).ok);
    CheckAgainstDifferences(problem, g, &Problem::queries, gradients.queries);
    CheckAgainstDifferences(problem, g, &Problem::keys, gradients.keys);
    CheckAgainstDifferences(problem, g, &Problem::values, gradients.values);

    // Exact zeros: an empty row passes nothing on; a position no row may see gets nothing.
    for (int i = 0; i < n; ++i) {
      if (!result.RowIsEmpty(i)) continue;
      ++empty_rows_seen;
      for (int c = 0; c < d; ++c) CHECK(gradients.queries(i, c) == 0.0);
    }
    for (int j = 0; j < m; ++j) {
      bool seen = false;
      for (int i = 0; i < n; ++i) seen = seen || result.allowed(i, j);
      if (seen) continue;
      for (int c = 0; c < d; ++c) CHECK(gradients.keys(j, c) == 0.0);
      for (int c = 0; c < dv; ++c) CHECK(gradients.values(j, c) == 0.0);
    }
  }
  CHECK(empty_rows_seen > 0);  // the trials did include rows with every position masked
}

TEST_CASE("the worked example's gradients: moving weight to the larger value raises the output") {
  // One query over values 10 and 20 with weights 0.2 and 0.8 (scores 0 and ln 4, unscaled).
  Problem problem;
  problem.queries = Matrix::FromRows({{std::log(4.0)}});
  problem.keys = Matrix::FromRows({{0.0}, {1.0}});
  problem.values = Matrix::FromRows({{10.0}, {20.0}});
  problem.scale = false;
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  CHECK(result.outputs(0, 0) == doctest::Approx(18.0));
  Gradients gradients;
  REQUIRE(attention::AttendGradients(problem, result, Matrix::FromRows({{1.0}}), &gradients).ok);
  // dO/dV = the weights; dO/dz_1 = w1 (v1 - O) = 0.8 (20 - 18) = 1.6, dz_1/dq = k_1 = 1.
  CHECK(gradients.values(0, 0) == doctest::Approx(0.2));
  CHECK(gradients.values(1, 0) == doctest::Approx(0.8));
  CHECK(gradients.queries(0, 0) == doctest::Approx(1.6));
  CHECK(gradients.keys(1, 0) == doctest::Approx(1.6 * std::log(4.0)));
  CHECK(gradients.keys(0, 0) == doctest::Approx(0.2 * (10.0 - 18.0) * std::log(4.0)));
}

TEST_CASE("output gradients of the wrong shape or not finite are refused with a clear message") {
  Problem problem;
  problem.queries = Matrix::FromRows({{1.0, 0.0}});
  problem.keys = Matrix::FromRows({{1.0, 0.0}, {0.0, 1.0}});
  problem.values = Matrix::FromRows({{10.0}, {20.0}});
  Result result;
  REQUIRE(attention::Attend(problem, &result).ok);
  Gradients gradients;
  attention::Status status = attention::AttendGradients(problem, result, Matrix(2, 1), &gradients);
  CHECK_FALSE(status.ok);
  CHECK(status.field == "output_gradients");
  CHECK(status.message == "output_gradients is 2x1 but the outputs are 1x1");
  CHECK(gradients.queries.data.empty());
  status = attention::AttendGradients(problem, result, Matrix::FromRows({{std::nan("")}}), &gradients);
  CHECK_FALSE(status.ok);
  CHECK(status.message == "output_gradients[0][0] is NaN");

  // Every position masked: the pass and its gradients are all 0, not NaN.
  problem.mask = attention::Mask(1, 2, false);
  REQUIRE(attention::Attend(problem, &result).ok);
  REQUIRE(attention::AttendGradients(problem, result, Matrix::FromRows({{3.0}}), &gradients).ok);
  for (const Matrix* m : {&gradients.queries, &gradients.keys, &gradients.values}) {
    for (const double x : m->data) CHECK(x == 0.0);
  }
}
