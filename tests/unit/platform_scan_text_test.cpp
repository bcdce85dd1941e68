// platform::ScanText and platform::ReadDecimal, which the web widget links as sscanf and strtod
// (libc_web.cpp), against the C library's: glibc's natively, musl's in the web build of the tests.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

#include "doctest/doctest.h"
#include "platform/scan_text.h"

namespace {

using Scan = int (*)(const char*, const char*, ...);
const Scan kScanners[] = {&platform::ScanText, &std::sscanf};

}  // namespace

TEST_CASE("settings lines of Dear ImGui read two integers after a name") {
  for (Scan scan : kScanners) {
    int x = 0, y = 0;
    CHECK(scan("Pos=60,-12", "Pos=%i,%i", &x, &y) == 2);
    CHECK(x == 60);
    CHECK(y == -12);
    CHECK(scan("Size=300,200", "Pos=%i,%i", &x, &y) == 0);
    CHECK(x == 60);
    int flag = 5;
    CHECK(scan("Collapsed=1", "Collapsed=%d", &flag) == 1);
    CHECK(flag == 1);
    CHECK(scan("Pos=0x10,010", "Pos=%i,%i", &x, &y) == 2);
    CHECK(x == 16);
    CHECK(y == 8);
  }
}

TEST_CASE("typed numbers are read as a slider's value, with the text around the conversion") {
  for (Scan scan : kScanners) {
    double d = 0;
    CHECK(scan("  0.25", "%lf", &d) == 1);
    CHECK(d == 0.25);
    CHECK(scan("-1e3", "%lf", &d) == 1);
    CHECK(d == -1000.0);
    CHECK(scan("nan", "%lf", &d) == 1);
    CHECK(std::isnan(d));
    CHECK(scan("-inf", "%lf", &d) == 1);
    CHECK(std::isinf(d));
    d = 7;
    CHECK(scan("abc", "%lf", &d) == 0);
    CHECK(d == 7);
    float f = 0;
    CHECK(scan("1.5x", "%f", &f) == 1);
    CHECK(f == 1.5f);
    int n = 0;
    CHECK(scan("12 px", "%d px", &n) == 1);
    CHECK(n == 12);
    CHECK(scan("12px", "%d%%", &n) == 1);
    int percent = 0;
    CHECK(scan("40 %", "%d %%", &percent) == 1);
    CHECK(percent == 40);
    unsigned u = 0;
    CHECK(scan("42", "%u", &u) == 1);
    CHECK(u == 42u);
    long long big = 0;
    CHECK(scan("-9000000000", "%lld", &big) == 1);
    CHECK(big == -9000000000LL);
    unsigned long long ubig = 0;
    CHECK(scan("18000000000000000000", "%llu", &ubig) == 1);
    CHECK(ubig == 18000000000000000000ULL);
    long l = 0;
    CHECK(scan("-300", "%ld", &l) == 1);
    CHECK(l == -300);
    int negative = 0;
    CHECK(scan("-2147483648", "%d", &negative) == 1);
    CHECK(negative == -2147483647 - 1);
  }
}

TEST_CASE("a width reads that many characters: hexadecimal colours") {
  for (Scan scan : kScanners) {
    unsigned r = 0, g = 0, b = 0, a = 0;
    CHECK(scan("A1b2C3", "%02X%02X%02X", &r, &g, &b) == 3);
    CHECK(r == 0xA1u);
    CHECK(g == 0xB2u);
    CHECK(b == 0xC3u);
    CHECK(scan("102030", "%02X%02X%02X%02X", &r, &g, &b, &a) == 3);
    CHECK(b == 0x30u);
    unsigned id = 0;
    CHECK(scan("1F2E3D4C rest", "%X", &id) == 1);
    CHECK(id == 0x1F2E3D4Cu);
    int n = 0;
    CHECK(scan("12345", "%3d", &n) == 1);
    CHECK(n == 123);
  }
}

TEST_CASE("text that ends before the first conversion gives EOF, a mismatch gives 0") {
  for (Scan scan : kScanners) {
    int n = 3;
    CHECK(scan("", "%d", &n) == EOF);
    CHECK(scan("   ", "%d", &n) == EOF);
    CHECK(scan("Pos", "Pos=%d", &n) == EOF);
    CHECK(scan("x1", "%d", &n) == 0);
    CHECK(scan("Size=1", "Pos=%d", &n) == 0);
    CHECK(n == 3);
    int m = 0;
    CHECK(scan("5", "%d,%d", &n, &m) == 1);
    CHECK(n == 5);
    CHECK(scan("5,", "%d,%d", &n, &m) == 1);
  }
}

namespace {

// Units in the last place between two finite doubles of the same sign.
long long UlpsApart(double a, double b) {
  long long ia = 0, ib = 0;
  std::memcpy(&ia, &a, sizeof a);
  std::memcpy(&ib, &b, sizeof b);
  return ia > ib ? ia - ib : ib - ia;
}

void CheckRead(const char* text, double expected, long long consumed, long long max_ulps = 0) {
  const std::string shown = text;
  CAPTURE(shown);
  char* end = nullptr;
  const double value = platform::ReadDecimal(text, &end);
  CHECK(end - text == consumed);
  if (std::isnan(expected)) {
    CHECK(std::isnan(value));
  } else if (std::isinf(expected) || expected == 0.0) {
    CHECK(value == expected);
    CHECK(std::signbit(value) == std::signbit(expected));
  } else {
    CHECK(UlpsApart(value, expected) <= max_ulps);
  }
}

}  // namespace

TEST_CASE("ReadDecimal reads what strtod reads, exactly for the numbers links and typed input hold") {
  for (const char* text : {"0", "-0", "0.25", "  18", "-2.5e3", "1e-3", ".5", "5.", "+7", "123456789012345",
                           "0.000001", "3.141592653589793", "9007199254740991", "1e22", "1e-22", "64.25x", "12abc",
                           "0.1", "0.2", "0.3", "2.675", "1.000001", "112.783"}) {
    char* end = nullptr;
    const double expected = std::strtod(text, &end);
    CheckRead(text, expected, end - text);
  }
  // Random decimals of up to 15 digits with exponents within ±22: bit for bit.
  unsigned long long state = 12345;
  for (int i = 0; i < 2000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const unsigned long long digits = (state >> 20) % 1000000000000000ULL;
    const int exponent = static_cast<int>((state >> 8) % 45) - 22;
    char text[48];
    std::snprintf(text, sizeof text, "%llue%d", digits, exponent);
    char* end = nullptr;
    const double expected = std::strtod(text, &end);
    CheckRead(text, expected, end - text);
  }
}

TEST_CASE("ReadDecimal: words, signs, nothing to read, and numbers beyond the exact range") {
  CheckRead("inf", HUGE_VAL, 3);
  CheckRead("-Infinity", -HUGE_VAL, 9);
  CheckRead("NaN", std::nan(""), 3);
  CheckRead("", 0.0, 0);
  CheckRead("-", 0.0, 0);
  CheckRead(".", 0.0, 0);
  CheckRead("e5", 0.0, 0);
  CheckRead("1e", 1.0, 1);
  CheckRead("2e+", 2.0, 1);
  CheckRead("1e400", HUGE_VAL, 5);
  CheckRead("-1e400", -HUGE_VAL, 6);
  CheckRead("1e-400", 0.0, 6);
  CheckRead("0.30000000000000004", 0.30000000000000004, 19, 1);
  CheckRead("1.7976931348623157e308", 1.7976931348623157e308, 22, 4);
  CheckRead("2.2250738585072014e-308", 2.2250738585072014e-308, 23, 4);
  CheckRead("123456789012345678901234567890", 1.2345678901234568e29, 30, 4);
  CheckRead("1e300", 1e300, 5, 8);
  CheckRead("6.02214076e-200", 6.02214076e-200, 15, 8);
}
