// platform::FormatText, which the web widget links as the C library's printf family
// (libc_web.cpp), against the C library's vsnprintf: glibc's natively, musl's in the web build of
// the tests. The expected text is always the library's, never written here.
#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "doctest/doctest.h"
#include "platform/print_text.h"

// The formats are built at run time, which is the point: every one goes to both formatters.
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

namespace {

// Formats with the C library and with FormatTextV and reports where they differ: the returned
// length and the text (all of it, NUL bytes from %c included; after an error, -1, the text is
// unspecified). Names the first 20 differences, then counts the rest.
class Compare {
 public:
  ~Compare() {
    if (differences_ > 20) FAIL_CHECK(differences_ << " differences in all");
  }

  void operator()(const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list copy;
    va_copy(copy, args);
    const int expected_length = std::vsnprintf(expected_, sizeof expected_, format, copy);
    va_end(copy);
    const int actual_length = platform::FormatTextV(actual_, sizeof actual_, format, args);
    va_end(args);
    const size_t shown =
        expected_length > 0 ? std::min<size_t>(static_cast<size_t>(expected_length), sizeof expected_ - 1) : 0;
    if (actual_length == expected_length && (expected_length < 0 || std::memcmp(expected_, actual_, shown + 1) == 0)) {
      return;
    }
    if (++differences_ > 20) return;
    const std::string shown_format = format;
    const std::string expected_text(expected_, shown);
    const std::string actual_text(
        actual_, actual_length > 0 ? std::min<size_t>(static_cast<size_t>(actual_length), sizeof actual_ - 1) : 0);
    CAPTURE(shown_format);
    CAPTURE(expected_text);
    CAPTURE(actual_text);
    CAPTURE(expected_length);
    CAPTURE(actual_length);
    FAIL_CHECK("FormatText differs from the C library");
  }

 private:
  char expected_[4096];
  char actual_[4096];
  int differences_ = 0;
};

// Every combination of the flags, each width and each precision: "%" + flags + width + precision.
std::vector<std::string> Specs(const std::vector<std::string>& widths, const std::vector<std::string>& precisions) {
  const char flag_characters[] = "-+ #0";
  std::vector<std::string> specs;
  for (int set = 0; set < 32; ++set) {
    std::string flags;
    for (int i = 0; i < 5; ++i) {
      if ((set & (1 << i)) != 0) flags += flag_characters[i];
    }
    for (const std::string& width : widths) {
      for (const std::string& precision : precisions) specs.push_back("%" + flags + width + precision);
    }
  }
  return specs;
}

// A random number generator whose sequence is the same everywhere (PCG's multiplier).
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return state_ ^ (state_ >> 29);
  }
  int Below(int n) { return static_cast<int>((Next() >> 33) % static_cast<uint64_t>(n)); }
  double AnyDouble() {  // any bit pattern: every exponent, subnormals, infinities and NaNs
    const uint64_t bits = Next() ^ (Next() << 32);
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    return value;
  }

 private:
  uint64_t state_;
};

double FromBits(uint64_t bits) {
  double value = 0;
  std::memcpy(&value, &bits, sizeof value);
  return value;
}

// Doubles where formatting goes wrong first: zeros, the ends of the range, halfway cases in
// decimal (0.125, 2.5) and in binary (1e23 lies between two doubles), long exact expansions,
// values that round up into another power of ten.
const double kSpecialDoubles[] = {0.0,
                                  -0.0,
                                  1.0,
                                  -1.0,
                                  0.5,
                                  1.5,
                                  2.5,
                                  -2.5,
                                  0.125,
                                  0.375,
                                  -0.625,
                                  0.1,
                                  0.2,
                                  0.3,
                                  2.675,
                                  1.005,
                                  9.5,
                                  99.5,
                                  999999.5,
                                  9.9999995,
                                  0.00001,
                                  0.0001,
                                  0.00012345,
                                  123456.0,
                                  1234567.0,
                                  100000.0,
                                  1e15,
                                  1e16,
                                  1e17,
                                  1e21,
                                  1e22,
                                  1e23,
                                  9007199254740993.0,
                                  3.141592653589793,
                                  2.718281828459045,
                                  1.0 / 3.0,
                                  2.0 / 3.0,
                                  DBL_MAX,
                                  -DBL_MAX,
                                  DBL_MIN,
                                  DBL_MIN / 2,
                                  5e-324,
                                  -5e-324,
                                  DBL_EPSILON,
                                  1e-300,
                                  1e300,
                                  HUGE_VAL,
                                  -HUGE_VAL,
                                  std::numeric_limits<double>::quiet_NaN(),
                                  FromBits(0xfff8000000000000ULL),   // a NaN with its sign bit set
                                  FromBits(0x000fffffffffffffULL),   // the largest subnormal
                                  FromBits(0x3ff0000000000001ULL),   // just above 1
                                  FromBits(0x3fefffffffffffffULL),   // just below 1
                                  FromBits(0x3ffff80000000000ULL)};  // 1.96875 = 0x1.f8p+0

// FormatText writes what glibc writes. musl (the web build of the tests) differs in a few places,
// which are compared only against glibc: %p (musl writes at least 8 digits and no sign, and 0
// for null), a null string, a conversion that is not one, flags or a width on %%, L on an
// integer, and "%#g" where rounding carries a number into the exponent style (print_text.cpp,
// FormatDecimal).
#ifdef __GLIBC__
constexpr bool kReferenceIsGlibc = true;
#else
constexpr bool kReferenceIsGlibc = false;
#endif

// Off glibc, "%#g" formats are not compared.
bool Comparable(const std::string& format) {
  const char conversion = format.back();
  return kReferenceIsGlibc || format.find('#') == std::string::npos || (conversion != 'g' && conversion != 'G');
}

}  // namespace

TEST_CASE("integers of every length at their limits, with every flag, width and precision") {
  Compare compare;
  std::vector<long long> values = {0, 1, -1, 7, 42, -42, 127, 128, 255, 256, -128, -129, 32767, -32768, 65535, 65536};
  values.insert(values.end(),
                {INT_MAX, INT_MIN, UINT_MAX, LLONG_MAX, LLONG_MIN, 0x12345678, 0x7fffffffffffLL, -9000000000LL});
  const char* conversions = "diuoxX";
  const std::vector<std::string> all = Specs({"", "1", "6", "25"}, {"", ".", ".0", ".1", ".4", ".22"});
  const std::vector<std::string> few = Specs({"", "9"}, {"", ".0", ".3"});
  for (const char* length : {"", "ll", "hh", "h", "l", "j", "z", "t"}) {
    const bool everything = length[0] == '\0' || std::strcmp(length, "ll") == 0;
    for (const std::string& spec : everything ? all : few) {
      for (const char* c = conversions; *c != '\0'; ++c) {
        const std::string format = spec + length + *c;
        const bool is_signed = *c == 'd' || *c == 'i';
        for (const long long value : values) {
          const unsigned long long bits = static_cast<unsigned long long>(value);
          if (length[0] == '\0' || length[0] == 'h') {
            if (is_signed) {
              compare(format.c_str(), static_cast<int>(value));
            } else {
              compare(format.c_str(), static_cast<unsigned>(bits));
            }
          } else if (std::strcmp(length, "l") == 0) {
            if (is_signed) {
              compare(format.c_str(), static_cast<long>(value));
            } else {
              compare(format.c_str(), static_cast<unsigned long>(bits));
            }
          } else if (std::strcmp(length, "ll") == 0) {
            if (is_signed) {
              compare(format.c_str(), value);
            } else {
              compare(format.c_str(), bits);
            }
          } else if (std::strcmp(length, "j") == 0) {
            if (is_signed) {
              compare(format.c_str(), static_cast<intmax_t>(value));
            } else {
              compare(format.c_str(), static_cast<uintmax_t>(bits));
            }
          } else if (std::strcmp(length, "z") == 0) {
            if (is_signed) {
              compare(format.c_str(), static_cast<std::make_signed_t<size_t>>(value));
            } else {
              compare(format.c_str(), static_cast<size_t>(bits));
            }
          } else {
            if (is_signed) {
              compare(format.c_str(), static_cast<ptrdiff_t>(value));
            } else {
              compare(format.c_str(), static_cast<std::make_unsigned_t<ptrdiff_t>>(bits));
            }
          }
        }
      }
    }
  }
  compare("%d %u %lld %llu", INT_MIN, UINT_MAX, LLONG_MIN, ULLONG_MAX);
  compare("%hhu %hhd %hu %hd", 511, 383, 131071, 98303);
  compare("%*d|%-*d|%*d", 5, 42, 5, 42, -5, 42);
  compare("%.*d|%.*d|%*.*d", 4, 42, -1, 42, 8, 3, 7);
}

TEST_CASE("floating point is exact: special values with every flag, width and precision") {
  Compare compare;
  const std::vector<std::string> specs = Specs({"", "12"}, {"", ".0", ".1", ".2", ".6", ".17", ".30"});
  for (const char* conversion : {"f", "F", "e", "E", "g", "G"}) {
    for (const std::string& spec : specs) {
      const std::string format = spec + conversion;
      if (!Comparable(format)) continue;
      for (const double value : kSpecialDoubles) compare(format.c_str(), value);
    }
  }
  compare("%*.*f|%-*.*e|%.*g", 12, 3, 2.5, -14, 2, 1e23, -1, 0.1);
  compare("%lf %lg %le", 0.1, 0.1, 0.1);
}

TEST_CASE("floating point is exact: random doubles over the whole range, to many digits") {
  Compare compare;
  Random random(20240601);
  for (int i = 0; i < 20000; ++i) {
    const double value = random.AnyDouble();
    for (const char* format : {"%f", "%e", "%g", "%.17g", "%.20e", "%#.0e", "%#g", "%+E", "% .3G"}) {
      if (Comparable(format)) compare(format, value);
    }
    compare("%.*f", random.Below(30), value);
    compare("%.*e", random.Below(40), value);
    compare("%.*g", random.Below(40), value);
  }
  // Every digit of the binary value: 1100 decimals hold the whole of the smallest subnormal.
  for (int i = 0; i < 200; ++i) {
    const double value = random.AnyDouble();
    compare("%.1100f", value);
    compare("%.800e", value);
    compare("%.800g", value);
  }
  for (const double value : {5e-324, DBL_MIN, 0.1, 1e-300}) compare("%.1100f", value);
}

TEST_CASE("floating point rounds halfway cases to even, as glibc does") {
  Compare compare;
  compare("%.2f %.2f %.2f %.2f", 0.125, 0.375, 0.625, 0.875);
  compare("%.0f %.0f %.0f %.0f %.0f %.0f", 0.5, 1.5, 2.5, 3.5, -0.5, -2.5);
  compare("%.0e %.0e %.1e %.2e", 2.5, 3.5, 1.25, 1.125);
  compare("%.0g %.1g %.2g %.3g", 2.5, 0.25, 0.125, 1.0625);
  // k / 2^j has exactly j decimals, so with j - 1 of them an odd k is a tie.
  Random random(77);
  for (int i = 0; i < 20000; ++i) {
    const int j = 1 + random.Below(20);
    const double value = std::ldexp(static_cast<double>(random.Next() >> (11 + random.Below(40))), -j);
    compare("%.*f", j - 1, value);
    compare("%.*f", j - 2, value);
    compare("%.*e", random.Below(12), value);
    compare("%.*g", random.Below(12), value);
  }
}

TEST_CASE("%g switches to the exponent style and drops trailing zeros unless '#' is given") {
  Compare compare;
  for (const char* format : {"%g", "%#g", "%.0g", "%#.0g", "%.1g", "%#.1g", "%.3g", "%#.3g", "%.10g", "%#.10g", "%G",
                             "%-12.4g|", "%012.4g", "%+.2G"}) {
    if (!Comparable(format)) continue;
    for (const double value : {0.0,   1e-5,     0.0001,    0.00012,  0.000099999, 0.00009999951, 1.0,      10.0,
                               100.0, 123456.0, 1234567.0, 999999.0, 999999.5,    9999995.0,     100000.0, 1e6,
                               1e15,  1.5e-7,   0.1,       0.5,      3.0,         2.5,           1e100,    5e-324,
                               -0.0,  -42.125,  99.5,      999.95,   9.5,         0.95,          0.0000995}) {
      compare(format, value);
    }
  }
  // Just below a power of ten, where rounding to `precision` digits carries into the next one
  // and may change the style.
  Random random(10);
  for (int i = 0; i < 20000; ++i) {
    const int digits = 1 + random.Below(17);
    const double below = std::pow(10.0, digits) - static_cast<double>(random.Next() >> 11) * 0x1p-53;
    const double value = below * std::pow(10.0, random.Below(40) - 20);
    compare("%.*g", digits, value);
    compare("%.*g", digits + random.Below(3) - 1, value);
    if (Comparable("%#g")) compare("%#.*g", digits, value);
    if (Comparable("%#g")) compare("%#.*g", digits + random.Below(3) - 1, value);
  }
}

TEST_CASE("strings and characters, with precision, width and null") {
  Compare compare;
  const std::string long_text(300, 'x');
  const std::vector<std::string> specs = Specs({"", "1", "4", "12"}, {"", ".0", ".2", ".5", ".6", ".40"});
  for (const std::string& spec : specs) {
    const std::string s = spec + "s|";
    for (const char* text : {"", "a", "hello", "with spaces", "caf\xC3\xA9", long_text.c_str()})
      compare(s.c_str(), text);
    const std::string c = spec + "c|";
    for (const int character : {int{'a'}, int{'Z'}, int{' '}, 0, 255, -1}) compare(c.c_str(), character);
  }
  compare("%.*s|%-*s|%*s", 3, "abcdef", 6, "ab", -6, "ab");
  compare("%s%s%c%s", "one", "", 'x', "two");
  if (kReferenceIsGlibc) {  // a null string: musl's printf does not check for one
    const char* null_text = nullptr;
    for (const std::string& spec : specs) compare((spec + "s|").c_str(), null_text);
  }
}

TEST_CASE("pointers, %%, and what is not a conversion or is refused") {
  Compare compare;
  int object = 0;
  const std::vector<std::string> specs = Specs({"", "6", "24"}, {"", ".0", ".12"});
  for (const std::string& spec : specs) {
    if (!kReferenceIsGlibc) break;
    const std::string format = spec + "p|";
    for (const void* pointer : {static_cast<const void*>(&object), reinterpret_cast<const void*>(uintptr_t{1}),
                                reinterpret_cast<const void*>(uintptr_t{0x12345678}),
                                reinterpret_cast<const void*>(UINTPTR_MAX), static_cast<const void*>(nullptr)}) {
      compare(format.c_str(), pointer);
    }
  }
  compare("100%% and %%%%", 0);
  compare("no conversions at all");
  compare("");
  compare("abc%");
  compare("abc%-5");

  // %n, %a and wide characters are refused (print_text.h): the call fails and stores nothing.
  int count = -1;
  char out[16];
  CHECK(platform::FormatText(out, sizeof out, "abc%n", &count) == -1);
  CHECK(count == -1);
  CHECK(platform::FormatText(out, sizeof out, "%a", 1.5) == -1);
  CHECK(platform::FormatText(out, sizeof out, "%.3A", 1.5) == -1);
  CHECK(platform::FormatText(out, sizeof out, "%lc", 0x41) == -1);
  CHECK(platform::FormatText(out, sizeof out, "%ls", L"A") == -1);
  if (kReferenceIsGlibc) {
    // glibc copies an unknown conversion as written; musl refuses it. The ' flag groups nothing
    // in the C locale.
    compare("%y|%5.2y|", 1);
    compare("%5%|%-5%|", 0);  // musl refuses flags and widths on %%
    compare("%'d|%'.2f", 1234567, 1234567.0);
  }
}

TEST_CASE("the text is cut to the buffer, NUL-terminated, and the whole length returned") {
  for (const char* format : {"%s and %d", "%-12.3e|", "%c"}) {
    for (size_t size = 0; size < 30; ++size) {
      char expected[40], actual[40];
      std::memset(expected, '#', sizeof expected);
      std::memset(actual, '#', sizeof actual);
      const int expected_length = std::strcmp(format, "%c") == 0 ? std::snprintf(expected, size, format, 'q')
                                  : format[1] == 's' ? std::snprintf(expected, size, format, "words", -12345)
                                                     : std::snprintf(expected, size, format, 1234.5678);
      const int actual_length = std::strcmp(format, "%c") == 0 ? platform::FormatText(actual, size, format, 'q')
                                : format[1] == 's' ? platform::FormatText(actual, size, format, "words", -12345)
                                                   : platform::FormatText(actual, size, format, 1234.5678);
      CAPTURE(format);
      CAPTURE(size);
      CHECK(actual_length == expected_length);
      CHECK(std::memcmp(actual, expected, sizeof actual) == 0);
    }
  }
  CHECK(platform::FormatText(nullptr, 0, "%d apples", 12) == 9);
}

TEST_CASE("every format the widget passes: Dear ImGui's and the project's own") {
  Compare compare;
  // Dear ImGui 1.90.1 (imgui*.cpp): its formats for numbers, ids, colours, labels and debug text.
  for (const char* format :
       {"%d",  "%3d",  "%02d", "%03d", "%04d", "%05d",   "%2d",           "%5d",   "%-2d",    "%+3d",
        "% d", "%i",   "%4i",  "%16i", "%u",   "%#u",    "%08X",          "%02X",  "%04X",    "%X",
        "%.X", "%08x", "%0x",  "%o",   "% o",  "0x%08X", "#%02X%02X%02X", "A:%3d", "[%05d] ", "Size=%d,%d\n"}) {
    for (const int value : {0, 1, 7, -7, 255, 1000, 65535, -2147483647 - 1, 2147483647}) {
      compare(format, value, value, value);
    }
  }
  for (const char* format : {"%lld", "%llu"}) {
    for (const long long value : {0LL, -1LL, LLONG_MIN, LLONG_MAX}) compare(format, value);
  }
  std::vector<const char*> float_formats = {"%.3f",  "%.1f", "%.2f",  "%f",  "%6.1f", "%.0f",  "%0.3f",
                                            "%7.3f", "%.6f", "%4.0f", "%g",  "%8.4g", "%8.2f", "%5.2f",
                                            "%0.f",  "%.4f", "%.02f", "%lf", "% f",   "%+.2f", "%+.1f",
                                            "%E",    "%8E",  "%F",    "%G",  "%-G",   "%+G",   "%+3.7f"};
  float_formats.insert(float_formats.end(),
                       {"Biscuit: %.0f", "%5.2f secs", "%.0f deg", "(%6.1f,%6.1f)", "WidthGiven: %.1f (%.1f%%)\n"});
  std::vector<double> float_values = {0.0,     -0.0,  0.5,       1.0,     -1.25, 0.05, 0.15, 0.25,      0.35,
                                      3.14159, 100.0, 1234.5678, -0.0004, 1e-7,  1e9,  1e20, 16777216.0};
  float_values.insert(float_values.end(), {static_cast<double>(FLT_MAX), -static_cast<double>(FLT_MAX),
                                           static_cast<double>(0.1f), static_cast<double>(1.1f)});
  for (const char* format : float_formats) {
    for (const double value : float_values) compare(format, value, value);
  }
  for (const char* format : {"%s", "\"%s\"", "%6s", "[%s][%s]\n", "%s: %d"}) compare(format, "Window##id", "x");
  compare("%.*s", 5, "Window##id");
  compare("%*s", 8, "ab");
  compare("%*f", 10, 0.25);
  compare("%c|%8c|% c", 'A', 'b', 'c');
  if (kReferenceIsGlibc) compare("%p|%-p", static_cast<const void*>(&compare), static_cast<const void*>(&compare));
  compare("\'%c\' (0x%04X)", 'q', 'q');
  compare("[%s][0x%08X,%d]\n", "Table", 0xDEADBEEFu, 3);
  // The project (src/): the player's speed, cell names, JSON escapes and numbers, the link's
  // numbers, the core's number formatting, the native recorder.
  for (const double value : {0.25, 0.5, 1.0, 1.25, 1.5, 2.0, 1e-300, -3.5, 1e21}) {
    compare("%g\xC3\x97", value);
    compare("\"time\":%.3f,\"duration\":%.3f,\"step\":%d,\"speed\":%g,", value, value * 7, 3, value);
    compare("%s%.3f", ",", value);
    compare("%.6f", value);
    for (int decimals = 0; decimals <= 17; ++decimals) {
      compare("%.*f", decimals, value);
      compare("%.*e", decimals, value);
    }
  }
  compare("Layer 2 %% %.2f", 0.75);
  compare("mask.cell.%d.%d", 3, 11);
  compare("\\u%04x", 0x1fu);
  compare("/frame-%06d.png", 42);
  compare("%02ld:%02ld:%02ld.%03ld", 1L, 2L, 3L, 45L);
  compare("recorded %d frames at %d fps (%.3f s) and captions.vtt in %s\n", 120, 4, 30.0, "/tmp/out");
}

TEST_CASE("a long double prints as the nearest double does") {
  Compare compare;
  for (const double value : kSpecialDoubles) {
    for (const char* format : {"%Lf", "%.3Le", "%Lg", "%.20Lg", "%+12.4LE"}) {
      compare(format, static_cast<long double>(value));
    }
  }
  if (kReferenceIsGlibc) compare("%Ld %Lu", 12345678901LL, 98765432109ULL);  // as %lld and %llu; musl refuses them
  // Long doubles that no double holds: the C library prints them exactly, FormatText as the
  // nearest double (subnormal doubles are left to the Binary128ToDouble test below).
  for (const long double value : {1.0L / 3, 0.1L, -2.5L + LDBL_EPSILON, 1e300L * 1e8L, LDBL_MAX, -LDBL_MAX, LDBL_MIN,
                                  std::numeric_limits<long double>::infinity()}) {
    char expected[128], actual[128];
    std::snprintf(expected, sizeof expected, "%.25e|%g", static_cast<double>(value), static_cast<double>(value));
    platform::FormatText(actual, sizeof actual, "%.25Le|%Lg", value, value);
    CHECK(std::string(actual) == expected);
  }
}

namespace {

#if defined(__SIZEOF_FLOAT128__) && !defined(__wasm__)
__extension__ typedef __float128 Quad;
#else
typedef long double Quad;  // binary128 where the compiler has no __float128 of its own (wasm)
#endif

}  // namespace

TEST_CASE("Binary128ToDouble rounds a binary128 number to the nearest double, as a cast does") {
  const Quad one = 1;
  uint64_t one_halves[2] = {};
  std::memcpy(one_halves, &one, sizeof one_halves);
  if (sizeof(Quad) != 16 || one_halves[0] != 0 || one_halves[1] != 0x3fff000000000000ULL) {
    MESSAGE("no binary128 type here; skipped");
    return;
  }
  Random random(128);
  for (int i = 0; i < 200000; ++i) {
    uint64_t halves[2] = {random.Next(), random.Next()};
    const int kind = random.Below(8);
    int biased = 16383 - 1100 + random.Below(2200);  // mostly inside double's range and just beyond
    if (kind == 0) biased = random.Below(32768);
    if (kind == 1) halves[0] &= ~((uint64_t{1} << 60) - 1);  // ties and near-ties at double's last bit
    if (kind == 2) halves[0] = (halves[0] & ~((uint64_t{1} << 60) - 1)) | (uint64_t{1} << 59);
    halves[1] = (halves[1] & 0x8000ffffffffffffULL) | (static_cast<uint64_t>(biased) << 48);
    Quad quad = 0;
    std::memcpy(&quad, halves, sizeof halves);
    const double expected = static_cast<double>(quad);
    const double actual = platform::Binary128ToDouble(halves[0], halves[1]);
    uint64_t expected_bits = 0, actual_bits = 0;
    std::memcpy(&expected_bits, &expected, sizeof expected);
    std::memcpy(&actual_bits, &actual, sizeof actual);
    if (std::isnan(expected)) {
      CHECK(std::isnan(actual));
      continue;
    }
    // Below DBL_MIN the result may round twice: one unit at most.
    const bool subnormal = std::fabs(expected) < DBL_MIN;
    const uint64_t apart = expected_bits > actual_bits ? expected_bits - actual_bits : actual_bits - expected_bits;
    CAPTURE(halves[0]);
    CAPTURE(halves[1]);
    CAPTURE(expected);
    CAPTURE(actual);
    CHECK((expected_bits == actual_bits || (subnormal && apart == 1)));
  }
}
