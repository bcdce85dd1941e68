#pragma once
// A reader of the sscanf formats Dear ImGui uses: typed numbers (%d %u %lld %llu %f %lf, with
// the literal text of a slider's format around them), its settings lines ("Pos=%i,%i") and
// hexadecimal colours (%02X). The web build links it as sscanf: the C library's scanf engine
// costs about 3 KB of the widget's compressed download, for formats this small.
//
// Supported: literal characters, white space (any amount, also none), %% and the conversions
// d i u x X o (into int or unsigned; with l or ll, the longer types) and f e g a (float*; with l,
// double*), each with an optional width. Anything else (%s, %c, %[, %n, %p, h, hh, L, *) ends the
// scan. Returns the number of values stored, or EOF when the text ends before the first
// conversion, as sscanf does.

#include <cstdarg>

namespace platform {

int ScanTextV(const char* text, const char* format, va_list args);
int ScanText(const char* text, const char* format, ...);

}  // namespace platform
