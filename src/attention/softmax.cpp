#include <algorithm>
#include <cmath>
#include <limits>

#include "attention/attention.h"

namespace attention {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

bool UsableTemperature(double temperature) { return std::isfinite(temperature) && temperature > 0.0; }

}  // namespace

bool SoftmaxRow(const double* scores, const uint8_t* allowed, int count, double temperature, double* weights) {
  if (count <= 0) return false;
  // Masked positions and every failure below leave exact zeros, never stale data. Each weight is
  // written once on success (a row of the full pass can hold thousands), zeros included.
  const auto fail = [weights, count] {
    std::fill(weights, weights + count, 0.0);
    return false;
  };
  if (!UsableTemperature(temperature)) return fail();

  double max_score = -kInfinity;
  for (int j = 0; j < count; ++j) {
    if (allowed != nullptr && allowed[j] == 0) continue;
    if (scores[j] != scores[j]) return fail();                  // NaN; std::isnan is a call per score at -Oz
    max_score = scores[j] > max_score ? scores[j] : max_score;  // std::max, spelled out: no call at -Oz
  }
  // Also covers a row whose allowed scores are all -inf: there is nothing to put weight on.
  if (max_score == -kInfinity) return fail();

  double sum = 0.0;
  for (int j = 0; j < count; ++j) {
    if (allowed != nullptr && allowed[j] == 0) {
      weights[j] = 0.0;
      continue;
    }
    double e = 0.0;
    if (max_score == kInfinity) {
      e = scores[j] == kInfinity ? 1.0 : 0.0;  // the limit: +inf positions take everything
    } else {
      // Subtracting before dividing keeps the exponent <= 0 however small the temperature is;
      // an overflow to -inf here only means a weight that underflows to 0, never inf/inf.
      e = std::exp((scores[j] - max_score) / temperature);
    }
    weights[j] = e;
    sum += e;
  }
  // sum >= 1 because the largest score contributes exp(0), so the division is always safe.
  for (int j = 0; j < count; ++j) weights[j] /= sum;
  return true;
}

std::vector<double> Softmax(const std::vector<double>& scores, double temperature) {
  std::vector<double> weights(scores.size(), 0.0);
  SoftmaxRow(scores.data(), nullptr, static_cast<int>(scores.size()), temperature, weights.data());
  return weights;
}

}  // namespace attention
