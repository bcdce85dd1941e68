#pragma once
// Reading back the widget's prediction events (lesson::PredictionEventJson) in tests: the value of
// one key of the flat JSON object, a string's characters (\" and \\ unescaped) or a literal's text.
#include <string>

namespace test_events {

inline std::string Field(const std::string& json, const std::string& key) {
  const std::string marker = "\"" + key + "\":";
  const size_t at = json.find(marker);
  if (at == std::string::npos) return "<no " + key + ">";
  size_t i = at + marker.size();
  std::string value;
  if (i < json.size() && json[i] == '"') {
    for (++i; i < json.size() && json[i] != '"'; ++i) {
      if (json[i] == '\\' && i + 1 < json.size()) ++i;
      value += json[i];
    }
    return value;
  }
  while (i < json.size() && json[i] != ',' && json[i] != '}') value += json[i++];
  return value;
}

inline double Number(const std::string& json, const std::string& key) { return std::stod(Field(json, key)); }

}  // namespace test_events
