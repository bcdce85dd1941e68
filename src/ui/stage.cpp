#include "ui/stage.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/text_store.h"
#include "lesson/timeline/playback.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/panels.h"
#include "ui/player_panel.h"
#include "ui/text_layout.h"

namespace ui {

namespace {

using lesson::T;

constexpr float kMaxScale = 1.5f;    // text drawn larger than this from the font atlas turns soft
constexpr float kLeastShown = 0.9f;  // of the picture's width and height, the least a view frames
// While the lesson plays, the player fades out this long after the last pointer move, touch or
// key, over kFadeSeconds, to kFadedAlpha; any of them brings it back at once.
constexpr double kShowControlsSeconds = 3.0;
constexpr double kFadeSeconds = 0.5;
constexpr float kFadedAlpha = 0.15f;

// Whether the learner moved the pointer, touched or pressed a key this frame.
bool LearnerActed() {
  // What came in this frame: a pointer move (also one that just came over the widget), a wheel, a
  // key or a character. ImGui drops a move to where the pointer already is.
  if (ImGui::GetCurrentContext()->InputEventsTrail.Size > 0) return true;
  for (int button = 0; button < ImGuiMouseButton_COUNT; ++button) {
    if (ImGui::GetIO().MouseDown[button]) return true;  // held still, as on the seek bar
  }
  return false;
}

// The player's opacity on the stage: whole while paused, while the keyboard's ring is on one of its
// controls, and for a while after the learner acts; faded while the lesson just plays.
float PlayerAlpha(const lesson::LessonState& state, Context& ctx) {
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const bool ring_shown = g.NavId != 0 && !g.NavDisableHighlight;
  const double now = ImGui::GetTime();
  if (!state.walkthrough.playing || LearnerActed() || ring_shown) ctx.stage.input_at = now;
  const double quiet = now - ctx.stage.input_at - kShowControlsSeconds;
  if (quiet <= 0.0) return 1.0f;
  if (ctx.reduced_motion || quiet >= kFadeSeconds) return kFadedAlpha;
  ctx.moving = true;  // the next frames go on fading
  return 1.0f - (1.0f - kFadedAlpha) * static_cast<float>(quiet / kFadeSeconds);
}

// How the stage shows a picture laid out at [min, max]: `scale` times as large, its top left corner
// at `origin`.
struct Framing {
  ImVec2 origin;
  float scale = 1.0f;
  ImVec2 Map(const ImVec2& layout, const ImVec2& min) const {
    return ImVec2(origin.x + (layout.x - min.x) * scale, origin.y + (layout.y - min.y) * scale);
  }
};

// What the picture's drawing added, counted before it was drawn.
struct DrawnSince {
  int vertices = 0;
  int commands = 0;  // the first command that holds the picture
  size_t nodes = 0;     // ctx.access.nodes
  size_t controls = 0;  // ctx.controls.controls
};

// Starts a draw command of the picture's own, so what was drawn before keeps its clip.
DrawnSince Count(const Context& ctx, ImDrawList* draw) {
  draw->AddDrawCmd();
  return {draw->VtxBuffer.Size, draw->CmdBuffer.Size - 1, ctx.access.nodes.size(), ctx.controls.controls.size()};
}

// Moves what the picture drew, laid out at [min, max], to where `framing` shows it: its vertices
// and clip rectangles, and the rectangles of its named items, its controls for a screen reader and
// for touch, so tests, highlights and the page's elements find them where they show.
// Nothing of it shows outside `room`.
void Reframe(Context& ctx, ImDrawList* draw, const DrawnSince& since, const ImVec2& min, const ImVec2& max,
             const Framing& framing, const ImRect& room) {
  for (int i = since.vertices; i < draw->VtxBuffer.Size; ++i) draw->VtxBuffer[i].pos = framing.Map(draw->VtxBuffer[i].pos, min);
  for (int i = since.commands; i < draw->CmdBuffer.Size; ++i) {
    ImVec4& clip = draw->CmdBuffer[i].ClipRect;
    const ImVec2 a = framing.Map(ImVec2(clip.x, clip.y), min), b = framing.Map(ImVec2(clip.z, clip.w), min);
    clip = ImVec4(std::max(a.x, room.Min.x), std::max(a.y, room.Min.y), std::min(b.x, room.Max.x), std::min(b.y, room.Max.y));
  }
  // What is drawn next starts a command of its own, with the clip rectangle it asks for.
  draw->AddDrawCmd();
  const auto inside = [&](const ImVec2& point) {
    return point.x >= min.x - 0.5f && point.y >= min.y - 0.5f && point.x <= max.x + 0.5f && point.y <= max.y + 0.5f;
  };
  for (auto& item : ctx.items) {
    if (!inside(item.second.min)) continue;
    item.second.min = framing.Map(item.second.min, min);
    item.second.max = framing.Map(item.second.max, min);
  }
  for (size_t i = since.nodes; i < ctx.access.nodes.size(); ++i) {
    ctx.access.nodes[i].min = framing.Map(ctx.access.nodes[i].min, min);
    ctx.access.nodes[i].max = framing.Map(ctx.access.nodes[i].max, min);
  }
  for (size_t i = since.controls; i < ctx.controls.controls.size(); ++i) {
    ctx.controls.controls[i].min = framing.Map(ctx.controls.controls[i].min, min);
    ctx.controls.controls[i].max = framing.Map(ctx.controls.controls[i].max, min);
  }
}

}  // namespace

bool StageShown(const lesson::LessonState& state, Context& ctx) {
  if (state.walkthrough.playing) ctx.on_stage = true;
  return ctx.on_stage && PlayerInUse(state) && state.scene != lesson::Scene::Walkthrough &&
         state.scene == lesson::WalkthroughStepScene(PlayerStep(state)) && PictureOf(state.scene) != nullptr;
}

bool StageHidesChrome(const lesson::LessonState& state, Context& ctx) {
  // A recording (--record) is all stage, also its last frame, drawn once the lesson has ended.
  return StageShown(state, ctx) && (state.walkthrough.playing || ctx.hide_player);
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
  // While the lesson plays, the view frames the part being narrated: the picture is shown larger
  // (up to kMaxScale times, and never wider than the room), the part centred in the room the stage
  // has, what does not fit above or below cropped; moves between parts ease (under reduced motion
  // they cut). Paused, the picture settles back to the
  // size it is laid out at. The pointer reaches the picture where it shows (taking hold of a part
  // pauses the lesson, as on any scene).
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImDrawList* draw = window->DrawList;
  // The view frames the part the lesson points at: nothing in the widget scrolls to it. A widget
  // as tall as its content has the page bring the stage into view instead (Host::Reveal).
  const bool reveal = ctx.scroll_to_highlight;
  ctx.scroll_to_highlight = false;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x;
  const DrawnSince since = Count(ctx, draw);
  const int outlines = ctx.highlights_drawn;
  const bool playing = state.walkthrough.playing;
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 pointer = io.MousePos;
  if (ctx.stage.frame == ImGui::GetFrameCount() - 1 && ImGui::IsMousePosValid(&pointer)) {
    io.MousePos = ImVec2(ctx.stage.layout.x + (pointer.x - ctx.stage.origin.x) / ctx.stage.scale,
                         ctx.stage.layout.y + (pointer.y - ctx.stage.origin.y) / ctx.stage.scale);
  }
  ImGui::BeginGroup();
  DrawStepPicture(state, ctx, state.scene);
  ImGui::EndGroup();
  io.MousePos = pointer;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const ImVec2 size(std::max(1.0f, max.x - min.x), std::max(1.0f, max.y - min.y));
  // The room: the widget's width, and down to the window's bottom less what the captions and the
  // player took last frame; at least the picture's height (a widget as tall as its content, on a
  // page, grows no taller for it).
  const float room_height =
      ctx.fit_height ? size.y
                     : std::max(size.y, window->InnerRect.Max.y - ImGui::GetStyle().WindowPadding.y - top.y -
                                            ctx.stage.below - ImGui::GetStyle().ItemSpacing.y);
  const ImRect room(top, ImVec2(top.x + width, top.y + room_height));
  // The part: the outline the picture drew last, else the whole picture; with at least
  // kLeastShown of the picture's width and height around it, so the view keeps the picture's sense.
  ImRect part(min, max);
  if (ctx.highlights_drawn > outlines) part = ImRect(ctx.last_highlight.min, ctx.last_highlight.max);
  part.Expand(12.0f);
  for (const int axis : {0, 1}) {
    const float least = kLeastShown * size[axis], have = part.Max[axis] - part.Min[axis];
    if (have >= least) continue;
    part.Min[axis] = std::clamp(part.Min[axis] - (least - have) * 0.5f, min[axis], max[axis] - least);
    part.Max[axis] = part.Min[axis] + least;
  }
  float scale = 1.0f;
  ImVec2 origin(top.x + std::max(0.0f, (width - size.x) * 0.5f), top.y + std::max(0.0f, (room_height - size.y) * 0.5f));
  if (playing) {
    // Never wider than the room: what a picture shows across (a column of numbers) stays in view.
    scale = std::min({room.GetWidth() / part.GetWidth(), room.GetHeight() / part.GetHeight(), room.GetWidth() / size.x});
    scale = std::clamp(scale, 1.0f, kMaxScale);
    // The part's centre at the room's, moved as little as keeps the picture over the whole room.
    const auto place = [scale](float room_min, float room_max, float picture_min, float picture_size, float centre) {
      const float shown = picture_size * scale;
      if (shown <= room_max - room_min) return room_min + (room_max - room_min - shown) * 0.5f;
      const float at = (room_min + room_max) * 0.5f - (centre - picture_min) * scale;
      return std::clamp(at, room_max - shown, room_min);
    };
    origin = ImVec2(place(room.Min.x, room.Max.x, min.x, size.x, part.GetCenter().x),
                    place(room.Min.y, room.Max.y, min.y, size.y, part.GetCenter().y));
  }
  Framing framing;
  framing.scale = Eased(ctx, MotionId("stage.scale"), scale);
  framing.origin = ImVec2(Eased(ctx, MotionId("stage.x"), origin.x), Eased(ctx, MotionId("stage.y"), origin.y));
  Reframe(ctx, draw, since, min, max, framing, room);
  if (reveal && ctx.fit_height) {
    const float page_top = ImGui::GetMainViewport()->Pos.y;
    ctx.reveal_due = true;
    ctx.reveal_top = room.Min.y - page_top;
    ctx.reveal_bottom = room.Max.y - page_top;
  }
  ctx.stage.layout = min;
  ctx.stage.origin = framing.origin;
  ctx.stage.scale = framing.scale;
  ctx.stage.frame = ImGui::GetFrameCount();
  ImGui::SetCursorScreenPos(ImVec2(top.x, max.y));
  ImGui::Dummy(ImVec2(0.0f, std::max(0.0f, room.Max.y - max.y)));
  const float bottom = room.Max.y;
  RecordRect(ctx, "stage.picture", top, ImVec2(top.x + width, bottom));
  const float below = ImGui::GetCursorScreenPos().y;
  if (state.walkthrough.captions && !ctx.hide_player) {
    ImGui::Spacing();
    DrawCaptions(state, ctx);
  }
  ImGui::Spacing();
  // The player fades while the lesson just plays (its controls stay where they are, for the
  // keyboard and a screen reader).
  const float alpha = PlayerAlpha(state, ctx);
  ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * alpha);
  const ImVec2 player_top = ImGui::GetCursorScreenPos();
  DrawPlayer(state, ctx, PlayerSteps::Playback, PlayerCaptions::Elsewhere);
  ImGui::PopStyleVar();
  RecordRect(ctx, "stage.player", player_top, ImVec2(player_top.x + width, ImGui::GetCursorScreenPos().y));
  ctx.stage.player_alpha = alpha;
  ctx.stage.below = ImGui::GetCursorScreenPos().y - below;
}

}  // namespace ui
