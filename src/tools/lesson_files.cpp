#include "tools/lesson_files.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "lesson/locale.h"

namespace tools {

int LoadLessonFiles(const char* lesson_file, const char* translation_file, lesson::TextStore& text) {
  std::vector<std::string> warnings;
  for (const char* given : {lesson_file, translation_file}) {
    if (given == nullptr) continue;
    // The file, then the Go-further words beside it (further.txt), where they are.
    const std::string path = given;
    const size_t slash = path.find_last_of('/');
    const std::string further = (slash == std::string::npos ? "" : path.substr(0, slash + 1)) + lesson::kFurtherFileName;
    for (const std::string& file : {std::string(given), further}) {
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        if (file == further) continue;
        std::fprintf(stderr, "error: cannot read %s\n", file.c_str());
        return 2;
      }
      std::ostringstream contents;
      contents << in.rdbuf();
      if (given == lesson_file) {
        text.Load(file, contents.str());
      } else {
        for (std::string& warning : lesson::LoadTranslation(text, file, contents.str())) warnings.push_back(std::move(warning));
      }
    }
  }
  // A key the translation lacks is in English, as the widget shows it.
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  for (const lesson::TextError& error : text.errors()) std::fprintf(stderr, "error: %s\n", error.ToString().c_str());
  return text.errors().empty() ? 0 : 1;
}

}  // namespace tools
