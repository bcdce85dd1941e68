// Motion that means something (ui/motion.h): a mask switched on eases the heatmap's rows to their
// renormalized weights over about 0.2 s and then stops asking for frames; with reduced motion
// the rows jump; a slider dragged by the learner moves what it drives without lag; nothing moves
// while nothing changes.
#include <doctest/doctest.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/timeline/timeline.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

// Frames drawn until nothing is on its way any more (at most `limit`).
int FramesMoving(ui_test::UiHarness& ui, const ui_test::UiHarness::DrawFn& draw, int limit = 120) {
  int frames = 0;
  while (ui.ctx.moving && frames < limit) {
    ui.Frame(draw);
    ++frames;
  }
  return frames;
}

}  // namespace

TEST_CASE("switching the causal mask on eases the heatmap for about 0.2 s, then stops") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Mask;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  CHECK_FALSE(ui.ctx.moving);  // nothing changed: nothing moves
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  REQUIRE(state.mask.causal);
  ui.Frame(draw);
  CHECK(ui.ctx.moving);
  const int frames = FramesMoving(ui, draw);
  // 0.22 s at the harness's 60 frames a second.
  CHECK(frames >= 8);
  CHECK(frames <= 16);
  ui.Frames(3, draw);
  CHECK_FALSE(ui.ctx.moving);
}

TEST_CASE("with reduced motion the heatmap jumps") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  ui.ctx.reduced_motion = true;
  lesson::LessonState state;
  state.scene = lesson::Scene::Mask;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  REQUIRE(state.mask.causal);
  for (int i = 0; i < 5; ++i) {
    ui.Frame(draw);
    CHECK_FALSE(ui.ctx.moving);
  }
}

TEST_CASE("removing a word eases the Caveats weight bars and output marker") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Caveats;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  ui.Click(ui.Item("caveats.remove.0").Center(), draw);
  REQUIRE(state.caveats.removed[0]);
  ui.Frame(draw);
  CHECK(ui.ctx.moving);
  CHECK(FramesMoving(ui, draw) <= 16);
}

TEST_CASE("a slider the learner drags moves the output marker with the hand") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Combine;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
  ui.Frames(3, draw);
  const ui::ItemRect slider = ui.Item("combine.weights");
  bool moved_while_held = false;
  ui.Drag(ImVec2(slider.max.x - 10.0f, slider.Center().y), ImVec2(slider.min.x + 30.0f, slider.Center().y),
          [&] {
            draw();
            moved_while_held = moved_while_held || ui.ctx.moving;
          });
  CHECK(state.combine.second_weight < 0.5);
  CHECK_FALSE(moved_while_held);
}
