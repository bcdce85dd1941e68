// libFuzzer target: lesson::ParseTextFile and TextStore::Load (a file of [sections]) on arbitrary
// file contents. On failure the output map must be left unchanged, and every error must name a
// line of the file.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "lesson/text_store.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string contents(reinterpret_cast<const char*>(data), size);
  const int lines = static_cast<int>(std::count(contents.begin(), contents.end(), '\n')) + 1;
  lesson::TextStore store;
  store.Load("fuzz.txt", contents);
  for (const lesson::TextError& section_error : store.errors()) {
    if (section_error.line < 1 || section_error.line > lines || section_error.message.empty()) {
      std::fprintf(stderr, "fuzz_lesson_text: a section error outside the file: '%s'\n",
                   section_error.ToString().c_str());
      std::abort();
    }
  }

  std::map<std::string, std::string> entries = {{"sentinel.key", "kept"}};
  lesson::TextError error;
  if (lesson::ParseTextFile("fuzz.txt", contents, &entries, &error)) return 0;

  if (entries.size() != 1 || entries.count("sentinel.key") != 1 || entries["sentinel.key"] != "kept") {
    std::fprintf(stderr, "fuzz_lesson_text: a failed parse changed the output map\n");
    std::abort();
  }
  if (error.line < 1 || error.message.empty()) {
    std::fprintf(stderr, "fuzz_lesson_text: error without a line or message: '%s'\n", error.ToString().c_str());
    std::abort();
  }
  return 0;
}
