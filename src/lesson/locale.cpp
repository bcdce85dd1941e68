#include "lesson/locale.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "attention/attention.h"
#include "lesson/scene.h"
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

std::vector<std::string> LessonFileNames() {
  if (!IsRegistered(Scene::Heads)) return {kLessonFileName};
  return {kLessonFileName, kFurtherFileName};
}

std::string LocaleFile(const std::string& code, const std::string& name) {
  return code.empty() || code == Locales().front().code ? name : code + "/" + name;
}

std::string LocaleCodes() {
  std::string codes;
  for (const Locale& locale : Locales()) codes += (codes.empty() ? "" : ", ") + std::string(locale.code);
  return codes;
}

namespace {

// A walkthrough step's actions ("walkthrough.step3.play"): program syntax, never translated.
bool IsActionKey(const std::string& key) {
  const std::string prefix = "walkthrough.step";
  const std::string suffix = ".play";
  return key.size() > prefix.size() + suffix.size() && key.compare(0, prefix.size(), prefix) == 0 &&
         key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// One paragraph of the pseudo-locale: its letters accented (Latin-1, which the fonts hold), its
// {fields} as they are, in brackets that show where it ends, and about 40 % longer.
std::string PseudoParagraph(const std::string& text) {
  static const char kPlain[] = "aeiouncyAEIOUNCY";
  static const char* const kAccented[] = {"\xC3\xA1", "\xC3\xA9", "\xC3\xAD", "\xC3\xB3", "\xC3\xBA", "\xC3\xB1",
                                          "\xC3\xA7", "\xC3\xBD", "\xC3\x81", "\xC3\x89", "\xC3\x8D", "\xC3\x93",
                                          "\xC3\x9A", "\xC3\x91", "\xC3\x87", "\xC3\x9D"};
  std::string out = "[";
  size_t letters = 0;
  bool in_field = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    in_field = c == '{' ? true : c == '}' ? false : in_field;
    const char* plain = in_field ? nullptr : std::strchr(kPlain, c);
    out += plain != nullptr && c != '\0' ? kAccented[plain - kPlain] : std::string(1, c);
    if (static_cast<unsigned char>(c) < 0x80 || (static_cast<unsigned char>(c) & 0xC0) == 0xC0) ++letters;
  }
  // Groups of "····" (U+00B7), so a long text still breaks between them.
  const size_t pad = (letters * 2 + 4) / 5;
  for (size_t i = 0; i < pad; ++i) out += i % 5 == 0 ? " " : "\xC2\xB7";
  return out + "]";
}

}  // namespace

std::string PseudoLocaleText(const TextStore& english) {
  std::string out = "# The pseudo-locale (lesson/locale.h): the English words, longer and accented.\n";
  for (const std::string& key : english.Keys()) {
    const std::string& value = english.Get(key);
    out += key + " = ";
    if (IsActionKey(key) || key == "widget.decimal_mark" || value.empty()) {
      out += value + "\n";
      continue;
    }
    size_t from = 0;
    for (;;) {
      const size_t end = value.find("\n\n", from);
      out += PseudoParagraph(value.substr(from, end == std::string::npos ? std::string::npos : end - from)) + "\n";
      if (end == std::string::npos) break;
      out += "  .\n  ";
      from = end + 2;
    }
  }
  return out;
}

std::vector<std::string> MissingKeys(const TextStore& english, const TextStore& translated) {
  std::vector<std::string> missing;
  for (const std::string& key : english.Keys()) {
    if (!translated.Has(key)) missing.push_back(key);
  }
  return missing;
}

namespace {

// The name, without its folder, of the file a place ("lesson/es/lesson.txt:12", "built-in
// further.txt:3") or a file names.
std::string FileNameOf(const std::string& where) {
  const size_t colon = where.rfind(':');
  const std::string file = colon == std::string::npos ? where : where.substr(0, colon);
  const size_t cut = file.find_last_of("/ ");
  return cut == std::string::npos ? file : file.substr(cut + 1);
}

}  // namespace

std::vector<std::string> LoadTranslation(TextStore& store, const std::string& file, const std::string& contents) {
  TextStore translated;
  translated.Load(file, contents);
  std::vector<std::string> warnings;
  // A lesson file (lesson.txt, further.txt) is compared with the English file of its name alone,
  // when that is there (the web widget fetches no English lesson.txt for a whole translation); any
  // other text (the pseudo-locale's) with every English word.
  const std::string name = FileNameOf(file);
  const bool lesson_file = name == kLessonFileName || name == kFurtherFileName;
  std::vector<std::string> english;
  for (const std::string& key : store.Keys()) {
    if (!lesson_file || FileNameOf(store.Where(key)) == name) english.push_back(key);
  }
  if (!english.empty()) {
    constexpr size_t kMostNamed = 20;
    std::vector<std::string> missing;
    for (const std::string& key : english) {
      if (!translated.Has(key)) missing.push_back(key);
    }
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
  // Drawn many times a frame: only a non-finite number has a word to look up.
  if (!std::isfinite(x)) {
    std::string text = attention::FormatNumber(x, max_decimals);
    Translate(text, "undefined", "widget.undefined");
    return text;
  }
  return WithMark(attention::FormatNumber(x, max_decimals), DecimalMark());
}

std::string FixedNum(double x, int decimals) {
  const int places = std::clamp(decimals, 0, 17);  // as attention::FormatNumber takes them
  std::string text = Num(x, places);
  // Magnitudes from 1e15 up are in exponent form: no decimals to fill out.
  if (places == 0 || !std::isfinite(x) || std::fabs(x) >= 1e15) return text;
  const size_t mark = text.find(DecimalMark());
  if (mark == std::string::npos) return text + DecimalMark() + std::string(static_cast<size_t>(places), '0');
  return text + std::string(static_cast<size_t>(places) - (text.size() - mark - 1), '0');
}

std::string LocalArithmetic(const std::string& text) {
  // The words are swapped after the mark: a translation may hold a full stop of its own.
  std::string out = WithMark(text, DecimalMark());
  Translate(out, "no position available", "widget.no_position");
  Translate(out, "undefined", "widget.undefined");
  return out;
}

}  // namespace lesson
