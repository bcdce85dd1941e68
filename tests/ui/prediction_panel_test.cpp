// Predict, then see, in the real panels: each scene with a reveal asks first, hides its answer
// while it asks, takes a pick on its picture and a confidence, reveals with the guess beside the
// result and the line that explains it, and lets the learner skip.
#include <doctest/doctest.h>

#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/compare_panel.h"
#include "ui/quiz_panel.h"
#include "ui/widget.h"
#include "ui_harness.h"
#include "../unit/event_fields.h"

using lesson::Confidence;
using lesson::LessonState;
using lesson::Outcome;
using lesson::Question;
using test_events::Field;
using ui_test::NodeNamed;
using ui_test::UiHarness;
using ui_test::Width;

namespace {

void EnsureLessonText() {
  if (!lesson::LessonText().Has("predict.compare.strongest.question")) {
    lesson::LessonText() = lesson::TextStore();
    lesson::LoadBuiltInText(lesson::LessonText());
  }
}

// The whole widget on `scene`, `width` x `height`, drawn three frames as it opens.
struct Widget {
  Widget(lesson::Scene scene, float width, float height) : ui(width, height) {
    state.scene = scene;
    ui.Frames(3, draw);
  }
  LessonState state;
  UiHarness ui;
  UiHarness::DrawFn draw = [this] { ui::DrawWidget(state, ui.ctx); };
};

}  // namespace

TEST_CASE("compare asks which key gets the most weight, and shows no weight until the learner answers") {
  EnsureLessonText();
  for (const float width : {1280.0f, 390.0f}) {
    CAPTURE(width);
    Widget widget(lesson::Scene::Compare, width, 1600.0f);
    LessonState& state = widget.state;
    UiHarness& ui = widget.ui;
    const UiHarness::DrawFn& draw = widget.draw;
    ui_test::CheckLaidOut(ui.ctx);
    CHECK(ui.Has("predict.compare.strongest.question"));
    CHECK_FALSE(ui.Has("compare.numbers"));  // "Show the numbers" would give it away
    CHECK_FALSE(ui.Has("compare.output_marker"));
    for (int k = 0; k < lesson::kCompareKeyCount; ++k) {
      CAPTURE(k);
      CHECK(Width(ui.Item(("compare.weight" + std::to_string(k)).c_str())) == 0.0f);
      // Each key is a choice on the strip, for the pointer and the screen reader alike.
      const ui::AccessNode* radio =
          NodeNamed(ui.ctx, lesson::T("compare.key" + std::to_string(k)), ui::AccessRole::Radio);
      REQUIRE(radio != nullptr);
      CHECK(radio->checked == 0);
    }
    // The confidences commit a pick: there is none yet.
    const ui::AccessNode* sure = NodeNamed(ui.ctx, lesson::T("predict.sure"), ui::AccessRole::Button);
    REQUIRE(sure != nullptr);
    CHECK(sure->disabled);
    ui.Click(ui.Item("predict.compare.strongest.sure").Center(), draw);
    CHECK(lesson::Asking(state, Question::CompareStrongest));
    CHECK(state.predictions.events.empty());
  }
}

TEST_CASE("a tap on a key and a confidence reveal the weights beside the guess, with the line explaining them") {
  EnsureLessonText();
  LessonState state;
  UiHarness ui(1280.0f, 1600.0f);
  ui.ctx.reduced_motion = true;  // the bars jump to their lengths: measured at once
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  // A wrong guess: the shop key.
  ui.Click(ui.Item("predict.compare.strongest.pick3").Center(), draw);
  CHECK(lesson::PredictionFor(state, Question::CompareStrongest).pick == 2);
  ui.Frames(2, draw);
  CHECK(NodeNamed(ui.ctx, lesson::T("compare.key2"), ui::AccessRole::Radio)->checked == 1);
  CHECK_FALSE(NodeNamed(ui.ctx, lesson::T("predict.sure"), ui::AccessRole::Button)->disabled);
  ui.Click(ui.Item("predict.compare.strongest.think-so").Center(), draw);
  ui.Frames(3, draw);
  const lesson::Prediction& p = lesson::PredictionFor(state, Question::CompareStrongest);
  CHECK(p.outcome == Outcome::Wrong);
  CHECK(p.confidence == Confidence::ThinkSo);
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "prediction") == lesson::T("compare.key2"));
  CHECK(test_events::Number(state.predictions.events[0], "latency") > 0.0);
  // The weights show, each bar as long as its weight, and the output's marker.
  const lesson::CompareResult result = lesson::ComputeCompare(state.compare);
  const float track = Width(ui.Item("compare.weight1")) / static_cast<float>(result.weights[1]);
  for (int k = 0; k < lesson::kCompareKeyCount; ++k) {
    CAPTURE(k);
    CHECK(Width(ui.Item(("compare.weight" + std::to_string(k)).c_str())) ==
          doctest::Approx(static_cast<double>(track) * result.weights[static_cast<size_t>(k)]).epsilon(0.01));
  }
  CHECK(ui.Has("compare.output_marker"));
  CHECK(ui.Has("compare.numbers"));
  CHECK(ui.Has("predict.compare.strongest.verdict"));
  CHECK_FALSE(ui.Has("predict.compare.strongest.question"));
  CHECK_FALSE(ui.Has("predict.compare.strongest.pick1"));
  // "Ask me again" opens the question anew.
  ui.Click(ui.Item("predict.compare.strongest.again").Center(), draw);
  ui.Frames(2, draw);
  CHECK(lesson::Asking(state, Question::CompareStrongest));
  CHECK(ui.Has("predict.compare.strongest.question"));
}

TEST_CASE("a learner can skip the question, and every control works while it is open") {
  EnsureLessonText();
  LessonState state;
  UiHarness ui(1280.0f, 1600.0f);
  const auto draw = ui_test::InFullWindow(ui.ctx, "compare", [&] { ui::DrawComparePanel(state, ui.ctx); });
  ui.Frames(3, draw);
  // The query still turns while the question waits (the scene never locks): the panel's first tab stop.
  ui.PressKey(ImGuiKey_Tab, draw);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  CHECK(state.compare.query.x == doctest::Approx(1.1));
  ui.Click(ui.Item("predict.compare.strongest.skip").Center(), draw);
  ui.Frames(2, draw);
  CHECK(lesson::PredictionFor(state, Question::CompareStrongest).outcome == Outcome::Skipped);
  CHECK(ui.Has("compare.numbers"));
  CHECK(ui.Has("compare.output_marker"));
  CHECK_FALSE(ui.Has("predict.compare.strongest.verdict"));
  CHECK(ui.Has("predict.compare.strongest.again"));
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "skipped") == "true");
}

TEST_CASE("a screen reader's keys pick and commit: Tab to a key, Space, then a confidence") {
  EnsureLessonText();
  Widget widget(lesson::Scene::Compare, 1280.0f, 1600.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  const ui::AccessNode* bus = NodeNamed(ui.ctx, lesson::T("compare.key1"), ui::AccessRole::Radio);
  REQUIRE(bus != nullptr);
  REQUIRE(ui::FocusAccessControl(ui.ctx, bus->id));
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(lesson::PredictionFor(state, Question::CompareStrongest).pick == 1);
  ui.Frames(2, draw);
  const ui::AccessNode* sure = NodeNamed(ui.ctx, lesson::T("predict.sure"), ui::AccessRole::Button);
  REQUIRE(sure != nullptr);
  REQUIRE(ui::FocusAccessControl(ui.ctx, sure->id));
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(lesson::PredictionFor(state, Question::CompareStrongest).outcome == Outcome::Right);
}

TEST_CASE("the walkthrough's pictures and an author's widget without predictions ask nothing") {
  EnsureLessonText();
  LessonState state;
  UiHarness ui(1280.0f, 1600.0f);
  const auto picture = ui_test::InFullWindow(ui.ctx, "picture", [&] { ui::DrawComparePicture(state, ui.ctx); });
  ui.Frames(2, picture);
  CHECK(Width(ui.Item("compare.weight1")) > 0.0f);
  CHECK_FALSE(ui.Has("predict.compare.strongest.pick1"));
  state.predictions.ask = false;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  CHECK_FALSE(ui.Has("predict.compare.strongest.question"));
  CHECK(ui.Has("compare.numbers"));
}

TEST_CASE("the quick check ends with the learner's record of predictions") {
  EnsureLessonText();
  Widget widget(lesson::Scene::Quiz, 1280.0f, 3000.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  CHECK(ui.Has("quiz.record"));
  lesson::PickChoice(state, Question::CompareStrongest, 1);
  lesson::CommitPrediction(state, Question::CompareStrongest, Confidence::Sure, 1.0);
  CHECK(lesson::RecordText(state).find("When sure: 1 of 1 right.") != std::string::npos);
  // Checking a quick-check answer is told to the host as a prediction is.
  state.predictions.events.clear();
  ui.Click(ui.Item("quiz.q1.choice2").Center(), draw);
  ui.Click(ui.Item("quiz.q1.reveal").Center(), draw);
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "question") == "quiz.q1");
  CHECK(Field(state.predictions.events[0], "correct") == "true");
  CHECK(test_events::Number(state.predictions.events[0], "latency") > 0.0);
}

TEST_CASE("combine asks where the output lands: the learner drags a marker, and the fulcrum slides from it") {
  EnsureLessonText();
  for (const float width : {1280.0f, 390.0f}) {
    CAPTURE(width);
    Widget widget(lesson::Scene::Combine, width, 1600.0f);
    LessonState& state = widget.state;
    UiHarness& ui = widget.ui;
    const UiHarness::DrawFn& draw = widget.draw;
    ui_test::CheckLaidOut(ui.ctx);
    CHECK(ui.Has("predict.combine.output.question"));
    CHECK_FALSE(ui.Has("combine.fulcrum"));
    CHECK_FALSE(ui.Has("combine.number_line.output"));
    REQUIRE(ui.Has("combine.guess"));
    const ui::AccessNode* guess = NodeNamed(ui.ctx, lesson::T("predict.combine.output.guess"), ui::AccessRole::Slider);
    REQUIRE(guess != nullptr);
    CHECK(guess->lo == 10.0);
    CHECK(guess->hi == 20.0);
    // Dragged from halfway toward the second value, by the beam's own scale: 10 at its tick, 20 at its.
    const float x10 = ui.Item("combine.tick.first").min.x;
    const float x20 = ui.Item("combine.tick.second").min.x;
    const ImVec2 from = ui.Item("combine.guess").Center();
    ui.Drag(from, ImVec2(x10 + 0.6f * (x20 - x10), from.y), draw);
    const lesson::Prediction& p = lesson::PredictionFor(state, Question::CombineOutput);
    CHECK(p.Guessed());
    CHECK(p.value == doctest::Approx(16.0).epsilon(0.01));
    ui.Frames(2, draw);
    ui.Click(ui.Item("predict.combine.output.sure").Center(), draw);
    ui.Frames(3, draw);
    CHECK(p.outcome == Outcome::Wrong);  // 16 is 2 from 18: outside a twentieth of 10
    CHECK(ui.Has("combine.fulcrum"));
    CHECK(ui.Has("combine.guess"));  // the guess stays beside the result
    CHECK(ui.Has("predict.combine.output.verdict"));
  }
}

TEST_CASE("combine's guess steps with the arrow keys, as a slider does") {
  EnsureLessonText();
  Widget widget(lesson::Scene::Combine, 1280.0f, 1600.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  const ui::AccessNode* guess = NodeNamed(ui.ctx, lesson::T("predict.combine.output.guess"), ui::AccessRole::Slider);
  REQUIRE(guess != nullptr);
  REQUIRE(ui::FocusAccessControl(ui.ctx, guess->id));
  ui.Frames(2, draw);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  const lesson::Prediction& p = lesson::PredictionFor(state, Question::CombineOutput);
  CHECK(p.Guessed());
  CHECK(p.value == doctest::Approx(15.5));  // a twentieth of 10..20 from halfway
  ui.PressKey(ImGuiKey_LeftArrow, draw);
  ui.PressKey(ImGuiKey_LeftArrow, draw);
  CHECK(p.value == doctest::Approx(14.5));
}

TEST_CASE("mask asks which keys the causal mask cuts: ticked on the key column, revealed by the mask itself") {
  EnsureLessonText();
  for (const float width : {1280.0f, 390.0f}) {
    CAPTURE(width);
    Widget widget(lesson::Scene::Mask, width, 2000.0f);
    LessonState& state = widget.state;
    UiHarness& ui = widget.ui;
    const UiHarness::DrawFn& draw = widget.draw;
    ui_test::CheckLaidOut(ui.ctx);
    CHECK(ui.Has("predict.mask.causal.question"));
    int boxes = 0;
    for (const ui::AccessNode& node : ui.ctx.access.nodes) {
      if (node.role == ui::AccessRole::Checkbox && node.name.find("(") != std::string::npos && node.name[0] == '\xE2') ++boxes;
    }
    CHECK(boxes == lesson::kMaskTokenCount);  // “the” (1) ... “<pad>” (8)
    // On a phone the heatmap waits for the reveal: the row that commits comes right under the keys.
    CHECK(ui.Has("mask.heatmap") == (width > 800.0f));
    if (width < 800.0f) CHECK(ui.Item("predict.mask.causal.sure").min.y - ui.Item("mask.lines").max.y < 80.0f);
    // "sat" is the query: the learner ticks on, the, mat and the two pads.
    for (int key = 3; key < lesson::kMaskTokenCount; ++key) {
      ui.Click(ui.Item(("predict.mask.causal.pick" + std::to_string(key + 1)).c_str()).Center(), draw);
    }
    CHECK(lesson::PredictionFor(state, Question::MaskCausal).picks == 0xF8u);
    ui.Frames(2, draw);
    ui.Click(ui.Item("predict.mask.causal.sure").Center(), draw);
    ui.Frames(3, draw);
    CHECK(lesson::PredictionFor(state, Question::MaskCausal).outcome == Outcome::Right);
    CHECK(state.mask.causal);
    CHECK(ui.Has("mask.cut.3"));
    CHECK(ui.Has("mask.heatmap"));
    CHECK(ui.Has("mask.guess.7"));  // the learner's keys stay framed beside the cuts
    CHECK(ui.Has("predict.mask.causal.verdict"));
  }
}

TEST_CASE("turning the causal mask on by hand while the question is open counts as a skip") {
  EnsureLessonText();
  Widget widget(lesson::Scene::Mask, 1280.0f, 2000.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  ui.Frames(2, draw);
  CHECK(state.mask.causal);
  CHECK(lesson::PredictionFor(state, Question::MaskCausal).outcome == Outcome::Skipped);
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "skipped") == "true");
  // Asked again, the mask goes off and the question is back.
  ui.Click(ui.Item("predict.mask.causal.again").Center(), draw);
  ui.Frames(2, draw);
  CHECK_FALSE(state.mask.causal);
  CHECK(ui.Has("predict.mask.causal.question"));
}

TEST_CASE("caveats asks which removal moves the output most on the weight bars; the chips still remove words") {
  EnsureLessonText();
  for (const float width : {1280.0f, 390.0f}) {
    CAPTURE(width);
    Widget widget(lesson::Scene::Caveats, width, 2000.0f);
    LessonState& state = widget.state;
    UiHarness& ui = widget.ui;
    const UiHarness::DrawFn& draw = widget.draw;
    ui_test::CheckLaidOut(ui.ctx);
    CHECK(ui.Has("predict.caveats.removal.question"));
    CHECK_FALSE(ui.Has("caveats.guess"));  // the plot does not ask a second time
    // The chip removes its word, as always; the bar picks it.
    ui.Click(ImVec2(ui.Item("caveats.remove.0").min.x + 10.0f, ui.Item("caveats.remove.0").min.y + 10.0f), draw);
    ui.Frames(2, draw);
    CHECK(state.caveats.removed[0]);
    CHECK(lesson::Asking(state, Question::CaveatsRemoval));
    ui.Click(ImVec2(ui.Item("caveats.remove.0").min.x + 10.0f, ui.Item("caveats.remove.0").min.y + 10.0f), draw);
    ui.Frames(2, draw);
    ui.Click(ui.Item("predict.caveats.removal.pick4").Center(), draw);
    CHECK(lesson::PredictionFor(state, Question::CaveatsRemoval).pick == 3);
    CHECK_FALSE(state.caveats.removed[3]);
    ui.Frames(2, draw);
    ui.Click(ui.Item("predict.caveats.removal.guessing").Center(), draw);
    ui.Frames(3, draw);
    CHECK(lesson::PredictionFor(state, Question::CaveatsRemoval).outcome == Outcome::Right);
    CHECK(state.caveats.each_in_turn_shown);
    CHECK(ui.Has("caveats.scatter.dot.3"));
    CHECK(ui.Has("caveats.guessed"));
  }
}

TEST_CASE("caveats: asking for every removal before answering counts as a skip") {
  EnsureLessonText();
  Widget widget(lesson::Scene::Caveats, 1280.0f, 2000.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  ui.Click(ui.Item("caveats.each_in_turn").Center(), draw);
  ui.Frames(2, draw);
  CHECK(state.caveats.each_in_turn_shown);
  CHECK(lesson::PredictionFor(state, Question::CaveatsRemoval).outcome == Outcome::Skipped);
  REQUIRE(state.predictions.events.size() == 1);
  CHECK(Field(state.predictions.events[0], "question") == "caveats.removal");
}

TEST_CASE("learn asks which sentence the model learns to look at before training; Train before answering skips") {
  EnsureLessonText();
  for (const float width : {1280.0f, 390.0f}) {
    CAPTURE(width);
    Widget widget(lesson::Scene::Learn, width, 2000.0f);
    LessonState& state = widget.state;
    UiHarness& ui = widget.ui;
    const UiHarness::DrawFn& draw = widget.draw;
    ui_test::CheckLaidOut(ui.ctx);
    CHECK(ui.Has("predict.learn.sentence.question"));
    ui.Click(ui.Item("predict.learn.sentence.pick2").Center(), draw);  // the bus sentence
    ui.Frames(2, draw);
    ui.Click(ui.Item("predict.learn.sentence.think-so").Center(), draw);
    ui.Frames(3, draw);
    CHECK(lesson::PredictionFor(state, Question::LearnSentence).outcome == Outcome::Right);
    CHECK(state.learn.training);
    CHECK(ui.Has("learn.guessed"));
    CHECK(ui.Has("predict.learn.sentence.verdict"));
  }
  Widget widget(lesson::Scene::Learn, 1280.0f, 2000.0f);
  LessonState& state = widget.state;
  UiHarness& ui = widget.ui;
  const UiHarness::DrawFn& draw = widget.draw;
  ui.Click(ui.Item("learn.train").Center(), draw);
  CHECK(lesson::PredictionFor(state, Question::LearnSentence).outcome == Outcome::Skipped);
  CHECK(state.learn.training);
}

TEST_CASE("the quick check's record is saved as a file the learner keeps") {
  EnsureLessonText();
  LessonState state;
  state.scene = lesson::Scene::Quiz;
  UiHarness ui(1280.0f, 3000.0f);
  std::string saved_name, saved_text;
  ui.ctx.save_text = [&](const std::string& file, const std::string& text) {
    saved_name = file;
    saved_text = text;
    return std::string("Saved.");
  };
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  CHECK_FALSE(ui.Has("quiz.record.save"));  // nothing to keep yet
  lesson::SkipPrediction(state, Question::MaskCausal, 1.0);
  ui.Frames(2, draw);
  ui.Click(ui.Item("quiz.record.save").Center(), draw);
  ui.Frames(2, draw);
  CHECK(saved_name == "attention-predictions.txt");
  CHECK(saved_text == lesson::RecordFile(state));
  CHECK(ui.ctx.save_message == "Saved.");
}
