#include "lesson/text_store.h"

#include <cctype>

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
  size_t i = 0;
  while (i < line.size()) {
    const auto byte = static_cast<unsigned char>(line[i]);
    int extra = 0;
    if (byte < 0x80) extra = 0;
    else if ((byte & 0xE0) == 0xC0 && byte >= 0xC2) extra = 1;
    else if ((byte & 0xF0) == 0xE0) extra = 2;
    else if ((byte & 0xF8) == 0xF0 && byte <= 0xF4) extra = 3;
    else return false;
    for (int k = 1; k <= extra; ++k) {
      if (i + static_cast<size_t>(k) >= line.size()) return false;
      if ((static_cast<unsigned char>(line[i + static_cast<size_t>(k)]) & 0xC0) != 0x80) return false;
    }
    i += static_cast<size_t>(extra) + 1;
  }
  return true;
}

}  // namespace

std::string TextError::ToString() const { return file + ":" + std::to_string(line) + ": " + message; }

bool ParseTextFile(const std::string& file, const std::string& contents, std::map<std::string, std::string>* out,
                   TextError* error) {
  std::map<std::string, std::string> parsed;
  std::string current_key;
  int line_number = 0;
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
    if (line_number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);  // byte-order mark
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
    if (parsed.count(key)) return fail("key '" + key + "' appears twice");
    parsed[key] = Trim(line.substr(equals + 1));
    current_key = key;
  }
  for (auto& entry : parsed) (*out)[entry.first] = std::move(entry.second);
  return true;
}

bool TextStore::Load(const std::string& file, const std::string& contents) {
  TextError error;
  if (!ParseTextFile(file, contents, &entries_, &error)) {
    errors_.push_back(error);
    return false;
  }
  return true;
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
  errors_.clear();
  missing_.clear();
}

TextStore& LessonText() {
  static TextStore store;
  return store;
}

const std::string& T(const std::string& key) { return LessonText().Get(key); }

std::string Fill(const std::string& text, const TextFields& fields) {
  std::string out = text;
  for (const auto& field : fields) {
    const std::string pattern = std::string("{") + field.first + "}";
    size_t at = 0;
    while ((at = out.find(pattern, at)) != std::string::npos) {
      out.replace(at, pattern.size(), field.second);
      at += field.second.size();
    }
  }
  return out;
}

}  // namespace lesson
