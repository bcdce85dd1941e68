#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "attention/attention.h"

namespace attention {

namespace {

// Written as bytes so the source does not depend on the compiler's idea of the source charset.
constexpr const char* kTimes = " \xC3\x97 ";    // U+00D7 multiplication sign
constexpr const char* kMinus = "\xE2\x88\x92";  // U+2212 minus sign, wider and clearer than '-'

void TrimFraction(std::string* digits) {
  if (digits->find('.') == std::string::npos) return;
  digits->erase(digits->find_last_not_of('0') + 1);
  if (digits->back() == '.') digits->pop_back();
}

// A number as sign + magnitude, so the formula can print "− 8" or "(−0.5)" instead of "+ -8".
struct SignedText {
  bool negative = false;
  std::string magnitude;
};

SignedText Split(double x, int max_decimals) {
  SignedText text;
  text.magnitude = FormatNumber(std::fabs(x), max_decimals);
  // A tiny negative that prints as "0" carries no visible sign.
  text.negative = std::isfinite(x) && x < 0.0 && text.magnitude != "0";
  return text;
}

std::string Leading(const SignedText& text) { return (text.negative ? kMinus : "") + text.magnitude; }

std::string Following(const SignedText& text) {
  return (text.negative ? std::string(" ") + kMinus + " " : std::string(" + ")) + text.magnitude;
}

std::string Factor(const SignedText& weight) {
  return weight.negative ? "(" + std::string(kMinus) + weight.magnitude + ")" : weight.magnitude;
}

}  // namespace

std::string FormatNumber(double x, int max_decimals) {
  if (!std::isfinite(x)) return "undefined";
  const int decimals = std::clamp(max_decimals, 0, 17);
  // Below 1e15 "%f" needs at most 16 digits + sign + point + 17 decimals.
  char buffer[64];
  std::string text;
  if (std::fabs(x) >= 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.*e", decimals, x);
    text = buffer;
    const size_t exponent = text.find('e');
    std::string mantissa = text.substr(0, exponent);
    TrimFraction(&mantissa);
    text = mantissa + text.substr(exponent);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, x);
    text = buffer;
    TrimFraction(&text);
  }
  if (text == "-0") text = "0";
  return text;
}

std::string FormatTerm(const Term& term, int max_decimals) {
  const SignedText value = Split(term.value, max_decimals);
  return Leading(value) + kTimes + Factor(Split(term.weight, max_decimals)) + " = " +
         Leading(Split(term.product, max_decimals));
}

std::string FormatSum(const Combination& combination, int max_decimals) {
  if (combination.empty || combination.terms.empty()) return "no position available";
  std::string products;
  for (size_t t = 0; t < combination.terms.size(); ++t) {
    const SignedText product = Split(combination.terms[t].product, max_decimals);
    products += t == 0 ? Leading(product) : Following(product);
  }
  return products + " = " + Leading(Split(combination.output, max_decimals));
}

std::string FormatCombination(const Combination& combination, int max_decimals) {
  if (combination.empty || combination.terms.empty()) return "no position available";
  std::string weighted;
  for (size_t t = 0; t < combination.terms.size(); ++t) {
    const Term& term = combination.terms[t];
    const SignedText value = Split(term.value, max_decimals);
    const std::string factors = value.magnitude + kTimes + Factor(Split(term.weight, max_decimals));
    const SignedText value_times_weight{value.negative, factors};
    weighted += t == 0 ? Leading(value_times_weight) : Following(value_times_weight);
  }
  // With one term the middle sum would only repeat the product: "10 × 1 = 10 = 10".
  if (combination.terms.size() == 1) return weighted + " = " + Leading(Split(combination.output, max_decimals));
  return weighted + " = " + FormatSum(combination, max_decimals);
}

}  // namespace attention
