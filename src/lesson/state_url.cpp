#include "lesson/state_url.h"

// Contents
// [SECTION] Text helpers
// [SECTION] Writing
// [SECTION] Reading values
// [SECTION] Applying parts
// [SECTION] DecodeState

#include <algorithm>
#include <array>
#include <cmath>
#include <clocale>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "lesson/text_store.h"

namespace lesson {

namespace {

constexpr size_t kNumberMaxLength = 24;  // "-100.123456" needs 11; room for leading zeros
constexpr size_t kMaskCellCount = static_cast<size_t>(kMaskTokenCount) * kMaskTokenCount;
constexpr size_t kSnippetLength = 24;

// [SECTION] Text helpers

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Control characters other than tab and line breaks have no place in an answer.
bool IsUnwantedControl(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F; }

// A value quoted in a warning: short, and printable ASCII only, so the warning stays one line.
std::string Snippet(const std::string& text) {
  std::string out = "'";
  for (size_t i = 0; i < text.size() && i < kSnippetLength; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '?';
  }
  if (text.size() > kSnippetLength) out += "...";
  return out + "'";
}

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> pieces;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    pieces.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return pieces;
    start = end + 1;
  }
}

// [SECTION] Writing

// The C library's decimal point: '.' unless the program switched LC_NUMERIC, which it never does
// on purpose; links must read the same everywhere, so numbers are converted through it.
char DecimalPoint() {
  const char* point = std::localeconv()->decimal_point;
  return point && point[0] ? point[0] : '.';
}

// Up to 6 decimals, trailing zeros dropped, never "-0". Locale-independent. (printf, not
// iostreams: streams would pull the whole locale library into the web build.)
std::string Number(double x) {
  char buffer[400];
  std::snprintf(buffer, sizeof buffer, "%.6f", x);
  std::string text = buffer;
  std::replace(text.begin(), text.end(), DecimalPoint(), '.');
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

// A number as a link carries it: non-finite numbers (only in a state filled by hand) are left
// out by the caller; the rest is clamped into the range the scene's setter would clamp it to.
double Writable(double x, double lo, double hi) { return std::clamp(x, lo, hi); }

bool Finite(PlanePoint p) { return std::isfinite(p.x) && std::isfinite(p.y); }

std::string Point(PlanePoint p) {
  return Number(Writable(p.x, -kComparePlaneLimit, kComparePlaneLimit)) + "," +
         Number(Writable(p.y, -kComparePlaneLimit, kComparePlaneLimit));
}

bool IsUnreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || IsDigit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

std::string PercentEncode(const std::string& text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char c : text) {
    if (IsUnreserved(c)) {
      out += c;
    } else {
      const unsigned char byte = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0F];
    }
  }
  return out;
}

// An answer as a link can carry it: valid UTF-8 without stray control characters, at most
// kQuizTypedAnswerMaxBytes bytes. Only a state filled by hand needs the cleaning.
std::string WritableAnswer(const std::string& typed) {
  std::string out;
  size_t i = 0;
  while (i < typed.size()) {
    const size_t length = Utf8CharLength(typed, i);
    if (length == 0 || (length == 1 && IsUnwantedControl(static_cast<unsigned char>(typed[i])))) {
      ++i;
      continue;
    }
    if (out.size() + length > static_cast<size_t>(kQuizTypedAnswerMaxBytes)) break;
    out.append(typed, i, length);
    i += length;
  }
  return out;
}

void CutLastCharacter(std::string* text) {
  if (text->empty()) return;
  size_t end = text->size() - 1;
  while (end > 0 && (static_cast<unsigned char>((*text)[end]) & 0xC0) == 0x80) --end;
  text->erase(end);
}

bool HasWords(const std::string& text) { return text.find_first_not_of(" \t\r\n") != std::string::npos; }

void Add(std::vector<std::string>* parts, const std::string& key, const std::string& value) {
  parts->push_back(key + "=" + value);
}

void AddFlag(std::vector<std::string>* parts, const std::string& key, bool on, bool default_on) {
  if (on != default_on) Add(parts, key, on ? "1" : "0");
}

void WriteCompare(const CompareScene& scene, std::vector<std::string>* parts) {
  const CompareScene defaults;
  if (Finite(scene.query) && (scene.query.x != defaults.query.x || scene.query.y != defaults.query.y)) {
    Add(parts, "compare.query", Point(scene.query));
  }
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const PlanePoint p = scene.keys[static_cast<size_t>(i)].position;
    const PlanePoint d = defaults.keys[static_cast<size_t>(i)].position;
    if (Finite(p) && (p.x != d.x || p.y != d.y)) Add(parts, "compare.key" + std::to_string(i + 1), Point(p));
  }
  AddFlag(parts, "compare.scaled", scene.scaled, defaults.scaled);
  if (std::isfinite(scene.temperature) && scene.temperature != defaults.temperature) {
    Add(parts, "compare.temperature",
        Number(Writable(scene.temperature, kCompareTemperatureMin, kCompareTemperatureMax)));
  }
}

void WriteCombine(const WorkedExample& example, std::vector<std::string>* parts) {
  const WorkedExample defaults;
  if (std::isfinite(example.first_value) && std::isfinite(example.second_value) &&
      (example.first_value != defaults.first_value || example.second_value != defaults.second_value)) {
    Add(parts, "combine.values",
        Number(Writable(example.first_value, kValueMin, kValueMax)) + "," +
            Number(Writable(example.second_value, kValueMin, kValueMax)));
  }
  if (std::isfinite(example.second_weight) && example.second_weight != defaults.second_weight) {
    Add(parts, "combine.weight", Number(Writable(example.second_weight, 0.0, 1.0)));
  }
}

void WriteMask(const MaskScene& scene, std::vector<std::string>* parts) {
  const MaskScene defaults;
  AddFlag(parts, "mask.causal", scene.causal, defaults.causal);
  AddFlag(parts, "mask.padding", scene.padding, defaults.padding);
  std::string cells;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) {
      if (scene.blocked[static_cast<size_t>(row * kMaskTokenCount + col)] == 0) continue;
      if (!cells.empty()) cells += ',';
      cells += std::to_string(row + 1) + "." + std::to_string(col + 1);
    }
  }
  if (!cells.empty()) Add(parts, "mask.cells", cells);
  AddFlag(parts, "mask.future", scene.future_demo, defaults.future_demo);
  const int row = std::clamp(scene.future_row, 0, kMaskWordCount - 2);
  if (row != defaults.future_row) Add(parts, "mask.future_row", std::to_string(row + 1));
}

void WriteCaveats(const CaveatsScene& scene, std::vector<std::string>* parts) {
  const CaveatsScene defaults;
  std::string removed;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (!scene.removed[static_cast<size_t>(j)]) continue;
    if (!removed.empty()) removed += ',';
    removed += std::to_string(j + 1);
  }
  if (!removed.empty()) Add(parts, "caveats.removed", removed);
  AddFlag(parts, "caveats.each", scene.each_in_turn_shown, defaults.each_in_turn_shown);
  if (std::isfinite(scene.layer2_weight_b) && scene.layer2_weight_b != defaults.layer2_weight_b) {
    Add(parts, "caveats.layer2", Number(Writable(scene.layer2_weight_b, 0.0, 1.0)));
  }
}

void WriteWalkthrough(const Walkthrough& walkthrough, std::vector<std::string>* parts) {
  const Walkthrough defaults;
  const int step = ClampWalkthroughStep(walkthrough.step);
  if (step != defaults.step) Add(parts, "walkthrough.step", std::to_string(step + 1));
  AddFlag(parts, "walkthrough.captions", walkthrough.captions, defaults.captions);
}

void WriteQuiz(const Quiz& quiz, const std::array<std::string, kQuizQuestionCount>& typed,
               std::vector<std::string>* parts) {
  for (int q = 0; q < kQuizQuestionCount; ++q) {
    const QuizAnswer& answer = quiz.answers[static_cast<size_t>(q)];
    const std::string prefix = "quiz.q" + std::to_string(q + 1) + ".";
    const bool chose = answer.choice >= 0 && answer.choice < kQuizChoiceCount;
    const std::string& words = typed[static_cast<size_t>(q)];
    if (chose) Add(parts, prefix + "choice", std::to_string(answer.choice + 1));
    if (!words.empty()) Add(parts, prefix + "typed", PercentEncode(words));
    // Only what DecodeState can apply again: the reasoning shows after an attempt.
    if (answer.revealed && (chose || HasWords(words))) Add(parts, prefix + "revealed", "1");
  }
}

std::string Join(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& part : parts) {
    if (!out.empty()) out += '&';
    out += part;
  }
  return out;
}

// [SECTION] Reading values

// Why a value was refused, without the key (the caller names the part).
using Why = std::string;

bool PercentDecode(const std::string& text, std::string* out, Why* why) {
  const auto hex = [](char c) -> int {
    if (IsDigit(c)) return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  out->clear();
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      *out += text[i];
      continue;
    }
    if (i + 2 >= text.size()) {
      *why = Snippet(text.substr(i)) + " is not a valid %XX escape";
      return false;
    }
    const int h = hex(text[i + 1]);
    const int l = hex(text[i + 2]);
    if (h < 0 || l < 0) {
      *why = Snippet(text.substr(i, 3)) + " is not a valid %XX escape";
      return false;
    }
    *out += static_cast<char>(h * 16 + l);
    i += 2;
  }
  return true;
}

// -?digits(.digits)?, finite, and parsed without regard to the locale.
bool ParseNumber(const std::string& text, double* value, Why* why) {
  if (text.size() > kNumberMaxLength) {
    *why = Snippet(text) + " is too long for a number";
    return false;
  }
  size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  const size_t int_start = i;
  while (i < text.size() && IsDigit(text[i])) ++i;
  bool ok = i > int_start;
  if (ok && i < text.size() && text[i] == '.') {
    const size_t frac_start = ++i;
    while (i < text.size() && IsDigit(text[i])) ++i;
    ok = i > frac_start;
  }
  if (!ok || i != text.size()) {
    *why = Snippet(text) + " is not a number";
    return false;
  }
  std::string local = text;
  std::replace(local.begin(), local.end(), '.', DecimalPoint());
  char* end = nullptr;
  const double parsed = std::strtod(local.c_str(), &end);
  if (end != local.c_str() + local.size() || !std::isfinite(parsed)) {
    *why = Snippet(text) + " is not a number";
    return false;
  }
  *value = parsed;
  return true;
}

// A whole number in lo..hi written as plain digits.
bool ParseIndex(const std::string& text, int lo, int hi, int* value, Why* why) {
  if (text.empty() || text.size() > 3 || !std::all_of(text.begin(), text.end(), IsDigit)) {
    *why = Snippet(text) + " is not a whole number";
    return false;
  }
  const int parsed = std::stoi(text);
  if (parsed < lo || parsed > hi) {
    *why = Snippet(text) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi);
    return false;
  }
  *value = parsed;
  return true;
}

bool ParseFlag(const std::string& text, bool* value, Why* why) {
  if (text != "0" && text != "1") {
    *why = Snippet(text) + " is not 0 or 1";
    return false;
  }
  *value = text == "1";
  return true;
}

bool ParsePair(const std::string& text, double* first, double* second, Why* why) {
  const std::vector<std::string> pieces = Split(text, ',');
  if (pieces.size() != 2) {
    *why = Snippet(text) + " is not two numbers A,B";
    return false;
  }
  return ParseNumber(pieces[0], first, why) && ParseNumber(pieces[1], second, why);
}

// A comma-separated list of at most `max` entries; an empty value is an empty list. Empty
// entries are kept and refused by the entry's own parser.
std::vector<std::string> ListEntries(const std::string& text) {
  return text.empty() ? std::vector<std::string>() : Split(text, ',');
}

bool ListFits(const std::string& text, size_t max, Why* why) {
  if (!text.empty() && static_cast<size_t>(std::count(text.begin(), text.end(), ',')) >= max) {
    *why = "more than " + std::to_string(max) + " entries";
    return false;
  }
  return true;
}

bool ParseTyped(const std::string& text, std::string* typed, Why* why) {
  if (text.size() > static_cast<size_t>(kQuizTypedAnswerMaxBytes)) {
    *why = "longer than " + std::to_string(kQuizTypedAnswerMaxBytes) + " bytes";
    return false;
  }
  size_t i = 0;
  while (i < text.size()) {
    const size_t length = Utf8CharLength(text, i);
    if (length == 0) {
      *why = "not valid UTF-8";
      return false;
    }
    if (length == 1 && IsUnwantedControl(static_cast<unsigned char>(text[i]))) {
      *why = "holds a control character";
      return false;
    }
    i += length;
  }
  *typed = text;
  return true;
}

// [SECTION] Applying parts

enum class Field {
  Scene,
  CompareQuery,
  CompareKey,
  CompareScaled,
  CompareTemperature,
  CombineValues,
  CombineWeight,
  MaskCausal,
  MaskPadding,
  MaskCells,
  MaskFuture,
  MaskFutureRow,
  CaveatsRemoved,
  CaveatsEach,
  CaveatsLayer2,
  WalkthroughStep,
  WalkthroughCaptions,
  QuizChoice,
  QuizTyped,
  QuizRevealed,
};

struct Key {
  std::string name;  // as in the fragment
  Field field;       // what it sets
  int index;         // key or question, 0-based; 0 when not about one
};

// Every key, in the order parts are applied (a quiz reveal after the answer it needs).
const std::vector<Key>& Keys() {
  static const std::vector<Key> keys = [] {
    std::vector<Key> list = {{"scene", Field::Scene, 0}, {"compare.query", Field::CompareQuery, 0}};
    for (int i = 0; i < kCompareKeyCount; ++i)
      list.push_back({"compare.key" + std::to_string(i + 1), Field::CompareKey, i});
    const std::vector<Key> rest = {{"compare.scaled", Field::CompareScaled, 0},
                                   {"compare.temperature", Field::CompareTemperature, 0},
                                   {"combine.values", Field::CombineValues, 0},
                                   {"combine.weight", Field::CombineWeight, 0},
                                   {"mask.causal", Field::MaskCausal, 0},
                                   {"mask.padding", Field::MaskPadding, 0},
                                   {"mask.cells", Field::MaskCells, 0},
                                   {"mask.future", Field::MaskFuture, 0},
                                   {"mask.future_row", Field::MaskFutureRow, 0},
                                   {"caveats.removed", Field::CaveatsRemoved, 0},
                                   {"caveats.each", Field::CaveatsEach, 0},
                                   {"caveats.layer2", Field::CaveatsLayer2, 0},
                                   {"walkthrough.step", Field::WalkthroughStep, 0},
                                   {"walkthrough.captions", Field::WalkthroughCaptions, 0}};
    list.insert(list.end(), rest.begin(), rest.end());
    for (int q = 0; q < kQuizQuestionCount; ++q) {
      const std::string prefix = "quiz.q" + std::to_string(q + 1) + ".";
      list.push_back({prefix + "choice", Field::QuizChoice, q});
      list.push_back({prefix + "typed", Field::QuizTyped, q});
      list.push_back({prefix + "revealed", Field::QuizRevealed, q});
    }
    return list;
  }();
  return keys;
}

bool ApplyCells(const std::string& text, MaskScene& scene, Why* why) {
  if (!ListFits(text, kMaskCellCount, why)) return false;
  const std::vector<std::string> cells = ListEntries(text);
  std::array<bool, kMaskCellCount> seen{};
  for (const std::string& cell : cells) {
    const std::vector<std::string> pieces = Split(cell, '.');
    const bool digits = pieces.size() == 2 && std::all_of(pieces.begin(), pieces.end(), [](const std::string& p) {
                          return !p.empty() && p.size() <= 3 && std::all_of(p.begin(), p.end(), IsDigit);
                        });
    if (!digits) {
      *why = Snippet(cell) + " is not a cell ROW.COLUMN";
      return false;
    }
    const int row = std::stoi(pieces[0]);
    const int col = std::stoi(pieces[1]);
    if (row < 1 || row > kMaskTokenCount || col < 1 || col > kMaskTokenCount) {
      *why = Snippet(cell) + " is outside the " + std::to_string(kMaskTokenCount) + "x" +
             std::to_string(kMaskTokenCount) + " grid";
      return false;
    }
    const size_t at = static_cast<size_t>((row - 1) * kMaskTokenCount + (col - 1));
    if (seen[at]) {
      *why = Snippet(cell) + " is listed twice";
      return false;
    }
    seen[at] = true;
    SetCellBlocked(scene, row - 1, col - 1, true);
  }
  return true;
}

bool ApplyRemoved(const std::string& text, CaveatsScene& scene, Why* why) {
  if (!ListFits(text, kCaveatsPositions, why)) return false;
  const std::vector<std::string> entries = ListEntries(text);
  for (const std::string& entry : entries) {
    int position = 0;
    if (!ParseIndex(entry, 1, kCaveatsPositions, &position, why)) return false;
    if (scene.removed[static_cast<size_t>(position - 1)]) {
      *why = Snippet(entry) + " is listed twice";
      return false;
    }
    SetRemoved(scene, position - 1, true);
  }
  return true;
}

bool Apply(const Key& key, const std::string& value, LessonState& state, Why* why) {
  bool flag = false;
  double x = 0.0;
  double y = 0.0;
  int index = 0;
  switch (key.field) {
    case Field::Scene:
      if (!ParseScene(value, &state.scene)) {
        *why = Snippet(value) + " is not a scene";
        return false;
      }
      return true;
    case Field::CompareQuery:
      return ParsePair(value, &x, &y, why) && SetQuery(state.compare, PlanePoint{x, y});
    case Field::CompareKey:
      return ParsePair(value, &x, &y, why) && SetKeyPosition(state.compare, key.index, PlanePoint{x, y});
    case Field::CompareScaled:
      if (!ParseFlag(value, &flag, why)) return false;
      state.compare.scaled = flag;  // the scene has no setter: a plain flag the panel flips
      return true;
    case Field::CompareTemperature:
      return ParseNumber(value, &x, why) && SetTemperature(state.compare, x);
    case Field::CombineValues:
      return ParsePair(value, &x, &y, why) && SetFirstValue(state.worked_example, x) &&
             SetSecondValue(state.worked_example, y);
    case Field::CombineWeight:
      return ParseNumber(value, &x, why) && SetSecondWeight(state.worked_example, x);
    case Field::MaskCausal:
      if (!ParseFlag(value, &flag, why)) return false;
      SetCausal(state.mask, flag);
      return true;
    case Field::MaskPadding:
      if (!ParseFlag(value, &flag, why)) return false;
      SetPadding(state.mask, flag);
      return true;
    case Field::MaskCells:
      return ApplyCells(value, state.mask, why);
    case Field::MaskFuture:
      if (!ParseFlag(value, &flag, why)) return false;
      SetFutureDemo(state.mask, flag);
      return true;
    case Field::MaskFutureRow:
      if (!ParseIndex(value, 1, kMaskWordCount - 1, &index, why)) return false;
      SetFutureRow(state.mask, index - 1);
      return true;
    case Field::CaveatsRemoved:
      return ApplyRemoved(value, state.caveats, why);
    case Field::CaveatsEach:
      if (!ParseFlag(value, &flag, why)) return false;
      SetEachInTurnShown(state.caveats, flag);
      return true;
    case Field::CaveatsLayer2:
      return ParseNumber(value, &x, why) && SetLayer2WeightB(state.caveats, x);
    case Field::WalkthroughStep:
      if (!ParseIndex(value, 1, WalkthroughStepCount(), &index, why)) return false;
      // Only the step and what it points at: its set-up would overwrite the other scenes' parts.
      state.walkthrough.step = index - 1;
      state.highlight = WalkthroughStepHighlight(index - 1);
      return true;
    case Field::WalkthroughCaptions:
      if (!ParseFlag(value, &flag, why)) return false;
      state.walkthrough.captions = flag;  // no setter: a plain flag the panel flips
      return true;
    case Field::QuizChoice:
      return ParseIndex(value, 1, kQuizChoiceCount, &index, why) && SelectChoice(state.quiz, key.index, index - 1);
    case Field::QuizTyped: {
      std::string typed;
      return ParseTyped(value, &typed, why) && SetTypedAnswer(state.quiz, key.index, typed);
    }
    case Field::QuizRevealed:
      if (!ParseFlag(value, &flag, why)) return false;
      if (flag && !Reveal(state.quiz, key.index)) {
        *why = "the reasoning shows only after a choice or typed answer";
        return false;
      }
      return true;
  }
  return false;
}

bool Fail(std::string* warning, const std::string& message) {
  if (warning) *warning = message;
  return false;
}

}  // namespace

std::string EncodeState(const LessonState& state) {
  const int scene_index = static_cast<int>(state.scene);
  const Scene scene = scene_index >= 0 && scene_index < kSceneCount ? state.scene : Scene::Compare;
  std::vector<std::string> parts;
  Add(&parts, "scene", SceneName(scene));
  WriteCompare(state.compare, &parts);
  WriteCombine(state.worked_example, &parts);
  WriteMask(state.mask, &parts);
  WriteCaveats(state.caveats, &parts);
  WriteWalkthrough(state.walkthrough, &parts);

  std::array<std::string, kQuizQuestionCount> typed;
  for (size_t q = 0; q < typed.size(); ++q) typed[q] = WritableAnswer(state.quiz.answers[q].typed);
  while (true) {
    std::vector<std::string> all = parts;
    WriteQuiz(state.quiz, typed, &all);
    std::string fragment = Join(all);
    if (fragment.size() <= kStateFragmentMaxLength) return fragment;
    // Never reached with the scenes' limits (two full answers need about 3,000 characters); a
    // link too long to read back would lose everything, so the longest answer gives way.
    std::string* longest = &*std::max_element(
        typed.begin(), typed.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
    if (longest->empty()) return fragment;
    CutLastCharacter(longest);
  }
}

// [SECTION] DecodeState

bool DecodeState(const std::string& fragment, LessonState* state, std::string* warning) {
  if (!state) return Fail(warning, "no state to decode into");
  const std::string text = !fragment.empty() && fragment[0] == '#' ? fragment.substr(1) : fragment;
  if (text.size() > kStateFragmentMaxLength) {
    return Fail(warning, "fragment: " + std::to_string(text.size()) + " characters, more than the " +
                             std::to_string(kStateFragmentMaxLength) + " allowed");
  }

  const std::vector<Key>& keys = Keys();
  std::vector<std::string> values(keys.size());
  std::vector<bool> given(keys.size(), false);
  for (const std::string& part : Split(text, '&')) {
    if (part.empty()) continue;  // "a=1&&b=2" or a trailing '&'
    const size_t equals = part.find('=');
    if (equals == std::string::npos) return Fail(warning, Snippet(part) + ": expected key=value");
    const std::string name = part.substr(0, equals);
    const auto found = std::find_if(keys.begin(), keys.end(), [&](const Key& key) { return key.name == name; });
    if (found == keys.end()) return Fail(warning, Snippet(name) + ": unknown key");
    const size_t at = static_cast<size_t>(found - keys.begin());
    if (given[at]) return Fail(warning, name + ": given twice");
    Why why;
    if (!PercentDecode(part.substr(equals + 1), &values[at], &why)) return Fail(warning, name + ": " + why);
    given[at] = true;
  }

  LessonState next;
  for (size_t at = 0; at < keys.size(); ++at) {
    if (!given[at]) continue;
    Why why;
    if (!Apply(keys[at], values[at], next, &why)) {
      return Fail(warning, keys[at].name + ": " + (why.empty() ? Snippet(values[at]) + " was refused" : why));
    }
  }
  *state = next;
  if (warning) warning->clear();
  return true;
}

}  // namespace lesson
