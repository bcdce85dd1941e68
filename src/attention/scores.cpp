#include <cmath>

#include "attention/attention.h"

namespace attention {

Matrix DotProducts(const Matrix& queries, const Matrix& keys) {
  if (!queries.IsConsistent() || !keys.IsConsistent()) return Matrix();
  const bool widths_matter = queries.rows > 0 && keys.rows > 0;
  if (widths_matter && queries.cols != keys.cols) return Matrix();

  Matrix dots(queries.rows, keys.rows);
  for (int i = 0; i < queries.rows; ++i) {
    const double* query = queries.Row(i);
    for (int j = 0; j < keys.rows; ++j) {
      const double* key = keys.Row(j);
      double sum = 0.0;
      for (int k = 0; k < queries.cols; ++k) sum += query[k] * key[k];
      dots(i, j) = sum;
    }
  }
  return dots;
}

Matrix Scores(const Matrix& queries, const Matrix& keys, bool scale) {
  Matrix scores = DotProducts(queries, keys);
  // Without columns every dot product is 0 and sqrt(0) would turn them into 0/0.
  if (!scale || queries.cols <= 0) return scores;
  // Dividing by sqrt(d) keeps the spread of q·k near 1 as d grows, so softmax does not saturate.
  const double divisor = std::sqrt(static_cast<double>(queries.cols));
  for (double& score : scores.data) score /= divisor;
  return scores;
}

}  // namespace attention
