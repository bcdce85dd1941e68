#include <algorithm>

#include "attention/attention.h"

namespace attention {

namespace {

size_t Area(int rows, int cols) { return static_cast<size_t>(rows) * static_cast<size_t>(cols); }

}  // namespace

Matrix::Matrix(int row_count, int col_count, double fill)
    : rows(std::max(row_count, 0)), cols(std::max(col_count, 0)), data(Area(rows, cols), fill) {}

Matrix Matrix::FromRows(const std::vector<std::vector<double>>& rows) {
  const int width = rows.empty() ? 0 : static_cast<int>(rows.front().size());
  Matrix m(static_cast<int>(rows.size()), width);
  for (int r = 0; r < m.rows; ++r) {
    const std::vector<double>& row = rows[static_cast<size_t>(r)];
    const int copied = std::min(width, static_cast<int>(row.size()));
    for (int c = 0; c < copied; ++c) m(r, c) = row[static_cast<size_t>(c)];
  }
  return m;
}

Mask::Mask(int row_count, int col_count, bool fill)
    : rows(std::max(row_count, 0)), cols(std::max(col_count, 0)), allowed(Area(rows, cols), fill ? 1 : 0) {}

}  // namespace attention
