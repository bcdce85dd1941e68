#pragma once
// What the web widget links in place of the C library's printf family (libc_web.cpp): musl's
// formats floating point through long double arithmetic, which wasm emulates in software, and
// with its helpers takes about 7.8 KB of wasm; this takes about 3.7 KB (2 KB less of the
// compressed download). FormatText writes the same bytes as glibc's snprintf.
//
// FormatTextV is vsnprintf: it writes at most size - 1 bytes and a NUL (when size > 0) and
// returns the length of the whole text, or -1 on an error (a format that ends inside a
// conversion, a conversion refused below, a text longer than INT_MAX), as glibc does.
//
// Supported: the flags - + space # 0 (and ', which glibc ignores in the C locale), a width and a
// precision (both also as *), the lengths hh h l ll j z t L, and the conversions
// d i u o x X c s p f F e E g G and %%. Floating point is exact: the value's decimal digits are
// computed in full and rounded to nearest, ties to even, as glibc does. A null string prints
// "(null)" (nothing when the precision is below 6) and a null pointer "(nil)", as glibc's. Any
// other conversion is copied as written, as glibc does.
//
// Not as glibc:
//  - %a and %A (hexadecimal floating point) are refused: the call returns -1. Nothing the widget
//    links uses them, and they would cost about 350 bytes of wasm.
//  - %n is refused the same way: nothing uses it, and a format that writes to memory is a hazard.
//  - Wide characters (%lc, %ls) are refused the same way (glibc writes them in the locale's
//    multibyte encoding, and fails on any beyond ASCII in the C locale).
//  - A long double (L) is converted to double before it is formatted, so it prints as the
//    nearest double would.
//  - Widths and precisions above 2^27 - 1 count as 2^27 - 1; positional arguments (%1$d) are not
//    read.

#include <cstdarg>
#include <cstddef>
#include <cstdint>

namespace platform {

int FormatTextV(char* out, size_t size, const char* format, va_list args);
int FormatText(char* out, size_t size, const char* format, ...);

// The nearest double to an IEEE binary128 number given as its two 64-bit halves: how FormatText
// reads a long double where it is binary128 (wasm), without the C library's software conversion.
// Correctly rounded, but for results below DBL_MIN (subnormal doubles), which may be one unit off.
double Binary128ToDouble(uint64_t low, uint64_t high);

}  // namespace platform
