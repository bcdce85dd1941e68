#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"

using attention::Combination;
using attention::FormatCombination;
using attention::FormatNumber;

TEST_CASE("numbers format with trailing zeros trimmed") {
  CHECK(FormatNumber(2.0) == "2");
  CHECK(FormatNumber(0.2) == "0.2");
  CHECK(FormatNumber(16.0) == "16");
  CHECK(FormatNumber(18.0) == "18");
  CHECK(FormatNumber(0.0) == "0");
  CHECK(FormatNumber(100.0) == "100");
  CHECK(FormatNumber(-2.5) == "-2.5");
  CHECK(FormatNumber(10.5, 3) == "10.5");
}

TEST_CASE("numbers round to at most the decimals asked for") {
  CHECK(FormatNumber(1.0 / 3.0) == "0.33");
  CHECK(FormatNumber(2.0 / 3.0) == "0.67");
  CHECK(FormatNumber(0.123456, 4) == "0.1235");
  CHECK(FormatNumber(2.6, 0) == "3");
  CHECK(FormatNumber(123456.789) == "123456.79");
  CHECK(FormatNumber(0.999) == "1");
  CHECK(FormatNumber(0.004) == "0");
  CHECK(FormatNumber(0.1, -3) == "0");
}

TEST_CASE("negative zero and tiny negatives format as 0") {
  CHECK(FormatNumber(-0.0) == "0");
  CHECK(FormatNumber(-0.001) == "0");
  CHECK(FormatNumber(-0.004, 2) == "0");
  CHECK(FormatNumber(-0.006, 2) == "-0.01");
}

TEST_CASE("non-finite numbers format as undefined") {
  CHECK(FormatNumber(std::numeric_limits<double>::quiet_NaN()) == "undefined");
  CHECK(FormatNumber(std::numeric_limits<double>::infinity()) == "undefined");
  CHECK(FormatNumber(-std::numeric_limits<double>::infinity()) == "undefined");
}

TEST_CASE("huge numbers switch to exponent form") {
  CHECK(FormatNumber(1e30) == "1e+30");
  CHECK(FormatNumber(-1.5e30) == "-1.5e+30");
  CHECK(FormatNumber(1.7976931348623157e308) == "1.8e+308");
  CHECK(FormatNumber(123456789012345.0) == "123456789012345");
}

TEST_CASE("the worked example reads as a sum of products") {
  const Combination combination = attention::Combine({10.0, 20.0}, {0.2, 0.8});
  CHECK(FormatCombination(combination) == "10 × 0.2 + 20 × 0.8 = 2 + 16 = 18");
}

TEST_CASE("a single term skips the repeated sum") {
  CHECK(FormatCombination(attention::Combine({10.0}, {1.0})) == "10 × 1 = 10");
}

TEST_CASE("an empty combination says no position is available") {
  CHECK(FormatCombination(Combination()) == "no position available");
  const std::vector<uint8_t> none = {0, 0};
  CHECK(FormatCombination(attention::Combine({10.0, 20.0}, {0.2, 0.8}, &none)) == "no position available");
}

TEST_CASE("negative terms are subtracted with a true minus sign") {
  CHECK(FormatCombination(attention::Combine({10.0, -10.0}, {0.2, 0.8})) == "10 × 0.2 − 10 × 0.8 = 2 − 8 = −6");
  CHECK(FormatCombination(attention::Combine({-10.0, 20.0}, {0.2, 0.8})) == "−10 × 0.2 + 20 × 0.8 = −2 + 16 = 14");
}

TEST_CASE("a negative weight is parenthesized") {
  CHECK(FormatCombination(attention::Combine({10.0}, {-0.5})) == "10 × (−0.5) = −5");
}

TEST_CASE("a combination shows rounded terms") {
  const double third = 1.0 / 3.0;
  CHECK(FormatCombination(attention::Combine({3.0, 6.0, 9.0}, {third, third, third})) ==
        "3 × 0.33 + 6 × 0.33 + 9 × 0.33 = 1 + 2 + 3 = 6");
  CHECK(FormatCombination(attention::Combine({10.0, 20.0}, {0.2, 0.8}), 0) == "10 × 0 + 20 × 1 = 2 + 16 = 18");
}

TEST_CASE("a non-finite output shows as undefined, not nan") {
  const std::string text = FormatCombination(attention::Combine({std::numeric_limits<double>::quiet_NaN()}, {1.0}));
  CHECK(text == "undefined × 1 = undefined");
}

TEST_CASE("each term of the worked example is written out on its own") {
  const attention::Combination combination = attention::Combine({10.0, 20.0}, {0.2, 0.8});
  REQUIRE(combination.terms.size() == 2);
  CHECK(attention::FormatTerm(combination.terms[0]) == "10 × 0.2 = 2");
  CHECK(attention::FormatTerm(combination.terms[1]) == "20 × 0.8 = 16");
  CHECK(attention::FormatSum(combination) == "2 + 16 = 18");
}

TEST_CASE("a negative term is written with a true minus sign") {
  const attention::Combination combination = attention::Combine({-10.0, 20.0}, {0.5, 0.5});
  CHECK(attention::FormatTerm(combination.terms[0]) == "−10 × 0.5 = −5");
  CHECK(attention::FormatSum(combination) == "−5 + 10 = 5");
  CHECK(attention::FormatSum(Combination()) == "no position available");
}
