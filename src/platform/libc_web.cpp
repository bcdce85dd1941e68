// The web widget's link only (CMakeLists.txt leaves this file out of native builds and tests): the
// C library's strtod, sscanf and printf family replaced by the project's readers (scan_text.h)
// and formatter (print_text.h), which are far smaller than musl's. atof calls strtod. musl
// defines strtof and strtold beside strtod, so they are replaced with it.
//
// Emscripten's compiler turns a call to printf, sprintf or fprintf whose arguments hold no
// floating point into the same call to an "i" variant (fprintf to fiprintf), and one with no long
// double into a "__small_" variant, also while optimising the link (hence CMakeLists.txt compiles
// this file outside link-time optimisation). musl defines each variant, and those of vfprintf,
// vsprintf and vsnprintf, in the file of its standard function. All of them are defined here, as
// aliases, so the linker takes none of musl's printf files (and none of the formatting they share).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#include "platform/print_text.h"
#include "platform/scan_text.h"

extern "C" double strtod(const char* text, char** end) { return platform::ReadDecimal(text, end); }

extern "C" float strtof(const char* text, char** end) { return static_cast<float>(platform::ReadDecimal(text, end)); }

extern "C" long double strtold(const char* text, char** end) {
  return static_cast<long double>(platform::ReadDecimal(text, end));
}

extern "C" int sscanf(const char* text, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int stored = platform::ScanTextV(text, format, args);
  va_end(args);
  return stored;
}

extern "C" int vsnprintf(char* out, size_t size, const char* format, va_list args) {
  return platform::FormatTextV(out, size, format, args);
}

extern "C" int vsprintf(char* out, const char* format, va_list args) {
  return platform::FormatTextV(out, static_cast<size_t>(-1), format, args);
}

// A stream gets the text formatted into memory first (on the stack when it is short).
extern "C" int vfprintf(FILE* file, const char* format, va_list args) {
  char small[256];
  va_list copy;
  va_copy(copy, args);
  const int length = platform::FormatTextV(small, sizeof small, format, copy);
  va_end(copy);
  if (length < 0) return -1;
  char* text = small;
  if (static_cast<size_t>(length) >= sizeof small) {
    text = static_cast<char*>(std::malloc(static_cast<size_t>(length) + 1));
    if (text == nullptr) return -1;
    platform::FormatTextV(text, static_cast<size_t>(length) + 1, format, args);
  }
  const size_t written = std::fwrite(text, 1, static_cast<size_t>(length), file);
  if (text != small) std::free(text);
  return written == static_cast<size_t>(length) ? length : -1;
}

extern "C" int vprintf(const char* format, va_list args) { return vfprintf(stdout, format, args); }

extern "C" int snprintf(char* out, size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int length = vsnprintf(out, size, format, args);
  va_end(args);
  return length;
}

extern "C" int sprintf(char* out, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int length = vsprintf(out, format, args);
  va_end(args);
  return length;
}

extern "C" int fprintf(FILE* file, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int length = vfprintf(file, format, args);
  va_end(args);
  return length;
}

extern "C" int printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int length = vfprintf(stdout, format, args);
  va_end(args);
  return length;
}

// Emscripten's variants, the same functions.
extern "C" {
int vsniprintf(char*, size_t, const char*, va_list) __attribute__((alias("vsnprintf")));
int __small_vsnprintf(char*, size_t, const char*, va_list) __attribute__((alias("vsnprintf")));
int vsiprintf(char*, const char*, va_list) __attribute__((alias("vsprintf")));
int __small_vsprintf(char*, const char*, va_list) __attribute__((alias("vsprintf")));
int vfiprintf(FILE*, const char*, va_list) __attribute__((alias("vfprintf")));
int __small_vfprintf(FILE*, const char*, va_list) __attribute__((alias("vfprintf")));
int siprintf(char*, const char*, ...) __attribute__((alias("sprintf")));
int __small_sprintf(char*, const char*, ...) __attribute__((alias("sprintf")));
int fiprintf(FILE*, const char*, ...) __attribute__((alias("fprintf")));
int __small_fprintf(FILE*, const char*, ...) __attribute__((alias("fprintf")));
int iprintf(const char*, ...) __attribute__((alias("printf")));
int __small_printf(const char*, ...) __attribute__((alias("printf")));
}
