#include "lesson/state_url.h"

// Contents
// [SECTION] Text helpers
// [SECTION] Writing
// [SECTION] Reading values
// [SECTION] Applying parts
// [SECTION] Writing parts
// [SECTION] The parameter table
// [SECTION] DecodeState

#include <algorithm>
#include <array>
#include <clocale>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "lesson/text_store.h"

namespace lesson {

namespace {

constexpr size_t kNumberMaxLength = 24;  // "-100.123456" needs 11; room for leading zeros
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

bool IsUnreserved(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || IsDigit(c) || c == '-' || c == '.' || c == '_' || c == '~';
}

void CutLastCharacter(std::string* text) {
  if (text->empty()) return;
  size_t end = text->size() - 1;
  while (end > 0 && (static_cast<unsigned char>((*text)[end]) & 0xC0) == 0x80) --end;
  text->erase(end);
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

// A whole number in lo..hi written as plain digits, at most as many as hi has.
bool ParseIndex(const std::string& text, int lo, int hi, int* value, Why* why) {
  if (text.empty() || text.size() > std::to_string(hi).size() || !std::all_of(text.begin(), text.end(), IsDigit)) {
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

bool ParseText(const std::string& text, size_t max_bytes, std::string* out, Why* why) {
  if (text.size() > max_bytes) {
    *why = "longer than " + std::to_string(max_bytes) + " bytes";
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
  *out = text;
  return true;
}

// [SECTION] Applying parts

bool ParseIndices(const std::string& text, int max, std::vector<int>* indices, Why* why) {
  if (!ListFits(text, static_cast<size_t>(max), why)) return false;
  std::vector<bool> seen(static_cast<size_t>(max) + 1, false);
  for (const std::string& entry : ListEntries(text)) {
    int index = 0;
    if (!ParseIndex(entry, 1, max, &index, why)) return false;
    if (seen[static_cast<size_t>(index)]) {
      *why = Snippet(entry) + " is listed twice";
      return false;
    }
    seen[static_cast<size_t>(index)] = true;
    indices->push_back(index);
  }
  return true;
}

bool ParseCells(const std::string& text, int size, std::vector<std::pair<int, int>>* cells, Why* why) {
  if (!ListFits(text, static_cast<size_t>(size) * static_cast<size_t>(size), why)) return false;
  std::vector<bool> seen(static_cast<size_t>(size) * static_cast<size_t>(size), false);
  for (const std::string& cell : ListEntries(text)) {
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
    if (row < 1 || row > size || col < 1 || col > size) {
      *why = Snippet(cell) + " is outside the " + std::to_string(size) + "x" + std::to_string(size) + " grid";
      return false;
    }
    const size_t at = static_cast<size_t>((row - 1) * size + (col - 1));
    if (seen[at]) {
      *why = Snippet(cell) + " is listed twice";
      return false;
    }
    seen[at] = true;
    cells->emplace_back(row, col);
  }
  return true;
}

bool ParseValue(const Param& param, const std::string& text, ParamValue* value, Why* why) {
  const int hi = static_cast<int>(param.hi);
  switch (param.form) {
    case ParamForm::Flag: return ParseFlag(text, &value->flag, why);
    case ParamForm::Number: return ParseNumber(text, &value->x, why);
    case ParamForm::Pair: return ParsePair(text, &value->x, &value->y, why);
    case ParamForm::Index: return ParseIndex(text, static_cast<int>(param.lo), hi, &value->index, why);
    case ParamForm::Indices: return ParseIndices(text, hi, &value->indices, why);
    case ParamForm::Cells: return ParseCells(text, hi, &value->cells, why);
    case ParamForm::Text: return ParseText(text, static_cast<size_t>(hi), &value->text, why);
  }
  return false;
}

// [SECTION] Writing parts

bool SameValue(ParamForm form, const ParamValue& a, const ParamValue& b) {
  switch (form) {
    case ParamForm::Flag: return a.flag == b.flag;
    case ParamForm::Number: return a.x == b.x;
    case ParamForm::Pair: return a.x == b.x && a.y == b.y;
    case ParamForm::Index: return a.index == b.index;
    case ParamForm::Indices: return a.indices == b.indices;
    case ParamForm::Cells: return a.cells == b.cells;
    case ParamForm::Text: return a.text == b.text;
  }
  return false;
}

// A number as a link carries it: clamped into the range the scene's setter would clamp it to.
std::string Clamped(double x, const Param& param) { return Number(std::clamp(x, param.lo, param.hi)); }

std::string WriteValue(const Param& param, const ParamValue& value) {
  std::string out;
  switch (param.form) {
    case ParamForm::Flag: return value.flag ? "1" : "0";
    case ParamForm::Number: return Clamped(value.x, param);
    case ParamForm::Pair: return Clamped(value.x, param) + "," + Clamped(value.y, param);
    case ParamForm::Index: return std::to_string(value.index);
    case ParamForm::Indices:
      for (int index : value.indices) out += (out.empty() ? "" : ",") + std::to_string(index);
      return out;
    case ParamForm::Cells:
      for (const auto& cell : value.cells) {
        out += (out.empty() ? "" : ",") + std::to_string(cell.first) + "." + std::to_string(cell.second);
      }
      return out;
    case ParamForm::Text: return PercentEncode(value.text);
  }
  return out;
}

// [SECTION] The parameter table

constexpr const char* kSceneKey = "scene";

// Every scene's parameters, in registry order: the order a link writes them and the order they
// are applied (so a quick-check reveal comes after the answer it needs).
const std::vector<Param>& AllParams() {
  static const std::vector<Param> params = [] {
    std::vector<Param> all;
    for (const SceneModule* scene : Scenes()) {
      const std::vector<Param> own = scene->params();
      all.insert(all.end(), own.begin(), own.end());
    }
    return all;
  }();
  return params;
}

// What `param` reads from `state` as a link carries it; false when there is nothing to carry.
// Text is cleaned to what a link can hold.
bool ReadLinkValue(const Param& param, const LessonState& state, ParamValue* value) {
  if (!param.get(state, param.item, value)) return false;
  if (param.form == ParamForm::Text) value->text = LinkText(value->text, static_cast<size_t>(param.hi));
  return true;
}

// A fresh state's value of each parameter, as AllParams() lists them: a link leaves out a
// parameter whose value is the same. Read once, not at every encoding (the widget encodes its
// state in every frame it draws).
struct FreshValue {
  bool carried = false;  // a fresh state has a value for it at all
  ParamValue value;
};
const std::vector<FreshValue>& FreshValues() {
  static const std::vector<FreshValue> values = [] {
    const LessonState fresh;
    std::vector<FreshValue> all;
    for (const Param& param : AllParams()) {
      FreshValue entry;
      entry.carried = ReadLinkValue(param, fresh, &entry.value);
      all.push_back(entry);
    }
    return all;
  }();
  return values;
}

bool Fail(std::string* warning, const std::string& message) {
  if (warning) *warning = message;
  return false;
}

}  // namespace

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

const Param* FindParam(const std::string& name) {
  for (const Param& param : AllParams()) {
    if (param.name == name) return &param;
  }
  return nullptr;
}

bool ParseParamValue(const Param& param, const std::string& text, ParamValue* value, std::string* why) {
  Why reason;
  if (ParseValue(param, text, value, &reason)) return true;
  if (why) *why = reason.empty() ? Snippet(text) + " is not a value of " + param.name : reason;
  return false;
}

std::string LinkText(const std::string& text, size_t max_bytes) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const size_t length = Utf8CharLength(text, i);
    if (length == 0 || (length == 1 && IsUnwantedControl(static_cast<unsigned char>(text[i])))) {
      ++i;
      continue;
    }
    if (out.size() + length > max_bytes) break;
    out.append(text, i, length);
    i += length;
  }
  return out;
}

std::string EncodeState(const LessonState& state) {
  struct Part {
    const Param* param;
    ParamValue value;
  };
  std::vector<Part> parts;
  const std::vector<Param>& params = AllParams();
  for (size_t i = 0; i < params.size(); ++i) {
    Part part{&params[i], {}};
    if (!ReadLinkValue(params[i], state, &part.value)) continue;
    const FreshValue& fresh = FreshValues()[i];
    if (fresh.carried && SameValue(params[i].form, part.value, fresh.value)) continue;
    parts.push_back(part);
  }
  const std::string scene = std::string(kSceneKey) + "=" + SceneName(state.scene);
  while (true) {
    std::string fragment = scene;
    for (const Part& part : parts) {
      if (part.param->form == ParamForm::Text && part.value.text.empty()) continue;
      fragment += "&" + part.param->name + "=" + WriteValue(*part.param, part.value);
    }
    if (fragment.size() <= kStateFragmentMaxLength) return fragment;
    // Never reached with the scenes' limits (two full quiz answers need about 3,000 characters); a
    // link too long to read back would lose everything, so the longest text gives way.
    Part* longest = nullptr;
    for (Part& part : parts) {
      if (part.param->form == ParamForm::Text && (!longest || part.value.text.size() > longest->value.text.size())) {
        longest = &part;
      }
    }
    if (!longest || longest->value.text.empty()) return fragment;
    CutLastCharacter(&longest->value.text);
  }
}

// [SECTION] DecodeState

bool ApplyStateParts(const std::string& parts, LessonState* state, std::string* warning) {
  if (!state) return Fail(warning, "no state to decode into");
  const std::string text = !parts.empty() && parts[0] == '#' ? parts.substr(1) : parts;
  if (text.size() > kStateFragmentMaxLength) {
    return Fail(warning, "fragment: " + std::to_string(text.size()) + " characters, more than the " +
                             std::to_string(kStateFragmentMaxLength) + " allowed");
  }

  // Slot 0 is the scene, slot i + 1 the parameter AllParams()[i].
  const std::vector<Param>& params = AllParams();
  std::vector<std::string> values(params.size() + 1);
  std::vector<bool> given(params.size() + 1, false);
  for (const std::string& part : Split(text, '&')) {
    if (part.empty()) continue;  // "a=1&&b=2" or a trailing '&'
    const size_t equals = part.find('=');
    if (equals == std::string::npos) return Fail(warning, Snippet(part) + ": expected key=value");
    const std::string name = part.substr(0, equals);
    size_t at = 0;
    if (name != kSceneKey) {
      const auto found = std::find_if(params.begin(), params.end(), [&](const Param& p) { return p.name == name; });
      if (found == params.end()) return Fail(warning, Snippet(name) + ": unknown key");
      at = static_cast<size_t>(found - params.begin()) + 1;
    }
    if (given[at]) return Fail(warning, name + ": given twice");
    Why why;
    if (!PercentDecode(part.substr(equals + 1), &values[at], &why)) return Fail(warning, name + ": " + why);
    given[at] = true;
  }

  LessonState next = *state;
  if (given[0] && !ParseScene(values[0], &next.scene)) {
    return Fail(warning, std::string(kSceneKey) + ": " + Snippet(values[0]) + " is not a scene");
  }
  for (size_t i = 0; i < params.size(); ++i) {
    if (!given[i + 1]) continue;
    const Param& param = params[i];
    ParamValue value;
    Why why;
    if (!ParseValue(param, values[i + 1], &value, &why) || !param.set(next, param.item, value, &why)) {
      return Fail(warning, param.name + ": " + (why.empty() ? Snippet(values[i + 1]) + " was refused" : why));
    }
  }
  *state = next;
  if (warning) warning->clear();
  return true;
}

bool DecodeState(const std::string& fragment, LessonState* state, std::string* warning) {
  if (!state) return Fail(warning, "no state to decode into");
  LessonState fresh;
  // Whether predictions are asked is the author's choice, not the link's; pending events stay.
  fresh.predictions.ask = state->predictions.ask;
  fresh.predictions.events = state->predictions.events;
  if (!ApplyStateParts(fragment, &fresh, warning)) return false;
  *state = fresh;
  return true;
}

}  // namespace lesson
