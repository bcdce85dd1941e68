#include <doctest/doctest.h>

#include <cctype>
#include <string>
#include <vector>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/text_store.h"

using lesson::LessonState;
using lesson::Scene;

namespace {

// What each step must set, written out by hand from the narration's order.
struct Expected {
  Scene scene;
  const char* highlight;
};
const Expected kExpected[] = {
    {Scene::Compare, "compare.keys"},        // a question about a paragraph
    {Scene::Compare, "compare.query"},       // queries, keys and values
    {Scene::Compare, "compare.weights"},     // scores and softmax
    {Scene::Combine, "combine.arithmetic"},  // 2 + 16 = 18
    {Scene::Caveats, "caveats.ablation"},    // read weights with caution
    {Scene::Mask, "mask.causal"},            // distant positions; no looking ahead
    {Scene::Mask, "mask.padding"},           // padding in a batch
    {Scene::Learn, "learn.weights"},         // selective combination, learned
};

}  // namespace

TEST_CASE("the walkthrough opens on the first step with captions off") {
  LessonState state;
  CHECK(state.walkthrough.step == 0);
  CHECK_FALSE(state.walkthrough.captions);
  CHECK(state.highlight.empty());
}

TEST_CASE("the walkthrough has eight steps in the narration's order") {
  REQUIRE(lesson::WalkthroughStepCount() == 8);
  for (int step = 0; step < 8; ++step) {
    CAPTURE(step);
    CHECK(lesson::WalkthroughStepScene(step) == kExpected[step].scene);
    CHECK(std::string(lesson::WalkthroughStepHighlight(step)) == kExpected[step].highlight);
  }
}

TEST_CASE("applying a step sets the step and the highlight but keeps the walkthrough on screen") {
  for (int step = 0; step < 8; ++step) {
    CAPTURE(step);
    LessonState state;
    state.scene = Scene::Walkthrough;
    lesson::ApplyWalkthroughStep(state, step);
    CHECK(state.walkthrough.step == step);
    CHECK(state.highlight == kExpected[step].highlight);
    CHECK(state.scene == Scene::Walkthrough);
  }
}

TEST_CASE("show me switches to the step's scene with its element highlighted") {
  for (int step = 0; step < 8; ++step) {
    CAPTURE(step);
    LessonState state;
    state.scene = Scene::Walkthrough;
    state.walkthrough.step = step;
    lesson::ShowWalkthroughStep(state);
    CHECK(state.scene == kExpected[step].scene);
    CHECK(state.highlight == kExpected[step].highlight);
  }
}

TEST_CASE("the worked-example step restores 10 and 20 with weights 0.2 and 0.8, giving 18") {
  LessonState state;
  lesson::SetFirstValue(state.combine, 50.0);
  lesson::SetSecondValue(state.combine, -3.0);
  lesson::SetSecondWeight(state.combine, 0.5);
  lesson::ApplyWalkthroughStep(state, 3);
  CHECK(state.combine.first_value == 10.0);
  CHECK(state.combine.second_value == 20.0);
  CHECK(state.combine.first_weight == 0.2);
  CHECK(state.combine.second_weight == 0.8);
  // 10 × 0.2 = 2, 20 × 0.8 = 16, 2 + 16 = 18.
  CHECK(lesson::ComputeCombine(state.combine).output == doctest::Approx(18.0));
}

TEST_CASE("the steps about the query and the weights put the Compare scene back as it opens") {
  for (int step : {0, 1, 2}) {
    CAPTURE(step);
    LessonState state;
    lesson::SetQuery(state.compare, {-2.0, 0.5});
    lesson::SetTemperature(state.compare, 4.0);
    state.compare.scaled = false;
    lesson::ApplyWalkthroughStep(state, step);
    CHECK(state.compare.query.x == lesson::CompareScene{}.query.x);
    CHECK(state.compare.query.y == lesson::CompareScene{}.query.y);
    CHECK(state.compare.temperature == 1.0);
    CHECK(state.compare.scaled);
  }
}

TEST_CASE("the causal-mask step shows the causal mask alone") {
  LessonState state;
  lesson::SetPadding(state.mask, true);
  lesson::SetCellBlocked(state.mask, 3, 1, true);
  lesson::ApplyWalkthroughStep(state, 5);
  CHECK(state.mask.causal);
  CHECK_FALSE(state.mask.padding);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 3, 1).learner);
  // Row 2 ("sat") may see positions 0..2 only: position 3 is in its future.
  CHECK(lesson::MaskedBy(state.mask, 2, 3).causal);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 2, 2).Any());
}

TEST_CASE("the padding step shows the padding mask alone, so the words lose their view of <pad>") {
  LessonState state;
  lesson::SetCausal(state.mask, true);
  lesson::ApplyWalkthroughStep(state, 6);
  CHECK(state.mask.padding);
  CHECK_FALSE(state.mask.causal);
  // Row 0 ("the") no longer sees position 6, the first <pad>; with the causal mask on it would
  // have been hidden already and the padding mask would show nothing new.
  CHECK(lesson::MaskedBy(state.mask, 0, 6).padding);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 0, 6).causal);
}

TEST_CASE("the caution step puts every removed word back in the Caveats scene") {
  LessonState state;
  lesson::SetRemoved(state.caveats, 0, true);
  lesson::SetRemoved(state.caveats, 2, true);
  lesson::ApplyWalkthroughStep(state, 4);
  for (int position = 0; position < 4; ++position) {
    CAPTURE(position);
    CHECK_FALSE(state.caveats.removed[static_cast<size_t>(position)]);
  }
}

TEST_CASE("next and back move one step and stop at the ends") {
  LessonState state;
  CHECK_FALSE(lesson::PreviousWalkthroughStep(state));
  CHECK(state.walkthrough.step == 0);
  CHECK(state.highlight.empty());

  CHECK(lesson::NextWalkthroughStep(state));
  CHECK(state.walkthrough.step == 1);
  CHECK(state.highlight == "compare.query");
  CHECK(lesson::PreviousWalkthroughStep(state));
  CHECK(state.walkthrough.step == 0);
  CHECK(state.highlight == "compare.keys");

  for (int i = 0; i < 7; ++i) CHECK(lesson::NextWalkthroughStep(state));
  CHECK(state.walkthrough.step == 7);
  CHECK_FALSE(lesson::NextWalkthroughStep(state));
  CHECK(state.walkthrough.step == 7);
  CHECK(state.highlight == "learn.weights");
}

TEST_CASE("a step number out of range is clamped to the first or last step") {
  LessonState state;
  lesson::ApplyWalkthroughStep(state, -4);
  CHECK(state.walkthrough.step == 0);
  lesson::ApplyWalkthroughStep(state, 99);
  CHECK(state.walkthrough.step == 7);
  CHECK(lesson::WalkthroughStepScene(-1) == Scene::Compare);
  CHECK(lesson::WalkthroughStepScene(1000) == Scene::Learn);

  state.walkthrough.step = -20;  // a state filled by hand
  CHECK(lesson::NextWalkthroughStep(state));
  CHECK(state.walkthrough.step == 0);
}

TEST_CASE("resetting the walkthrough returns to the first step and turns captions off") {
  LessonState state;
  lesson::ApplyWalkthroughStep(state, 5);
  state.walkthrough.captions = true;
  lesson::ResetWalkthrough(state.walkthrough);
  CHECK(state.walkthrough.step == 0);
  CHECK_FALSE(state.walkthrough.captions);
}

TEST_CASE("every step has a title, a text, what to look at and a caption") {
  CHECK(lesson::WalkthroughStepKey(0, "title") == "walkthrough.step1.title");
  CHECK(lesson::WalkthroughStepKey(7, "caption") == "walkthrough.step8.caption");
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  CHECK(store.errors().empty());
  for (int step = 0; step < lesson::WalkthroughStepCount(); ++step) {
    for (const char* part : {"title", "text", "look", "caption"}) {
      const std::string key = lesson::WalkthroughStepKey(step, part);
      CAPTURE(key);
      CHECK(store.Has(key));
    }
  }
}

TEST_CASE("the worked-example step's words carry the narration's numbers") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  const std::string text = store.Get("walkthrough.step4.text");
  const std::string caption = store.Get("walkthrough.step4.caption");
  for (const char* number : {"10", "20", "0.2", "0.8", "2", "16", "18"}) {
    CAPTURE(number);
    CHECK(text.find(number) != std::string::npos);
    CHECK(caption.find(number) != std::string::npos);
  }
  CHECK(store.Get("walkthrough.step4.title").find("2 + 16 = 18") != std::string::npos);
}

TEST_CASE(
    "the captions tell the narration in its order: worked example, caution, distant positions and masks, selective "
    "combination") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  // One phrase of each part of the lesson's narration, in the narration's order; each must open
  // a later step than the one before.
  const char* phrases[] = {"asks a question about a paragraph",
                           "queries, keys, and values",
                           "A common attention method uses softmax",
                           "Suppose the values are",
                           "The second value has more influence",
                           "connect distant positions",
                           "selective combination"};
  int previous = -1;
  for (const char* phrase : phrases) {
    CAPTURE(phrase);
    int found = -1;
    for (int step = 0; step < lesson::WalkthroughStepCount() && found < 0; ++step) {
      if (store.Get(lesson::WalkthroughStepKey(step, "caption")).find(phrase) != std::string::npos) found = step;
    }
    CHECK(found > previous);
    previous = found;
  }
}

TEST_CASE("the worked-example caption's products and sum are the Combine scene's, computed by the core") {
  lesson::TextStore store;
  lesson::LoadBuiltInText(store);
  // "Suppose the values are A and B, and their weights are W1 and W2. A times W1 gives P1. B times
  // W2 gives P2. Add them, and the result is S."
  const std::string caption = store.Get("walkthrough.step4.caption");
  std::vector<double> numbers;
  for (size_t i = 0; i < caption.size();) {
    if (std::isdigit(static_cast<unsigned char>(caption[i]))) {
      size_t used = 0;
      numbers.push_back(std::stod(caption.substr(i), &used));
      i += used;
    } else {
      ++i;
    }
  }
  REQUIRE(numbers.size() == 11);
  LessonState state;
  lesson::ApplyWalkthroughStep(state, 3);
  const attention::Combination result = lesson::ComputeCombine(state.combine);
  CHECK(numbers[0] == state.combine.first_value);
  CHECK(numbers[1] == state.combine.second_value);
  CHECK(numbers[2] == state.combine.first_weight);
  CHECK(numbers[3] == state.combine.second_weight);
  CHECK(numbers[4] == state.combine.first_value);
  CHECK(numbers[5] == state.combine.first_weight);
  CHECK(numbers[6] == doctest::Approx(state.combine.first_value * state.combine.first_weight));
  CHECK(numbers[7] == state.combine.second_value);
  CHECK(numbers[8] == state.combine.second_weight);
  CHECK(numbers[9] == doctest::Approx(state.combine.second_value * state.combine.second_weight));
  CHECK(numbers[10] == doctest::Approx(result.output));
}
