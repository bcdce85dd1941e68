#include "lesson/timeline/cues.h"

#include <cstdio>

#include "lesson/scenes/walkthrough/walkthrough.h"

namespace lesson {

std::vector<std::string> CaptionSentences(const std::string& text) {
  std::vector<std::string> sentences;
  const auto add = [&sentences](std::string sentence) {
    if (sentence.find_first_not_of(" \t\n") != std::string::npos) sentences.push_back(std::move(sentence));
  };
  size_t start = 0;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if ((text[i] == '.' || text[i] == '!' || text[i] == '?') && text[i + 1] == ' ') {
      add(text.substr(start, i + 1 - start));
      start = i + 2;
    }
  }
  if (start < text.size()) add(text.substr(start));
  return sentences;
}

std::string CueId(int step, int index) {
  char id[32];
  std::snprintf(id, sizeof id, "step%02d-%d", step, index);
  return id;
}

std::vector<Cue> NarrationCues(const Timeline& timeline, const TextStore& text) {
  std::vector<Cue> cues;
  for (size_t step = 0; step < timeline.steps.size(); ++step) {
    const int number = static_cast<int>(step) + 1;
    int index = 0;
    for (std::string& sentence : CaptionSentences(text.Get(WalkthroughStepKey(static_cast<int>(step), "caption")))) {
      ++index;
      cues.push_back(Cue{number, index, CueId(number, index), std::move(sentence)});
    }
  }
  return cues;
}

}  // namespace lesson
