// The Learn panel driven through ImGui: Train runs until its steps are done, Pause stops it, Step
// takes one step, Reset goes back to 0, and picking a paragraph and a question. The picture: each
// sentence's bar is its weight, training grows the bar of the sentence that answers, the curves end
// at the current loss and accuracy, the figure's name says the numbers, and the picture leads the
// scene (near the top on a phone, Train right under it); the rest opens on demand.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/state_url.h"
#include "lesson/text_store.h"
#include "ui/learn_panel.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

using ui_test::FigureOf;
using ui_test::NodeNamed;
using ui_test::Width;
using ui_test::Within;

ui_test::UiHarness::DrawFn LearnIn(lesson::LessonState& state, ui::Context& ctx) {
  return ui_test::InFullWindow(ctx, "learn", [&state, &ctx] { ui::DrawLearnPanel(state, ctx); });
}

// Within a pixel, as the picture is drawn.
bool Near(double a, double b) { return std::fabs(a - b) <= 1.0; }

// Where the curves put a loss and a share on the plot's height (the panel's scales: the loss on a
// log scale from the first loss's power of ten, at least 0.01, down to 0.001; the share from 0 to 1).
float LossY(const ui::ItemRect& plot, const learn::Training& training, double loss) {
  const double top = std::log10(std::max(training.loss.front(), 0.01));
  const double bottom = std::log10(0.001);
  const double unit = std::clamp((std::log10(std::max(loss, 0.001)) - bottom) / (top - bottom), 0.0, 1.0);
  return plot.max.y - static_cast<float>(unit) * (plot.max.y - plot.min.y);
}
float ShareY(const ui::ItemRect& plot, double share) {
  return plot.max.y - static_cast<float>(std::clamp(share, 0.0, 1.0)) * (plot.max.y - plot.min.y);
}

}  // namespace

TEST_CASE("Train starts training and Pause stops it; Step takes one step; Reset goes back to 0") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  state.scene = lesson::Scene::Learn;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("learn.train").Center(), draw);
  CHECK(state.learn.training);
  for (int frame = 0; frame < 10; ++frame) {
    lesson::AdvanceLearnTraining(state.learn, 1.0 / 60.0);
    ui.Frame(draw);
  }
  CHECK(state.learn.steps > 0);
  ui.Click(ui.Item("learn.train").Center(), draw);  // now labelled Pause
  CHECK_FALSE(state.learn.training);
  const int paused_at = state.learn.steps;
  ui.Click(ui.Item("learn.step").Center(), draw);
  CHECK(state.learn.steps == paused_at + 1);
  ui.Click(ui.Item("learn.reset").Center(), draw);
  CHECK(state.learn.steps == 0);
  CHECK(ui.Has("learn.curves"));
  CHECK(ui.Has("learn.plane"));
  // The controlled test opens on demand, under "Show the numbers".
  CHECK_FALSE(ui.Has("learn.removal"));
  ui.Click(ui.Item("learn.numbers").Center(), draw);
  ui.Frames(1, draw);
  CHECK(state.learn.numbers_open);
  CHECK(ui.Has("learn.removal"));
}

TEST_CASE("picking the paragraph with a fact stated twice and a question about the shop") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("learn.paragraph2"));  // an option: under Options, closed as the scene opens
  ui.Click(ui.Item("learn.options").Center(), draw);
  ui.Frame(draw);
  ui.Click(ui.Item("learn.paragraph2").Center(), draw);
  CHECK(state.learn.paragraph == lesson::LearnParagraph::Repeated);
  ui.Frame(draw);  // the questions are drawn above the options: the next frame has the new ones
  CHECK_FALSE(ui.Has("learn.question4"));  // no tour in that paragraph
  ui.Click(ui.Item("learn.question3").Center(), draw);
  CHECK(state.learn.question == 2);
}

TEST_CASE("the panel fits a phone's width: nothing is drawn past the right edge") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 3000.0f);
  lesson::LessonState state;
  lesson::SetLearnSteps(state.learn, 300);
  state.learn.numbers_open = true;  // the controlled test's table too
  state.learn.options_open = true;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(3, draw);
  for (const char* name : {"learn.train", "learn.step", "learn.reset", "learn.curves", "learn.plane", "learn.removal",
                           "learn.answer", "learn.weight1", "learn.track1", "learn.weight_number1", "learn.loss_label",
                           "learn.accuracy_label", "learn.question4", "learn.paragraph2", "learn.another_seed"}) {
    CAPTURE(name);
    CHECK(ui.Item(name).max.x <= 360.0f);
  }
}

TEST_CASE("T trains and pauses, S takes one step, from the keyboard") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Type("t", draw);
  CHECK(state.learn.training);
  ui.Type("T", draw);
  CHECK_FALSE(state.learn.training);
  ui.Type("ss", draw);
  CHECK(state.learn.steps == 2);
}

// [SECTION] The picture

TEST_CASE("each sentence's bar is as long as the model's weight on it, on one scale for all, at every width") {
  ui_test::LoadLessonText();
  for (const float width : {320.0f, 390.0f, 800.0f, 1280.0f}) {
    for (const int steps : {0, 40, 120, 300}) {
      for (const int paragraph : {0, 1}) {
        CAPTURE(width);
        CAPTURE(steps);
        CAPTURE(paragraph);
        ui_test::UiHarness ui(width, 3000.0f);
        ui.ctx.reduced_motion = true;  // the bars at their values, not on their way
        lesson::LessonState state;
        lesson::SetLearnParagraph(state.learn, paragraph);
        lesson::SetLearnSteps(state.learn, steps);
        const auto draw = LearnIn(state, ui.ctx);
        ui.Frames(2, draw);
        const learn::Answer answer = learn::Ask(lesson::LearnTrainingOf(state.learn).model,
                                                lesson::LearnParagraphOf(state.learn), state.learn.question);
        const float track = Width(ui.Item("learn.track1"));
        CHECK(track >= 120.0f);
        for (int j = 0; j < learn::kSentences; ++j) {
          CAPTURE(j);
          const std::string n = std::to_string(j + 1);
          CHECK(Near(Width(ui.Item(("learn.track" + n).c_str())), track));
          CHECK(Near(Width(ui.Item(("learn.weight" + n).c_str())),
                     static_cast<double>(track) * answer.weights[static_cast<size_t>(j)]));
          // Each bar under its sentence, its number after it; all inside the sentences' part.
          CHECK(ui.Item(("learn.track" + n).c_str()).min.y >= ui.Item(("learn.sentence" + n).c_str()).max.y);
          CHECK(ui.Item(("learn.weight_number" + n).c_str()).min.x > ui.Item(("learn.track" + n).c_str()).max.x);
          CHECK(Within(ui.Item(("learn.weight_number" + n).c_str()), ui.Item("learn.weights")));
        }
        CHECK(Within(ui.Item("learn.weights"), ui.Item("learn.picture")));
        CHECK(Within(ui.Item("learn.curves"), ui.Item("learn.picture")));
        CHECK(Within(ui.Item("learn.answer"), ui.Item("learn.weights")));
      }
    }
  }
}

TEST_CASE("Train grows the bar of the sentence that answers the question and shrinks the others'") {
  ui_test::LoadLessonText();
  for (const int question : {0, 1, 2, 3}) {
    CAPTURE(question);
    ui_test::UiHarness ui(390.0f, 3000.0f);
    ui.ctx.reduced_motion = true;
    lesson::LessonState state;
    REQUIRE(lesson::SetLearnQuestion(state.learn, question));
    const auto draw = LearnIn(state, ui.ctx);
    ui.Frames(2, draw);
    std::vector<float> before;
    for (int j = 1; j <= learn::kSentences; ++j)
      before.push_back(Width(ui.Item(("learn.weight" + std::to_string(j)).c_str())));
    ui.Click(ui.Item("learn.train").Center(), draw);
    REQUIRE(state.learn.training);
    for (int frame = 0; frame < 200 && state.learn.training; ++frame) {
      lesson::AdvanceLearnTraining(state.learn, 1.0 / 60.0);
      ui.Frame(draw);
    }
    CHECK(state.learn.steps == lesson::kLearnRunSteps);
    ui.Frames(1, draw);
    const float track = Width(ui.Item("learn.track1"));
    for (int j = 0; j < learn::kSentences; ++j) {
      CAPTURE(j);
      const float after = Width(ui.Item(("learn.weight" + std::to_string(j + 1)).c_str()));
      // In the lesson's paragraph sentence j is about subject j.
      if (j == question) {
        CHECK(after > before[static_cast<size_t>(j)]);
        CHECK(after > 0.9f * track);
      } else {
        CHECK(after < before[static_cast<size_t>(j)]);
      }
    }
  }
}

TEST_CASE("the curves end at the current step's loss and held-out accuracy, each labelled beside its end") {
  ui_test::LoadLessonText();
  for (const float width : {390.0f, 1280.0f}) {
    for (const int steps : {0, 60, 110, 300, 600}) {
      CAPTURE(width);
      CAPTURE(steps);
      ui_test::UiHarness ui(width, 3000.0f);
      lesson::LessonState state;
      lesson::SetLearnSteps(state.learn, steps);
      const auto draw = LearnIn(state, ui.ctx);
      ui.Frames(2, draw);
      const learn::Training& training = lesson::LearnTrainingOf(state.learn);
      const ui::ItemRect plot = ui.Item("learn.plot");
      const ui::ItemRect loss_end = ui.Item("learn.loss_end");
      const ui::ItemRect accuracy_end = ui.Item("learn.accuracy_end");
      // Out to one run of Train, or as far as training went.
      const float span = static_cast<float>(std::max(steps, lesson::kLearnRunSteps));
      const float x = plot.min.x + (plot.max.x - plot.min.x) * static_cast<float>(steps) / span;
      CHECK(Near(loss_end.min.x, x));
      CHECK(Near(accuracy_end.min.x, x));
      CHECK(Near(loss_end.min.y, LossY(plot, training, training.loss.back())));
      CHECK(Near(accuracy_end.min.y, ShareY(plot, training.accuracy.back())));
      // Each label next to its own end (not the other's), inside the curves' part, apart.
      for (const char* name : {"learn.loss_label", "learn.accuracy_label"}) {
        CAPTURE(name);
        CHECK(Within(ui.Item(name), ui.Item("learn.curves")));
      }
      const ui::ItemRect loss_label = ui.Item("learn.loss_label");
      const ui::ItemRect accuracy_label = ui.Item("learn.accuracy_label");
      const bool apart = loss_label.max.y <= accuracy_label.min.y + 0.5f ||
                         accuracy_label.max.y <= loss_label.min.y + 0.5f || loss_label.max.x <= accuracy_label.min.x ||
                         accuracy_label.max.x <= loss_label.min.x;
      CHECK(apart);
      const auto distance = [](const ui::ItemRect& label, const ui::ItemRect& point) {
        const float dx = std::max({label.min.x - point.min.x, 0.0f, point.min.x - label.max.x});
        const float dy = std::max({label.min.y - point.min.y, 0.0f, point.min.y - label.max.y});
        return std::sqrt(dx * dx + dy * dy);
      };
      CHECK(distance(loss_label, loss_end) <= 40.0f);
      CHECK(distance(accuracy_label, accuracy_end) <= 40.0f);
    }
  }
}

TEST_CASE("the picture is announced as a figure that says the step, the loss, the accuracy and where the weight goes") {
  for (const char* locale : {"en", "es"}) {
    for (const int steps : {0, 300}) {
      CAPTURE(locale);
      CAPTURE(steps);
      ui_test::UiHarness ui(390.0f, 844.0f);
      ui_test::UseWords(locale);
      lesson::LessonState state;
      state.scene = lesson::Scene::Learn;
      lesson::SetLearnSteps(state.learn, steps);
      const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
      ui.Frames(3, draw);
      const ui::AccessNode* figure = FigureOf(ui.ctx);
      REQUIRE(figure != nullptr);
      CAPTURE(figure->name);
      const learn::Training& training = lesson::LearnTrainingOf(state.learn);
      const learn::Paragraph paragraph = lesson::LearnParagraphOf(state.learn);
      const learn::Answer answer = learn::Ask(training.model, paragraph, state.learn.question);
      const size_t most =
          static_cast<size_t>(std::max_element(answer.weights.begin(), answer.weights.end()) - answer.weights.begin());
      CHECK(figure->name.find(std::to_string(steps)) != std::string::npos);
      CHECK(figure->name.find(lesson::LearnLossText(training.loss.back())) != std::string::npos);
      CHECK(figure->name.find(lesson::Num(training.accuracy.back() * 100.0, 0)) != std::string::npos);
      CHECK(figure->name.find(lesson::LearnQuestionText(state.learn.question)) != std::string::npos);
      CHECK(figure->name.find(lesson::LearnSentenceText(paragraph.sentences[most])) != std::string::npos);
      CHECK(figure->name.find(lesson::Num(answer.weights[most])) != std::string::npos);
      CHECK(figure->name.find(lesson::Num(answer.output)) != std::string::npos);
      CHECK(figure->name.find('[') == std::string::npos);
      CHECK(figure->name.find('{') == std::string::npos);
      if (steps == 300) CHECK(most == 1);  // the bus, asked about
      const ui::ItemRect picture = ui.Item("learn.picture");
      CHECK(figure->min.y == picture.min.y);
      CHECK(figure->max.y == picture.max.y);
      // Listed before the controls under it: Train follows the figure.
      const ui::AccessNode* train = NodeNamed(ui.ctx, lesson::T("learn.train"));
      REQUIRE(train != nullptr);
      CHECK(figure < train);
    }
  }
  ui_test::LoadLessonText();
}

TEST_CASE(
    "the picture leads: one line above it, within 120 px of the widget's top on a phone, Train on the first screen") {
  for (const char* locale : {"en", "es"}) {
    for (const float width : {390.0f, 1280.0f}) {
      CAPTURE(locale);
      CAPTURE(width);
      ui_test::UiHarness ui(width, width < 600.0f ? 844.0f : 800.0f);
      ui_test::UseWords(locale);
      lesson::LessonState state;
      state.scene = lesson::Scene::Learn;
      const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
      ui.Frames(3, draw);
      const ui::ItemRect picture = ui.Item("learn.picture");
      CHECK(picture.min.y <= 120.0f);
      CHECK(Width(picture) >= width - 60.0f);  // the window's padding, and a scrollbar
      // Right under the picture the prediction's answer row (the scene opens asking it), then Train,
      // all on the first screen.
      REQUIRE(lesson::Asking(state, lesson::Question::LearnSentence));
      const ui::ItemRect answer_row = ui.Item("predict.learn.sentence.hint");
      CHECK(answer_row.min.y >= picture.max.y);
      CHECK(answer_row.min.y - picture.max.y <= 24.0f);
      const ui::ItemRect train = ui.Item("learn.train");
      CHECK(train.min.y >= picture.max.y);
      CHECK(train.max.y <= (width < 600.0f ? 844.0f : 800.0f));
      CHECK(train.max.y - train.min.y >= 36.0f);
      // The rest waits behind its headers.
      CHECK(ui.Has("learn.numbers"));
      CHECK(ui.Has("learn.options"));
      CHECK(ui.Has("learn.about"));
      CHECK_FALSE(ui.Has("learn.removal"));
      CHECK_FALSE(ui.Has("learn.another_seed"));
      CHECK_FALSE(ui.Has("learn.rate.0.1"));
    }
  }
  ui_test::LoadLessonText();
}

// [SECTION] On demand

TEST_CASE(
    "Show the numbers and Options open from their headers and from a link; the walkthrough opens the controlled test") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(390.0f, 3000.0f);
  lesson::LessonState state;
  state.scene = lesson::Scene::Learn;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(2, draw);
  ui.Click(ui.Item("learn.options").Center(), draw);
  ui.Frames(1, draw);
  CHECK(state.learn.options_open);
  REQUIRE(ui.Has("learn.rate.0.1"));
  // The learning rates are radios named with the group's words.
  const ui::AccessNode* rate = NodeNamed(ui.ctx, lesson::T("learn.rate") + " " + lesson::Num(0.1));
  REQUIRE(rate != nullptr);
  CHECK(rate->role == ui::AccessRole::Radio);
  ui.Click(ui.Item("learn.rate.0.1").Center(), draw);
  CHECK(state.learn.rate == 0.1);
  CHECK(lesson::EncodeState(state).find("learn.options=1") != std::string::npos);

  // A link opens Show the numbers.
  lesson::LessonState linked;
  REQUIRE(lesson::DecodeState("scene=learn&learn.numbers=1&learn.steps=300", &linked, nullptr));
  CHECK(linked.learn.numbers_open);
  const auto draw_linked = [&] { ui::DrawWidget(linked, ui.ctx); };
  ui.Frames(2, draw_linked);
  CHECK(ui.Has("learn.removal"));
  ui.Click(ui.Item("learn.numbers").Center(), draw_linked);
  ui.Frames(1, draw_linked);
  CHECK_FALSE(linked.learn.numbers_open);
  CHECK_FALSE(ui.Has("learn.removal"));

  // The walkthrough pointing at the controlled test shows it, without changing what a link holds.
  linked.highlight = "learn.removal";
  ui.Frames(2, draw_linked);
  CHECK(ui.Has("learn.removal"));
  CHECK_FALSE(linked.learn.numbers_open);
}

TEST_CASE("with a fact stated twice, the numbers say how far removing both copies moves the answer") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 3000.0f);
  lesson::LessonState state;
  lesson::SetLearnSteps(state.learn, 300);
  state.learn.numbers_open = true;
  const auto draw = LearnIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("learn.removal_both"));  // the lesson's paragraph states each fact once
  lesson::SetLearnParagraph(state.learn, 1);
  ui.Frames(2, draw);
  CHECK(ui.Has("learn.removal_both"));
  REQUIRE(lesson::SetLearnQuestion(state.learn, 0));  // the museum, stated once there
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("learn.removal_both"));
}

TEST_CASE(
    "with its parts open, no controls overlap or are under 24 px and nothing passes the edge, at 320 to 1600 px") {
  std::vector<std::string> locales;
  for (const lesson::Locale& locale : lesson::Locales()) locales.push_back(locale.code);
  locales.push_back(lesson::kPseudoLocale);
  for (const std::string& locale : locales) {
    for (const float width : {320.0f, 360.0f, 390.0f, 700.0f, 1000.0f, 1280.0f, 1600.0f}) {
      for (const int paragraph : {0, 1}) {
        CAPTURE(locale);
        CAPTURE(width);
        CAPTURE(paragraph);
        ui_test::UiHarness ui(width, 6000.0f);
        ui_test::UseWords(locale);
        ui.ctx.fit_height = true;
        lesson::LessonState state;
        state.scene = lesson::Scene::Learn;
        state.learn.numbers_open = true;
        state.learn.options_open = true;
        lesson::SetLearnParagraph(state.learn, paragraph);
        lesson::SetLearnSteps(state.learn, 300);
        ui.Frames(4, [&] { ui::DrawWidget(state, ui.ctx); });
        ui_test::CheckLaidOut(ui.ctx);
        // The picture's parts do not overlap one another.
        const ui::ItemRect weights = ui.Item("learn.weights");
        const ui::ItemRect curves = ui.Item("learn.curves");
        CHECK((weights.max.x <= curves.min.x || weights.max.y <= curves.min.y));
      }
    }
  }
  ui_test::LoadLessonText();
}
