#include "platform/scan_text.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

}  // namespace

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
      if (length == Length::kLong) {
        const double value = std::strtod(source, &end);
        if (end == source) return result(false);
        *va_arg(args, double*) = value;
      } else {
        const float value = std::strtof(source, &end);
        if (end == source) return result(false);
        *va_arg(args, float*) = value;
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

#ifdef __EMSCRIPTEN__
// Linked in place of the C library's sscanf (see scan_text.h).
extern "C" int sscanf(const char* text, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int stored = platform::ScanTextV(text, format, args);
  va_end(args);
  return stored;
}
#endif
