// attention_cues: the narration's cues of a locale as JSON, for the build's narration step
// (scripts/narration/, docs/narration.md): one entry per sentence of each walkthrough step's
// caption, cut and named as the captions are (lesson/timeline/cues.h), so every audio file is
// named and worded by the same list as the captions. Needs only the lesson library.

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lesson/json_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "lesson/timeline/cues.h"
#include "lesson/timeline/timeline.h"

namespace {

const char kUsage[] =
    "usage: attention_cues LESSON_TXT [TRANSLATION_TXT]\n"
    "  prints the narration's cues of the lesson, with the words of LESSON_TXT (or of\n"
    "  TRANSLATION_TXT, a locale's lesson file, over them), as a JSON array on stdout:\n"
    "  [{\"id\": \"step01-1\", \"step\": 1, \"text\": \"...\"}, ...], one entry per sentence of each\n"
    "  walkthrough step's caption, in order\n"
    "  exit 0: printed; 1: a lesson file is malformed (stderr says where);\n"
    "  2: reading failed, or the command line is wrong\n";

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  if (argc != 2 && argc != 3) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  lesson::TextStore text;
  std::vector<std::string> warnings;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "error: cannot read %s\n", argv[i]);
      return 2;
    }
    std::ostringstream contents;
    contents << in.rdbuf();
    if (i == 1) {
      text.Load(argv[i], contents.str());
    } else {
      warnings = lesson::LoadTranslation(text, argv[i], contents.str());
    }
  }
  // A key the translation lacks is said in English, as the widget shows it; a malformed file gives
  // no cues at all, as a cue list with a section missing would name the wrong sentences.
  for (const std::string& warning : warnings) std::fprintf(stderr, "warning: %s\n", warning.c_str());
  for (const lesson::TextError& error : text.errors()) std::fprintf(stderr, "error: %s\n", error.ToString().c_str());
  if (!text.errors().empty()) return 1;

  lesson::JsonWriter json;
  json.BeginArray();
  for (const lesson::Cue& cue : lesson::NarrationCues(lesson::BuildTimeline(text), text)) {
    json.BeginObject().Key("id").String(cue.id).Key("step").Integer(cue.step).Key("text").String(cue.text).EndObject();
  }
  json.EndArray();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return std::fflush(stdout) == 0 ? 0 : 2;
}
