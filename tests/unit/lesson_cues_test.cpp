// The narration's cues (lesson/timeline/cues.h): each step's caption cut into sentences, with ids
// that read as the step and the sentence and stay put when another sentence's wording changes.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/text_store.h"
#include "lesson/timeline/cues.h"
#include "lesson/timeline/timeline.h"

namespace {

lesson::TextStore English() {
  lesson::TextStore english;
  lesson::LoadBuiltInText(english);
  return english;
}

std::vector<std::string> Ids(const std::vector<lesson::Cue>& cues) {
  std::vector<std::string> ids;
  for (const lesson::Cue& cue : cues) ids.push_back(cue.id);
  return ids;
}

}  // namespace

TEST_CASE("a caption is cut into sentences at a full stop, a question or an exclamation mark and a space") {
  using V = std::vector<std::string>;
  CHECK(lesson::CaptionSentences("One. Two? Three! Four") == V{"One.", "Two?", "Three!", "Four"});
  CHECK(lesson::CaptionSentences("The weights are 0.2 and 0.8. Then 10 times 0.2 gives 2.") ==
        V{"The weights are 0.2 and 0.8.", "Then 10 times 0.2 gives 2."});
  CHECK(lesson::CaptionSentences("Los pesos son 0,2 y 0,8. ¿Y después? Nada.") ==
        V{"Los pesos son 0,2 y 0,8.", "¿Y después?", "Nada."});
  CHECK(lesson::CaptionSentences("Ends with a space. ") == V{"Ends with a space."});
  CHECK(lesson::CaptionSentences("A stop.  Two spaces.") == V{"A stop.", " Two spaces."});
  CHECK(lesson::CaptionSentences("").empty());
  CHECK(lesson::CaptionSentences("   ").empty());
  CHECK(lesson::CaptionSentences("No stop at the end") == V{"No stop at the end"});
}

TEST_CASE("a cue's id names its step in two digits and its sentence") {
  CHECK(lesson::CueId(3, 2) == "step03-2");
  CHECK(lesson::CueId(1, 1) == "step01-1");
  CHECK(lesson::CueId(12, 10) == "step12-10");
}

TEST_CASE("the lesson's cues are every step's caption, sentence by sentence, in order, with unique ids") {
  const lesson::TextStore english = English();
  REQUIRE(english.errors().empty());
  const lesson::Timeline timeline = lesson::BuildTimeline(english);
  const std::vector<lesson::Cue> cues = lesson::NarrationCues(english);
  REQUIRE(timeline.steps.size() == 8);
  REQUIRE(cues.size() >= timeline.steps.size());
  std::set<std::string> ids;
  int step = 1, index = 0;
  std::string said;  // the step's sentences so far
  for (size_t i = 0; i <= cues.size(); ++i) {
    if (i == cues.size() || cues[i].step != step) {
      // The sentences of a step, joined by a space, are its caption.
      CHECK(said == english.Get(lesson::WalkthroughStepKey(step - 1, "caption")));
      if (i == cues.size()) break;
      CHECK(cues[i].step == step + 1);  // no step without a cue
      ++step;
      index = 0;
      said.clear();
    }
    const lesson::Cue& cue = cues[i];
    CHECK(cue.index == ++index);
    CHECK(cue.id == lesson::CueId(cue.step, cue.index));
    CHECK(ids.insert(cue.id).second);
    CHECK(!cue.text.empty());
    said += (said.empty() ? "" : " ") + cue.text;
  }
  CHECK(step == 8);
  // The worked example's numbers stay inside their sentences.
  bool found = false;
  for (const lesson::Cue& cue : cues) found = found || cue.text == "Suppose the values are 10 and 20, and their weights are 0.2 and 0.8.";
  CHECK(found);
  CHECK(cues.front().id == "step01-1");
}

TEST_CASE("rewording a sentence keeps every id; a sentence added to a step adds one id at that step's end") {
  const lesson::TextStore english = English();
  const std::vector<lesson::Cue> before = lesson::NarrationCues(english);

  lesson::TextStore reworded = English();
  const std::string key = lesson::WalkthroughStepKey(2, "caption");
  std::vector<std::string> sentences = lesson::CaptionSentences(english.Get(key));
  REQUIRE(sentences.size() >= 2);
  sentences[0] = "The model weighs a query against the keys.";
  std::string caption;
  for (const std::string& sentence : sentences) caption += (caption.empty() ? "" : " ") + sentence;
  REQUIRE(reworded.Load("author.txt", key + " = " + caption + "\n"));
  const std::vector<lesson::Cue> after = lesson::NarrationCues(reworded);
  CHECK(Ids(after) == Ids(before));
  size_t changed = 0;
  for (size_t i = 0; i < before.size(); ++i) changed += before[i].text != after[i].text;
  CHECK(changed == 1);

  lesson::TextStore longer = English();
  REQUIRE(longer.Load("author.txt", key + " = " + english.Get(key) + " One more sentence.\n"));
  const std::vector<lesson::Cue> added = lesson::NarrationCues(longer);
  REQUIRE(added.size() == before.size() + 1);
  std::vector<std::string> expected = Ids(before);
  size_t last_of_step3 = 0;
  for (size_t i = 0; i < before.size(); ++i) {
    if (before[i].step == 3) last_of_step3 = i;
  }
  expected.insert(expected.begin() + static_cast<std::ptrdiff_t>(last_of_step3) + 1,
                  lesson::CueId(3, before[last_of_step3].index + 1));
  CHECK(Ids(added) == expected);
  CHECK(added[last_of_step3 + 1].text == "One more sentence.");
}

TEST_CASE("a step whose caption is missing still has a cue: the key in brackets, as the widget shows it") {
  lesson::TextStore only_play;  // no captions at all
  const lesson::Timeline timeline = lesson::BuildTimeline(only_play);
  const std::vector<lesson::Cue> cues = lesson::NarrationCues(only_play);
  REQUIRE(cues.size() == timeline.steps.size());
  CHECK(cues[0].text == "[walkthrough.step1.caption]");
  CHECK(cues[0].id == "step01-1");
}
