#include "ui/walkthrough_panel.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/player_panel.h"
#include "ui/shortcuts.h"
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
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);

  ImGui::PushFont(fonts.heading);
  ImGui::TextWrapped("%s", T("walkthrough.title").c_str());
  ImGui::PopFont();
  Paragraph(T("walkthrough.intro"), ctx.palette.muted, column);
  DrawPlayer(state, ctx);
  ImGui::Separator();

  const int shown_step = walkthrough.step;
  for (int step = StepFromKeys(); step != 0; step += step > 0 ? -1 : 1) {
    if (step > 0) lesson::NextWalkthroughStep(state);
    if (step < 0) lesson::PreviousWalkthroughStep(state);
  }

  // Back / Next / step number / captions, at the top so Next stays put from step to step.
  ButtonRow row;
  const std::string back = T("walkthrough.back") + "###walkthrough_back";
  row.Place(back);
  ImGui::BeginDisabled(walkthrough.step == 0);
  if (ImGui::Button(back.c_str())) lesson::PreviousWalkthroughStep(state);
  ImGui::EndDisabled();
  RecordItem(ctx, "walkthrough.back");

  const bool last = walkthrough.step == count - 1;
  const std::string next = T(last ? "walkthrough.start_over" : "walkthrough.next") + "###walkthrough_next";
  row.Place(next);
  if (ImGui::Button(next.c_str())) {
    if (last) {
      lesson::ApplyWalkthroughStep(state, 0);
    } else {
      lesson::NextWalkthroughStep(state);
    }
  }
  RecordItem(ctx, "walkthrough.next");

  const std::string position = T("walkthrough.step_of") + " " + std::to_string(walkthrough.step + 1) + " " +
                               T("walkthrough.of") + " " + std::to_string(count);
  row.Place(position);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(position.c_str());
  RecordItem(ctx, "walkthrough.position");

  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ctx.palette.first);
  ImGui::ProgressBar(static_cast<float>(walkthrough.step + 1) / static_cast<float>(count), ImVec2(column, 6.0f), "");
  ImGui::PopStyleColor();

  const int step = walkthrough.step;
  ImGui::PushFont(fonts.heading);
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

  const lesson::Scene target = lesson::WalkthroughStepScene(step);
  const std::string show_me =
      T("walkthrough.show_me") + " " + T(lesson::ModuleOf(target).label_key) + "###walkthrough_show_me";
  const bool show = ImGui::Button(show_me.c_str());
  RecordItem(ctx, "walkthrough.show_me");
  Paragraph(T("walkthrough.keys"), ctx.palette.muted, column);
  ImGui::PopTextWrapPos();
  // Stepping by hand pauses the lesson and puts its position at the step's start, so Play goes on
  // from the step the learner reads.
  if (walkthrough.step != shown_step && !walkthrough.playing) {
    lesson::PlaybackFollowStep(state, ctx.playback, lesson::LessonTimeline());
  }
  if (show) {
    lesson::ShowWalkthroughStep(state);
    lesson::PlaybackFollowStep(state, ctx.playback, lesson::LessonTimeline());
    RequestScrollToHighlight(ctx);
  }
}

}  // namespace ui
