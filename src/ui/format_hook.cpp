// Dear ImGui's ImFormatString and ImFormatStringV, which ImGui leaves to the program when built
// with IMGUI_DISABLE_DEFAULT_FORMAT_FUNCTIONS (CMakeLists.txt). They are ImGui's own, plus the
// locale's decimal mark: a slider's number ("%.1f") and the text its box opens with show 0,5 in
// Spanish. The mark is ImGuiIO::PlatformLocaleDecimalPoint, which the widget sets from its words
// (ui/widget.cpp). Only a format with one floating-point conversion is touched, and only inside
// what that conversion wrote: a label's own full stops stay.
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include <imgui_internal.h>

namespace {

// The format's one conversion as [begin, end), or false when it has none, several, or one that is
// not f, F, e, E, g, G (with flags, width, precision and an l at most).
bool OneFloatConversion(const char* fmt, size_t* begin, size_t* end) {
  bool found = false;
  for (size_t i = 0; fmt[i] != '\0'; ++i) {
    if (fmt[i] != '%') continue;
    if (fmt[i + 1] == '%') {
      ++i;
      continue;
    }
    if (found) return false;
    size_t j = i + 1;
    while (fmt[j] != '\0' && std::strchr("-+ #0'123456789.*", fmt[j]) != nullptr) ++j;
    if (fmt[j] == 'l') ++j;
    if (fmt[j] == '\0' || std::strchr("fFeEgG", fmt[j]) == nullptr) return false;
    *begin = i;
    *end = j + 1;
    found = true;
    i = j;
  }
  return found;
}

// How many characters the format's literal text fmt[from, to) prints ("%%" prints one).
size_t LiteralLength(const char* fmt, size_t from, size_t to) {
  size_t length = 0;
  for (size_t i = from; i < to; ++i, ++length) {
    if (fmt[i] == '%') ++i;
  }
  return length;
}

void UseDecimalMark(char* buf, size_t written, const char* fmt) {
  const ImGuiContext* g = GImGui;
  if (g == nullptr || g->IO.PlatformLocaleDecimalPoint == '.' || g->IO.PlatformLocaleDecimalPoint > 0x7F) return;
  size_t begin = 0;
  size_t end = 0;
  if (!OneFloatConversion(fmt, &begin, &end)) return;
  const size_t before = LiteralLength(fmt, 0, begin);
  const size_t after = LiteralLength(fmt, end, std::strlen(fmt));
  if (before + after > written) return;  // cut short by the buffer
  for (size_t i = before; i < written - after; ++i) {
    if (buf[i] == '.') buf[i] = static_cast<char>(g->IO.PlatformLocaleDecimalPoint);
  }
}

}  // namespace

int ImFormatString(char* buf, size_t buf_size, const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  const int written = ImFormatStringV(buf, buf_size, fmt, args);
  va_end(args);
  return written;
}

int ImFormatStringV(char* buf, size_t buf_size, const char* fmt, va_list args) {
  int written = std::vsnprintf(buf, buf_size, fmt, args);
  if (buf == nullptr) return written;
  if (written == -1 || written >= static_cast<int>(buf_size)) written = static_cast<int>(buf_size) - 1;
  buf[written] = '\0';
  // Only a whole conversion is relocalized: a cut-short one is left as it is.
  if (written + 1 < static_cast<int>(buf_size)) UseDecimalMark(buf, static_cast<size_t>(written), fmt);
  return written;
}
