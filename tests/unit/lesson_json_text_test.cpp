#include <doctest/doctest.h>

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
