#pragma once
// Scaled dot-product attention for teaching: softmax, scores, masks and the weighted
// combination of values, keeping every term so a learner can see the arithmetic.
// Pure C++17. No exceptions: whatever can fail returns a Status that names the input and
// the position at fault.
//
// Contents
// [SECTION] Containers
// [SECTION] Status
// [SECTION] Softmax
// [SECTION] Scores
// [SECTION] Masks
// [SECTION] Full attention pass
// [SECTION] Weighted combination with every term kept

#include <cstdint>
#include <string>
#include <vector>

namespace attention {

// [SECTION] Containers

// Dense row-major matrix of doubles.
struct Matrix {
  int rows = 0;              // number of rows
  int cols = 0;              // number of columns
  std::vector<double> data;  // rows * cols entries, row after row

  Matrix() = default;
  // Negative sizes count as 0.
  Matrix(int rows, int cols, double fill = 0.0);
  // Trusted literal rows (tests, built-in scenes); every row must have the same length. The width
  // is the first row's: a shorter row is padded with 0, a longer one cut. Untrusted input goes
  // through MatrixFromRows, which rejects ragged rows instead.
  static Matrix FromRows(const std::vector<std::vector<double>>& rows);

  // False when the fields were filled by hand and disagree (negative size, or data not rows * cols).
  bool IsConsistent() const {
    return rows >= 0 && cols >= 0 && data.size() == static_cast<size_t>(rows) * static_cast<size_t>(cols);
  }

  double& operator()(int row, int col) { return data[static_cast<size_t>(row) * cols + col]; }
  double operator()(int row, int col) const { return data[static_cast<size_t>(row) * cols + col]; }
  const double* Row(int row) const { return data.data() + static_cast<size_t>(row) * cols; }
};

// Which key positions each query row may attend to: 1 = may attend, 0 = masked.
struct Mask {
  int rows = 0;                  // query rows
  int cols = 0;                  // key positions
  std::vector<uint8_t> allowed;  // rows * cols entries, row after row

  Mask() = default;
  // Negative sizes count as 0.
  Mask(int rows, int cols, bool fill = true);

  bool Empty() const { return rows == 0 && cols == 0; }
  // False when the fields were filled by hand and disagree (negative size, or allowed not rows * cols).
  bool IsConsistent() const {
    return rows >= 0 && cols >= 0 && allowed.size() == static_cast<size_t>(rows) * static_cast<size_t>(cols);
  }
  bool operator()(int row, int col) const { return allowed[static_cast<size_t>(row) * cols + col] != 0; }
  void Set(int row, int col, bool may_attend) { allowed[static_cast<size_t>(row) * cols + col] = may_attend ? 1 : 0; }
  const uint8_t* Row(int row) const { return allowed.data() + static_cast<size_t>(row) * cols; }
};

// [SECTION] Status

// Outcome of an operation that can reject its input. Default-constructed means success.
struct Status {
  bool ok = true;  // false when the input was rejected
  std::string
      field;     // the input at fault: "queries", "keys", "values", "mask", "valid_lengths", "temperature", "scores"
  int row = -1;  // row of the offending entry, -1 when not about one entry
  int col = -1;  // column of the offending entry, -1 when not about one entry
  std::string message;  // one line for people, e.g. "keys[1][0] is NaN"

  static Status Fail(std::string field, int row, int col, std::string message);
};

// Checks that every entry of `m` is finite; names it `field` in the error ("queries[0][1] is +inf").
// An inconsistent matrix is rejected too ("queries is 2x3 but holds 5 entries").
Status CheckFinite(const Matrix& m, const char* field);
// Builds a matrix from untrusted rows; ragged rows are rejected ("keys row 2 has 3 entries, expected 2").
// On failure `*out` is cleared; `out` may be null to only check. Finiteness is Validate's job.
Status MatrixFromRows(const std::vector<std::vector<double>>& rows, const char* field, Matrix* out);

// [SECTION] Softmax

// Temperatures must be finite and > 0.
Status CheckTemperature(double temperature);

// Numerically stable softmax of one row of `count` scores divided by `temperature`.
// `allowed` may be null (every position allowed); masked positions get weight exactly 0 and the
// rest renormalize. Returns false and writes all-zero weights when no position is allowed.
// The largest allowed score is subtracted before dividing by the temperature, so neither extreme
// scores (±1e30, or -1e308 beside +1e308) nor tiny temperatures (1e-300) overflow: the weights tend
// to one-hot, ties sharing the weight. Infinite scores follow the limits: -inf acts as a masked
// position, +inf positions share all the weight. Unusable input also returns false with all-zero
// weights: an allowed score that is NaN, or a temperature that CheckTemperature rejects.
// `weights` may be `scores`: the row is then replaced by its weights in place.
bool SoftmaxRow(const double* scores, const uint8_t* allowed, int count, double temperature, double* weights);
// Convenience form of SoftmaxRow with every position allowed (all zeros when SoftmaxRow fails).
std::vector<double> Softmax(const std::vector<double>& scores, double temperature = 1.0);

// [SECTION] Scores

// q·k for each query row against each key row: n x m. Shapes must agree (queries.cols == keys.cols,
// not compared when either has no rows); when they do not, the result is an empty 0x0 matrix.
Matrix DotProducts(const Matrix& queries, const Matrix& keys);
// DotProducts divided by sqrt(d) when `scale` is true (d = queries.cols; d = 0 is left unscaled,
// every dot product being an empty sum, 0).
Matrix Scores(const Matrix& queries, const Matrix& keys, bool scale);

// [SECTION] Masks

// Row i may attend to key positions 0..i (a next-token predictor cannot see the future).
Mask CausalMask(int rows, int cols);
// Row i may attend to key positions j < valid_lengths[i] (the rest is padding).
Mask PaddingMask(const std::vector<int>& valid_lengths, int cols);
// Positions allowed by both masks (same shape). If the shapes differ the result has a's shape and
// positions b does not cover count as masked, so a mistake can only hide keys, never reveal them.
Mask Intersect(const Mask& a, const Mask& b);

// [SECTION] Full attention pass

// One attention problem. Default-constructed options mean: no mask, temperature 1, scaling on.
struct Problem {
  Matrix queries;                  // n x d
  Matrix keys;                     // m x d
  Matrix values;                   // m x d_v
  bool causal = false;             // apply CausalMask
  std::vector<int> valid_lengths;  // empty: no padding mask; else one per query row, 0..m
  Mask mask;                       // empty: no custom mask; else n x m, 1 = may attend
  double temperature = 1.0;        // > 0; scores are divided by it before softmax
  bool scale = true;               // divide q·k by sqrt(d)
};

// Everything a pass computed, kept for display.
struct Result {
  Matrix dot_products;          // n x m raw q·k
  Matrix scores;                // n x m after scaling and temperature (masked entries too)
  Mask allowed;                 // n x m, the combined mask that was applied
  Matrix weights;               // n x m softmax weights; masked entries and empty rows are exactly 0
  Matrix outputs;               // n x d_v weighted combinations; empty rows are all 0
  std::vector<int> empty_rows;  // query rows with no position available, ascending

  bool RowIsEmpty(int row) const;
};

// Checks shapes, finiteness, mask and valid_lengths ranges and temperature; names the first problem.
// Also rejects dot products that overflow (field "scores", e.g. queries of 1e200) and temperatures so
// small that a score divided by them overflows (field "temperature", with the score's position), so
// every number in a successful Result is finite. An empty list of keys (or queries) has no width:
// its column count is not compared with the other's. Attend succeeds exactly when Validate does.
Status Validate(const Problem& problem);
// Validates, then computes. On failure `result` is left cleared. `result` may be null to only
// validate. No keys: every query row is empty (listed in empty_rows, weights n x 0, outputs all 0).
// No queries: a result with 0 rows.
Status Attend(const Problem& problem, Result* result);

// [SECTION] Weighted combination with every term kept

// One term of a weighted sum: value × weight = product.
struct Term {
  int position = 0;      // index of the value
  double value = 0.0;    // the value at that position
  double weight = 0.0;   // its attention weight
  double product = 0.0;  // value * weight
};

// A weighted sum written out: output = sum of products over the available positions.
struct Combination {
  std::vector<Term> terms;  // one per available (unmasked) position, in position order
  double output = 0.0;      // sum of the products; 0 when empty
  bool empty = false;       // true when no position was available
};

// Combines scalar values with weights (same length; the longer list's extra entries are ignored).
// `allowed` may be null (all available); positions past its end count as masked.
Combination Combine(const std::vector<double>& values, const std::vector<double>& weights,
                    const std::vector<uint8_t>* allowed = nullptr);
// The combination behind result.outputs(row, value_col), for vector-valued values; its output is
// exactly result.outputs(row, value_col), since Attend computes the outputs through it. A row or
// column out of range, or values that do not match the result, give an empty combination.
Combination CombineColumn(const Result& result, const Matrix& values, int row, int value_col);

// Shortest readable decimal with at most `max_decimals` decimals (0..17): 2, 0.2, 16, 18, 0.33.
// Negatives use ASCII '-'; anything that rounds to zero reads "0", never "-0". Magnitudes from 1e15
// up switch to exponent form ("1e+30") rather than print thirty digits.
// Non-finite numbers never reach the screen as "nan": they format as "undefined".
std::string FormatNumber(double x, int max_decimals = 2);
// One term: "10 × 0.2 = 2"; negative numbers use U+2212 and a negative weight is bracketed.
std::string FormatTerm(const Term& term, int max_decimals = 2);
// The products added up: "2 + 16 = 18"; an empty combination reads "no position available".
std::string FormatSum(const Combination& combination, int max_decimals = 2);
// "10 × 0.2 + 20 × 0.8 = 2 + 16 = 18"; an empty combination reads "no position available".
// One term skips the middle sum: "10 × 1 = 10". Minus signs are U+2212 and a negative term is
// subtracted rather than added: "10 × 0.2 − 10 × 0.8 = 2 − 8 = −6"; a negative weight is
// parenthesized: "10 × (−0.5) = −5".
std::string FormatCombination(const Combination& combination, int max_decimals = 2);

// [SECTION] Gradients

// The gradients of a loss L with respect to a pass's inputs, given dL/d outputs.
struct Gradients {
  Matrix queries;  // n x d: dL/dQ
  Matrix keys;     // m x d: dL/dK
  Matrix values;   // m x d_v: dL/dV
};

// Backpropagates `output_gradients` (n x d_v, dL/d outputs) through the pass that gave `result`
// for `problem` (call Attend first; the pair must belong together). With scores
// z_ij = q_i·k_j / (sqrt(d) T) and weights w_i = softmax(z_i) over the allowed positions:
//   dV_j = sum_i w_ij dO_i,   dz_ij = w_ij (dO_i·V_j - sum_l w_il dO_i·V_l),
//   dQ_i = sum_j dz_ij k_j / (sqrt(d) T),   dK_j = sum_i dz_ij q_i / (sqrt(d) T).
// A position masked for row i gets exactly 0 from that row, and an empty row passes nothing on.
// Fails (field "output_gradients") when its shape is not the outputs' or an entry is not finite,
// and (field "gradients") when a gradient overflows a double; `gradients` is then cleared.
// `gradients` may not be null.
Status AttendGradients(const Problem& problem, const Result& result, const Matrix& output_gradients,
                       Gradients* gradients);

}  // namespace attention
