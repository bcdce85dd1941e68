#include "ui/player_panel.h"

#include <algorithm>
#include <iterator>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "lesson/scenes/walkthrough/walkthrough.h"
#include "lesson/timeline/playback.h"
#include "ui/access.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/shortcuts.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::T;

constexpr double kSpeeds[] = {0.75, 1.0, 1.25, 1.5};

std::string SpeedLabel(double speed) { return lesson::Num(speed) + "\xC3\x97"; }  // "1.25×", "1,25×"

// Space and K play and pause, C turns captions on and off (ui/shortcuts.h). Space belongs to the
// control the keyboard focus ring is on, which it presses.
void HandleKeys(lesson::LessonState& state, Context& ctx, const lesson::Timeline& timeline) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool ring_shown = g.NavId != 0 && !g.NavDisableHighlight;
  const int toggles = TypedCount('k') + (ring_shown ? 0 : TypedCount(' '));
  for (int i = 0; i < toggles; ++i) lesson::PlaybackToggle(state, ctx.playback, timeline);
  if (TypedCount('c') % 2 == 1) state.walkthrough.captions = !state.walkthrough.captions;
}

// The seek bar: a slider over the timeline with a tick at each step's start.
void DrawSeekBar(lesson::LessonState& state, Context& ctx, const lesson::Timeline& timeline, float width) {
  lesson::Walkthrough& walkthrough = state.walkthrough;
  double seconds = walkthrough.time;
  const double start = 0.0;
  // No text in the bar (its grab would cover it on a phone): the line under it tells the time.
  ImGui::SetNextItemWidth(width);
  const ImGuiID id = ImGui::GetID("##seek");
  if (ImGui::SliderScalar("##seek", ImGuiDataType_Double, &seconds, &start, &timeline.duration, "",
                          ImGuiSliderFlags_AlwaysClamp | ImGuiSliderFlags_NoInput) ||
      TakeAccessStep(ctx, id, start, timeline.duration, &seconds)) {
    lesson::PlaybackSeek(state, ctx.playback, timeline, seconds);
  }
  DescribeSlider(ctx, T("walkthrough.seek"), seconds, start, timeline.duration, lesson::PlaybackClock(seconds));
  RecordItem(ctx, "walkthrough.seek");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("walkthrough.seek").c_str());
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 max = ImGui::GetItemRectMax();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float inner = ImGui::GetStyle().GrabMinSize * 0.5f + ImGui::GetStyle().FramePadding.x * 0.0f;
  for (const lesson::TimelineStep& step : timeline.steps) {
    const float f = timeline.duration > 0.0 ? static_cast<float>(step.start / timeline.duration) : 0.0f;
    const float x = min.x + inner + f * (max.x - min.x - 2.0f * inner);
    draw->AddLine(ImVec2(x, max.y - 5.0f), ImVec2(x, max.y - 1.0f), ImGui::GetColorU32(ctx.palette.first), 2.0f);
  }
}

// The narration's words for the step on a tinted band, as a video shows its captions.
void DrawCaptionBand(Context& ctx, const std::string& caption, float width) {
  const float pad = 10.0f;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::SetCursorScreenPos(ImVec2(start.x + pad, start.y + pad));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2.0f * pad);
  ImGui::TextUnformatted(caption.c_str());
  ImGui::PopTextWrapPos();
  const float bottom = ImGui::GetItemRectMax().y + pad;
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, ImVec2(start.x + width, bottom), ctx.palette.panel, 6.0f);
  draw->AddRectFilled(start, ImVec2(start.x + 4.0f, bottom), ctx.palette.first, 2.0f);
  draw->ChannelsMerge();
  RecordRect(ctx, "walkthrough.caption", start, ImVec2(start.x + width, bottom));
  ImGui::SetCursorScreenPos(ImVec2(start.x, bottom));
  ImGui::Dummy(ImVec2(width, 0.0f));
}

// A check box labelled by `key`, recorded as `name`, with `hint` on hover.
void CheckboxWithHint(Context& ctx, ButtonRow& row, const char* key, const char* name, const char* hint, bool* value) {
  const std::string& label = T(key);
  row.Place(label + "    ");  // room for the box
  ImGui::Checkbox(label.c_str(), value);
  RecordItem(ctx, name);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T(hint).c_str());
}

// Back and Next through the walkthrough's steps (Next starts over from the last).
void DrawWalkthroughSteps(lesson::LessonState& state, ButtonRow& row, Context& ctx) {
  lesson::Walkthrough& walkthrough = state.walkthrough;
  const std::string back = T("walkthrough.back") + "###walkthrough_back";
  row.Place(back);
  ImGui::BeginDisabled(walkthrough.step == 0);
  if (ImGui::Button(back.c_str())) lesson::PreviousWalkthroughStep(state);
  ImGui::EndDisabled();
  RecordItem(ctx, "walkthrough.back");
  const bool last = walkthrough.step == lesson::WalkthroughStepCount() - 1;
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
}

}  // namespace

bool PlayerInUse(const lesson::LessonState& state) { return state.walkthrough.playing || state.walkthrough.time > 0.0; }

int PlayerStep(const lesson::LessonState& state) {
  return PlayerInUse(state) ? lesson::TimelineStepAt(lesson::LessonTimeline(), state.walkthrough.time)
                            : lesson::ClampWalkthroughStep(state.walkthrough.step);
}

namespace {

float ColumnWidth() { return std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 44.0f); }

}  // namespace

void DrawCaptions(const lesson::LessonState& state, Context& ctx) {
  const int step = PlayerStep(state);
  DrawCaptionBand(ctx, T(lesson::WalkthroughStepKey(step, "caption")), ColumnWidth());
}

void DrawPlayer(lesson::LessonState& state, Context& ctx, PlayerSteps steps, PlayerCaptions captions) {
  const lesson::Timeline& timeline = lesson::LessonTimeline();
  lesson::Walkthrough& walkthrough = state.walkthrough;
  if (ctx.hide_player) {
    if (walkthrough.playing && state.highlight != ctx.played_highlight) RequestScrollToHighlight(ctx);
    ctx.played_highlight = state.highlight;
    return;
  }
  HandleKeys(state, ctx, timeline);
  const float column = ColumnWidth();
  ImGui::PushID("player");

  ButtonRow row;
  const bool at_end = walkthrough.time >= timeline.duration;
  const char* play_key = walkthrough.playing ? "walkthrough.pause"
                         : at_end            ? "walkthrough.replay"
                         : walkthrough.time > 0.0 ? "walkthrough.resume"
                                                  : "walkthrough.play";
  // As wide as its widest label, so the buttons after it stay put when it turns into Pause.
  float play_width = 0.0f;
  for (const char* key : {"walkthrough.pause", "walkthrough.replay", "walkthrough.resume", "walkthrough.play"}) {
    play_width = std::max(play_width, ImGui::CalcTextSize(T(key).c_str()).x);
  }
  play_width += ImGui::GetStyle().FramePadding.x * 2.0f;
  const std::string play = T(play_key) + "###play";
  row.Place(T("walkthrough.play"));
  if (ImGui::Button(play.c_str(), ImVec2(play_width, 0.0f))) {
    // From the start of the step the walkthrough shows, when the lesson has not played yet.
    if (!walkthrough.playing && walkthrough.time <= 0.0 && walkthrough.step > 0) {
      lesson::PlaybackSeek(state, ctx.playback, timeline, lesson::TimelineStepStart(timeline, walkthrough.step));
    }
    lesson::PlaybackToggle(state, ctx.playback, timeline);
  }
  RecordItem(ctx, "walkthrough.play");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("walkthrough.player_keys").c_str());

  if (steps == PlayerSteps::Walkthrough) {
    DrawWalkthroughSteps(state, row, ctx);
  } else {
    // Labels that never change are their own ids.
    const std::string& previous = T("walkthrough.previous_step");
    row.Place(previous);
    if (ImGui::Button(previous.c_str())) lesson::PlaybackPreviousStep(state, ctx.playback, timeline);
    RecordItem(ctx, "walkthrough.previous_step");
    const std::string& next = T("walkthrough.next_step");
    row.Place(next);
    if (ImGui::Button(next.c_str())) lesson::PlaybackNextStep(state, ctx.playback, timeline);
    RecordItem(ctx, "walkthrough.next_step");
  }
  CheckboxWithHint(ctx, row, "walkthrough.cc", "walkthrough.captions", "walkthrough.cc_hint", &walkthrough.captions);
  CheckboxWithHint(ctx, row, "walkthrough.reduce_motion", "walkthrough.reduce_motion", "walkthrough.reduce_motion_hint",
                   &ctx.reduce_motion_setting);

  // One button that steps through the speeds, as video players do (a press is all a finger needs).
  const std::string speed = T("walkthrough.speed") + " " + SpeedLabel(walkthrough.speed) + "###speed";
  row.Place(T("walkthrough.speed") + " 1.25\xC3\x97");
  if (ImGui::Button(speed.c_str())) {
    const double* faster = std::find_if(std::begin(kSpeeds), std::end(kSpeeds),
                                         [&](double s) { return s > walkthrough.speed + 1e-9; });
    lesson::SetPlaybackSpeed(walkthrough, faster == std::end(kSpeeds) ? kSpeeds[0] : *faster);
  }
  RecordItem(ctx, "walkthrough.speed");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T("walkthrough.speed_hint").c_str());

  DrawSeekBar(state, ctx, timeline, column);
  const int step = PlayerStep(state);
  const std::string position =
      lesson::Fill(T("walkthrough.position"),
                   {{"time", lesson::PlaybackClock(walkthrough.time)},
                    {"duration", lesson::PlaybackClock(timeline.duration)},
                    {"step", std::to_string(step + 1)},
                    {"count", std::to_string(timeline.steps.size())},
                    {"title", T(lesson::WalkthroughStepKey(step, "title"))}});
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + column);
  Paragraph(position, ctx.palette.muted, column);
  RecordItem(ctx, "walkthrough.player_position");
  if (walkthrough.captions && captions == PlayerCaptions::Under) DrawCaptions(state, ctx);
  if (!walkthrough.playing && lesson::PlaybackTakenOver(state, ctx.playback)) {
    Paragraph(lesson::Fill(T("walkthrough.taken_over"), {{"step", std::to_string(step + 1)}}), ctx.palette.muted, column);
    RecordItem(ctx, "walkthrough.taken_over");
  } else if (walkthrough.playing && ctx.playback.narration == lesson::Narration::Captions &&
             ctx.speech_note != nullptr) {
    Paragraph(walkthrough.captions ? T(ctx.speech_note) : T(ctx.speech_note) + " " + T("walkthrough.turn_captions_on"),
              ctx.palette.muted, column);
    RecordItem(ctx, "walkthrough.speech_note");
  }
  ImGui::PopTextWrapPos();
  ImGui::PopID();
  // A part the lesson now points at scrolls into view (in a widget with a scrollbar of its own).
  if (walkthrough.playing && state.highlight != ctx.played_highlight) RequestScrollToHighlight(ctx);
  ctx.played_highlight = state.highlight;
}

void PausePlayerIfTakenOver(lesson::LessonState& state, Context& ctx) {
  if (state.walkthrough.playing && lesson::PlaybackTakenOver(state, ctx.playback)) lesson::PlaybackPause(state);
}

}  // namespace ui
