#include "lesson/scenes/compare/scaling_demo.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attention/attention.h"
#include "lesson/scenes/compare/compare.h"

namespace lesson {

namespace {

constexpr int kMaxDrawDimension = 4096;  // ComputeScalingDraw's bound, so a caller cannot ask for gigabytes
// The spread's pairs come from draws of their own, apart from the one the panel shows.
constexpr uint64_t kSpreadSeed = kScalingDemoSeed ^ 0x5350524541445321ull;

// splitmix64's output function: a bijection of 64-bit words that scrambles every bit.
uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Standard normal numbers from one splitmix64 stream, two at a time by Marsaglia's polar method.
class NormalStream {
 public:
  NormalStream(uint64_t seed, uint64_t index) : state_(Mix(Mix(seed) ^ index)) {}

  double Next() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    for (;;) {
      const double u = 2.0 * Uniform() - 1.0;
      const double v = 2.0 * Uniform() - 1.0;
      const double s = u * u + v * v;
      if (s >= 1.0 || s == 0.0) continue;
      const double factor = std::sqrt(-2.0 * PortableLog(s) / s);
      spare_ = v * factor;
      has_spare_ = true;
      return u * factor;
    }
  }

 private:
  // A uniform number in [0, 1) on the grid of 2^-53: exact in any IEEE double arithmetic.
  double Uniform() { return static_cast<double>(SplitMix64Next(&state_) >> 11) * 0x1.0p-53; }

  uint64_t state_;
  bool has_spare_ = false;
  double spare_ = 0.0;
};

attention::Matrix RowOf(const std::vector<double>& v) {
  attention::Matrix m(1, static_cast<int>(v.size()));
  std::copy(v.begin(), v.end(), m.data.begin());
  return m;
}

ScalingDemoSide SideOf(const attention::Result& result) {
  ScalingDemoSide side;
  for (int i = 0; i < kScalingDemoKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    side.scores[k] = result.scores(0, i);
    side.weights[k] = result.weights(0, i);
    side.largest_weight = std::max(side.largest_weight, side.weights[k]);
    side.largest_gradient = std::max(side.largest_gradient, side.weights[k] * (1.0 - side.weights[k]));
  }
  return side;
}

double SampleStandardDeviation(const std::vector<double>& xs) {
  if (xs.size() < 2) return 0.0;
  double mean = 0.0;
  for (const double x : xs) mean += x;
  mean /= static_cast<double>(xs.size());
  double squares = 0.0;
  for (const double x : xs) squares += (x - mean) * (x - mean);
  return std::sqrt(squares / static_cast<double>(xs.size() - 1));
}

size_t DimensionSlot(int dimension) {
  return static_cast<size_t>(std::find(kScalingDemoDimensions.begin(), kScalingDemoDimensions.end(), dimension) -
                             kScalingDemoDimensions.begin());
}

}  // namespace

uint64_t SplitMix64Next(uint64_t* state) {
  *state += 0x9E3779B97F4A7C15ull;
  return Mix(*state);
}

double PortableLog(double x) {
  if (!(x > 0.0) || !std::isfinite(x)) return std::numeric_limits<double>::quiet_NaN();
  // fdlibm's ln 2 in two parts: the first has trailing zero bits, so exponent × it is exact.
  constexpr double kLn2Hi = 6.93147180369123816490e-01;
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kSqrtHalf = 0.70710678118654752440;
  int exponent = 0;
  double m = std::frexp(x, &exponent);  // x = m × 2^exponent, m in [0.5, 1), exact
  if (m < kSqrtHalf) {
    m *= 2.0;
    --exponent;
  }
  // ln m = 2 atanh(t) = 2 (t + t³/3 + t⁵/5 + ...), t = (m − 1)/(m + 1), |t| ≤ 0.172: twelve terms
  // leave less than 1e-18 behind.
  constexpr double kOneOverOdd[] = {1.0,      1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11,
                                    1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23};
  const double t = (m - 1.0) / (m + 1.0);
  const double t2 = t * t;
  const double t4 = t2 * t2;
  // The even and the odd terms in t2 as two independent sums: half the wait of one long chain.
  double even = 0.0;
  double odd = 0.0;
  for (int k = 10; k >= 0; k -= 2) {
    even = even * t4 + kOneOverOdd[k];
    odd = odd * t4 + kOneOverOdd[k + 1];
  }
  const double series = even + t2 * odd;
  const double e = static_cast<double>(exponent);
  return e * kLn2Hi + (e * kLn2Lo + 2.0 * t * series);
}

std::vector<double> ScalingDemoVector(uint64_t seed, uint64_t index, int dimension) {
  std::vector<double> v(static_cast<size_t>(std::max(dimension, 0)));
  NormalStream stream(seed, index);
  for (double& x : v) x = stream.Next();
  return v;
}

ScalingDemo ComputeScalingDraw(int dimension, uint64_t seed) {
  ScalingDemo out;
  if (dimension < 1 || dimension > kMaxDrawDimension) return out;
  attention::Problem problem;
  problem.queries = RowOf(ScalingDemoVector(seed, 0, dimension));
  problem.keys = attention::Matrix(kScalingDemoKeyCount, dimension);
  for (int i = 0; i < kScalingDemoKeyCount; ++i) {
    const std::vector<double> key = ScalingDemoVector(seed, static_cast<uint64_t>(i + 1), dimension);
    std::copy(key.begin(), key.end(), problem.keys.data.begin() + static_cast<std::ptrdiff_t>(i) * dimension);
  }
  problem.values = attention::Matrix(kScalingDemoKeyCount, 1);
  attention::Result raw;
  attention::Result scaled;
  problem.scale = false;
  if (!attention::Attend(problem, &raw).ok) return out;
  problem.scale = true;
  if (!attention::Attend(problem, &scaled).ok) return out;
  out.ok = true;
  out.dimension = dimension;
  out.root = std::sqrt(static_cast<double>(dimension));
  for (int i = 0; i < kScalingDemoKeyCount; ++i) out.dot_products[static_cast<size_t>(i)] = raw.dot_products(0, i);
  out.raw = SideOf(raw);
  out.scaled = SideOf(scaled);
  return out;
}

void MeasureScalingSpread(int dimension, int draws, double* spread, double* scaled_spread) {
  std::vector<double> dots;
  std::vector<double> scaled;
  if (dimension >= 1 && dimension <= kMaxDrawDimension && draws > 0) {
    dots.reserve(static_cast<size_t>(draws));
    scaled.reserve(static_cast<size_t>(draws));
    for (int t = 0; t < draws; ++t) {
      const uint64_t pair = 2 * static_cast<uint64_t>(t);
      const attention::Matrix q = RowOf(ScalingDemoVector(kSpreadSeed, pair, dimension));
      const attention::Matrix k = RowOf(ScalingDemoVector(kSpreadSeed, pair + 1, dimension));
      dots.push_back(attention::Scores(q, k, false)(0, 0));
      scaled.push_back(attention::Scores(q, k, true)(0, 0));
    }
  }
  *spread = SampleStandardDeviation(dots);
  *scaled_spread = SampleStandardDeviation(scaled);
}

ScalingDemo ComputeScalingDemo(int dimension) {
  if (!IsScalingDemoDimension(dimension)) return ScalingDemo{};
  // Computed once per dimension (the spread takes about 20 ms at d_k = 512) and kept: the numbers
  // never change. The widget draws on one thread.
  struct Entry {
    bool computed = false;
    ScalingDemo demo;
  };
  static std::array<Entry, kScalingDemoDimensions.size()> cache;
  Entry& entry = cache[DimensionSlot(dimension)];
  if (!entry.computed) {
    entry.demo = ComputeScalingDraw(dimension, kScalingDemoSeed);
    MeasureScalingSpread(dimension, kScalingDemoSpreadDraws, &entry.demo.spread, &entry.demo.scaled_spread);
    entry.computed = true;
  }
  return entry.demo;
}

std::string FormatScalingDemoNumber(double x) {
  constexpr int kMaxDecimals = 7;
  if (!(x > 0.0 && x < 1.0)) return FormatSigned(x);
  const double distance = std::min(x, 1.0 - x);
  const int decimals = std::max(2, 1 - static_cast<int>(std::floor(std::log10(distance))));
  if (decimals > kMaxDecimals) return x < 0.5 ? "\u2248 0" : "\u2248 1";
  return FormatSigned(x, decimals);
}

bool IsScalingDemoDimension(int dimension) { return DimensionSlot(dimension) < kScalingDemoDimensions.size(); }

bool SetScalingDemoDimension(CompareScene& scene, double dimension) {
  if (!std::isfinite(dimension)) return false;
  const double d = std::clamp(dimension, static_cast<double>(kScalingDemoMinDimension),
                              static_cast<double>(kScalingDemoMaxDimension));
  int chosen = kScalingDemoDimensions.front();
  for (size_t i = 1; i < kScalingDemoDimensions.size(); ++i) {
    const double below = kScalingDemoDimensions[i - 1];
    const double above = kScalingDemoDimensions[i];
    if (d * d >= below * above) chosen = kScalingDemoDimensions[i];  // at or past the geometric midpoint
  }
  scene.scaling_demo_dimension = chosen;
  return true;
}

}  // namespace lesson
