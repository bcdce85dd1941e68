#include "ui/walkthrough_panel.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/panels.h"
#include "ui/player_panel.h"
#include "ui/shortcuts.h"
#include "ui/stage.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::T;

// N and B step the walkthrough (ui/shortcuts.h) while it or no window has the focus.
int StepFromKeys() {
  const bool focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) ||
                       !ImGui::IsWindowFocused(ImGuiFocusedFlags_AnyWindow);
  return focused ? TypedCount('n') - TypedCount('b') : 0;
}

}  // namespace

void DrawWalkthroughPanel(lesson::LessonState& state, Context& ctx) {
  const Fonts& fonts = ctx.fonts;
  lesson::Walkthrough& walkthrough = state.walkthrough;
  const int count = lesson::WalkthroughStepCount();
  walkthrough.step = lesson::ClampWalkthroughStep(walkthrough.step);
  // Lines of about 80 characters at most: long lines are hard to read on a wide screen.
  const float column = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 44.0f);

  const int shown_step = walkthrough.step;
  for (int step = StepFromKeys(); step != 0; step += step > 0 ? -1 : 1) {
    if (step > 0) lesson::NextWalkthroughStep(state);
    if (step < 0) lesson::PreviousWalkthroughStep(state);
  }
  const int step = walkthrough.step;

  // One caption: the step and its title. Then the step's picture, its scene's as the step sets
  // it up, with the part to look at outlined; then the player, with the one set of step buttons.
  const std::string position = lesson::Fill(T("walkthrough.step_caption"),
                                            {{"step", std::to_string(step + 1)},
                                             {"count", std::to_string(count)},
                                             {"title", T(lesson::WalkthroughStepKey(step, "title"))}});
  ImGui::PushFont(fonts.bold);
  Paragraph(position);
  ImGui::PopFont();
  RecordItem(ctx, "walkthrough.position");
  const lesson::Scene target = lesson::WalkthroughStepScene(step);
  // The step's part is outlined from the start, before Next or Back has set it (HighlightOf).
  DrawStepPicture(state, ctx, target);
  ImGui::Spacing();
  DrawPlayer(state, ctx, PlayerSteps::Walkthrough);

  // The step in words, on demand (the narration says them; the lesson page's prose too).
  const bool read = ImGui::CollapsingHeader(T("walkthrough.read").c_str());
  RecordItem(ctx, "walkthrough.read");
  bool show = false;
  if (read) {
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
    ImGui::PushFont(fonts.bold);
    ImGui::TextWrapped("%s", T(lesson::WalkthroughStepKey(step, "title")).c_str());
    ImGui::PopFont();
    RecordItem(ctx, "walkthrough.step_title");
    ImGui::TextWrapped("%s", T(lesson::WalkthroughStepKey(step, "text")).c_str());
    RecordItem(ctx, "walkthrough.step_text");
    ImGui::PushFont(fonts.bold);
    ImGui::TextUnformatted(T("walkthrough.look").c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", T(lesson::WalkthroughStepKey(step, "look")).c_str());
    const std::string show_me =
        T("walkthrough.show_me") + " " + T(lesson::ModuleOf(target).label_key) + "###walkthrough_show_me";
    show = ImGui::Button(show_me.c_str());
    RecordItem(ctx, "walkthrough.show_me");
    Paragraph(T("walkthrough.intro"), ctx.palette.muted, column);
    Paragraph(T("walkthrough.keys"), ctx.palette.muted, column);
    ImGui::PopTextWrapPos();
  }
  // Stepping by hand pauses the lesson and puts its position at the step's start, so Play goes on
  // from the step the learner reads.
  if (walkthrough.step != shown_step && !walkthrough.playing) {
    lesson::PlaybackFollowStep(state, ctx.playback, lesson::LessonTimeline());
  }
  if (show) {
    ctx.on_stage = false;  // the scene's whole panel, not its picture alone
    lesson::ShowWalkthroughStep(state);
    lesson::PlaybackFollowStep(state, ctx.playback, lesson::LessonTimeline());
    RequestScrollToHighlight(ctx);
  }
}

const ScenePanel kWalkthroughPanel = {DrawWalkthroughPanel, nullptr, nullptr};

}  // namespace ui
