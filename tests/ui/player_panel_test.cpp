// The lesson player (ui/player_panel.h) in the whole widget: Play switches to the step's scene
// and keeps the player above it, Space / K / C, the seek bar, and a learner who takes hold of a
// scene while the lesson plays pauses it.
#include <doctest/doctest.h>

#include <string>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/timeline/playback.h"
#include "ui/item_registry.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

ui_test::UiHarness::DrawFn WidgetOf(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] { ui::DrawWidget(state, ctx); };
}

// The app's clock between frames (platform/app.cpp moves it by the time since the last frame).
void Tick(lesson::LessonState& state, ui::Context& ctx, double seconds) {
  lesson::PlaybackAdvance(state, ctx.playback, lesson::LessonTimeline(), seconds);
}

lesson::LessonState OnWalkthrough() {
  lesson::LessonState state;
  state.scene = lesson::Scene::Walkthrough;
  return state;
}

}  // namespace

TEST_CASE("Play starts the lesson on its first scene and the player stays above it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("walkthrough.caption"));  // captions start off
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  CHECK(state.walkthrough.playing);
  ui.Frames(2, draw);
  CHECK(state.scene == lesson::Scene::Compare);
  CHECK(ui.Has("walkthrough.play"));
  CHECK(ui.Has("walkthrough.seek"));
  CHECK(ui.Has("compare.query"));
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  CHECK_FALSE(state.walkthrough.playing);
}

TEST_CASE("K and Space play and pause, C turns captions on and off") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Type("k", draw);
  CHECK(state.walkthrough.playing);
  Tick(state, ui.ctx, 1.0);
  ui.Type(" ", draw);
  CHECK_FALSE(state.walkthrough.playing);
  ui.Type("c", draw);
  CHECK(state.walkthrough.captions);
  ui.Frames(1, draw);
  CHECK(ui.Has("walkthrough.caption"));
  ui.Type("C", draw);
  CHECK_FALSE(state.walkthrough.captions);
}

TEST_CASE("over a played lesson, Next step seeks to the next step's start and shows its scene") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  // In the Walkthrough panel the step buttons are its Back and Next; once played, the player over
  // the lesson's scenes has Previous step and Next step.
  CHECK_FALSE(ui.Has("walkthrough.next_step"));
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  Tick(state, ui.ctx, 1.0);
  ui.Frames(1, draw);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);  // paused a second in, on the first scene
  ui.Frames(1, draw);
  REQUIRE(state.scene == lesson::Scene::Compare);
  for (int i = 0; i < 3; ++i) {
    ui.Click(ui.Item("walkthrough.next_step").Center(), draw);
    ui.Frames(1, draw);
  }
  CHECK(state.walkthrough.step == 3);
  CHECK(state.walkthrough.time == lesson::TimelineStepStart(lesson::LessonTimeline(), 3));
  CHECK(state.scene == lesson::Scene::Combine);
  ui.Click(ui.Item("walkthrough.previous_step").Center(), draw);
  CHECK(state.walkthrough.step == 2);
}

TEST_CASE("taking hold of the query while the lesson plays pauses it, and says Play restores the step") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  Tick(state, ui.ctx, 1.0);
  ui.Frames(2, draw);
  REQUIRE(state.scene == lesson::Scene::Compare);
  const ui::ItemRect tip = ui.Item("compare.query");
  ui.Drag(tip.Center(), ImVec2(tip.Center().x - 40.0f, tip.Center().y + 30.0f), draw);
  CHECK_FALSE(state.walkthrough.playing);
  ui.Frames(1, draw);
  CHECK(ui.Has("walkthrough.taken_over"));
  const lesson::PlanePoint moved = state.compare.query;
  CHECK(moved.x < 1.0);  // the learner's move stays
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  CHECK(state.walkthrough.playing);
  CHECK(state.walkthrough.time == 0.0);  // step 1's start, its scene restored
  CHECK(state.compare.query.x == 1.0);
  CHECK(state.compare.query.y == 0.0);
}

TEST_CASE("at phone width the player's controls fit") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui(360.0f, 800.0f);
  lesson::LessonState state = OnWalkthrough();
  state.walkthrough.captions = true;
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  for (const char* name : {"walkthrough.play", "walkthrough.back", "walkthrough.next",
                           "walkthrough.captions", "walkthrough.speed", "walkthrough.seek", "walkthrough.caption"}) {
    CAPTURE(name);
    const ui::ItemRect rect = ui.Item(name);
    CHECK(rect.min.x >= 0.0f);
    CHECK(rect.max.x <= 360.0f);
  }
}

TEST_CASE("the speed button steps through 1.25x, 1.5x, 0.75x and back to 1x") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = OnWalkthrough();
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  for (const double expected : {1.25, 1.5, 0.75, 1.0}) {
    ui.Click(ui.Item("walkthrough.speed").Center(), draw);
    CHECK(state.walkthrough.speed == expected);
  }
}
