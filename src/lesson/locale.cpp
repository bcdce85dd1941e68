#include "lesson/locale.h"

#include <algorithm>

#include "attention/attention.h"
#include "lesson/text_store.h"

namespace lesson {

const std::vector<Locale>& Locales() {
  static const std::vector<Locale> locales = {{"en", "English"}, {"es", "Espa\xC3\xB1ol"}};
  return locales;
}

bool IsLocale(const std::string& code) {
  const std::vector<Locale>& locales = Locales();
  return std::any_of(locales.begin(), locales.end(), [&](const Locale& locale) { return code == locale.code; });
}

std::string LocaleFile(const std::string& code) {
  return code.empty() || code == Locales().front().code ? "lesson.txt" : code + "/lesson.txt";
}

std::string LocaleCodes() {
  std::string codes;
  for (const Locale& locale : Locales()) codes += (codes.empty() ? "" : ", ") + std::string(locale.code);
  return codes;
}

std::vector<std::string> MissingKeys(const TextStore& english, const TextStore& translated) {
  std::vector<std::string> missing;
  for (const std::string& key : english.Keys()) {
    if (!translated.Has(key)) missing.push_back(key);
  }
  return missing;
}

std::vector<std::string> LoadTranslation(TextStore& store, const std::string& file, const std::string& contents) {
  TextStore translated;
  translated.Load(file, contents);
  std::vector<std::string> warnings;
  if (!store.Keys().empty()) {
    constexpr size_t kMostNamed = 20;
    const std::vector<std::string> missing = MissingKeys(store, translated);
    for (size_t i = 0; i < missing.size() && i < kMostNamed; ++i) {
      warnings.push_back(file + " has no " + missing[i] + ": it shows in English");
    }
    if (missing.size() > kMostNamed) {
      warnings.push_back(file + " lacks " + std::to_string(missing.size() - kMostNamed) +
                         " more keys of the English file: they show in English");
    }
    for (const std::string& key : MissingKeys(translated, store)) {
      warnings.push_back(translated.Where(key) + ": " + key + " is not a key of the English file; it is not used");
    }
  }
  store.Load(file, contents);
  return warnings;
}

uint32_t KeySetHash(const TextStore& store) {
  uint32_t hash = 2166136261u;
  auto add = [&hash](unsigned char byte) {
    hash ^= byte;
    hash *= 16777619u;
  };
  for (const std::string& key : store.Keys()) {
    for (const char c : key) add(static_cast<unsigned char>(c));
    add('\n');
  }
  return hash;
}

char DecimalMark() {
  const TextStore& text = LessonText();
  if (!text.Has("widget.decimal_mark")) return '.';
  const std::string& mark = text.Get("widget.decimal_mark");
  // One ASCII character other than a digit, a sign or a blank; anything else keeps the point.
  const bool usable = mark.size() == 1 && mark[0] > ' ' && mark[0] < 0x7F && (mark[0] < '0' || mark[0] > '9') &&
                      mark[0] != '-' && mark[0] != '+';
  return usable ? mark[0] : '.';
}

namespace {

std::string WithMark(std::string text, char mark) {
  if (mark != '.') std::replace(text.begin(), text.end(), '.', mark);
  return text;
}

// `word` in `text` replaced by the text's words for it, where it has them.
void Translate(std::string& text, const std::string& word, const char* key) {
  if (!LessonText().Has(key)) return;
  const std::string& local = T(key);
  for (size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + local.size())) {
    text.replace(at, word.size(), local);
  }
}

}  // namespace

std::string Num(double x, int max_decimals) {
  std::string text = WithMark(attention::FormatNumber(x, max_decimals), DecimalMark());
  Translate(text, "undefined", "widget.undefined");
  return text;
}

std::string LocalArithmetic(const std::string& text) {
  // The words are swapped after the mark: a translation may hold a full stop of its own.
  std::string out = WithMark(text, DecimalMark());
  Translate(out, "no position available", "widget.no_position");
  Translate(out, "undefined", "widget.undefined");
  return out;
}

}  // namespace lesson
