#include "lesson/mirror_words.h"

#include <cmath>

#include "lesson/scenes/compare/compare.h"
#include "lesson/text_store.h"

namespace lesson {

std::string MirrorNumber(double x) { return std::isfinite(x) ? FormatSigned(x) : T("mirror.not_valid"); }

std::string MirrorCount(int n) { return std::to_string(n); }

std::string MirrorOnOff(bool on) { return T(on ? "mirror.on" : "mirror.off"); }

std::string MirrorYesNo(bool yes) { return T(yes ? "mirror.yes" : "mirror.no"); }

std::string MirrorQuoted(const std::string& word) { return Fill(T("mirror.quoted"), {{"word", word}}); }

std::string MirrorList(const std::vector<std::string>& items) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " " + T("mirror.and") + " " : ", ";
    out += items[i];
  }
  return out;
}

std::string MirrorSentences(const std::vector<std::string>& sentences) {
  std::string out;
  for (const std::string& sentence : sentences) {
    if (sentence.empty()) continue;
    if (!out.empty()) out += ' ';
    out += sentence;
  }
  return out;
}

std::string MirrorReadable(const std::string& text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = static_cast<unsigned char>(text[i]);
    if (lead < 0x80) {
      out += lead < 0x20 || lead == 0x7F ? ' ' : static_cast<char>(lead);
      ++i;
      continue;
    }
    const size_t length = Utf8CharLength(text, i);
    if (length > 0) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";  // U+FFFD replacement character
      ++i;
    }
  }
  return out;
}

bool HasWords(const std::string& text) { return text.find_first_not_of(" \t\r\n") != std::string::npos; }

std::string FillNumbers(const std::string& text, std::initializer_list<NumberField> numbers, TextFields words) {
  for (const NumberField& number : numbers) words.emplace_back(number.name, MirrorNumber(number.value));
  return Fill(text, words);
}

}  // namespace lesson
