// The Heads panel driven through ImGui: Train runs and Pause stops it (T from the keyboard too),
// Reset goes back to 0; a knock-out's checkbox knocks its head out and fades its pattern, and is off
// while the model trains. The picture: it leads the scene (near the top on a phone, Train on the
// first screen), its figure's name says the step and the copy's accuracy, its curves end at the
// model's step and measures, and nothing is drawn past a phone's edge.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/scene.h"
#include "lesson/text_store.h"
#include "ui/heads_panel.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

using ui_test::FigureOf;
using ui_test::NodeNamed;
using ui_test::Within;

ui_test::UiHarness::DrawFn HeadsIn(lesson::LessonState& state, ui::Context& ctx) {
  return ui_test::InFullWindow(ctx, "heads", [&state, &ctx] { ui::DrawHeadsPanel(state, ctx); });
}

// A state whose model has `steps` steps, trained now (not a few steps a frame).
lesson::LessonState Trained(int steps) {
  lesson::LessonState state;
  state.scene = lesson::Scene::Heads;
  lesson::SetHeadsSteps(state.heads, steps);
  lesson::HeadsRunAt(state.heads);
  return state;
}

}  // namespace

TEST_CASE("Train starts training and Pause stops it; T does the same; Reset goes back to 0") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state = Trained(0);
  const auto draw = HeadsIn(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("heads.train").Center(), draw);
  CHECK(state.heads.training);
  for (int frame = 0; frame < 6; ++frame) {
    lesson::AdvanceHeadsTraining(state.heads, 1.0 / 30.0);
    ui.Frame(draw);
  }
  CHECK(state.heads.steps > 0);
  ui.Click(ui.Item("heads.train").Center(), draw);  // now labelled Pause
  CHECK_FALSE(state.heads.training);
  ui.Type("t", draw);
  CHECK(state.heads.training);
  ui.Type("T", draw);
  CHECK_FALSE(state.heads.training);
  ui.Click(ui.Item("heads.reset").Center(), draw);
  CHECK(state.heads.steps == 0);
  // What each head does opens on demand.
  CHECK_FALSE(ui.Has("heads.numbers_table"));
  ui.Click(ui.Item("heads.numbers").Center(), draw);
  ui.Frames(1, draw);
  CHECK(state.heads.numbers_open);
  CHECK(ui.Has("heads.numbers_table"));
}

TEST_CASE("a knock-out's checkbox knocks its head out and fades its pattern; it is off while the model trains") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(1280.0f, 2400.0f);
  lesson::LessonState state = Trained(50);
  const auto draw = HeadsIn(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("heads.head2.knocked"));
  ui.Click(ui.Item("heads.knock2").Center(), draw);
  CHECK(state.heads.knocked == 2u);
  ui.Frames(1, draw);
  CHECK(ui.Has("heads.head2.knocked"));
  CHECK(Within(ui.Item("heads.head2.knocked"), ui.Item("heads.head2.pattern")));
  CHECK(ui.Has("heads.knocked_copy"));  // what is left of the copy
  CHECK(ui.Has("heads.knocked_end"));   // and its ring on the curves
  ui.Click(ui.Item("heads.knock2").Center(), draw);
  CHECK(state.heads.knocked == 0u);
  // Train lets go of the knock-outs, and no checkbox takes a click while it runs.
  ui.Click(ui.Item("heads.knock1").Center(), draw);
  CHECK(state.heads.knocked == 1u);
  ui.Click(ui.Item("heads.train").Center(), draw);
  CHECK(state.heads.training);
  CHECK(state.heads.knocked == 0u);
  ui.Frames(1, draw);
  ui.Click(ui.Item("heads.knock3").Center(), draw);
  CHECK(state.heads.knocked == 0u);
  lesson::PauseHeadsTraining(state.heads);
}

TEST_CASE("the curves end at the model's step, its loss and the repeated run's accuracy, labelled beside their ends") {
  ui_test::LoadLessonText();
  for (const float width : {390.0f, 1280.0f}) {
    for (const int steps : {0, 75}) {
      CAPTURE(width);
      CAPTURE(steps);
      ui_test::UiHarness ui(width, 3000.0f);
      lesson::LessonState state = Trained(steps);
      const auto draw = HeadsIn(state, ui.ctx);
      ui.Frames(2, draw);
      const lesson::HeadsRun& run = lesson::HeadsRunOf(state.heads);
      const lesson::HeadsPoint& now = lesson::HeadsNow(run);
      REQUIRE(now.step == steps);
      const ui::ItemRect plot = ui.Item("heads.plot");
      const ui::ItemRect end = ui.Item("heads.copy_end");
      const float span = static_cast<float>(std::max(steps, lesson::kHeadsRunSteps));
      CHECK(std::fabs(end.min.x - (plot.min.x + (plot.max.x - plot.min.x) * static_cast<float>(steps) / span)) <= 1.0f);
      CHECK(std::fabs(end.min.y - (plot.max.y - static_cast<float>(now.repeated) * (plot.max.y - plot.min.y))) <= 1.0f);
      CHECK(Within(ui.Item("heads.plot"), ui.Item("heads.curves")));
    }
  }
}

TEST_CASE("the panel fits a phone's width: nothing is drawn past the right edge") {
  ui_test::LoadLessonText();
  for (const char* locale : {"en", "es"}) {
    CAPTURE(locale);
    ui_test::UiHarness ui(360.0f, 3000.0f);
    ui_test::UseWords(locale);
    lesson::LessonState state = Trained(50);
    state.heads.numbers_open = true;
    state.heads.options_open = true;
    lesson::SetHeadKnocked(state.heads, 0, true);
    const auto draw = HeadsIn(state, ui.ctx);
    ui.Frames(3, draw);
    for (const char* name : {"heads.picture", "heads.sequence", "heads.head1.pattern", "heads.head2.pattern",
                             "heads.head4.role", "heads.head4.scores", "heads.curves", "heads.train", "heads.reset",
                             "heads.knock4", "heads.numbers_table", "heads.another_seed", "heads.knocked_copy"}) {
      CAPTURE(name);
      CHECK(ui.Item(name).max.x <= 360.0f);
    }
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the picture leads: one line above it, near the top on a phone, Train on the first screen, named by its numbers") {
  for (const char* locale : {"en", "es"}) {
    for (const float width : {390.0f, 1280.0f}) {
      CAPTURE(locale);
      CAPTURE(width);
      const float height = width < 600.0f ? 844.0f : 800.0f;
      ui_test::UiHarness ui(width, height);
      ui_test::UseWords(locale);
      lesson::LessonState state = Trained(0);
      const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
      ui.Frames(3, draw);
      const ui::ItemRect picture = ui.Item("heads.picture");
      CHECK(picture.min.y <= 120.0f);
      const ui::ItemRect train = ui.Item("heads.train");
      CHECK(train.min.y >= picture.max.y);
      CHECK(train.max.y <= height);
      CHECK(train.max.y - train.min.y >= 36.0f);
      // The figure says the step and the copy's accuracy, and comes before Train.
      const ui::AccessNode* figure = FigureOf(ui.ctx);
      REQUIRE(figure != nullptr);
      CAPTURE(figure->name);
      const lesson::HeadsPoint& now = lesson::HeadsNow(lesson::HeadsRunOf(state.heads));
      CHECK(figure->name.find(lesson::HeadsPercent(now.repeated)) != std::string::npos);
      CHECK(figure->name.find('[') == std::string::npos);
      CHECK(figure->name.find('{') == std::string::npos);
      const ui::AccessNode* train_node = NodeNamed(ui.ctx, lesson::T("heads.train"));
      REQUIRE(train_node != nullptr);
      CHECK(figure < train_node);
      CHECK_FALSE(ui.Has("heads.numbers_table"));
      CHECK_FALSE(ui.Has("heads.another_seed"));
    }
  }
  ui_test::LoadLessonText();
}
