// The web widget's link only (CMakeLists.txt leaves this file out of native builds and tests): the
// C library's strtod and sscanf replaced by the project's readers (scan_text.h), which are far
// smaller than musl's. atof calls strtod. musl defines strtof and strtold beside strtod, so
// they are replaced with it.
#include <cstdarg>

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
