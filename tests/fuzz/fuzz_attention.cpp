// libFuzzer target: the attention core (attention::Attend) on small problems decoded from the
// fuzz bytes: shapes up to 8, causal, valid_lengths, a custom mask, temperature, scaling and
// values from ordinary to extreme (and now and then non-finite, which Validate must refuse).
// When Attend succeeds: every weight in [0,1]; each row sums to 1 within 1e-9, or is listed in
// empty_rows with all-zero weights; masked weights are exactly 0; no NaN/inf anywhere. Then
// AttendGradients with output gradients from the same bytes (extreme and non-finite ones too):
// refused with a message, or gradients of the right shapes, all finite, exactly 0 for an empty
// row's query and for a key and value no row may see.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#include "attention/attention.h"

namespace {

// Reads the fuzz bytes front to back; past the end every read is 0.
class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  int Below(int bound) { return static_cast<int>(Byte() % bound); }
  bool Bit() { return (Byte() & 1) != 0; }
  double Double() {
    uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits = (bits << 8) | Byte();
    double x = 0.0;
    static_assert(sizeof(x) == sizeof(bits), "double is 64 bits");
    std::memcpy(&x, &bits, sizeof(x));
    return x;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// A number for an entry: mostly small and readable, sometimes extreme, rarely non-finite.
double Entry(ByteReader& in) {
  const int kind = in.Below(16);
  switch (kind) {
    case 0: return 0.0;
    case 1: return 1e200;
    case 2: return -1e200;
    case 3: return std::numeric_limits<double>::max();
    case 4: return std::numeric_limits<double>::denorm_min();
    case 5: return in.Double();  // any bit pattern, NaN and inf included
    case 6: return in.Bit() ? 1e30 : -1e30;
    default: return static_cast<double>(static_cast<int8_t>(in.Byte())) / 8.0;
  }
}

double Temperature(ByteReader& in) {
  switch (in.Below(8)) {
    case 0: return 1e-300;
    case 1: return 1e300;
    case 2: return 0.1;
    case 3: return in.Double();  // includes 0, negatives, NaN and inf
    default: return 0.05 + static_cast<double>(in.Byte()) / 32.0;
  }
}

attention::Matrix RandomMatrix(ByteReader& in, int rows, int cols) {
  attention::Matrix m(rows, cols);
  for (double& x : m.data) x = Entry(in);
  return m;
}

bool Finite(const attention::Matrix& m) {
  return std::all_of(m.data.begin(), m.data.end(), [](double x) { return std::isfinite(x); });
}

[[noreturn]] void Fail(const char* what, int row, int col) {
  std::fprintf(stderr, "fuzz_attention: %s (row %d, col %d)\n", what, row, col);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const int n = in.Below(9);
  const int m = in.Below(9);
  const int d = in.Below(9);
  const int dv = in.Below(9);
  const uint8_t flags = in.Byte();

  attention::Problem problem;
  problem.causal = (flags & 1) != 0;
  problem.scale = (flags & 2) != 0;
  // A mismatched width now and then, so Validate's shape checks are exercised too.
  const int key_width = (flags & 0x80) != 0 && (flags & 0x40) != 0 ? in.Below(9) : d;
  problem.temperature = Temperature(in);
  problem.queries = RandomMatrix(in, n, d);
  problem.keys = RandomMatrix(in, m, key_width);
  problem.values = RandomMatrix(in, m, dv);
  if ((flags & 4) != 0) {
    for (int i = 0; i < n; ++i) problem.valid_lengths.push_back(in.Below(m + 2) - ((flags & 0x20) != 0 ? 1 : 0));
  }
  if ((flags & 8) != 0) {
    problem.mask = attention::Mask(n, m);
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < m; ++j) problem.mask.Set(i, j, in.Below(4) != 0);
    }
  }

  attention::Result result;
  const attention::Status status = attention::Attend(problem, &result);
  if (!status.ok) {
    if (status.message.empty()) Fail("a failure without a message", status.row, status.col);
    return 0;
  }

  if (result.weights.rows != n || result.weights.cols != m || !result.weights.IsConsistent())
    Fail("weights shape", -1, -1);
  if (result.scores.rows != n || result.scores.cols != m || !result.scores.IsConsistent()) Fail("scores shape", -1, -1);
  if (result.outputs.rows != n || result.outputs.cols != dv || !result.outputs.IsConsistent())
    Fail("outputs shape", -1, -1);
  if (result.allowed.rows != n || result.allowed.cols != m || !result.allowed.IsConsistent())
    Fail("mask shape", -1, -1);
  if (!Finite(result.scores)) Fail("non-finite score", -1, -1);
  if (!Finite(result.weights)) Fail("non-finite weight", -1, -1);
  if (!Finite(result.outputs)) Fail("non-finite output", -1, -1);
  if (!Finite(result.dot_products)) Fail("non-finite dot product", -1, -1);
  if (!std::is_sorted(result.empty_rows.begin(), result.empty_rows.end())) Fail("empty_rows not ascending", -1, -1);

  for (int i = 0; i < n; ++i) {
    const bool listed_empty = std::binary_search(result.empty_rows.begin(), result.empty_rows.end(), i);
    if (listed_empty != result.RowIsEmpty(i)) Fail("RowIsEmpty disagrees with empty_rows", i, -1);
    double sum = 0.0;
    bool any_allowed = false;
    for (int j = 0; j < m; ++j) {
      const double w = result.weights(i, j);
      if (!(w >= 0.0 && w <= 1.0)) Fail("weight outside [0,1]", i, j);
      if (!result.allowed(i, j) && w != 0.0) Fail("masked position with a non-zero weight", i, j);
      if (problem.causal && j > i && result.allowed(i, j)) Fail("causal mask lets a row see the future", i, j);
      if (!problem.mask.Empty() && !problem.mask(i, j) && result.allowed(i, j)) Fail("custom mask not applied", i, j);
      any_allowed = any_allowed || result.allowed(i, j);
      sum += w;
    }
    if (listed_empty) {
      if (sum != 0.0) Fail("empty row with non-zero weights", i, -1);
      for (int c = 0; c < dv; ++c) {
        if (result.outputs(i, c) != 0.0) Fail("empty row with a non-zero output", i, c);
      }
    } else {
      if (std::fabs(sum - 1.0) > 1e-9) Fail("weights do not sum to 1", i, -1);
      if (!any_allowed) Fail("row with no allowed position but not listed empty", i, -1);
    }
  }
  for (int idx : result.empty_rows) {
    if (idx < 0 || idx >= n) Fail("empty_rows index out of range", idx, -1);
  }

  const attention::Matrix output_gradients = RandomMatrix(in, n, dv);
  attention::Gradients gradients;
  const attention::Status backward = attention::AttendGradients(problem, result, output_gradients, &gradients);
  if (!backward.ok) {
    if (backward.message.empty()) Fail("a gradient failure without a message", -1, -1);
    return 0;
  }
  if (gradients.queries.rows != n || gradients.keys.rows != m || gradients.values.rows != m ||
      gradients.values.cols != dv || !gradients.queries.IsConsistent() || !gradients.keys.IsConsistent() ||
      !gradients.values.IsConsistent()) {
    Fail("gradient shapes", -1, -1);
  }
  if (!Finite(gradients.queries) || !Finite(gradients.keys) || !Finite(gradients.values)) Fail("non-finite gradient", -1, -1);
  for (int i = 0; i < n; ++i) {
    if (!result.RowIsEmpty(i)) continue;
    for (int c = 0; c < gradients.queries.cols; ++c) {
      if (gradients.queries(i, c) != 0.0) Fail("an empty row passes a gradient to its query", i, c);
    }
  }
  for (int j = 0; j < m; ++j) {
    bool seen = false;
    for (int i = 0; i < n; ++i) seen = seen || result.allowed(i, j);
    if (seen) continue;
    for (int c = 0; c < gradients.keys.cols; ++c) {
      if (gradients.keys(j, c) != 0.0) Fail("a key no row sees has a gradient", j, c);
    }
    for (int c = 0; c < dv; ++c) {
      if (gradients.values(j, c) != 0.0) Fail("a value no row sees has a gradient", j, c);
    }
  }
  return 0;
}
