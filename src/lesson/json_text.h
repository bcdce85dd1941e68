#pragma once
// JSON, as the widget writes it: every structured message it sends its page (docs/architecture.md
// lists them) and the stills tool's file. One escaper and one writer; the page reads each message
// with JSON.parse.

#include <string>

namespace lesson {

// `text` (UTF-8) as a JSON string with its quotes: '"' and '\' escaped, \n and \t as such, other
// control characters as \u00XX; every other byte as it is.
std::string JsonString(const std::string& text);

// One JSON value written in order, commas placed for the caller:
//   JsonWriter json;
//   json.BeginObject().Key("step").Number(3).Key("names").BeginArray().String("a").EndArray().EndObject();
//   json.text() == R"({"step":3,"names":["a"]})"
// A number that is not finite is written as null (JSON has no NaN or infinity).
class JsonWriter {
 public:
  JsonWriter& BeginObject();
  JsonWriter& EndObject();
  JsonWriter& BeginArray();
  JsonWriter& EndArray();
  JsonWriter& Key(const char* key);
  JsonWriter& String(const std::string& text);
  JsonWriter& Number(double value);  // up to 9 significant digits
  JsonWriter& Integer(long long value);  // every digit (an ImGui id has 10)
  JsonWriter& Bool(bool value);
  const std::string& text() const { return out_; }

 private:
  void BeforeValue();
  std::string out_;
  bool comma_ = false;  // a value or member came before at this level
};

}  // namespace lesson
