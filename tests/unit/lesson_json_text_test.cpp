#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "lesson/json_text.h"

TEST_CASE("a JSON string escapes quotes, backslashes and control characters and keeps UTF-8 as it is") {
  CHECK(lesson::JsonString("") == "\"\"");
  CHECK(lesson::JsonString("say \"0.5\"") == "\"say \\\"0.5\\\"\"");
  CHECK(lesson::JsonString("a\\b") == "\"a\\\\b\"");
  CHECK(lesson::JsonString("one\ntwo\tthree") == "\"one\\ntwo\\tthree\"");
  CHECK(lesson::JsonString(std::string("\x01\x1f", 2)) == "\"\\u0001\\u001f\"");
  CHECK(lesson::JsonString(std::string("nul\0end", 7)) == "\"nul\\u0000end\"");
  CHECK(lesson::JsonString("10 × 0,2 − 1 → «ñ»") == "\"10 × 0,2 − 1 → «ñ»\"");
}

TEST_CASE("a JSON writer places commas and colons, writes numbers to 9 digits and non-finite ones as null") {
  lesson::JsonWriter json;
  json.BeginObject().Key("step").Number(3).Key("time").Number(1.25).Key("names").BeginArray();
  json.String("a\"b").BeginArray().EndArray().BeginObject().EndObject().Number(-0.0).EndArray();
  json.Key("playing").Bool(false).Key("nan").Number(std::nan("")).Key("big").Number(1e300 * 1e300);
  json.Key("third").Number(1.0 / 3.0).Key("rows").BeginArray().BeginArray().Number(1).Number(2).EndArray();
  json.BeginArray().EndArray().EndArray().Key("id").Integer(4294967295LL).EndObject();
  CHECK(json.text() == "{\"step\":3,\"time\":1.25,\"names\":[\"a\\\"b\",[],{},0],\"playing\":false,\"nan\":null,"
                       "\"big\":null,\"third\":0.333333333,\"rows\":[[1,2],[]],\"id\":4294967295}");
  lesson::JsonWriter alone;
  CHECK(alone.String("x").text() == "\"x\"");
}
