#include <algorithm>
#include <vector>

#include "attention/attention.h"
#include "attention/detail.h"
#include "attention/lanes.h"

namespace attention {

bool Result::RowIsEmpty(int row) const { return std::binary_search(empty_rows.begin(), empty_rows.end(), row); }

namespace {

// The intersection of CausalMask, PaddingMask and the custom mask, as Intersect would give it,
// written into `allowed` in place. Validate has checked valid_lengths and the mask's shape.
void CombineMasks(const Problem& problem, int query_rows, int key_rows, Mask* allowed) {
  allowed->rows = query_rows;
  allowed->cols = key_rows;
  // Every entry is written below, so old storage is reused without clearing it first.
  allowed->allowed.resize(static_cast<size_t>(query_rows) * static_cast<size_t>(key_rows));
  const bool padded = !problem.valid_lengths.empty();
  const bool custom = !problem.mask.Empty();
  for (int i = 0; i < query_rows; ++i) {
    uint8_t* row = allowed->allowed.data() + static_cast<size_t>(i) * static_cast<size_t>(key_rows);
    int visible = key_rows;
    if (problem.causal) visible = std::min(visible, i + 1);
    if (padded) visible = std::max(std::min(visible, problem.valid_lengths[static_cast<size_t>(i)]), 0);
    if (custom) {
      const uint8_t* mask_row = problem.mask.Row(i);
      for (int j = 0; j < visible; ++j) row[j] = mask_row[j] != 0 ? 1 : 0;
    } else {
      std::fill(row, row + visible, uint8_t{1});
    }
    std::fill(row + visible, row + key_rows, uint8_t{0});
  }
}

// Query rows combined together, sharing each load of a value row.
constexpr int kRowBlock = 4;

// One past the last position the row may attend to; later positions add nothing to its sums.
int AllowedEnd(const uint8_t* allowed_row, int count) {
  while (count > 0 && allowed_row[count - 1] == 0) --count;
  return count;
}

// Every output as CombineColumn writes it out: value × weight over the allowed positions, added
// in position order starting from 0. Four query rows by four value columns at a time are held in
// registers. Within a block, a position masked for one row but not another is still added to
// both: masked weights are exactly 0, so the product is ±0, and adding ±0 leaves a sum that
// started at +0 unchanged (a sum can become -0 only from -0 + -0). Each output therefore equals
// the sum of the terms shown, bit for bit, with or without SIMD; empty rows, all of whose weights
// are 0, come out as +0.
void CombineAll(const Result& result, const Matrix& values, Matrix* outputs) {
  const int query_rows = result.weights.rows;
  const int key_rows = result.weights.cols;
  const size_t value_cols = static_cast<size_t>(values.cols);
  if (key_rows == 0 || values.data.empty()) {
    // No positions to draw on: every output is the empty sum, and there is no value row to point at.
    std::fill(outputs->data.begin(), outputs->data.end(), 0.0);
    return;
  }
  for (int first_row = 0; first_row < query_rows; first_row += kRowBlock) {
    const int rows_in_block = std::min(kRowBlock, query_rows - first_row);
    // A short last block repeats its last row in the unused slots and never stores them.
    const double* weights[kRowBlock];
    double* out[kRowBlock];
    int end = 0;
    for (int b = 0; b < kRowBlock; ++b) {
      const int row = first_row + std::min(b, rows_in_block - 1);
      const size_t offset = static_cast<size_t>(row) * static_cast<size_t>(key_rows);
      weights[b] = result.weights.data.data() + offset;
      out[b] = outputs->data.data() + static_cast<size_t>(row) * value_cols;
      end = std::max(end, AllowedEnd(result.allowed.allowed.data() + offset, key_rows));
    }
    size_t c = 0;
    for (; c + 4 <= value_cols; c += 4) {
      detail::Lanes s00 = detail::LanesZero(), s01 = s00, s10 = s00, s11 = s00;
      detail::Lanes s20 = s00, s21 = s00, s30 = s00, s31 = s00;
      const double* value = values.data.data() + c;
      for (int j = 0; j < end; ++j, value += value_cols) {
        const detail::Lanes v0 = detail::LanesLoad(value);
        const detail::Lanes v1 = detail::LanesLoad(value + 2);
        const detail::Lanes w0 = detail::LanesSplat(weights[0][j]);
        const detail::Lanes w1 = detail::LanesSplat(weights[1][j]);
        const detail::Lanes w2 = detail::LanesSplat(weights[2][j]);
        const detail::Lanes w3 = detail::LanesSplat(weights[3][j]);
        s00 = s00 + v0 * w0;
        s01 = s01 + v1 * w0;
        s10 = s10 + v0 * w1;
        s11 = s11 + v1 * w1;
        s20 = s20 + v0 * w2;
        s21 = s21 + v1 * w2;
        s30 = s30 + v0 * w3;
        s31 = s31 + v1 * w3;
      }
      const detail::Lanes sums[kRowBlock][2] = {{s00, s01}, {s10, s11}, {s20, s21}, {s30, s31}};
      for (int b = 0; b < rows_in_block; ++b) {
        detail::LanesStore(out[b] + c, sums[b][0]);
        detail::LanesStore(out[b] + c + 2, sums[b][1]);
      }
    }
    for (; c < value_cols; ++c) {
      for (int b = 0; b < rows_in_block; ++b) {
        double sum = 0.0;
        const double* value = values.data.data() + c;
        for (int j = 0; j < end; ++j, value += value_cols) {
          // Two statements, as in CombineColumn, so no compiler fuses them into one rounding.
          const double product = *value * weights[b][j];
          sum += product;
        }
        out[b][c] = sum;
      }
    }
  }
}

}  // namespace

Status Attend(const Problem& problem, Result* result) {
  if (result == nullptr) return Validate(problem);
  Result& r = *result;
  // Every field is rewritten on success, so the storage of a Result used before is reused.
  const Status status = detail::ValidateKeepingDotProducts(problem, &r.dot_products);
  if (!status.ok) {
    r = Result();
    return status;
  }

  const int query_rows = problem.queries.rows;
  const int key_rows = problem.keys.rows;
  const size_t key_count = static_cast<size_t>(key_rows);
  const double divisor = detail::ScoreDivisor(problem.queries.cols, problem.scale);
  CombineMasks(problem, query_rows, key_rows, &r.allowed);
  // Both are written in full below: SoftmaxRow writes every weight of its row, zeros included.
  detail::ReshapeForOverwrite(&r.scores, query_rows, key_rows);
  detail::ReshapeForOverwrite(&r.weights, query_rows, key_rows);
  r.empty_rows.clear();
  for (int i = 0; i < query_rows; ++i) {
    // Pointer arithmetic rather than Row(i): with no keys there is no element 0 to name.
    const size_t offset = static_cast<size_t>(i) * key_count;
    const double* dots_row = r.dot_products.data.data() + offset;
    double* scores_row = r.scores.data.data() + offset;
    // Softmax gets the scores before the temperature so it can subtract the maximum first; they
    // are held in the weights' row, which SoftmaxRow then overwrites in place (it reads each
    // score before it writes that weight), so a pass allocates nothing here.
    double* weights_row = r.weights.data.data() + offset;
    detail::DivideRow(dots_row, key_rows, divisor, weights_row);
    detail::DivideRow(weights_row, key_rows, problem.temperature, scores_row);
    if (!SoftmaxRow(weights_row, r.allowed.Row(i), key_rows, problem.temperature, weights_row)) {
      r.empty_rows.push_back(i);
    }
  }

  detail::ReshapeForOverwrite(&r.outputs, query_rows, problem.values.cols);
  CombineAll(r, problem.values, &r.outputs);
  return status;
}

}  // namespace attention
