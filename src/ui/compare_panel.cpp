#include "ui/compare_panel.h"

// Contents
// [SECTION] Colours and the plane's coordinates
// [SECTION] Draggable tips: mouse, touch and keyboard
// [SECTION] The plane
// [SECTION] Scores, weights, temperature, output
// [SECTION] The panel

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/checkbox.h"
#include "ui/compare_scaling_demo.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/number_field.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::CompareResult;
using lesson::CompareScene;
using lesson::kCompareKeyCount;
using lesson::kComparePlaneLimit;
using lesson::Num;
using lesson::PlanePoint;
using lesson::T;

constexpr float kWideLayoutMin = 720.0f;  // narrower than this, the numbers go under the plane
constexpr float kPlaneMaxSide = 460.0f;
constexpr double kDragGrid = 0.05;     // dragged tips snap to this grid, so the numbers stay short
constexpr double kKeyStep = 0.1;       // one arrow key press
constexpr double kKeyStepLarge = 0.5;  // with Shift

// [SECTION] Colours and the plane's coordinates

ImU32 KeyColor(Context& ctx, int key) { return SeriesColor(ctx, std::clamp(key, 0, kCompareKeyCount - 1)); }

ImU32 WithAlpha(ImU32 color, int alpha) {
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

std::string KeyLabel(int key) { return T("compare.key" + std::to_string(key)); }

std::string KeyItemName(const char* prefix, int key) { return std::string(prefix) + std::to_string(key); }

double Snap(double v, double grid) { return std::round(v / grid) * grid; }

// The [-limit, limit] square on screen; y grows upward in the plane and downward on screen.
struct PlaneFrame {
  ImVec2 min;         // top-left corner of the coordinate square
  float side = 1.0f;  // its side in pixels

  ImVec2 ToScreen(const PlanePoint& p) const {
    const double span = 2.0 * kComparePlaneLimit;
    const double x = std::clamp(p.x, -kComparePlaneLimit, kComparePlaneLimit);
    const double y = std::clamp(p.y, -kComparePlaneLimit, kComparePlaneLimit);
    return ImVec2(min.x + static_cast<float>((x + kComparePlaneLimit) / span) * side,
                  min.y + static_cast<float>((kComparePlaneLimit - y) / span) * side);
  }
  PlanePoint ToPlane(ImVec2 s) const {
    const double span = 2.0 * kComparePlaneLimit;
    return PlanePoint{static_cast<double>((s.x - min.x) / side) * span - kComparePlaneLimit,
                      kComparePlaneLimit - static_cast<double>((s.y - min.y) / side) * span};
  }
};

// [SECTION] Draggable tips: mouse, touch and keyboard

struct TipInput {
  bool dragging = false;  // held with the mouse (or a finger)
  PlanePoint drag_to;     // where the pointer is, in plane coordinates
  bool focused = false;   // has keyboard focus (or was clicked last)
  bool hovered = false;
  bool key_moved = false;  // an arrow key moved it this frame
  PlanePoint key_delta;    // by how much
};

// One arrow tip as an ImGui item: the mouse drags it; when it has focus the arrow keys move it
// and Tab goes on to the next item. It is a tab stop (Inputable), so Tab reaches every tip.
// "Focus" means focus the learner gave it: by keyboard (ImGui's nav highlight is on) or by
// clicking it (`clicked_tip`, kept in the window's storage). ImGui also focuses the first item of
// a new window silently; that must not make the arrow keys move the query.
TipInput Tip(const char* str_id, ImVec2 center, float half_size, const PlaneFrame& frame, ImGuiID clicked_key) {
  TipInput in;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImGuiContext& g = *ImGui::GetCurrentContext();
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID id = window->GetID(str_id);
  const ImRect bb(center.x - half_size, center.y - half_size, center.x + half_size, center.y + half_size);
  if (!ImGui::ItemAdd(bb, id, nullptr, ImGuiItemFlags_Inputable)) return in;
  bool held = false;
  ImGui::ButtonBehavior(bb, id, &in.hovered, &held);
  if (held && g.ActiveId == id && g.ActiveIdSource == ImGuiInputSource_Mouse) {
    storage->SetInt(clicked_key, static_cast<int>(id));
    in.dragging = true;
    in.focused = true;
    in.drag_to = frame.ToPlane(ImGui::GetIO().MousePos);
    return in;
  }
  const bool clicked = static_cast<ImGuiID>(storage->GetInt(clicked_key, 0)) == id;
  in.focused = ImGui::IsItemFocused() && (!g.NavDisableHighlight || clicked);
  if (!in.focused) return in;

  const ImGuiIO& io = ImGui::GetIO();
  const double step = io.KeyShift ? kKeyStepLarge : kKeyStep;
  if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) in.key_delta.x -= step;
  if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) in.key_delta.x += step;
  if (ImGui::IsKeyPressed(ImGuiKey_UpArrow)) in.key_delta.y += step;
  if (ImGui::IsKeyPressed(ImGuiKey_DownArrow)) in.key_delta.y -= step;
  in.key_moved = in.key_delta.x != 0.0 || in.key_delta.y != 0.0;
  // The arrows move the tip, so the navigation move they started this frame is dropped.
  if (in.key_moved) ImGui::NavMoveRequestCancel();
  return in;
}

// Applies a tip's input to a point through `set` (the scene's setter, which clamps to the plane).
template <typename Setter>
void ApplyTip(const TipInput& in, const PlanePoint& current, Setter set) {
  if (in.dragging) {
    set(PlanePoint{Snap(in.drag_to.x, kDragGrid), Snap(in.drag_to.y, kDragGrid)});
  } else if (in.key_moved) {
    set(PlanePoint{Snap(current.x + in.key_delta.x, kDragGrid), Snap(current.y + in.key_delta.y, kDragGrid)});
  }
}

// The tip a click on the plane moves: the one last dragged, clicked or focused (the query until
// then), as kCompareKeyCount for the query or a key's index; kept in the window's storage.
int ChosenTip() { return ImGui::GetStateStorage()->GetInt(ImGui::GetID("##chosen_tip"), kCompareKeyCount); }

// A click or tap on a place in the plane (not on a tip) moves the chosen tip there: what a drag does,
// with a single pointer and no path to follow (WCAG 2.5.7). Only on release, with the pointer still
// there and hardly moved, so a finger that scrolls the page from the plane moves nothing.
void PlaceChosenTip(Context& ctx, CompareScene& scene, const PlaneFrame& frame, float half, const TipInput& query_in,
                    const TipInput* key_in) {
  int chosen = ChosenTip();
  if (query_in.dragging || query_in.focused) chosen = kCompareKeyCount;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    if (key_in[i].dragging || key_in[i].focused) chosen = i;
  }
  ImGui::GetStateStorage()->SetInt(ImGui::GetID("##chosen_tip"), chosen);

  const ImGuiIO& io = ImGui::GetIO();
  const ImRect plane(frame.min, ImVec2(frame.min.x + frame.side, frame.min.y + frame.side));
  if (!ImGui::IsMouseReleased(ImGuiMouseButton_Left) || !ImGui::IsWindowHovered()) return;
  if (!plane.Contains(io.MouseClickedPos[0]) || !plane.Contains(io.MousePos)) return;
  const float threshold = io.MouseDragThreshold;
  if (io.MouseDragMaxDistanceSqr[0] > threshold * threshold) return;
  auto on_tip = [&](const PlanePoint& point) {
    const ImVec2 tip = frame.ToScreen(point);
    return std::fabs(io.MouseClickedPos[0].x - tip.x) <= half && std::fabs(io.MouseClickedPos[0].y - tip.y) <= half;
  };
  if (on_tip(scene.query)) return;
  for (const lesson::CompareKey& key : scene.keys) {
    if (on_tip(key.position)) return;
  }
  const PlanePoint to = frame.ToPlane(io.MousePos);
  const PlanePoint snapped{Snap(to.x, kDragGrid), Snap(to.y, kDragGrid)};
  if (chosen == kCompareKeyCount) {
    lesson::SetQuery(scene, snapped);
  } else {
    lesson::SetKeyPosition(scene, chosen, snapped);
  }
  RecordRect(ctx, "compare.placed", io.MousePos, io.MousePos);
}

// [SECTION] The plane

void DrawArrow(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness) {
  const float dx = to.x - from.x;
  const float dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (length < 1.0f) return;
  const float ux = dx / length;
  const float uy = dy / length;
  const float head = std::min(14.0f, length * 0.6f);
  const float half_width = head * 0.45f;
  const ImVec2 base(to.x - ux * head, to.y - uy * head);
  draw->AddLine(from, base, color, thickness);
  draw->AddTriangleFilled(to, ImVec2(base.x - uy * half_width, base.y + ux * half_width),
                          ImVec2(base.x + uy * half_width, base.y - ux * half_width), color);
}

struct Segment {
  ImVec2 a;
  ImVec2 b;
};

float DistanceToSegment(ImVec2 p, const Segment& s) {
  const float vx = s.b.x - s.a.x;
  const float vy = s.b.y - s.a.y;
  const float length2 = vx * vx + vy * vy;
  const float t = length2 > 0.0f ? std::clamp(((p.x - s.a.x) * vx + (p.y - s.a.y) * vy) / length2, 0.0f, 1.0f) : 0.0f;
  const float dx = p.x - (s.a.x + t * vx);
  const float dy = p.y - (s.a.y + t * vy);
  return std::sqrt(dx * dx + dy * dy);
}

// A label next to an arrow's tip, inside the canvas, clear of the labels already placed: beyond
// the tip when that spot is also clear of the other arrows, else wherever it is furthest from
// them (beside the tip or before it). Returns where it went.
ImRect DrawTipLabel(ImDrawList* draw, ImFont* font, ImVec2 origin, ImVec2 tip, const std::string& text, ImU32 color,
                    const ImRect& canvas, const std::vector<ImRect>& taken, const std::vector<Segment>& arrows) {
  if (font == nullptr) font = ImGui::GetFont();
  const float dx = tip.x - origin.x;
  const float dy = tip.y - origin.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  const float ux = length < 1.0f ? 0.7071f : dx / length;
  const float uy = length < 1.0f ? -0.7071f : dy / length;
  // In layout units, as ImGui sizes text: the atlas is rasterized at the screen's pixel ratio.
  const float font_size = font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale;
  const ImVec2 size = font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, text.c_str());
  const ImVec2 directions[] = {ImVec2(ux, uy), ImVec2(-uy, ux), ImVec2(uy, -ux), ImVec2(-ux, -uy)};
  ImRect chosen;
  float best = -FLT_MAX;
  bool first = true;
  for (const ImVec2& d : directions) {
    const float reach = 14.0f + 0.5f * std::max(size.x * std::fabs(d.x), size.y * std::fabs(d.y));
    const float x = std::clamp(tip.x + d.x * reach - size.x * 0.5f, canvas.Min.x + 2.0f, canvas.Max.x - size.x - 2.0f);
    const float y = std::clamp(tip.y + d.y * reach - size.y * 0.5f, canvas.Min.y + 2.0f, canvas.Max.y - size.y - 2.0f);
    const ImRect rect(x, y, x + size.x, y + size.y);
    const ImRect spaced(rect.Min.x - 6.0f, rect.Min.y - 2.0f, rect.Max.x + 6.0f, rect.Max.y + 2.0f);
    const bool free = std::none_of(taken.begin(), taken.end(), [&](const ImRect& r) { return r.Overlaps(spaced); });
    float clearance = FLT_MAX;
    for (const Segment& arrow : arrows) {
      if (arrow.b.x == tip.x && arrow.b.y == tip.y) continue;  // its own arrow
      clearance = std::min(clearance, DistanceToSegment(rect.GetCenter(), arrow) - 0.5f * size.x);
    }
    const float score = (free ? 0.0f : -10000.0f) + std::min(clearance, 12.0f) + (first ? 0.5f : 0.0f);
    if (score > best) {
      best = score;
      chosen = rect;
    }
    first = false;
  }
  draw->AddText(font, font_size, chosen.Min, color, text.c_str());
  return chosen;
}

// Draws the grid and its tick numbers; returns where the numbers are, for the tip labels to avoid.
std::vector<ImRect> DrawGrid(Context& ctx, ImDrawList* draw, const PlaneFrame& frame, const Palette& palette) {
  std::vector<ImRect> ticks;
  const int limit = static_cast<int>(kComparePlaneLimit);
  for (int i = -limit; i <= limit; ++i) {
    const double v = static_cast<double>(i);
    const ImU32 color = i == 0 ? palette.axis : WithAlpha(palette.axis, 70);
    const float thickness = i == 0 ? 1.5f : 1.0f;
    draw->AddLine(frame.ToScreen(PlanePoint{v, -kComparePlaneLimit}), frame.ToScreen(PlanePoint{v, kComparePlaneLimit}),
                  color, thickness);
    draw->AddLine(frame.ToScreen(PlanePoint{-kComparePlaneLimit, v}), frame.ToScreen(PlanePoint{kComparePlaneLimit, v}),
                  color, thickness);
    if (i > 0) {
      const std::string tick = std::to_string(i);
      const ImVec2 on_x = frame.ToScreen(PlanePoint{v, 0.0});
      const ImVec2 on_y = frame.ToScreen(PlanePoint{0.0, v});
      const ImVec2 size = ImGui::CalcTextSize(tick.c_str());
      for (const ImVec2 at : {ImVec2(on_x.x - 10.0f, on_x.y + 2.0f), ImVec2(on_y.x + 4.0f, on_y.y - 2.0f)}) {
        draw->AddText(at, palette.muted, tick.c_str());
        ticks.emplace_back(at, ImVec2(at.x + size.x, at.y + size.y));
        RecordRect(ctx, ("compare.tick." + std::to_string(ticks.size() - 1)).c_str(), ticks.back().Min,
                   ticks.back().Max);
      }
    }
  }
  return ticks;
}

// The query and the keys as arrows from the origin; each tip can be dragged or moved with keys.
void DrawPlane(Context& ctx, lesson::LessonState& state, float side) {
  CompareScene& scene = state.compare;
  const Palette& palette = ctx.palette;
  const Fonts& fonts = ctx.fonts;

  ImGui::TextWrapped("%s", T("compare.plane_label").c_str());
  const ImVec2 canvas_min = ImGui::GetCursorScreenPos();
  const ImVec2 canvas_max(canvas_min.x + side, canvas_min.y + side);
  ImGui::Dummy(ImVec2(side, side));
  const ImVec2 after_canvas = ImGui::GetCursorScreenPos();

  const float pad = 24.0f;  // room for tips and labels at the edges
  PlaneFrame frame;
  frame.min = ImVec2(canvas_min.x + pad, canvas_min.y + pad);
  frame.side = side - 2.0f * pad;
  RecordRect(ctx, "compare.plane", frame.min, ImVec2(frame.min.x + frame.side, frame.min.y + frame.side));

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(canvas_min, canvas_max, palette.panel, 8.0f);
  std::vector<ImRect> labels = DrawGrid(ctx, draw, frame, palette);  // tip labels avoid these and each other

  // Items first (the query first, so it wins when it sits on a key and Tab reaches it first),
  // then the drawing, with the query on top.
  const float half = std::max(18.0f, ImGui::GetFontSize());
  const ImVec2 origin = frame.ToScreen(PlanePoint{0.0, 0.0});
  // The tip last clicked keeps answering the arrow keys while it has focus.
  const ImGuiID clicked_key = ImGui::GetID("##clicked_tip");
  ImGuiStorage* storage = ImGui::GetStateStorage();
  if (static_cast<ImGuiID>(storage->GetInt(clicked_key, 0)) != ImGui::GetFocusID()) storage->SetInt(clicked_key, 0);
  TipInput query_in = Tip("##query_tip", frame.ToScreen(scene.query), half, frame, clicked_key);
  RecordItem(ctx, "compare.query");
  DescribeItem(ctx, AccessRole::Point, T("compare.query"));
  DescribeValue(ctx, lesson::FormatPoint(scene.query));
  ApplyTip(query_in, scene.query, [&](PlanePoint p) { lesson::SetQuery(scene, p); });
  TipInput key_in[kCompareKeyCount];
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const lesson::CompareKey& key = scene.keys[static_cast<size_t>(i)];
    ImGui::PushID(i);
    key_in[i] = Tip("##key_tip", frame.ToScreen(key.position), half, frame, clicked_key);
    ImGui::PopID();
    DescribeItem(ctx, AccessRole::Point, T(KeyItemName("compare.key", i)));
    DescribeValue(ctx, lesson::FormatPoint(key.position));
    RecordItem(ctx, KeyItemName("compare.key", i).c_str());
    ApplyTip(key_in[i], key.position, [&](PlanePoint p) { lesson::SetKeyPosition(scene, i, p); });
  }
  PlaceChosenTip(ctx, scene, frame, half, query_in, key_in);
  ImGui::SetCursorScreenPos(after_canvas);
  const CompareResult result = lesson::ComputeCompare(scene);

  const ImU32 focus_color = ImGui::GetColorU32(ImGuiCol_NavHighlight);
  auto rings = [&](ImVec2 tip, const TipInput& in, bool highlighted) {
    if (in.focused || in.dragging)
      draw->AddCircle(tip, 14.0f, focus_color, 0, 2.5f);
    else if (in.hovered)
      draw->AddCircle(tip, 13.0f, WithAlpha(focus_color, 140), 0, 1.5f);
    if (highlighted) {
      draw->AddCircle(tip, 20.0f, palette.highlight, 0, 3.0f);
      RecordRect(ctx, "compare.highlight", ImVec2(tip.x - 20.0f, tip.y - 20.0f), ImVec2(tip.x + 20.0f, tip.y + 20.0f));
    }
  };
  const bool keys_highlighted = IsHighlighted(state, "compare.keys");
  const ImRect canvas(canvas_min, canvas_max);
  // The arrows glide to a new place the learner did not drag them to (a reset, a link, the lesson's
  // playback); a dragged tip follows the hand (ui/motion.h).
  // Eased in the plane's own units, so scrolling or resizing moves the arrows with the plane.
  auto glide = [&](int i, const lesson::PlanePoint& point) {
    const lesson::PlanePoint shown{
        static_cast<double>(Eased(ctx, MotionId("compare.tip.x", i), static_cast<float>(point.x))),
        static_cast<double>(Eased(ctx, MotionId("compare.tip.y", i), static_cast<float>(point.y)))};
    return frame.ToScreen(shown);
  };
  const ImVec2 query_tip = glide(kCompareKeyCount, scene.query);
  std::vector<Segment> arrows{Segment{origin, query_tip}};
  std::vector<ImVec2> key_tips;
  for (int i = 0; i < kCompareKeyCount; ++i) key_tips.push_back(glide(i, scene.keys[static_cast<size_t>(i)].position));
  for (const ImVec2& tip : key_tips) arrows.push_back(Segment{origin, tip});
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const ImVec2 tip = key_tips[static_cast<size_t>(i)];
    const ImU32 color = KeyColor(ctx, i);
    // The disc's area follows the key's weight, so the plane shows where the weight went.
    const float weight = Eased(ctx, MotionId("compare.disc", i),
                               static_cast<float>(std::clamp(result.weights[static_cast<size_t>(i)], 0.0, 1.0)));
    const float disc = 7.0f + 20.0f * std::sqrt(weight);
    draw->AddCircleFilled(tip, disc, WithAlpha(color, 45));
    draw->AddCircle(tip, disc, WithAlpha(color, 140), 0, 1.0f);
    DrawArrow(draw, origin, tip, color, 2.5f);
    draw->AddCircleFilled(tip, 5.0f, color);
    labels.push_back(DrawTipLabel(draw, fonts.bold, origin, tip, KeyLabel(i), color, canvas, labels, arrows));
    RecordRect(ctx, KeyItemName("compare.key_label", i).c_str(), labels.back().Min, labels.back().Max);
    rings(tip, key_in[i], keys_highlighted);
  }
  DrawArrow(draw, origin, query_tip, palette.text, 3.5f);
  draw->AddCircleFilled(query_tip, 7.0f, palette.text);
  draw->AddCircleFilled(query_tip, 3.0f, palette.panel);
  DrawTipLabel(draw, fonts.bold, origin, query_tip, T("compare.query"), palette.text, canvas, labels, arrows);
  rings(query_tip, query_in, IsHighlighted(state, "compare.query"));
  if (keys_highlighted) {
    // Every key is ringed; the recorded rectangle is the plane that holds them.
    RecordRect(ctx, "compare.highlight", canvas_min, canvas_max);
  }

  // The output, next to the plane, so it can be watched while dragging.
  ImGui::PushFont(fonts.bold);
  Paragraph(T("compare.output_readout") + " = " + Num(result.combination.output), palette.output);
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
  ImGui::TextWrapped("%s", T("compare.keyboard_hint").c_str());
  const int chosen = ChosenTip();
  ImGui::TextWrapped("%s", lesson::Fill(T("compare.place_hint"),
                                        {{"arrow", chosen == kCompareKeyCount ? T("compare.query") : KeyLabel(chosen)}})
                               .c_str());
  ImGui::PopStyleColor();
  ImGui::TextWrapped("%s", T("compare.try").c_str());
  ImGui::TextWrapped("%s", T("compare.vectors_note").c_str());
}

// [SECTION] Scores, weights, temperature, output

// Outlines a finished highlight group over the whole window (a table column would clip it).
void EndGroup(Context& ctx, const lesson::LessonState& state, const char* name) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  ImGui::PushClipRect(window->Rect().Min, window->Rect().Max, false);
  EndHighlightGroup(ctx, state, name);
  ImGui::PopClipRect();
  if (IsHighlighted(state, name))
    RecordRect(ctx, "compare.highlight", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

// The column headers do nothing when pressed (the tables do not sort), so Tab passes them by.
void HeadersRow() {
  ImGui::PushTabStop(false);
  ImGui::TableHeadersRow();
  ImGui::PopTabStop();
}

void SectionTitle(Context& ctx, const std::string& text) {
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopFont();
}

// Bold, in the key's colour: the key column of both tables.
void KeyCell(Context& ctx, int key) {
  ImGui::PushStyleColor(ImGuiCol_Text, KeyColor(ctx, key));
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::TextUnformatted(KeyLabel(key).c_str());
  ImGui::PopFont();
  ImGui::PopStyleColor();
}

float KeyColumnWidth(Context& ctx) {
  float width = ImGui::CalcTextSize(T("compare.column_key").c_str()).x;
  ImGui::PushFont(ctx.fonts.bold);
  for (int i = 0; i < kCompareKeyCount; ++i) width = std::max(width, ImGui::CalcTextSize(KeyLabel(i).c_str()).x);
  ImGui::PopFont();
  return width;
}

void DrawScores(Context& ctx, lesson::LessonState& state) {
  CompareScene& scene = state.compare;
  BeginHighlightGroup();
  SectionTitle(ctx, T("compare.scores_title"));

  BeginHighlightGroup();
  WrappedCheckbox(ctx, T("compare.scaling"), &scene.scaled, "compare.scaling_toggle");
  EndGroup(ctx, state, "compare.scaling");

  const CompareResult result = lesson::ComputeCompare(scene);
  const std::string formula = T(scene.scaled ? "compare.formula_scaled" : "compare.formula_unscaled") +
                              ",  q = " + lesson::FormatPoint(scene.query);
  Paragraph(formula);

  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("##compare_scores", 3, flags)) {
    ImGui::TableSetupColumn(T("compare.column_key").c_str(), ImGuiTableColumnFlags_WidthFixed, KeyColumnWidth(ctx));
    ImGui::TableSetupColumn(T("compare.column_dot").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.5f);
    ImGui::TableSetupColumn(T("compare.column_score").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    HeadersRow();
    for (int i = 0; i < kCompareKeyCount; ++i) {
      const size_t k = static_cast<size_t>(i);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      KeyCell(ctx, i);
      ImGui::TableNextColumn();
      Paragraph(lesson::FormatDotProduct(scene.query, scene.keys[k].position));
      ImGui::TableNextColumn();
      std::string score = lesson::FormatSigned(result.dot_products[k]);
      if (scene.scaled) {
        score += " \u00f7 " + Num(result.divisor) + " = " + lesson::FormatSigned(result.scores[k]);
      }
      Paragraph(score);
    }
    ImGui::EndTable();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.muted);
  ImGui::TextWrapped("%s", T("compare.scaling_note").c_str());
  ImGui::PopStyleColor();
  EndGroup(ctx, state, "compare.scores");
}

// One bar per key: label, the weight as a bar, the weight as a number.
void DrawWeightBars(Context& ctx, const CompareResult& result) {
  const Palette& palette = ctx.palette;
  const ImGuiStyle& style = ImGui::GetStyle();
  float label_width = 0.0f;
  for (int i = 0; i < kCompareKeyCount; ++i)
    label_width = std::max(label_width, ImGui::CalcTextSize(KeyLabel(i).c_str()).x);
  label_width += style.ItemSpacing.x;
  const float number_width = ImGui::CalcTextSize("0.00").x + style.ItemSpacing.x;
  const float width = ImGui::GetContentRegionAvail().x;
  const float bar_width = std::max(40.0f, width - label_width - number_width);
  const float row_height = ImGui::GetFontSize() + 10.0f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(style.ItemSpacing.x, 4.0f));
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const double weight = std::clamp(result.weights[static_cast<size_t>(i)], 0.0, 1.0);
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(label_width + bar_width + number_width, row_height));
    RecordItem(ctx, KeyItemName("compare.weight", i).c_str());
    const float text_y = pos.y + (row_height - ImGui::GetFontSize()) * 0.5f;
    draw->AddText(ImVec2(pos.x, text_y), KeyColor(ctx, i), KeyLabel(i).c_str());
    const ImVec2 bar_min(pos.x + label_width, pos.y + 3.0f);
    const ImVec2 bar_max(bar_min.x + bar_width - style.ItemSpacing.x, pos.y + row_height - 3.0f);
    draw->AddRectFilled(bar_min, bar_max, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
    const float fill = (bar_max.x - bar_min.x) * Eased(ctx, MotionId("compare.weight", i), static_cast<float>(weight));
    if (fill > 0.5f) draw->AddRectFilled(bar_min, ImVec2(bar_min.x + fill, bar_max.y), KeyColor(ctx, i), 3.0f);
    draw->AddRect(bar_min, bar_max, WithAlpha(palette.axis, 120), 3.0f);
    draw->AddText(ImVec2(bar_min.x + bar_width, text_y), palette.text, Num(weight).c_str());
  }
  ImGui::PopStyleVar();
}

void DrawTemperature(Context& ctx, lesson::LessonState& state) {
  CompareScene& scene = state.compare;
  BeginHighlightGroup();
  double temperature = scene.temperature;
  const double lo = lesson::kCompareTemperatureMin;
  const double hi = lesson::kCompareTemperatureMax;
  const std::string label = T("compare.temperature") + " = " + Num(scene.temperature);
  ImGui::TextUnformatted(label.c_str());
  // The slider shows the number through FormatNumber; the text holds no '%', so ImGui prints it as is.
  const std::string shown = Num(scene.temperature);
  ImGui::SetNextItemWidth(-FLT_MIN);
  if (SliderNumber(ctx, "##temperature", "compare.temperature_slider", T("compare.temperature"), &temperature, lo, hi, shown.c_str(),
                   ImGuiSliderFlags_Logarithmic)) {
    lesson::SetTemperature(scene, Snap(temperature, 0.01));
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.muted);
  ImGui::TextWrapped("%s", T("compare.temperature_note").c_str());
  ImGui::PopStyleColor();
  EndGroup(ctx, state, "compare.temperature");
}

// The temperature slider sits above the bars it changes.
void DrawWeights(Context& ctx, lesson::LessonState& state) {
  BeginHighlightGroup();
  SectionTitle(ctx, T("compare.weights_title"));
  ImGui::TextWrapped("%s", T("compare.weights_formula").c_str());
  if (state.compare.temperature != 1.0) {
    const std::string shown = Num(state.compare.temperature);
    ImGui::TextWrapped("%s", lesson::Fill(T("compare.weights_formula_temperature"), {{"t", shown}}).c_str());
  }
  DrawTemperature(ctx, state);
  DrawWeightBars(ctx, lesson::ComputeCompare(state.compare));
  EndGroup(ctx, state, "compare.weights");
}

// Each key's value times its weight, then the products added: the Combine scene with four values.
void DrawOutput(Context& ctx, lesson::LessonState& state) {
  const CompareResult result = lesson::ComputeCompare(state.compare);
  BeginHighlightGroup();
  SectionTitle(ctx, T("compare.output_title"));
  const ImGuiTableFlags flags =
      ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH;
  if (ImGui::BeginTable("##compare_output", 4, flags)) {
    ImGui::TableSetupColumn(T("compare.column_key").c_str(), ImGuiTableColumnFlags_WidthFixed, KeyColumnWidth(ctx));
    ImGui::TableSetupColumn(T("compare.column_value").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn(T("compare.column_weight").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn(T("compare.column_product").c_str(), ImGuiTableColumnFlags_WidthStretch, 1.4f);
    HeadersRow();
    for (const attention::Term& term : result.combination.terms) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      KeyCell(ctx, term.position);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(lesson::FormatSigned(term.value).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(Num(term.weight).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(lesson::LocalArithmetic(attention::FormatTerm(term)).c_str());
    }
    ImGui::EndTable();
  }
  ImGui::PushFont(ctx.fonts.numbers);
  Paragraph(T("compare.output_sum") + " = " + lesson::LocalArithmetic(attention::FormatSum(result.combination)));
  ImGui::PopFont();
  ImGui::TextWrapped("%s", T("compare.output_note").c_str());
  EndGroup(ctx, state, "compare.output");
}

}  // namespace

// [SECTION] The panel

void DrawComparePanel(lesson::LessonState& state, Context& ctx) {
  const Fonts& fonts = ctx.fonts;
  const Palette& palette = ctx.palette;

  ImGui::PushFont(fonts.heading);
  ImGui::TextWrapped("%s", T("compare.title").c_str());
  ImGui::PopFont();
  ImGui::TextWrapped("%s", T("compare.intro").c_str());
  ImGui::TextWrapped("%s: %s", T("compare.paragraph_label").c_str(), T("compare.paragraph").c_str());
  ImGui::PushFont(fonts.bold);
  ImGui::TextWrapped("%s: %s", T("compare.question_label").c_str(), T("compare.question").c_str());
  ImGui::PopFont();
  ImGui::Spacing();

  const CompareResult result = lesson::ComputeCompare(state.compare);
  if (!result.ok) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette.second);
    ImGui::TextWrapped("%s", T("compare.bad_state").c_str());
    ImGui::TextWrapped("(%s)", result.message.c_str());
    ImGui::PopStyleColor();
  } else {
    const float avail = ImGui::GetContentRegionAvail().x;
    const bool table = avail >= kWideLayoutMin && ImGui::BeginTable("##compare_layout", 2, ImGuiTableFlags_None);
    if (table) {
      ImGui::TableSetupColumn("plane", ImGuiTableColumnFlags_WidthFixed, std::min(kPlaneMaxSide, avail * 0.46f));
      ImGui::TableSetupColumn("numbers", ImGuiTableColumnFlags_WidthStretch);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
    }
    DrawPlane(ctx, state, std::min(ImGui::GetContentRegionAvail().x, kPlaneMaxSide));
    if (table) ImGui::TableNextColumn();
    ImGui::Spacing();
    DrawScores(ctx, state);
    DrawScalingDemo(state, ctx);
    ImGui::Spacing();
    DrawWeights(ctx, state);
    ImGui::Spacing();
    DrawOutput(ctx, state);
    if (table) ImGui::EndTable();
    ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
    ImGui::TextWrapped("%s", T("compare.caution").c_str());
    ImGui::PopStyleColor();
  }

  if (ImGui::Button(T("compare.reset").c_str())) lesson::ResetScene(state, lesson::Scene::Compare);
  RecordItem(ctx, "compare.reset");
}

}  // namespace ui
