// "Why divide by √d_k?" in the Compare scene: every claim its words make, checked over the
// numbers the scene shows, with expectations worked out here rather than read from the code.

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "lesson/builtin_text.h"
#include "lesson/describe.h"
#include "lesson/lesson_state.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"

using doctest::Approx;
using lesson::ComputeScalingDemo;
using lesson::kScalingDemoDimensions;
using lesson::kScalingDemoKeyCount;
using lesson::LessonState;
using lesson::ScalingDemo;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

void EnsureLessonText() {
  if (!lesson::LessonText().Has("compare.scaling_demo")) lesson::LoadBuiltInText(lesson::LessonText());
}

double Mean(const std::vector<double>& xs) {
  double sum = 0.0;
  for (const double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

double Variance(const std::vector<double>& xs) {
  const double mean = Mean(xs);
  double sum = 0.0;
  for (const double x : xs) sum += (x - mean) * (x - mean);
  return sum / static_cast<double>(xs.size() - 1);
}

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0.0;
  for (size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

// Softmax written out here, the textbook way, to check the demo's weights against.
std::vector<double> PlainSoftmax(const std::vector<double>& scores) {
  const double top = *std::max_element(scores.begin(), scores.end());
  std::vector<double> out;
  double sum = 0.0;
  for (const double s : scores) {
    out.push_back(std::exp(s - top));
    sum += out.back();
  }
  for (double& w : out) w /= sum;
  return out;
}

bool SameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

double Largest(const std::array<double, kScalingDemoKeyCount>& xs) { return *std::max_element(xs.begin(), xs.end()); }

}  // namespace

// [SECTION] The random draw

TEST_CASE("splitmix64 gives the reference outputs for seed 1234567") {
  // Sebastiano Vigna's splitmix64 as published (also Rosetta Code's "Pseudo-random numbers/Splitmix64").
  uint64_t state = 1234567;
  const uint64_t expected[] = {6457827717110365317ull, 3203168211198807973ull, 9817491932198370423ull,
                               4593380528125082431ull, 16408922859458223821ull};
  for (const uint64_t e : expected) CHECK(lesson::SplitMix64Next(&state) == e);
}

TEST_CASE("the portable logarithm agrees with std::log to within a few units in the last place") {
  CHECK(lesson::PortableLog(1.0) == 0.0);
  CHECK(lesson::PortableLog(0.5) == Approx(-0.6931471805599453).epsilon(1e-16));
  CHECK(std::isnan(lesson::PortableLog(0.0)));
  CHECK(std::isnan(lesson::PortableLog(-1.0)));
  CHECK(std::isnan(lesson::PortableLog(kNaN)));
  CHECK(std::isnan(lesson::PortableLog(kInf)));
  double worst = 0.0;
  for (double x = 1e-300; x < 1e300; x *= 1.0137) {
    for (const double y : {x, std::nextafter(x, 0.0), x * 0.70710678, x * 1.41421356}) {
      const double expected = std::log(y);
      const double error = std::fabs(lesson::PortableLog(y) - expected);
      const double ulp = std::fabs(std::nextafter(expected, kInf) - expected);
      worst = std::max(worst, expected == 0.0 ? error : error / ulp);
    }
  }
  CHECK(worst <= 2.0);
  // Near 1, where ln x is small and a careless formula loses digits.
  for (double d = 1e-15; d < 0.3; d *= 1.7) {
    CHECK(lesson::PortableLog(1.0 + d) == Approx(std::log1p(d)).epsilon(1e-15));
    CHECK(lesson::PortableLog(1.0 - d) == Approx(std::log1p(-d)).epsilon(1e-15));
  }
}

TEST_CASE("the demo's components are independent standard normal numbers") {
  std::vector<double> xs;
  std::vector<double> next;
  for (uint64_t v = 0; v < 100; ++v) {
    const std::vector<double> vector = lesson::ScalingDemoVector(99, v, 400);
    xs.insert(xs.end(), vector.begin(), vector.end());
  }
  const double n = static_cast<double>(xs.size());  // 40000
  CHECK(std::fabs(Mean(xs)) < 4.0 / std::sqrt(n));  // four standard errors
  CHECK(Variance(xs) == Approx(1.0).epsilon(0.03));
  // A standard normal lies within 1 of 0 with probability 0.6827, within 2 with 0.9545.
  const auto within = [&](double r) {
    return static_cast<double>(std::count_if(xs.begin(), xs.end(), [r](double x) { return std::fabs(x) < r; })) / n;
  };
  CHECK(within(1.0) == Approx(0.6827).epsilon(0.015));
  CHECK(within(2.0) == Approx(0.9545).epsilon(0.005));
  // Neighbours do not go together: their correlation is about 0.
  double products = 0.0;
  for (size_t i = 0; i + 1 < xs.size(); ++i) products += xs[i] * xs[i + 1];
  CHECK(std::fabs(products / (n - 1.0)) < 4.0 / std::sqrt(n));
}

TEST_CASE("raising d_k adds components to the same vectors") {
  const std::vector<double> small = lesson::ScalingDemoVector(lesson::kScalingDemoSeed, 3, 8);
  const std::vector<double> large = lesson::ScalingDemoVector(lesson::kScalingDemoSeed, 3, 128);
  REQUIRE(large.size() == 128);
  for (size_t i = 0; i < small.size(); ++i) CHECK(SameBits(small[i], large[i]));
}

TEST_CASE("the demo is the same every time it is computed, and every number is finite") {
  for (const int d : kScalingDemoDimensions) {
    CAPTURE(d);
    const ScalingDemo a = ComputeScalingDemo(d);
    const ScalingDemo b = ComputeScalingDemo(d);
    const ScalingDemo fresh = lesson::ComputeScalingDraw(d, lesson::kScalingDemoSeed);
    REQUIRE(a.ok);
    CHECK(a.dimension == d);
    for (size_t k = 0; k < static_cast<size_t>(kScalingDemoKeyCount); ++k) {
      CHECK(SameBits(a.dot_products[k], b.dot_products[k]));
      CHECK(SameBits(a.raw.weights[k], b.raw.weights[k]));
      CHECK(SameBits(a.scaled.weights[k], fresh.scaled.weights[k]));
      CHECK(std::isfinite(a.dot_products[k]));
      CHECK(std::isfinite(a.raw.weights[k]));
      CHECK(std::isfinite(a.scaled.weights[k]));
    }
    CHECK(SameBits(a.spread, b.spread));
    CHECK(std::isfinite(a.spread));
    CHECK(std::isfinite(a.scaled_spread));
    CHECK(std::isfinite(a.raw.largest_gradient));
  }
  CHECK_FALSE(ComputeScalingDemo(100).ok);
  CHECK_FALSE(ComputeScalingDemo(0).ok);
  CHECK_FALSE(ComputeScalingDemo(-8).ok);
}

// [SECTION] The numbers the panel shows

TEST_CASE("the demo's scores and weights are q·k and its softmax, with and without dividing by √d_k") {
  for (const int d : kScalingDemoDimensions) {
    CAPTURE(d);
    const ScalingDemo demo = ComputeScalingDemo(d);
    REQUIRE(demo.ok);
    const std::vector<double> q = lesson::ScalingDemoVector(lesson::kScalingDemoSeed, 0, d);
    std::vector<double> raw;
    std::vector<double> scaled;
    for (int i = 0; i < kScalingDemoKeyCount; ++i) {
      const std::vector<double> k =
          lesson::ScalingDemoVector(lesson::kScalingDemoSeed, static_cast<uint64_t>(i + 1), d);
      raw.push_back(Dot(q, k));
      scaled.push_back(Dot(q, k) / std::sqrt(static_cast<double>(d)));
    }
    const std::vector<double> raw_weights = PlainSoftmax(raw);
    const std::vector<double> scaled_weights = PlainSoftmax(scaled);
    double raw_sum = 0.0;
    double scaled_sum = 0.0;
    for (size_t k = 0; k < raw.size(); ++k) {
      CHECK(demo.dot_products[k] == Approx(raw[k]).epsilon(1e-12));
      CHECK(demo.raw.scores[k] == Approx(raw[k]).epsilon(1e-12));
      CHECK(demo.scaled.scores[k] == Approx(scaled[k]).epsilon(1e-12));
      CHECK(demo.raw.weights[k] == Approx(raw_weights[k]).epsilon(1e-9));
      CHECK(demo.scaled.weights[k] == Approx(scaled_weights[k]).epsilon(1e-9));
      raw_sum += demo.raw.weights[k];
      scaled_sum += demo.scaled.weights[k];
    }
    CHECK(raw_sum == Approx(1.0));
    CHECK(scaled_sum == Approx(1.0));
    CHECK(demo.raw.largest_weight == *std::max_element(raw_weights.begin(), raw_weights.end()));
    CHECK(demo.scaled.largest_weight == Largest(demo.scaled.weights));
    CHECK(demo.root == Approx(std::sqrt(static_cast<double>(d))).epsilon(1e-15));
  }
}

TEST_CASE("q·k spreads about √d_k for every offered d_k, and about 1 once divided by √d_k") {
  for (const int d : kScalingDemoDimensions) {
    CAPTURE(d);
    const ScalingDemo demo = ComputeScalingDemo(d);
    REQUIRE(demo.ok);
    const double root = std::sqrt(static_cast<double>(d));
    CHECK(demo.spread == Approx(root).epsilon(0.10));
    CHECK(demo.scaled_spread == Approx(1.0).epsilon(0.10));
    double spread = 0.0;
    double scaled_spread = 0.0;
    lesson::MeasureScalingSpread(d, lesson::kScalingDemoSpreadDraws, &spread, &scaled_spread);
    CHECK(SameBits(demo.spread, spread));  // over the draws the words count
  }
  // The same, measured here over pairs of vectors of another draw.
  for (const int d : {8, 128}) {
    std::vector<double> dots;
    for (uint64_t t = 0; t < 1000; ++t) {
      dots.push_back(Dot(lesson::ScalingDemoVector(7, 2 * t, d), lesson::ScalingDemoVector(7, 2 * t + 1, d)));
    }
    CHECK(std::sqrt(Variance(dots)) == Approx(std::sqrt(static_cast<double>(d))).epsilon(0.10));
  }
}

TEST_CASE("at the default d_k, softmax of the raw scores puts almost all the weight on one key; divided, far less") {
  const ScalingDemo demo = ComputeScalingDemo(lesson::CompareScene{}.scaling_demo_dimension);
  REQUIRE(demo.ok);
  CHECK(lesson::CompareScene{}.scaling_demo_dimension >= 64);  // "many dimensions"
  CHECK(Largest(demo.raw.weights) > 0.9);
  CHECK(Largest(demo.scaled.weights) < 0.6);
  // The raw scores spread far more widely than the divided ones.
  const auto range = [](const std::array<double, kScalingDemoKeyCount>& s) {
    return *std::max_element(s.begin(), s.end()) - *std::min_element(s.begin(), s.end());
  };
  CHECK(range(demo.raw.scores) > 5.0 * range(demo.scaled.scores));
}

TEST_CASE("the shown draw is typical: over many draws at d_k = 128 the raw weights nearly always saturate") {
  int raw_saturated = 0;
  int scaled_saturated = 0;
  const int draws = 300;
  for (int seed = 1; seed <= draws; ++seed) {
    const ScalingDemo demo = lesson::ComputeScalingDraw(128, static_cast<uint64_t>(seed));
    REQUIRE(demo.ok);
    if (Largest(demo.raw.weights) > 0.9) ++raw_saturated;
    if (Largest(demo.scaled.weights) > 0.9) ++scaled_saturated;
  }
  CHECK(raw_saturated > draws * 6 / 10);
  CHECK(scaled_saturated < draws / 20);
}

TEST_CASE("softmax's gradient has entries w_i(1 − w_i) and −w_i w_j, the largest being max w_i(1 − w_i)") {
  for (const int d : kScalingDemoDimensions) {
    const ScalingDemo demo = ComputeScalingDemo(d);
    REQUIRE(demo.ok);
    for (const lesson::ScalingDemoSide* side : {&demo.raw, &demo.scaled}) {
      CAPTURE(d);
      CAPTURE(side == &demo.raw);
      const std::vector<double> scores(side->scores.begin(), side->scores.end());
      const std::vector<double> w = attention::Softmax(scores);
      double largest = 0.0;
      for (int j = 0; j < kScalingDemoKeyCount; ++j) {
        // Column j of the Jacobian by central differences.
        const double h = 1e-6;
        std::vector<double> up = scores;
        std::vector<double> down = scores;
        up[static_cast<size_t>(j)] += h;
        down[static_cast<size_t>(j)] -= h;
        const std::vector<double> wu = attention::Softmax(up);
        const std::vector<double> wd = attention::Softmax(down);
        for (int i = 0; i < kScalingDemoKeyCount; ++i) {
          const size_t a = static_cast<size_t>(i);
          const size_t b = static_cast<size_t>(j);
          const double numeric = (wu[a] - wd[a]) / (2.0 * h);
          const double formula = i == j ? w[a] * (1.0 - w[a]) : -w[a] * w[b];
          CHECK(numeric == Approx(formula).epsilon(1e-5).scale(1e-4));
          largest = std::max(largest, std::fabs(formula));
        }
      }
      CHECK(side->largest_gradient == Approx(largest).epsilon(1e-9));
    }
  }
}

TEST_CASE("with many dimensions the raw scores' gradient is tiny beside the divided scores'") {
  for (const int d : kScalingDemoDimensions) {
    if (d < 32) continue;
    CAPTURE(d);
    const ScalingDemo demo = ComputeScalingDemo(d);
    REQUIRE(demo.ok);
    CHECK(demo.raw.largest_gradient < 0.2 * demo.scaled.largest_gradient);
  }
  // Near 0 or 1 a weight's w(1 − w) is near 0: the raw side's largest entry is no more than the
  // distance of its largest weight from 1, plus what the other keys hold.
  const ScalingDemo demo = ComputeScalingDemo(lesson::CompareScene{}.scaling_demo_dimension);
  CHECK(demo.raw.largest_gradient <= 1.0 - demo.raw.largest_weight + 1e-12);
}

TEST_CASE("a demo number shows two significant digits of its distance from 0 or 1, never 0 or 1 itself") {
  CHECK(lesson::FormatScalingDemoNumber(0.41) == "0.41");
  CHECK(lesson::FormatScalingDemoNumber(0.99998) == "0.99998");
  CHECK(lesson::FormatScalingDemoNumber(0.000021) == "0.000021");
  CHECK(lesson::FormatScalingDemoNumber(11.3137) == "11.31");
  CHECK(lesson::FormatScalingDemoNumber(1.0) == "1");
  CHECK(lesson::FormatScalingDemoNumber(0.0000033) == "0.0000033");
  CHECK(lesson::FormatScalingDemoNumber(1e-12) == "\u2248 0");
  CHECK(lesson::FormatScalingDemoNumber(1.0 - 1e-12) == "\u2248 1");
  for (double x = 1e-7; x < 1.0; x *= 1.03) {
    for (const double y : {x, 1.0 - x}) {
      CAPTURE(y);
      const std::string text = lesson::FormatScalingDemoNumber(y);
      CHECK(text != "0");
      CHECK(text != "1");
      if (text.rfind("\u2248", 0) == 0) continue;
      const double shown = std::stod(text);
      const double distance = std::min(y, 1.0 - y);
      CHECK(std::fabs(shown - y) <= 0.05 * distance + 1e-15);
    }
  }
}

// [SECTION] State, link, reset and mirror

TEST_CASE("the demo's d_k setter refuses what is not a number and takes the nearest offered d_k") {
  lesson::CompareScene scene;
  REQUIRE(scene.scaling_demo_dimension == lesson::kScalingDemoDefaultDimension);
  CHECK(lesson::IsScalingDemoDimension(scene.scaling_demo_dimension));
  CHECK_FALSE(lesson::SetScalingDemoDimension(scene, kNaN));
  CHECK_FALSE(lesson::SetScalingDemoDimension(scene, kInf));
  CHECK_FALSE(lesson::SetScalingDemoDimension(scene, -kInf));
  CHECK(scene.scaling_demo_dimension == lesson::kScalingDemoDefaultDimension);
  const struct {
    double asked;
    int got;
  } cases[] = {{-5, 2},  {0, 2},     {2, 2},     {3.9, 2},   {4, 8},     {8, 8},
               {20, 32}, {100, 128}, {128, 128}, {300, 512}, {512, 512}, {1e300, 512}};
  for (const auto& c : cases) {
    CAPTURE(c.asked);
    CHECK(lesson::SetScalingDemoDimension(scene, c.asked));
    CHECK(scene.scaling_demo_dimension == c.got);
  }
  for (const int d : kScalingDemoDimensions) {
    CHECK(lesson::SetScalingDemoDimension(scene, d));
    CHECK(scene.scaling_demo_dimension == d);
  }
}

TEST_CASE("a link carries the demo's open state and d_k, and resetting the scene closes it") {
  LessonState state;
  CHECK(lesson::EncodeState(state).find("scaling_demo") == std::string::npos);
  state.compare.scaling_demo_open = true;
  REQUIRE(lesson::SetScalingDemoDimension(state.compare, 32));
  const std::string fragment = lesson::EncodeState(state);
  CHECK(fragment.find("compare.scaling_demo=1") != std::string::npos);
  CHECK(fragment.find("compare.scaling_demo_dk=32") != std::string::npos);
  LessonState decoded;
  std::string warning;
  REQUIRE(lesson::DecodeState(fragment, &decoded, &warning));
  CHECK(warning.empty());
  CHECK(decoded.compare.scaling_demo_open);
  CHECK(decoded.compare.scaling_demo_dimension == 32);

  LessonState far;
  REQUIRE(lesson::DecodeState("compare.scaling_demo_dk=100000", &far, &warning));
  CHECK(far.compare.scaling_demo_dimension == 512);
  REQUIRE(lesson::DecodeState("compare.scaling_demo_dk=100", &far, &warning));
  CHECK(far.compare.scaling_demo_dimension == 128);

  LessonState kept;
  REQUIRE(lesson::SetScalingDemoDimension(kept.compare, 8));
  CHECK_FALSE(lesson::DecodeState("compare.scaling_demo_dk=nan", &kept, &warning));
  CHECK(warning.find("compare.scaling_demo_dk") != std::string::npos);
  CHECK(kept.compare.scaling_demo_dimension == 8);

  lesson::ResetScene(decoded, lesson::Scene::Compare);
  CHECK_FALSE(decoded.compare.scaling_demo_open);
  CHECK(decoded.compare.scaling_demo_dimension == lesson::kScalingDemoDefaultDimension);
}

TEST_CASE("the mirror reads the demo's numbers while it is open, and says nothing of it while closed") {
  EnsureLessonText();
  LessonState state;
  const std::string closed = lesson::DescribeScene(state);
  CHECK(closed.find("d_k") == std::string::npos);
  for (const int d : kScalingDemoDimensions) {
    CAPTURE(d);
    state.compare.scaling_demo_open = true;
    REQUIRE(lesson::SetScalingDemoDimension(state.compare, d));
    const std::string open = lesson::DescribeScene(state);
    CAPTURE(open);
    CHECK(open.rfind(closed, 0) == 0);  // the scene's sentences, then the demo's
    CHECK(open.find('[') == std::string::npos);
    const ScalingDemo demo = ComputeScalingDemo(d);
    const std::string expected = "d_k = " + std::to_string(d) + ": without dividing, the largest weight is " +
                                 lesson::FormatScalingDemoNumber(Largest(demo.raw.weights)) + "; divided by √d_k, " +
                                 lesson::FormatScalingDemoNumber(Largest(demo.scaled.weights)) + ".";
    CHECK(open.find(expected) != std::string::npos);
    CHECK(open.find("spreads about ±" + lesson::FormatSigned(demo.spread)) != std::string::npos);
    CHECK(open.find("largest gradient entry is " + lesson::FormatScalingDemoNumber(demo.raw.largest_gradient) +
                    " without dividing and " + lesson::FormatScalingDemoNumber(demo.scaled.largest_gradient) +
                    " divided") != std::string::npos);
  }
}
