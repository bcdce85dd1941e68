#include "ui/stage.h"

#include <string>

#include <imgui.h>

#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/panels.h"
#include "ui/player_panel.h"
#include "ui/text_layout.h"

namespace ui {

namespace {

using lesson::T;

// The scene the played lesson is on at its current time.
lesson::Scene PlayedScene(const lesson::LessonState& state) {
  return lesson::WalkthroughStepScene(lesson::TimelineStepAt(lesson::LessonTimeline(), state.walkthrough.time));
}

}  // namespace

bool StageShown(const lesson::LessonState& state, Context& ctx) {
  if (state.walkthrough.playing) ctx.on_stage = true;
  return ctx.on_stage && PlayerInUse(state) && state.scene != lesson::Scene::Walkthrough &&
         state.scene == PlayedScene(state) && PictureOf(state.scene) != nullptr;
}

bool StageHidesChrome(const lesson::LessonState& state, Context& ctx) {
  return StageShown(state, ctx) && state.walkthrough.playing;
}

void DrawStepPicture(lesson::LessonState& state, Context& ctx, lesson::Scene scene) {
  const PanelFn picture = PictureOf(scene);
  if (picture == nullptr) return;
  // A part that is more than the picture in its scene (the Caveats picture with its test buttons)
  // is not outlined by the picture alone: the picture is outlined instead.
  const int outlined = ctx.highlights_drawn;
  ImGui::BeginGroup();
  picture(state, ctx);
  ImGui::EndGroup();
  const char* look = lesson::HighlightOf(state);
  if (ctx.highlights_drawn == outlined && *look != '\0') {
    DrawHighlight(ctx, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
  }
}

void DrawStage(lesson::LessonState& state, Context& ctx) {
  const lesson::Timeline& timeline = lesson::LessonTimeline();
  const int step = lesson::TimelineStepAt(timeline, state.walkthrough.time);
  const std::string title = lesson::Fill(T("walkthrough.step_caption"),
                                         {{"step", std::to_string(step + 1)},
                                          {"count", std::to_string(timeline.steps.size())},
                                          {"title", T(lesson::WalkthroughStepKey(step, "title"))}});
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(title);
  ImGui::PopFont();
  RecordItem(ctx, "stage.title");
  const ImVec2 top = ImGui::GetCursorScreenPos();
  DrawStepPicture(state, ctx, state.scene);
  RecordRect(ctx, "stage.picture", top, ImVec2(top.x + ImGui::GetContentRegionAvail().x, ImGui::GetCursorScreenPos().y));
  if (state.walkthrough.captions && !ctx.hide_player) {
    ImGui::Spacing();
    DrawCaptions(state, ctx);
  }
  ImGui::Spacing();
  DrawPlayer(state, ctx, PlayerSteps::Playback, PlayerCaptions::Elsewhere);
}

}  // namespace ui
