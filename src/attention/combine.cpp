#include <algorithm>

#include "attention/attention.h"

namespace attention {

namespace {

void AddTerm(int position, double value, double weight, Combination* combination) {
  Term term;
  term.position = position;
  term.value = value;
  term.weight = weight;
  term.product = value * weight;
  combination->terms.push_back(term);
  combination->output += term.product;
}

Combination NoPosition() {
  Combination combination;
  combination.empty = true;
  return combination;
}

bool ResultFits(const Result& result, const Matrix& values, int row, int value_col) {
  const Matrix& weights = result.weights;
  const Mask& allowed = result.allowed;
  return weights.IsConsistent() && allowed.IsConsistent() && values.IsConsistent() && allowed.rows == weights.rows &&
         allowed.cols == weights.cols && values.rows == weights.cols && row >= 0 && row < weights.rows &&
         value_col >= 0 && value_col < values.cols;
}

}  // namespace

Combination Combine(const std::vector<double>& values, const std::vector<double>& weights,
                    const std::vector<uint8_t>* allowed) {
  Combination combination;
  const size_t count = std::min(values.size(), weights.size());
  for (size_t j = 0; j < count; ++j) {
    const bool available = allowed == nullptr || (j < allowed->size() && (*allowed)[j] != 0);
    if (available) AddTerm(static_cast<int>(j), values[j], weights[j], &combination);
  }
  combination.empty = combination.terms.empty();
  return combination;
}

Combination CombineColumn(const Result& result, const Matrix& values, int row, int value_col) {
  if (!ResultFits(result, values, row, value_col) || result.RowIsEmpty(row)) return NoPosition();
  Combination combination;
  for (int j = 0; j < result.weights.cols; ++j) {
    if (result.allowed(row, j)) AddTerm(j, values(j, value_col), result.weights(row, j), &combination);
  }
  combination.empty = combination.terms.empty();
  return combination;
}

}  // namespace attention
