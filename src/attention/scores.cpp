#include <algorithm>
#include <cmath>
#include <vector>

#include "attention/attention.h"
#include "attention/detail.h"
#include "attention/lanes.h"

namespace attention {

namespace {

// Keys per block of the dot-product kernel: 8 doubles are four pairs of lanes, and with two
// queries per pass eight accumulators, which fit the 16 registers of SSE2 and wasm SIMD alike.
constexpr size_t kKeyBlock = 8;

void StoreBlock(double* out, detail::Lanes s0, detail::Lanes s1, detail::Lanes s2, detail::Lanes s3) {
  detail::LanesStore(out, s0);
  detail::LanesStore(out + 2, s1);
  detail::LanesStore(out + 4, s2);
  detail::LanesStore(out + 6, s3);
}

}  // namespace

bool detail::CoreUsesSimd() { return detail::kLanesAreSimd; }

void detail::Reshape(Matrix* m, int rows, int cols, double fill) {
  m->rows = std::max(rows, 0);
  m->cols = std::max(cols, 0);
  m->data.assign(static_cast<size_t>(m->rows) * static_cast<size_t>(m->cols), fill);
}

void detail::ReshapeForOverwrite(Matrix* m, int rows, int cols) {
  m->rows = std::max(rows, 0);
  m->cols = std::max(cols, 0);
  m->data.resize(static_cast<size_t>(m->rows) * static_cast<size_t>(m->cols));
}

void detail::DivideRow(const double* row, int count, double divisor, double* out) {
  int exponent = 0;
  const double reciprocal = 1.0 / divisor;
  if (divisor == 1.0) {
    if (out != row) std::copy(row, row + count, out);
  } else if (std::frexp(divisor, &exponent) == 0.5 && std::isfinite(reciprocal)) {
    // x / 2^k and x * 2^-k name the same real number, so they round to the same double; the
    // multiplication is several times cheaper. sqrt(d) is a power of two for d = 4, 16, 64, ...
    for (int j = 0; j < count; ++j) out[j] = row[j] * reciprocal;
  } else {
    for (int j = 0; j < count; ++j) out[j] = row[j] / divisor;
  }
}

double detail::ScoreDivisor(int width, bool scale) {
  // Without columns every dot product is 0 and sqrt(0) would turn them into 0/0.
  if (!scale || width <= 0) return 1.0;
  // Dividing by sqrt(d) keeps the spread of q·k near 1 as d grows, so softmax does not saturate.
  return std::sqrt(static_cast<double>(width));
}

bool detail::DotProductsInto(const Matrix& queries, const Matrix& keys, Matrix* dots) {
  if (!queries.IsConsistent() || !keys.IsConsistent()) return false;
  const bool widths_matter = queries.rows > 0 && keys.rows > 0;
  if (widths_matter && queries.cols != keys.cols) return false;

  const int query_rows = queries.rows;
  const int key_rows = keys.rows;
  const int width = widths_matter ? queries.cols : 0;
  const size_t key_count = static_cast<size_t>(key_rows);
  if (width == 0) {
    Reshape(dots, query_rows, key_rows, 0.0);  // every dot product is an empty sum
    return true;
  }
  ReshapeForOverwrite(dots, query_rows, key_rows);

  // Keys are taken kKeyBlock at a time and copied dimension by dimension into a small buffer, so
  // that each step over k multiplies one query entry into the whole block of keys held in
  // registers; the block stays in cache while every query passes over it. Each dot product is
  // still summed in the order k = 0, 1, ..., d - 1 starting from 0, as a plain loop would, so the
  // result is the same bit for bit with or without SIMD. In a last, partial block the unused lanes
  // compute on whatever the buffer held before and are never stored.
  const size_t dims = static_cast<size_t>(width);
  std::vector<double> block_keys(dims * kKeyBlock);
  for (size_t first_key = 0; first_key < key_count; first_key += kKeyBlock) {
    const size_t in_block = std::min(kKeyBlock, key_count - first_key);
    for (size_t t = 0; t < in_block; ++t) {
      const double* key = keys.Row(static_cast<int>(first_key + t));
      double* slot = block_keys.data() + t;
      for (size_t k = 0; k < dims; ++k) slot[k * kKeyBlock] = key[k];
    }
    // Two queries at a time share each load of the block; an odd last query is paired with itself.
    for (int i = 0; i < query_rows; i += 2) {
      const int second = std::min(i + 1, query_rows - 1);
      const double* query_a = queries.Row(i);
      const double* query_b = queries.Row(second);
      detail::Lanes a0 = detail::LanesZero(), a1 = a0, a2 = a0, a3 = a0;
      detail::Lanes b0 = a0, b1 = a0, b2 = a0, b3 = a0;
      for (size_t k = 0; k < dims; ++k) {
        const detail::Lanes qa = detail::LanesSplat(query_a[k]);
        const detail::Lanes qb = detail::LanesSplat(query_b[k]);
        const double* dim = block_keys.data() + k * kKeyBlock;
        const detail::Lanes k0 = detail::LanesLoad(dim);
        const detail::Lanes k1 = detail::LanesLoad(dim + 2);
        const detail::Lanes k2 = detail::LanesLoad(dim + 4);
        const detail::Lanes k3 = detail::LanesLoad(dim + 6);
        a0 = a0 + qa * k0;
        a1 = a1 + qa * k1;
        a2 = a2 + qa * k2;
        a3 = a3 + qa * k3;
        b0 = b0 + qb * k0;
        b1 = b1 + qb * k1;
        b2 = b2 + qb * k2;
        b3 = b3 + qb * k3;
      }
      double* dots_a = dots->data.data() + static_cast<size_t>(i) * key_count + first_key;
      double* dots_b = dots->data.data() + static_cast<size_t>(second) * key_count + first_key;
      if (in_block == kKeyBlock) {
        StoreBlock(dots_a, a0, a1, a2, a3);
        StoreBlock(dots_b, b0, b1, b2, b3);
      } else {
        double sums[kKeyBlock];
        StoreBlock(sums, a0, a1, a2, a3);
        std::copy(sums, sums + in_block, dots_a);
        StoreBlock(sums, b0, b1, b2, b3);
        std::copy(sums, sums + in_block, dots_b);
      }
    }
  }
  return true;
}

Matrix DotProducts(const Matrix& queries, const Matrix& keys) {
  Matrix dots;
  if (!detail::DotProductsInto(queries, keys, &dots)) return Matrix();
  return dots;
}

Matrix Scores(const Matrix& queries, const Matrix& keys, bool scale) {
  Matrix scores = DotProducts(queries, keys);
  const double divisor = detail::ScoreDivisor(queries.cols, scale);
  detail::DivideRow(scores.data.data(), static_cast<int>(scores.data.size()), divisor, scores.data.data());
  return scores;
}

}  // namespace attention
