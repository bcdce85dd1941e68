// The lesson played on the stage (ui/stage.h): the step's picture with its caption band under it
// and the player, no scene bar while it plays; paused, the bar comes back and the picture stays;
// a scene chosen in the bar, or "Show me", leaves the stage for the scene's whole panel.
#include <doctest/doctest.h>

#include <string>

#include "lesson/lesson_state.h"
#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "ui/item_registry.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

ui_test::UiHarness::DrawFn WidgetOf(lesson::LessonState& state, ui::Context& ctx) {
  return [&state, &ctx] { ui::DrawWidget(state, ctx); };
}

// Plays the lesson from the Walkthrough scene, with captions on, for `seconds` of its time.
lesson::LessonState Played(ui_test::UiHarness& ui, double seconds) {
  lesson::LessonState state;
  state.scene = lesson::Scene::Walkthrough;
  state.walkthrough.captions = true;
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  lesson::PlaybackAdvance(state, ui.ctx.playback, lesson::LessonTimeline(), seconds);
  ui.Frames(2, draw);
  return state;
}

}  // namespace

TEST_CASE("playing, the stage shows the step's picture, its captions under it and the player, and no scene bar") {
  ui_test::LoadLessonText();
  for (const float width : {390.0f, 1280.0f}) {
    CAPTURE(width);
    ui_test::UiHarness ui(width, 800.0f);
    lesson::LessonState state = Played(ui, 30.0);
    REQUIRE(state.walkthrough.playing);
    CHECK_FALSE(ui.Has("widget.scene.compare"));
    CHECK_FALSE(ui.Has("widget.more"));
    REQUIRE(ui.Has("stage.picture"));
    REQUIRE(ui.Has("walkthrough.caption"));
    REQUIRE(ui.Has("walkthrough.play"));
    const ui::ItemRect title = ui.Item("stage.title");
    const ui::ItemRect picture = ui.Item("stage.picture");
    const ui::ItemRect caption = ui.Item("walkthrough.caption");
    const ui::ItemRect play = ui.Item("walkthrough.play");
    // Top to bottom: the title, the picture, the captions (covering none of it), the player.
    CHECK(title.min.y >= 0.0f);  // nothing scrolled away
    if (width > 1000.0f) CHECK(play.max.y <= 800.0f);  // on a desktop the stage fits the widget
    CHECK(title.max.y <= picture.min.y);
    CHECK(picture.max.y <= caption.min.y);
    CHECK(caption.max.y <= play.min.y);
    CHECK(picture.max.y - picture.min.y > 150.0f);
    // Nothing of the scene's panel beyond its picture: its "About this scene" part is not drawn.
    const std::string about = std::string(lesson::SceneName(state.scene)) + ".about";
    CHECK_FALSE(ui.Has(about.c_str()));
  }
}

TEST_CASE("paused, the scene bar returns and the picture stays; Play goes on from there") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = Played(ui, 30.0);
  const auto draw = WidgetOf(state, ui.ctx);
  const lesson::Scene scene = state.scene;
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  ui.Frames(2, draw);
  CHECK_FALSE(state.walkthrough.playing);
  CHECK(ui.Has("widget.scene.compare"));
  CHECK(ui.Has("stage.picture"));
  CHECK(state.scene == scene);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  ui.Frames(2, draw);
  CHECK(state.walkthrough.playing);
  CHECK(ui.Has("stage.picture"));
}

TEST_CASE("a scene chosen while paused leaves the stage for its whole panel, with the player above it") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = Played(ui, 30.0);
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);
  ui.Frames(2, draw);
  ui.Click(ui.Item("widget.scene.mask").Center(), draw);
  ui.Frames(2, draw);
  CHECK(state.scene == lesson::Scene::Mask);
  CHECK_FALSE(ui.Has("stage.picture"));
  CHECK(ui.Has("mask.about"));
  CHECK(ui.Has("walkthrough.play"));
}

TEST_CASE("a link that opens the lesson part way opens on the scene's panel, not the stage") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Compare;
  state.walkthrough.time = 30.0;
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("stage.picture"));
  CHECK(ui.Has("compare.about"));
  CHECK(ui.Has("walkthrough.play"));
}

TEST_CASE("playing, the view frames the narrated part within the stage, never cropping across; paused, it settles back") {
  ui_test::LoadLessonText();
  for (const ImVec2 size : {ImVec2(1280.0f, 800.0f), ImVec2(390.0f, 844.0f)}) {
    CAPTURE(size.x);
    ui_test::UiHarness ui(size.x, size.y);
    lesson::LessonState state = Played(ui, 30.0);
    const auto draw = WidgetOf(state, ui.ctx);
    REQUIRE(state.scene == lesson::Scene::Compare);
    ui.Frames(30, draw);  // the move eases over a fraction of a second
    const ui::ItemRect stage = ui.Item("stage.picture");
    const ui::ItemRect played = ui.Item("compare.picture");
    CHECK(played.max.x - played.min.x <= stage.max.x - stage.min.x + 0.5f);
    // The part the lesson points at is in the stage's room, on a phone too, where the picture is
    // taller than the room and the view pans to it.
    REQUIRE(ui.Has("compare.highlight"));
    const ui::ItemRect part = ui.Item("compare.highlight");
    CHECK(part.min.y >= stage.min.y - 1.0f);
    CHECK(part.max.y <= stage.max.y + 1.0f);
    ui.Click(ui.Item("walkthrough.play").Center(), draw);
    ui.Frames(30, draw);
    REQUIRE_FALSE(state.walkthrough.playing);
    const ui::ItemRect paused = ui.Item("compare.picture");
    CHECK(paused.max.x - paused.min.x == doctest::Approx(played.max.x - played.min.x).epsilon(0.02));
    // The picture takes the pointer where it shows: dragging the query moves it.
    const std::string before = std::to_string(state.compare.query.x) + "," + std::to_string(state.compare.query.y);
    const ImVec2 from = ui.Item("compare.query").Center();
    ui.Drag(from, ImVec2(from.x - 40.0f, from.y + 30.0f), draw);
    const std::string after = std::to_string(state.compare.query.x) + "," + std::to_string(state.compare.query.y);
    CHECK(before != after);
  }
}

TEST_CASE("playing, the player fades once the learner leaves it alone, and a pointer move brings it back") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = Played(ui, 30.0);
  const auto draw = WidgetOf(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(ui.ctx.stage.player_alpha == 1.0f);
  ui.Frames(300, draw);  // five seconds at the harness's 60 frames a second
  REQUIRE(state.walkthrough.playing);
  CHECK(ui.ctx.stage.player_alpha < 0.5f);
  CHECK(ui.Has("walkthrough.play"));  // still there for the keyboard and a screen reader
  ui.MoveMouse(ImVec2(200.0f, 200.0f), draw);
  CHECK(ui.ctx.stage.player_alpha == 1.0f);
  ui.Click(ui.Item("walkthrough.play").Center(), draw);  // Pause
  ui.Frames(300, draw);
  CHECK_FALSE(state.walkthrough.playing);
  CHECK(ui.ctx.stage.player_alpha == 1.0f);  // paused, it stays
}

TEST_CASE("a recording's last frame, drawn once the lesson has ended, is still the stage: no scene bar") {
  ui_test::LoadLessonText();
  ui_test::UiHarness ui;
  lesson::LessonState state = Played(ui, 1.0);
  const auto draw = WidgetOf(state, ui.ctx);
  lesson::PlaybackAdvance(state, ui.ctx.playback, lesson::LessonTimeline(), lesson::LessonTimeline().duration);
  REQUIRE_FALSE(state.walkthrough.playing);
  ui.Frames(2, draw);
  CHECK(ui.Has("widget.more"));  // a learner's widget shows its bar again at the end
  ui.ctx.hide_player = true;     // as --record sets it
  ui.Frames(2, draw);
  CHECK(ui.Has("stage.picture"));
  CHECK_FALSE(ui.Has("widget.more"));
}
