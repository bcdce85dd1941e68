#include "tools/lesson_files.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "lesson/locale.h"

namespace tools {

int LoadLessonFiles(const char* lesson_file, const char* translation_file, lesson::TextStore& text) {
  std::vector<std::string> warnings;
  for (const char* file : {lesson_file, translation_file}) {
    if (file == nullptr) continue;
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "error: cannot read %s\n", file);
      return 2;
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    if (file == lesson_file) {
      text.Load(file, contents.str());
    } else {
      warnings = lesson::LoadTranslation(text, file, contents.str());
    }
  }
  // A key the translation lacks is in English, as the widget shows it.
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  for (const lesson::TextError& error : text.errors()) std::fprintf(stderr, "error: %s\n", error.ToString().c_str());
  return text.errors().empty() ? 0 : 1;
}

}  // namespace tools
