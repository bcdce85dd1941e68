#include <algorithm>

#include "attention/attention.h"

namespace attention {

bool Result::RowIsEmpty(int row) const {
  return std::binary_search(empty_rows.begin(), empty_rows.end(), row);
}

namespace {

Mask CombinedMask(const Problem& problem, int query_rows, int key_rows) {
  Mask allowed(query_rows, key_rows, true);
  if (problem.causal) allowed = Intersect(allowed, CausalMask(query_rows, key_rows));
  if (!problem.valid_lengths.empty()) allowed = Intersect(allowed, PaddingMask(problem.valid_lengths, key_rows));
  if (!problem.mask.Empty()) allowed = Intersect(allowed, problem.mask);
  return allowed;
}

}  // namespace

Status Attend(const Problem& problem, Result* result) {
  if (result != nullptr) *result = Result();
  const Status status = Validate(problem);
  if (!status.ok || result == nullptr) return status;

  const int query_rows = problem.queries.rows;
  const int key_rows = problem.keys.rows;
  Result& r = *result;
  r.dot_products = DotProducts(problem.queries, problem.keys);
  // Softmax gets the scores before the temperature so it can subtract the maximum first.
  const Matrix scaled = Scores(problem.queries, problem.keys, problem.scale);
  r.scores = scaled;
  for (double& score : r.scores.data) score /= problem.temperature;
  r.allowed = CombinedMask(problem, query_rows, key_rows);

  r.weights = Matrix(query_rows, key_rows, 0.0);
  for (int i = 0; i < query_rows; ++i) {
    // Pointer arithmetic rather than &weights(i, 0): with no keys there is no element 0 to name.
    double* weights_row = r.weights.data.data() + static_cast<size_t>(i) * static_cast<size_t>(key_rows);
    if (!SoftmaxRow(scaled.Row(i), r.allowed.Row(i), key_rows, problem.temperature, weights_row)) {
      r.empty_rows.push_back(i);
    }
  }

  // Through CombineColumn so the output shown always equals the sum of the terms shown.
  r.outputs = Matrix(query_rows, problem.values.cols, 0.0);
  for (int i = 0; i < query_rows; ++i) {
    for (int c = 0; c < problem.values.cols; ++c) r.outputs(i, c) = CombineColumn(r, problem.values, i, c).output;
  }
  return status;
}

}  // namespace attention
