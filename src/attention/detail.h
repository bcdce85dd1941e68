#pragma once
// Shared by the core's own .cpp files (and the training in src/learn and the core benchmark,
// which run passes back to back); not part of the public API in attention.h.

#include "attention/attention.h"

namespace attention::detail {

// Makes `m` a rows x cols matrix of `fill`, reusing its storage: a caller that runs pass after
// pass into the same Result does not hand its memory back and fault it in again every time.
void Reshape(Matrix* m, int rows, int cols, double fill);
// Reshape for a caller about to write every entry: old entries are left as they were.
void ReshapeForOverwrite(Matrix* m, int rows, int cols);

// DotProducts into `dots`, reusing its storage. False (and `dots` unspecified) when DotProducts
// would return the empty matrix for mismatched shapes.
bool DotProductsInto(const Matrix& queries, const Matrix& keys, Matrix* dots);

// Whether the core's inner loops were compiled to SIMD (wasm SIMD or SSE2) or to scalar code.
bool CoreUsesSimd();

// What Scores divides each dot product by: sqrt(width) when scaling, else 1 (x / 1 is exactly x).
double ScoreDivisor(int width, bool scale);

// out[j] = row[j] / divisor for j < count, each quotient exactly as the division rounds it, but
// cheaper when the divisor is 1 or a power of two. `out` may be `row`.
void DivideRow(const double* row, int count, double divisor, double* out);

// Validate, handing back the dot products it had to compute for its overflow check, so that
// Attend does not compute them a second time. `dot_products` is unspecified on failure.
Status ValidateKeepingDotProducts(const Problem& problem, Matrix* dot_products);

}  // namespace attention::detail
