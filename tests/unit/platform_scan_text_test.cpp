// platform::ScanText against the values sscanf gives. Each case also runs through std::sscanf:
// natively that is the C library's, which checks the expected values; in the web build it is
// ScanText itself (scan_text.cpp replaces it), which checks that the replacement is linked.
#include <cmath>
#include <cstdio>

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
