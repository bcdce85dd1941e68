#include "platform/scan_text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace platform {
namespace {

enum class Length { kDefault, kLong, kLongLong };

bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

int BaseOf(char conversion) {
  switch (conversion) {
    case 'd': case 'u': return 10;
    case 'i': return 0;
    case 'o': return 8;
    default: return 16;  // x, X
  }
}

void StoreInteger(va_list* args, Length length, bool is_signed, unsigned long long value) {
  if (length == Length::kLongLong) {
    *va_arg(*args, unsigned long long*) = value;  // long long and unsigned long long alike
  } else if (length == Length::kLong) {
    *va_arg(*args, unsigned long*) = static_cast<unsigned long>(value);
  } else if (is_signed) {
    *va_arg(*args, int*) = static_cast<int>(static_cast<long long>(value));
  } else {
    *va_arg(*args, unsigned*) = static_cast<unsigned>(value);
  }
}

// 10^0 .. 10^22: each exactly a double.
constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int kLargestExactPower = 22;

bool StartsWithWord(const char* text, const char* word) {
  for (; *word != '\0'; ++text, ++word) {
    if (std::tolower(static_cast<unsigned char>(*text)) != *word) return false;
  }
  return true;
}

}  // namespace

double ReadDecimal(const char* text, char** end) {
  const char* p = text;
  while (IsSpace(*p)) ++p;
  const bool negative = *p == '-';
  if (*p == '+' || *p == '-') ++p;
  auto finish = [&](const char* stop, double magnitude) {
    if (end != nullptr) *end = const_cast<char*>(stop);
    return negative ? -magnitude : magnitude;
  };
  if (StartsWithWord(p, "inf")) return finish(p + (StartsWithWord(p, "infinity") ? 8 : 3), HUGE_VAL);
  if (StartsWithWord(p, "nan")) return finish(p + 3, std::numeric_limits<double>::quiet_NaN());

  // Up to 19 significant digits in an integer; later ones only move the exponent.
  unsigned long long mantissa = 0;
  int digits = 0;
  int exponent = 0;
  bool any_digit = false;
  for (bool after_point = false;; ++p) {
    if (*p == '.' && !after_point) {
      after_point = true;
      continue;
    }
    if (*p < '0' || *p > '9') break;
    any_digit = true;
    if (mantissa == 0 && *p == '0') {
      if (after_point) --exponent;  // leading zeros count nothing but the exponent
      continue;
    }
    if (digits < 19) {
      mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
      ++digits;
      if (after_point) --exponent;
    } else if (!after_point) {
      ++exponent;
    }
  }
  if (!any_digit) {
    if (end != nullptr) *end = const_cast<char*>(text);
    return 0.0;
  }
  if (*p == 'e' || *p == 'E') {
    const char* q = p + 1;
    const bool exponent_negative = *q == '-';
    if (*q == '+' || *q == '-') ++q;
    if (*q >= '0' && *q <= '9') {
      int written = 0;
      for (; *q >= '0' && *q <= '9'; ++q) written = std::min(written * 10 + (*q - '0'), 100000);
      exponent += exponent_negative ? -written : written;
      p = q;
    }
  }
  if (mantissa == 0) return finish(p, 0.0);
  double value = static_cast<double>(mantissa);
  // One multiplication or division by an exact power rounds once: exact for a mantissa below
  // 2^53. Beyond, one step at a time, each rounding by at most half a unit in the last place.
  while (exponent > 0 && value != HUGE_VAL) {
    const int step = std::min(exponent, kLargestExactPower);
    value *= kExactPowers[step];
    exponent -= step;
  }
  while (exponent < 0 && value != 0.0) {
    const int step = std::min(-exponent, kLargestExactPower);
    value /= kExactPowers[step];
    exponent += step;
  }
  return finish(p, value);
}

int ScanTextV(const char* text, const char* format, va_list args_in) {
  va_list args;
  va_copy(args, args_in);
  int stored = 0;
  bool converted = false;  // a conversion was attempted on some input
  const char* in = text;
  const char* f = format;
  auto result = [&](bool input_ended) {
    va_end(args);
    return (input_ended && !converted && stored == 0) ? EOF : stored;
  };
  while (*f != '\0') {
    if (IsSpace(*f)) {
      while (IsSpace(*f)) ++f;
      while (IsSpace(*in)) ++in;
      continue;
    }
    if (*f != '%' || f[1] == '%') {
      if (*f == '%') {
        ++f;
        while (IsSpace(*in)) ++in;
      }
      if (*in == '\0') return result(true);
      if (*in != *f) return result(false);
      ++in;
      ++f;
      continue;
    }
    ++f;  // past '%'
    int width = 0;
    while (*f >= '0' && *f <= '9') width = width * 10 + (*f++ - '0');
    Length length = Length::kDefault;
    if (f[0] == 'l') {
      length = (f[1] == 'l') ? Length::kLongLong : Length::kLong;
      f += (length == Length::kLongLong) ? 2 : 1;
    }
    const char conversion = *f++;
    if (std::strchr("diuoxXfeEgGaA", conversion) == nullptr || conversion == '\0') return result(false);

    while (IsSpace(*in)) ++in;
    if (*in == '\0') return result(true);
    // A width limits how much of the text the conversion reads: read from a copy that long.
    char field[64];
    const char* source = in;
    if (width > 0) {
      const size_t n = std::min<size_t>(static_cast<size_t>(width), sizeof(field) - 1);
      size_t i = 0;
      for (; i < n && in[i] != '\0'; ++i) field[i] = in[i];
      field[i] = '\0';
      source = field;
    }
    char* end = nullptr;
    converted = true;
    if (std::strchr("feEgGaA", conversion) != nullptr) {
      const double value = ReadDecimal(source, &end);
      if (end == source) return result(false);
      if (length == Length::kLong) {
        *va_arg(args, double*) = value;
      } else {
        *va_arg(args, float*) = static_cast<float>(value);
      }
    } else {
      const bool is_signed = conversion == 'd' || conversion == 'i';
      // strtoull reads a leading minus sign too, as the negation of the value that follows.
      const unsigned long long value = std::strtoull(source, &end, BaseOf(conversion));
      if (end == source) return result(false);
      StoreInteger(&args, length, is_signed, value);
    }
    in += end - source;
    ++stored;
  }
  return result(false);
}

int ScanText(const char* text, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int stored = ScanTextV(text, format, args);
  va_end(args);
  return stored;
}

}  // namespace platform
