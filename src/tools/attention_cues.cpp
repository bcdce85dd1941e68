// attention_cues: the narration's cues of a locale as JSON, for the build's narration step
// (scripts/narration/, docs/narration.md): one entry per sentence of each walkthrough step's
// caption, cut and named as the captions are (lesson/timeline/cues.h), so every audio file is
// named and worded by the same list as the captions. Needs only the lesson library.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "lesson/json_text.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "lesson/timeline/cues.h"
#include "lesson/timeline/timeline.h"
#include "tools/lesson_files.h"

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
  // A malformed file gives no cues at all: a cue list with a section missing would name the wrong
  // sentences.
  lesson::TextStore text;
  if (const int failed = tools::LoadLessonFiles(argv[1], argc == 3 ? argv[2] : nullptr, text)) return failed;

  lesson::JsonWriter json;
  json.BeginArray();
  for (const lesson::Cue& cue : lesson::NarrationCues(text)) {
    json.BeginObject().Key("id").String(cue.id).Key("step").Integer(cue.step).Key("text").String(cue.text).EndObject();
  }
  json.EndArray();
  std::fputs(json.text().c_str(), stdout);
  std::fputs("\n", stdout);
  return std::fflush(stdout) == 0 ? 0 : 2;
}
