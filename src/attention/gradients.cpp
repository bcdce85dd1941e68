#include <cmath>
#include <string>

#include "attention/attention.h"
#include "attention/detail.h"

namespace attention {

namespace {

bool AllFinite(const Matrix& m) {
  for (const double x : m.data) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

std::string Shape(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

}  // namespace

Status AttendGradients(const Problem& problem, const Result& result, const Matrix& output_gradients,
                       Gradients* gradients) {
  Gradients& g = *gradients;
  const int n = problem.queries.rows;
  const int m = problem.keys.rows;
  const int d = problem.queries.cols;
  const int dv = problem.values.cols;
  if (!output_gradients.IsConsistent() || output_gradients.rows != result.outputs.rows ||
      output_gradients.cols != result.outputs.cols) {
    g = Gradients();
    return Status::Fail("output_gradients", -1, -1,
                        "output_gradients is " + Shape(output_gradients.rows, output_gradients.cols) +
                            " but the outputs are " + Shape(result.outputs.rows, result.outputs.cols));
  }
  const Status finite = CheckFinite(output_gradients, "output_gradients");
  if (!finite.ok) {
    g = Gradients();
    return finite;
  }

  // The storage of gradients used before is reused (a training loop calls this per example).
  detail::Reshape(&g.queries, n, d, 0.0);
  detail::Reshape(&g.keys, m, problem.keys.cols, 0.0);
  detail::Reshape(&g.values, m, dv, 0.0);
  // z = q·k / (divisor T): dz/dq = k / (divisor T). The factor is applied to dz first, so an
  // exact 0 stays 0 even when the factor is huge (a tiny temperature).
  const double factor = 1.0 / (detail::ScoreDivisor(d, problem.scale) * problem.temperature);
  // dw_ij = dO_i·V_j, computed where needed (twice per position) rather than stored: no
  // allocation per call.
  const auto dw = [&](int i, int j) {
    const double* dout = output_gradients.Row(i);
    double sum = 0.0;
    for (int c = 0; c < dv; ++c) sum += dout[c] * problem.values(j, c);
    return sum;
  };
  for (int i = 0; i < n; ++i) {
    if (result.RowIsEmpty(i)) continue;
    const double* w = result.weights.Row(i);
    const double* dout = output_gradients.Row(i);
    // The weighted mean of dw over the row's allowed positions.
    double mean = 0.0;
    for (int j = 0; j < m; ++j) {
      if (result.allowed(i, j)) mean += w[j] * dw(i, j);
    }
    for (int j = 0; j < m; ++j) {
      if (!result.allowed(i, j)) continue;
      for (int c = 0; c < dv; ++c) g.values(j, c) += w[j] * dout[c];
      const double dzj = w[j] * (dw(i, j) - mean) * factor;
      if (dzj == 0.0) continue;
      for (int c = 0; c < d; ++c) {
        g.queries(i, c) += dzj * problem.keys(j, c);
        g.keys(j, c) += dzj * problem.queries(i, c);
      }
    }
  }
  if (!AllFinite(g.queries) || !AllFinite(g.keys) || !AllFinite(g.values)) {
    g = Gradients();
    return Status::Fail("gradients", -1, -1,
                        "the gradients overflow a double: smaller values or output_gradients, or a larger temperature, "
                        "avoid it");
  }
  return Status();
}

}  // namespace attention
