// libFuzzer target: lesson::ParseTextFile and TextStore::Load (a file of [sections]) on arbitrary
// file contents. On failure the output map must be left unchanged, and every error must name a
// line of the file. The walkthrough's timeline built from the file (its play lines) must have
// every step, finite lengths, its errors on lines of the file, and give a state at any time that
// a link can carry and read back. The same contents read as the narration's cue lengths
// (ParseCueAudio) give only finite lengths in range; the timeline with those lengths for the file's
// own sentences has its cues in order, each inside its step.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "lesson/timeline/timeline.h"

namespace {

[[noreturn]] void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_lesson_text: %s: '%s'\n", what, detail.c_str());
  std::abort();
}

void CheckTimeline(const lesson::TextStore& store, int lines, const std::string& contents) {
  const std::vector<lesson::CueAudio> lengths = lesson::ParseCueAudio(contents);
  std::vector<lesson::CueAudio> audio;
  for (const lesson::CueAudio& cue : lengths) {
    if (!std::isfinite(cue.seconds) || cue.seconds <= 0.0 || cue.seconds > lesson::kCueAudioMaxSeconds || cue.id.empty()) {
      Fail("a cue length out of range", cue.id);
    }
  }
  if (!lengths.empty()) {
    size_t i = 0;
    for (const lesson::Cue& cue : lesson::NarrationCues(store)) {
      if (i % 3 != 2) audio.push_back(lesson::CueAudio{cue.id, cue.text, lengths[i % lengths.size()].seconds});
      ++i;
    }
  }
  const lesson::Timeline timeline = lesson::BuildTimeline(store, nullptr, &audio);
  double previous = 0.0;
  for (const lesson::TimelineCue& cue : timeline.cues) {
    const lesson::TimelineStep& step = timeline.steps.at(static_cast<size_t>(cue.cue.step - 1));
    if (!(cue.start >= previous - 1e-9 && cue.end >= cue.start && cue.start >= step.start - 1e-9 &&
          cue.end <= step.start + step.duration + 1e-9)) {
      Fail("a cue out of order or outside its step", cue.cue.id);
    }
    previous = cue.end;
  }
  if (static_cast<int>(timeline.steps.size()) != lesson::WalkthroughStepCount()) Fail("a timeline without every step", "");
  if (!std::isfinite(timeline.duration) || timeline.duration <= 0.0) Fail("a timeline's length", std::to_string(timeline.duration));
  for (const lesson::TextError& error : timeline.errors) {
    if (error.file != "fuzz.txt" || error.line < 1 || error.line > lines) Fail("a timeline error outside the file", error.ToString());
  }
  for (const double t : {0.0, timeline.duration * 0.37, timeline.duration}) {
    lesson::LessonState state;
    lesson::EvaluateTimeline(timeline, t, false, &state);
    lesson::LessonState back;
    std::string warning;
    if (!lesson::DecodeState(lesson::EncodeState(state), &back, &warning)) Fail("a timeline state a link cannot carry", warning);
  }
}

}  // namespace

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
  CheckTimeline(store, lines, contents);

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
