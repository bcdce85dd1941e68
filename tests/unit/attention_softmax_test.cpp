#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "attention/attention.h"

using attention::Softmax;
using attention::SoftmaxRow;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double Sum(const std::vector<double>& xs) {
  double total = 0.0;
  for (double x : xs) total += x;
  return total;
}

bool AllFinite(const std::vector<double>& xs) {
  for (double x : xs) {
    if (!std::isfinite(x)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("softmax of equal scores is uniform") {
  const std::vector<double> weights = Softmax({3.0, 3.0, 3.0, 3.0});
  REQUIRE(weights.size() == 4);
  // exp(0) / 4 for each: exactly representable.
  for (double w : weights) CHECK(w == 0.25);
}

TEST_CASE("softmax matches hand-computed weights") {
  // exp(1-3) = 0.1353352832, exp(2-3) = 0.3678794412, exp(0) = 1; sum = 1.5032147244.
  const std::vector<double> weights = Softmax({1.0, 2.0, 3.0});
  REQUIRE(weights.size() == 3);
  CHECK(weights[0] == doctest::Approx(0.0900305732).epsilon(1e-9));
  CHECK(weights[1] == doctest::Approx(0.2447284711).epsilon(1e-9));
  CHECK(weights[2] == doctest::Approx(0.6652409558).epsilon(1e-9));

  // Scores 0 and ln 3: exp(-ln 3) = 1/3 against 1, so 1/4 and 3/4.
  const std::vector<double> quarter = Softmax({0.0, std::log(3.0)});
  CHECK(quarter[0] == doctest::Approx(0.25).epsilon(1e-12));
  CHECK(quarter[1] == doctest::Approx(0.75).epsilon(1e-12));
}

TEST_CASE("softmax weights sum to 1") {
  const std::vector<std::vector<double>> rows = {
      {1.0, 2.0, 3.0, -4.0, 0.5}, {-7.25, 0.0}, {42.0}, {100.0, -100.0, 3.0, 3.0, 1e-9}};
  for (const std::vector<double>& scores : rows) {
    const std::vector<double> weights = Softmax(scores);
    CHECK(Sum(weights) == doctest::Approx(1.0).epsilon(1e-12));
    for (double w : weights) {
      CHECK(w >= 0.0);
      CHECK(w <= 1.0);
    }
  }
}

TEST_CASE("softmax of a single score is 1") { CHECK(Softmax({-12.5}) == std::vector<double>{1.0}); }

TEST_CASE("softmax is unchanged by adding a constant to every score") {
  const std::vector<double> shifted = Softmax({1001.0, 1002.0, 1003.0});
  const std::vector<double> lowered = Softmax({-99.0, -98.0, -97.0});
  // The same hand-computed weights as for 1, 2, 3.
  const double expected[] = {0.0900305732, 0.2447284711, 0.6652409558};
  for (size_t j = 0; j < 3; ++j) {
    CHECK(shifted[j] == doctest::Approx(expected[j]).epsilon(1e-9));
    CHECK(lowered[j] == doctest::Approx(expected[j]).epsilon(1e-9));
  }
}

TEST_CASE("softmax tends to one-hot as the temperature goes to 0") {
  const std::vector<double> cool = Softmax({1.0, 2.0, 3.0}, 0.01);
  // The runner-up is exp(-1 / 0.01) = exp(-100) ≈ 3.7e-44 of the winner.
  CHECK(cool[2] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(cool[1] < 1e-40);
  CHECK(cool[0] < 1e-80);

  // 1 / 1e-300 would overflow; subtracting the maximum first gives exp(-1e300) = 0 exactly.
  const std::vector<double> frozen = Softmax({1.0, 2.0, 3.0}, 1e-300);
  CHECK(frozen == std::vector<double>{0.0, 0.0, 1.0});
  // Here even the largest score alone overflows when divided: 2 / 1e-308 = 2e308 > 1.8e308.
  CHECK(Softmax({1.0, 2.0}, 1e-308) == std::vector<double>{0.0, 1.0});
  CHECK(Softmax({-3.0, -2.0}, 1e-308) == std::vector<double>{0.0, 1.0});
}

TEST_CASE("softmax at a tiny temperature splits the weight between tied maxima") {
  CHECK(Softmax({5.0, 1.0, 5.0}, 1e-300) == std::vector<double>{0.5, 0.0, 0.5});
}

TEST_CASE("softmax tends to uniform as the temperature grows") {
  const std::vector<double> hot = Softmax({1.0, 2.0, 3.0}, 1e6);
  for (double w : hot) CHECK(w == doctest::Approx(1.0 / 3.0).epsilon(1e-5));
  // Cooler than that, the weights are visibly unequal: the check above is not vacuous.
  const std::vector<double> warm = Softmax({1.0, 2.0, 3.0}, 10.0);
  CHECK(warm[2] - warm[0] > 0.05);
}

TEST_CASE("softmax with temperature 2 equals softmax of halved scores") {
  // 0 and 2 ln 3 at temperature 2 are 0 and ln 3: 1/4 and 3/4.
  const std::vector<double> weights = Softmax({0.0, 2.0 * std::log(3.0)}, 2.0);
  CHECK(weights[0] == doctest::Approx(0.25).epsilon(1e-12));
  CHECK(weights[1] == doctest::Approx(0.75).epsilon(1e-12));
}

TEST_CASE("softmax of extreme finite scores does not overflow") {
  SUBCASE("1000 against 0") { CHECK(Softmax({1000.0, 0.0}) == std::vector<double>{1.0, 0.0}); }
  SUBCASE("two scores of -1000 share equally") { CHECK(Softmax({-1000.0, -1000.0}) == std::vector<double>{0.5, 0.5}); }
  SUBCASE("1000 against 999 keeps the exact ratio e") {
    // 1 / (1 + e^-1) and e^-1 / (1 + e^-1).
    const std::vector<double> weights = Softmax({1000.0, 999.0});
    CHECK(weights[0] == doctest::Approx(0.7310585786).epsilon(1e-9));
    CHECK(weights[1] == doctest::Approx(0.2689414214).epsilon(1e-9));
  }
  SUBCASE("1e30 beside -1e30 and 0") { CHECK(Softmax({-1e30, 1e30, 0.0}) == std::vector<double>{0.0, 1.0, 0.0}); }
  SUBCASE("two scores of 1e30 share equally") { CHECK(Softmax({1e30, 1e30}) == std::vector<double>{0.5, 0.5}); }
  SUBCASE("a difference that itself overflows") {
    // -1.7e308 - 1.7e308 is -inf; its weight is exp(-inf) = 0, not NaN.
    const std::vector<double> weights = Softmax({1.7e308, -1.7e308});
    CHECK(weights == std::vector<double>{1.0, 0.0});
  }
  SUBCASE("huge scores at a huge temperature") {
    const std::vector<double> weights = Softmax({1e300, -1e300}, 1e300);
    CHECK(AllFinite(weights));
    CHECK(Sum(weights) == doctest::Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("masked positions get weight exactly 0 and the rest renormalize") {
  const double scores[] = {0.0, 100.0, 0.0};
  const uint8_t allowed[] = {1, 0, 1};
  double weights[] = {-1.0, -1.0, -1.0};
  CHECK(SoftmaxRow(scores, allowed, 3, 1.0, weights));
  CHECK(weights[0] == 0.5);
  CHECK(weights[1] == 0.0);
  CHECK(weights[2] == 0.5);
}

TEST_CASE("a softmax row computed in place equals the one written elsewhere") {
  // Masks, -inf, +inf, a temperature and a NaN the mask hides: every path of SoftmaxRow.
  const std::vector<std::vector<double>> rows = {
      {0.3, -1.7, 2.25, 0.0, 5.5}, {-kInf, 1.0, kInf, 2.0, kInf}, {kNaN, 1e300, -1e300, 4.0, 4.0}};
  const uint8_t allowed[] = {0, 1, 1, 1, 1};
  for (const std::vector<double>& scores : rows) {
    for (const uint8_t* mask : {static_cast<const uint8_t*>(nullptr), allowed}) {
      std::vector<double> elsewhere(scores.size(), -1.0);
      const bool ok = SoftmaxRow(scores.data(), mask, 5, 0.7, elsewhere.data());
      std::vector<double> in_place = scores;
      CHECK(SoftmaxRow(in_place.data(), mask, 5, 0.7, in_place.data()) == ok);
      CHECK(in_place == elsewhere);
    }
  }
}

TEST_CASE("a softmax row with every position masked is flagged and all zero") {
  const double scores[] = {1.0, 2.0, 3.0};
  const uint8_t allowed[] = {0, 0, 0};
  double weights[] = {7.0, 7.0, 7.0};
  CHECK_FALSE(SoftmaxRow(scores, allowed, 3, 1.0, weights));
  CHECK(weights[0] == 0.0);
  CHECK(weights[1] == 0.0);
  CHECK(weights[2] == 0.0);
}

TEST_CASE("a softmax row with no positions is flagged") {
  CHECK_FALSE(SoftmaxRow(nullptr, nullptr, 0, 1.0, nullptr));
  CHECK(Softmax({}).empty());
}

TEST_CASE("softmax treats -inf as masked and lets +inf take all the weight") {
  // Without the -inf position: 1 / (1 + e) and e / (1 + e).
  const std::vector<double> weights = Softmax({-kInf, 0.0, 1.0});
  CHECK(weights[0] == 0.0);
  CHECK(weights[1] == doctest::Approx(0.2689414214).epsilon(1e-9));
  CHECK(weights[2] == doctest::Approx(0.7310585786).epsilon(1e-9));
  CHECK(Softmax({kInf, 3.0, kInf}) == std::vector<double>{0.5, 0.0, 0.5});

  double row[] = {7.0, 7.0};
  const double all_minus_inf[] = {-kInf, -kInf};
  CHECK_FALSE(SoftmaxRow(all_minus_inf, nullptr, 2, 1.0, row));
  CHECK(row[0] == 0.0);
  CHECK(row[1] == 0.0);
}

TEST_CASE("softmax refuses a NaN score or an unusable temperature with all-zero weights") {
  CHECK(Softmax({1.0, kNaN, 2.0}) == std::vector<double>{0.0, 0.0, 0.0});
  CHECK(Softmax({1.0, 2.0}, 0.0) == std::vector<double>{0.0, 0.0});
  CHECK(Softmax({1.0, 2.0}, -1.0) == std::vector<double>{0.0, 0.0});
  CHECK(Softmax({1.0, 2.0}, kNaN) == std::vector<double>{0.0, 0.0});
  CHECK(Softmax({1.0, 2.0}, kInf) == std::vector<double>{0.0, 0.0});

  // A NaN at a masked position is never looked at.
  const double scores[] = {kNaN, 2.0};
  const uint8_t allowed[] = {0, 1};
  double weights[] = {7.0, 7.0};
  CHECK(SoftmaxRow(scores, allowed, 2, 1.0, weights));
  CHECK(weights[0] == 0.0);
  CHECK(weights[1] == 1.0);
}

TEST_CASE("temperatures must be finite and greater than 0") {
  CHECK(attention::CheckTemperature(1.0).ok);
  CHECK(attention::CheckTemperature(1e-300).ok);
  CHECK(attention::CheckTemperature(1e300).ok);

  const attention::Status zero = attention::CheckTemperature(0.0);
  CHECK_FALSE(zero.ok);
  CHECK(zero.field == "temperature");
  CHECK(zero.message == "temperature must be greater than 0, got 0");

  const attention::Status negative = attention::CheckTemperature(-0.5);
  CHECK_FALSE(negative.ok);
  CHECK(negative.message == "temperature must be greater than 0, got -0.5");

  const attention::Status nan = attention::CheckTemperature(kNaN);
  CHECK_FALSE(nan.ok);
  CHECK(nan.field == "temperature");
  CHECK(nan.message == "temperature is NaN");

  CHECK(attention::CheckTemperature(kInf).message == "temperature is +inf");
  CHECK(attention::CheckTemperature(-kInf).message == "temperature is -inf");
}
