#include "lesson/text_store.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace lesson {

namespace {

bool IsKey(const std::string& key) {
  if (key.empty()) return false;
  for (char c : key) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
    if (!ok) return false;
  }
  return true;
}

std::string Trim(const std::string& text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin]))) ++begin;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1]))) --end;
  return text.substr(begin, end - begin);
}

// UTF-8 well-formedness, so a file saved in another encoding is reported, not shown as garbage.
bool IsUtf8(const std::string& line) {
  for (size_t i = 0; i < line.size();) {
    const size_t length = Utf8CharLength(line, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

// What both Fills do, over the fields from first to last.
std::string FillFields(const std::string& text, const TextField* first, const TextField* last) {
  std::string out = text;
  for (const TextField* field = first; field != last; ++field) {
    const std::string pattern = std::string("{") + field->first + "}";
    size_t at = 0;
    while ((at = out.find(pattern, at)) != std::string::npos) {
      out.replace(at, pattern.size(), field->second);
      at += field->second.size();
    }
  }
  return out;
}

}  // namespace

size_t Utf8Decode(const std::string& text, size_t i, uint32_t* code) {
  const unsigned char lead = static_cast<unsigned char>(text[i]);
  if (lead < 0x80) {
    *code = lead;
    return 1;
  }
  size_t length = 0;
  uint32_t min = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  uint32_t value = lead & (0x7Fu >> length);
  for (size_t k = 1; k < length; ++k) {
    const unsigned char next = static_cast<unsigned char>(text[i + k]);
    if ((next & 0xC0) != 0x80) return 0;
    value = (value << 6) | (next & 0x3Fu);
  }
  if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  *code = value;
  return length;
}

size_t Utf8CharLength(const std::string& text, size_t i) {
  uint32_t code = 0;
  return Utf8Decode(text, i, &code);
}

std::string TextError::ToString() const { return file + ":" + std::to_string(line) + ": " + message; }

bool ParseTextFile(const std::string& file, const std::string& contents, std::map<std::string, std::string>* out,
                   TextError* error, int first_line, const std::map<std::string, std::string>* earlier,
                   std::map<std::string, std::string>* where) {
  std::map<std::string, std::string> parsed;
  std::map<std::string, std::string> parsed_where;
  std::string current_key;
  int line_number = first_line - 1;
  size_t pos = 0;
  auto fail = [&](const std::string& message) {
    *error = TextError{file, line_number, message};
    return false;
  };
  while (pos <= contents.size()) {
    const size_t end = contents.find('\n', pos);
    std::string line = contents.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    pos = end == std::string::npos ? contents.size() + 1 : end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line_number == first_line && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // byte-order mark
    if (!IsUtf8(line)) return fail("not valid UTF-8 text");
    const std::string trimmed = Trim(line);
    if (trimmed.empty() || trimmed[0] == '#') continue;
    if (std::isspace(static_cast<unsigned char>(line[0]))) {
      if (current_key.empty()) return fail("indented line continues nothing: start with 'key = value'");
      std::string& value = parsed[current_key];
      if (trimmed == ".") {
        value += "\n\n";
      } else {
        if (!value.empty() && value.back() != '\n') value += ' ';
        value += trimmed;
      }
      continue;
    }
    const size_t equals = line.find('=');
    if (equals == std::string::npos) return fail("expected 'key = value'");
    const std::string key = Trim(line.substr(0, equals));
    if (!IsKey(key)) return fail("key '" + key.substr(0, 40) + "' may hold only a-z, 0-9, '_' and '.'");
    if (parsed.count(key) || (earlier && earlier->count(key))) return fail("key '" + key + "' appears twice");
    parsed[key] = Trim(line.substr(equals + 1));
    parsed_where[key] = file + ":" + std::to_string(line_number);
    current_key = key;
  }
  for (auto& entry : parsed) (*out)[entry.first] = std::move(entry.second);
  if (where) {
    for (auto& entry : parsed_where) (*where)[entry.first] = std::move(entry.second);
  }
  return true;
}

std::vector<TextSection> SplitSections(const std::string& contents) {
  std::vector<TextSection> sections(1);
  int line_number = 0;
  size_t pos = contents.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;  // byte-order mark
  while (pos < contents.size()) {
    size_t end = contents.find('\n', pos);
    if (end == std::string::npos) end = contents.size();
    ++line_number;
    // "[name]" at the start of a line, nothing after it but spaces (a key or an indented
    // continuation cannot start with '[').
    const size_t close = contents[pos] == '[' ? contents.find(']', pos) : std::string::npos;
    bool header = close < end && close > pos + 1;
    for (size_t i = pos + 1; header && i < close; ++i) {
      const char c = contents[i];
      header = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    }
    for (size_t i = close + 1; header && i < end; ++i) header = std::isspace(static_cast<unsigned char>(contents[i]));
    if (header) {
      sections.push_back(TextSection{contents.substr(pos + 1, close - pos - 1), line_number + 1, {}});
    } else {
      sections.back().text.append(contents, pos, end - pos).push_back('\n');
    }
    pos = end + 1;
  }
  return sections;
}

bool TextStore::Load(const std::string& file, const std::string& contents) {
  std::map<std::string, std::string> loaded;  // the file's well-formed sections
  std::map<std::string, std::string> where;
  bool ok = true;
  for (const TextSection& section : SplitSections(contents)) {
    std::map<std::string, std::string> parsed;
    TextError error;
    if (!ParseTextFile(file, section.text, &parsed, &error, section.first_line, &loaded, &where)) {
      if (!section.name.empty()) error.message += " (nothing from section [" + section.name + "] is used)";
      errors_.push_back(error);
      ok = false;
      continue;
    }
    for (auto& entry : parsed) loaded.emplace(entry.first, std::move(entry.second));
  }
  for (auto& entry : loaded) {
    where_[entry.first] = where[entry.first];
    entries_[entry.first] = std::move(entry.second);
  }
  return ok;
}

std::string TextStore::Where(const std::string& key) const {
  const auto it = where_.find(key);
  return it != where_.end() ? it->second : std::string();
}

std::vector<std::string> TextStore::Keys() const {
  std::vector<std::string> keys;
  keys.reserve(entries_.size());
  for (const auto& entry : entries_) keys.push_back(entry.first);
  return keys;
}

std::vector<uint32_t> TextStore::NonAsciiCodePoints() const {
  std::vector<uint32_t> found;
  for (const auto& entry : entries_) {
    const std::string& text = entry.second;
    for (size_t i = 0; i < text.size();) {
      uint32_t code = 0;
      const size_t length = Utf8Decode(text, i, &code);
      // Kept in order as they come (a few dozen distinct ones): no sort is needed afterwards.
      if (length > 1) {
        const auto at = std::lower_bound(found.begin(), found.end(), code);
        if (at == found.end() || *at != code) found.insert(at, code);
      }
      i += length > 0 ? length : 1;  // a byte that starts no character is skipped (parsed text has none)
    }
  }
  return found;
}

const std::string& TextStore::Get(const std::string& key) const {
  const auto it = entries_.find(key);
  if (it != entries_.end()) return it->second;
  auto& shown = missing_[key];
  if (shown.empty()) shown = "[" + key + "]";
  return shown;
}

void TextStore::Clear() {
  entries_.clear();
  where_.clear();
  errors_.clear();
  missing_.clear();
}

TextStore& LessonText() {
  static TextStore store;
  return store;
}

const std::string& T(const std::string& key) { return LessonText().Get(key); }

const std::string& T(const char* key) { return LessonText().Get(key); }

std::string Fill(const std::string& text, const TextFields& fields) {
  return FillFields(text, fields.data(), fields.data() + fields.size());
}

std::string Fill(const std::string& text, std::initializer_list<TextField> fields) {
  return FillFields(text, fields.begin(), fields.end());
}

}  // namespace lesson
