#pragma once
// What the web widget links in place of two parts of the C library (libc_web.cpp), each far
// larger than what the widget needs of it (together about 9 KB of the compressed download):
//  - ReadDecimal, as strtod: musl's reads through long double arithmetic, which wasm emulates
//    in software;
//  - ScanText, as sscanf.
//
// ScanText: a reader of the sscanf formats Dear ImGui uses: typed numbers (%d %u %lld %llu %f %lf, with
// the literal text of a slider's format around them), its settings lines ("Pos=%i,%i") and
// hexadecimal colours (%02X).
//
// Supported: literal characters, white space (any amount, also none), %% and the conversions
// d i u x X o (into int or unsigned; with l or ll, the longer types) and f e g a (float*; with l,
// double*), each with an optional width. Anything else (%s, %c, %[, %n, %p, h, hh, L, *) ends the
// scan. Returns the number of values stored, or EOF when the text ends before the first
// conversion, as sscanf does.

#include <cstdarg>

namespace platform {

// strtod for decimal text: leading white space, a sign, digits with an optional point and
// exponent, or inf, infinity, nan (any case). *end (when end is not null) is set past what was
// read, or to `text` when nothing was. Exact (correctly rounded) for up to 15 significant digits
// with a decimal exponent within ±22, as links, typed numbers and ImGui's formatted values are;
// within a few units in the last place otherwise. Too large: ±inf; hexadecimal floats are not read.
double ReadDecimal(const char* text, char** end);

int ScanTextV(const char* text, const char* format, va_list args);
int ScanText(const char* text, const char* format, ...);

}  // namespace platform
