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

#include "lesson/describe.h"
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
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/shapes.h"
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
constexpr float kArrowHead = 14.0f;     // the longest arrow head, pixels

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

struct Segment {
  ImVec2 a;
  ImVec2 b;
};

// A label next to an arrow's tip, placed by lesson::PlaceTipLabel (the still places its labels by
// the same rule), `gap` px from the tip. Returns where it went.
ImRect DrawTipLabel(ImDrawList* draw, ImFont* font, ImVec2 origin, ImVec2 tip, const std::string& text, ImU32 color,
                    const ImRect& canvas, const std::vector<ImRect>& taken, const std::vector<Segment>& arrows,
                    float gap) {
  if (font == nullptr) font = ImGui::GetFont();
  // In layout units, as ImGui sizes text: the atlas is rasterized at the screen's pixel ratio.
  const float font_size = font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale;
  const ImVec2 size = font->CalcTextSizeA(font_size, FLT_MAX, 0.0f, text.c_str());
  const auto d = [](float v) { return static_cast<double>(v); };
  const auto box = [&](const ImRect& r) { return lesson::LabelBox{d(r.Min.x), d(r.Min.y), d(r.GetWidth()), d(r.GetHeight())}; };
  std::vector<lesson::LabelBox> boxes;
  for (const ImRect& r : taken) boxes.push_back(box(r));
  std::vector<lesson::LabelArrow> lines;
  for (const Segment& a : arrows) lines.push_back({d(a.a.x), d(a.a.y), d(a.b.x), d(a.b.y)});
  const lesson::LabelBox placed = lesson::PlaceTipLabel(d(origin.x), d(origin.y), d(tip.x), d(tip.y), d(size.x),
                                                        d(size.y), box(canvas), boxes, lines, d(gap));
  const ImRect chosen(static_cast<float>(placed.x), static_cast<float>(placed.y),
                      static_cast<float>(placed.x + placed.w), static_cast<float>(placed.y + placed.h));
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

// The dot product made visible: the query's line across the plane, and each key's shadow on it
// (a dashed drop from the key's tip, then a bar along the line in the key's colour). The bar's
// signed length is q·k / |q|, so with the query fixed it grows with the key's score; bars of keys
// behind the query point back past the origin. Side by side, a few pixels apart, so none hides
// another.
void DrawProjections(Context& ctx, ImDrawList* draw, const PlaneFrame& frame, ImVec2 origin, ImVec2 query_tip,
                     const std::vector<ImVec2>& key_tips, const ImRect& canvas) {
  const float qx = query_tip.x - origin.x;
  const float qy = query_tip.y - origin.y;
  const float q2 = qx * qx + qy * qy;
  if (q2 < 16.0f) return;  // a query of (almost) no length has no line
  const float q_length = std::sqrt(q2);
  const float ux = qx / q_length;
  const float uy = qy / q_length;
  // The line through the query, as far as the coordinate square reaches.
  const float reach = frame.side * 0.75f;
  draw->PushClipRect(frame.min, ImVec2(frame.min.x + frame.side, frame.min.y + frame.side), true);
  draw->AddLine(ImVec2(origin.x - ux * reach, origin.y - uy * reach), ImVec2(origin.x + ux * reach, origin.y + uy * reach),
                WithAlpha(ctx.palette.text, 60), 1.5f);
  draw->PopClipRect();
  draw->PushClipRect(canvas.Min, canvas.Max, true);
  const float count = static_cast<float>(key_tips.size());
  for (size_t i = 0; i < key_tips.size(); ++i) {
    const ImVec2 tip = key_tips[i];
    const float along = (tip.x - origin.x) * ux + (tip.y - origin.y) * uy;  // pixels along the query's line
    const ImVec2 foot(origin.x + ux * along, origin.y + uy * along);
    const ImU32 color = KeyColor(ctx, static_cast<int>(i));
    DashedLine(draw, tip, foot, WithAlpha(color, 150), 1.2f);
    const float offset = (static_cast<float>(i) - (count - 1.0f) * 0.5f) * 4.0f;
    const ImVec2 side(-uy * offset, ux * offset);
    draw->AddLine(ImVec2(origin.x + side.x, origin.y + side.y), ImVec2(foot.x + side.x, foot.y + side.y), color, 3.5f);
    RecordRect(ctx, KeyItemName("compare.projection", static_cast<int>(i)).c_str(), ImVec2(origin.x, origin.y),
               ImVec2(foot.x, foot.y));
  }
  draw->PopClipRect();
}

// The query and the keys as arrows from the origin; each tip can be dragged or moved with keys.
void DrawPlane(Context& ctx, lesson::LessonState& state, float side) {
  CompareScene& scene = state.compare;
  const Palette& palette = ctx.palette;
  const Fonts& fonts = ctx.fonts;

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
  ImGui::Dummy(ImVec2(0.0f, 0.0f));  // the plane's extent, laid out again after its tips (ImGui asks for an item)
  const CompareResult result = lesson::ComputeCompare(scene);

  const ImU32 focus_color = ImGui::GetColorU32(ImGuiCol_NavHighlight);
  auto rings = [&](ImVec2 tip, const TipInput& in, bool highlighted) {
    if (in.focused || in.dragging)
      draw->AddCircle(tip, 14.0f, focus_color, 0, 2.5f);
    else if (in.hovered)
      draw->AddCircle(tip, 13.0f, WithAlpha(focus_color, 140), 0, 1.5f);
    if (highlighted) {
      draw->AddCircle(tip, 20.0f, palette.highlight, 0, 3.0f);
      ++ctx.highlights_drawn;
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
  DrawProjections(ctx, draw, frame, origin, query_tip, key_tips, canvas);
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const ImVec2 tip = key_tips[static_cast<size_t>(i)];
    const ImU32 color = KeyColor(ctx, i);
    // The disc's area follows the key's weight, so the plane shows where the weight went.
    const float weight = Eased(ctx, MotionId("compare.disc", i),
                               static_cast<float>(std::clamp(result.weights[static_cast<size_t>(i)], 0.0, 1.0)));
    const float disc = 7.0f + 20.0f * std::sqrt(weight);
    draw->AddCircleFilled(tip, disc, WithAlpha(color, 45));
    draw->AddCircle(tip, disc, WithAlpha(color, 140), 0, 1.0f);
    DrawArrow(draw, origin, tip, color, 2.5f, kArrowHead);
    draw->AddCircleFilled(tip, 5.0f, color);
    // Clear of the disc, and of the ring a walkthrough step draws round it (radius 20, 3 px).
    const float gap = std::max(disc, keys_highlighted ? 22.0f : 0.0f) + 4.0f;
    labels.push_back(DrawTipLabel(draw, fonts.bold, origin, tip, KeyLabel(i), color, canvas, labels, arrows, gap));
    RecordRect(ctx, KeyItemName("compare.key_label", i).c_str(), labels.back().Min, labels.back().Max);
    rings(tip, key_in[i], keys_highlighted);
  }
  DrawArrow(draw, origin, query_tip, palette.text, 3.5f, kArrowHead);
  draw->AddCircleFilled(query_tip, 7.0f, palette.text);
  draw->AddCircleFilled(query_tip, 3.0f, palette.panel);
  const float query_gap = IsHighlighted(state, "compare.query") ? 26.0f : 14.0f;
  DrawTipLabel(draw, fonts.bold, origin, query_tip, T("compare.query"), palette.text, canvas, labels, arrows, query_gap);
  rings(query_tip, query_in, IsHighlighted(state, "compare.query"));
  if (keys_highlighted) {
    // Every key is ringed; the recorded rectangle is the plane that holds them.
    RecordRect(ctx, "compare.highlight", canvas_min, canvas_max);
  }

}

// How to move the arrows and what the plane shows: under "About this scene".
void DrawPlaneNotes(Context& ctx) {
  ImGui::TextWrapped("%s", T("compare.plane_label").c_str());
  ImGui::TextWrapped("%s", T("compare.vectors_note").c_str());
  ImGui::TextWrapped("%s", T("compare.try").c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.muted);
  ImGui::TextWrapped("%s", T("compare.keyboard_hint").c_str());
  const int chosen = ChosenTip();
  ImGui::TextWrapped("%s", lesson::Fill(T("compare.place_hint"),
                                        {{"arrow", chosen == kCompareKeyCount ? T("compare.query") : KeyLabel(chosen)}})
                               .c_str());
  ImGui::PopStyleColor();
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
  EndGroup(ctx, state, "compare.scores_table");
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
  EndGroup(ctx, state, "compare.weights_formula");
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
  EndGroup(ctx, state, "compare.output_table");
}

// [SECTION] The strip: scores → softmax → weights, and the output

// A part of the picture the walkthrough may point at: recorded under its name, outlined (and
// recorded as "compare.highlight") while it is the one.
void HighlightPart(Context& ctx, const lesson::LessonState& state, const char* name, ImVec2 min, ImVec2 max) {
  RecordAndHighlight(ctx, state, name, min, max);
  if (IsHighlighted(state, name)) RecordRect(ctx, "compare.highlight", min, max);
}

constexpr float kScoreScale = 2.5f;  // a score bar's half-width stands for this score (longer ones are cut)
constexpr float kStripRowGap = 6.0f;

float StripRowHeight() { return ImGui::GetFontSize() + 16.0f; }
float StripHeight() {
  return ImGui::GetTextLineHeight() + 6.0f + kCompareKeyCount * (StripRowHeight() + kStripRowGap);
}

// One row per key, aligned in columns: its name; its score as a number and as a bar from zero
// (left below zero, right above); softmax's arrow; its weight as a bar from 0 to 1 and as a
// number. Both bars ease to their new length as the query turns. While the learner predicts which
// key gets the most weight (`asking`), the scores and weights stay hidden (their bars at zero, to
// grow from it at the reveal) and each row is a key to pick; after it, the row of the learner's
// `guess` (-1: none) keeps a frame in its key's colour, the guess beside the result.
void DrawStrip(Context& ctx, lesson::LessonState& state, const CompareResult& result, float width, bool asking,
               int guess) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, StripHeight()));
  ImGui::PushFont(ctx.fonts.bold);
  float label_width = 0.0f;
  for (int i = 0; i < kCompareKeyCount; ++i) label_width = std::max(label_width, ImGui::CalcTextSize(KeyLabel(i).c_str()).x);
  ImGui::PopFont();
  label_width += 8.0f;
  const float number_width = ImGui::CalcTextSize("\u22120.00").x + 6.0f;
  // Wide enough for the word softmax over its arrows.
  const float arrow_width = std::max(30.0f, ImGui::CalcTextSize(T("compare.strip_softmax").c_str()).x + 10.0f);
  const float bars = std::max(80.0f, width - label_width - arrow_width - 2.0f * number_width);
  const float score_x = top.x + label_width + number_width;  // the score bars' column
  const float score_width = bars * 0.42f;
  const float arrow_x = score_x + score_width;                // softmax's arrow
  const float weight_x = arrow_x + arrow_width;               // the weight bars' column
  const float weight_width = bars - score_width;
  const float zero_x = score_x + score_width * 0.5f;

  // The columns' heads, and the word softmax over its arrows, each centred over its column and
  // kept clear of the one before (a long word, "puntuación", pushes the next along or out).
  float taken = top.x;
  auto centred = [&](float centre, const std::string& text, float limit) {
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const float x = std::max(centre - w * 0.5f, taken + 6.0f);
    if (x + w > limit) return;
    draw->AddText(ImVec2(x, top.y), palette.muted, text.c_str());
    taken = x + w;
  };
  const float right = top.x + width;
  const std::string& weight_head = T("compare.column_weight");
  const float weight_head_x = weight_x + weight_width * 0.5f - ImGui::CalcTextSize(weight_head.c_str()).x * 0.5f;
  centred(zero_x, T("compare.column_score"), right);
  centred(arrow_x + arrow_width * 0.5f, T("compare.strip_softmax"), weight_head_x - 6.0f);
  centred(weight_x + weight_width * 0.5f, weight_head, right);
  const float rows_top = top.y + ImGui::GetTextLineHeight() + 6.0f;
  const float row_height = StripRowHeight();
  const float rows_bottom = rows_top + kCompareKeyCount * (row_height + kStripRowGap) - kStripRowGap;
  draw->AddLine(ImVec2(zero_x, rows_top - 2.0f), ImVec2(zero_x, rows_bottom + 2.0f), palette.axis, 1.5f);

  for (int i = 0; i < kCompareKeyCount; ++i) {
    const size_t k = static_cast<size_t>(i);
    const ImU32 color = KeyColor(ctx, i);
    const float y = rows_top + static_cast<float>(i) * (row_height + kStripRowGap);
    const float text_y = y + (row_height - ImGui::GetFontSize()) * 0.5f;
    ImGui::PushFont(ctx.fonts.bold);
    draw->AddText(ImVec2(top.x, text_y), color, KeyLabel(i).c_str());
    ImGui::PopFont();
    // The score, a number and a bar from zero.
    const std::string score_text = asking ? "" : lesson::FormatSigned(result.scores[k]);
    const float score_text_width = ImGui::CalcTextSize(score_text.c_str()).x;
    draw->AddText(ImVec2(score_x - 8.0f - score_text_width, text_y), palette.text, score_text.c_str());
    const float score =
        Eased(ctx, MotionId("compare.strip.score", i), asking ? 0.0f : static_cast<float>(result.scores[k]));
    const float reach = std::clamp(score / kScoreScale, -1.0f, 1.0f) * score_width * 0.5f;
    const ImVec2 score_min(std::min(zero_x, zero_x + reach), y + 3.0f);
    const ImVec2 score_max(std::max(zero_x, zero_x + reach), y + row_height - 3.0f);
    if (score_max.x - score_min.x > 0.5f) draw->AddRectFilled(score_min, score_max, WithAlpha(color, 150), 2.0f);
    // Softmax's arrow.
    const float ay = y + row_height * 0.5f;
    DrawArrow(draw, ImVec2(arrow_x + 5.0f, ay), ImVec2(arrow_x + arrow_width - 5.0f, ay), palette.muted, 1.5f, kArrowHead);
    // The weight, a bar from 0 to 1 and a number.
    const float weight = Eased(ctx, MotionId("compare.strip.weight", i),
                               asking ? 0.0f : static_cast<float>(std::clamp(result.weights[k], 0.0, 1.0)));
    const ImVec2 track_min(weight_x, y + 3.0f);
    const ImVec2 track_max(weight_x + weight_width, y + row_height - 3.0f);
    draw->AddRectFilled(track_min, track_max, ImGui::GetColorU32(ImGuiCol_FrameBg), 2.0f);
    const float fill = weight_width * weight;
    if (fill > 0.5f) draw->AddRectFilled(track_min, ImVec2(weight_x + fill, track_max.y), color, 2.0f);
    draw->AddText(ImVec2(track_max.x + 6.0f, text_y), asking ? palette.muted : palette.text,
                  asking ? "?" : Num(result.weights[k]).c_str());
    if (asking) {
      PickTarget(state, ctx, lesson::Question::CompareStrongest, i, KeyLabel(i), ImVec2(top.x - 4.0f, y),
                 ImVec2(top.x + width, y + row_height), color);
    } else if (i == guess) {
      const ImVec2 guess_min(top.x - 4.0f, y - 2.0f);
      const ImVec2 guess_max(top.x + width, y + row_height + 2.0f);
      draw->AddRect(guess_min, guess_max, color, ImGui::GetStyle().FrameRounding, 0, 2.0f);
      RecordRect(ctx, "compare.guess", guess_min, guess_max);
    }
    RecordRect(ctx, KeyItemName("compare.weight", i).c_str(), track_min, ImVec2(weight_x + fill, track_max.y));
    RecordRect(ctx, KeyItemName("compare.score_bar", i).c_str(), score_min, score_max);
  }
  HighlightPart(ctx, state, "compare.scores", ImVec2(top.x, rows_top - 2.0f), ImVec2(arrow_x, rows_bottom + 2.0f));
  HighlightPart(ctx, state, "compare.weights", ImVec2(weight_x - 2.0f, rows_top - 2.0f),
                ImVec2(top.x + width, rows_bottom + 2.0f));
}

// What the output's line adds for the question after the first: nothing, the two picks (the output
// moves toward the top key's value or away) while it is asked, or where the output was before the
// query doubled once it is revealed.
enum class LongerPart { None, Asking, Revealed };

// The question's two picks side by side under the output's marker at `ox`, kept inside left..right:
// "toward" on the side of the top key's value, in its `color`, "away" on the other, each with an
// arrow the way the output would go.
void DrawLongerPicks(lesson::LessonState& state, Context& ctx, float y, float left, float right, float ox,
                     bool toward_left, ImU32 color) {
  constexpr lesson::Question kQuestion = lesson::Question::CompareLonger;
  std::string text[2];
  float w[2];
  for (int slot = 0; slot < 2; ++slot) {
    lesson::Prediction p;
    p.pick = (slot == 0) == toward_left ? 0 : 1;
    const std::string words = lesson::QuestionOf(kQuestion).guess_words(state, p);
    text[slot] = slot == 0 ? "\u2190 " + words : words + " \u2192";
    w[slot] = ImGui::CalcTextSize(text[slot].c_str()).x + 16.0f;
  }
  const float gap = 8.0f;
  float x = std::max(left, std::min(ox - gap * 0.5f - w[0], right - w[0] - w[1] - gap));
  const ImVec2 size(0.0f, ImGui::GetTextLineHeight() + 10.0f);
  for (int slot = 0; slot < 2; ++slot) {
    const int choice = (slot == 0) == toward_left ? 0 : 1;
    const ImU32 ink = choice == 0 ? color : ctx.palette.text;
    const ImVec2 min(x, y);
    const ImVec2 max(x + w[slot], y + size.y);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRect(min, max, WithAlpha(ink, 110), ImGui::GetStyle().FrameRounding);
    draw->AddText(ImVec2(x + 8.0f, y + 5.0f), ink, text[slot].c_str());
    PickTarget(state, ctx, kQuestion, choice, text[slot], min, max, ink);
    x += w[slot] + gap;
  }
}

// The output on a number line of the four values, each a tick in its key's colour: the marker
// slides between them as the weights change, toward the values with the most weight. While the
// learner predicts the weights (`asking`), the output is not shown yet. `longer`: what the question
// after it adds.
void DrawOutputLine(Context& ctx, lesson::LessonState& state, const CompareResult& result, float width, bool asking,
                    LongerPart longer) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  const float picks_height = longer == LongerPart::Asking ? line + 18.0f : 0.0f;
  const float height = line + 10.0f + 14.0f + line + 8.0f + picks_height;
  ImGui::Dummy(ImVec2(width, height));
  const lesson::CompareDoubling doubling =
      longer == LongerPart::None ? lesson::CompareDoubling{} : lesson::DoubleQuery(state.compare, longer == LongerPart::Revealed);
  double lo = result.combination.output;
  double hi = result.combination.output;
  for (const lesson::CompareKey& key : state.compare.keys) {
    lo = std::min(lo, key.value);
    hi = std::max(hi, key.value);
  }
  if (hi - lo < 1.0) hi = lo + 1.0;
  const double pad = (hi - lo) * 0.06;
  lo -= pad;
  hi += pad;
  const float margin = 14.0f;
  auto to_x = [&](double v) {
    return top.x + margin + static_cast<float>((v - lo) / (hi - lo)) * (width - 2.0f * margin);
  };
  const float axis_y = top.y + line + 10.0f;
  draw->AddLine(ImVec2(top.x, axis_y), ImVec2(top.x + width, axis_y), palette.axis, 2.0f);
  // The values above the line; two that would touch take turns, the later one a little higher.
  std::vector<ImRect> placed;
  for (int i = 0; i < kCompareKeyCount; ++i) {
    const double value = state.compare.keys[static_cast<size_t>(i)].value;
    const float x = to_x(value);
    draw->AddLine(ImVec2(x, axis_y - 6.0f), ImVec2(x, axis_y + 6.0f), KeyColor(ctx, i), 3.0f);
    const std::string text = Num(value);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    ImRect at(ImVec2(x - size.x * 0.5f, top.y), ImVec2(x + size.x * 0.5f, top.y + size.y));
    for (const ImRect& other : placed) {
      if (at.Min.x < other.Max.x + 4.0f && other.Min.x < at.Max.x + 4.0f) at.Translate(ImVec2(other.Max.x + 4.0f - at.Min.x, 0.0f));
    }
    placed.push_back(at);
    draw->AddText(at.Min, KeyColor(ctx, i), text.c_str());
  }
  const float ox = to_x(static_cast<double>(Eased(ctx, MotionId("compare.output_marker"), static_cast<float>(result.combination.output))));
  if (asking) {
    HighlightPart(ctx, state, "compare.output", top, ImVec2(top.x + width, top.y + height));
    return;
  }
  // Where the output was before the query doubled: a hollow marker.
  if (longer == LongerPart::Revealed && doubling.before.ok) {
    const float bx = to_x(doubling.before.combination.output);
    draw->AddTriangle(ImVec2(bx, axis_y - 2.0f), ImVec2(bx - 8.0f, axis_y + 13.0f), ImVec2(bx + 8.0f, axis_y + 13.0f),
                      palette.muted, 1.5f);
    RecordRect(ctx, "compare.output_before", ImVec2(bx - 8.0f, axis_y - 2.0f), ImVec2(bx + 8.0f, axis_y + 13.0f));
  }
  draw->AddTriangleFilled(ImVec2(ox, axis_y - 2.0f), ImVec2(ox - 8.0f, axis_y + 13.0f), ImVec2(ox + 8.0f, axis_y + 13.0f),
                          palette.output);
  const std::string label = T("compare.output_sum") + " " + Num(result.combination.output);
  ImGui::PushFont(ctx.fonts.bold);
  const float label_width = ImGui::CalcTextSize(label.c_str()).x;
  const float label_x = std::clamp(ox - label_width * 0.5f, top.x, top.x + width - label_width);
  draw->AddText(ImVec2(label_x, axis_y + 16.0f), palette.output, label.c_str());
  ImGui::PopFont();
  RecordRect(ctx, "compare.output_marker", ImVec2(ox - 8.0f, axis_y - 2.0f), ImVec2(ox + 8.0f, axis_y + 13.0f));
  if (longer == LongerPart::Asking && doubling.ok) {
    const double value = state.compare.keys[static_cast<size_t>(doubling.top)].value;
    DrawLongerPicks(state, ctx, axis_y + 16.0f + line + 6.0f, top.x, top.x + width, ox,
                    value <= result.combination.output, KeyColor(ctx, doubling.top));
  }
  HighlightPart(ctx, state, "compare.output", top, ImVec2(top.x + width, top.y + height));
}

// "Show the numbers": the arithmetic under the picture, opened by its header or a link
// (compare.numbers), and for the walkthrough when it points at something inside.
bool NumbersOpen(Context& ctx, lesson::LessonState& state) {
  bool& open = state.compare.numbers_open;
  if (IsHighlighted(state, "compare.scaling") || IsHighlighted(state, "compare.temperature")) open = true;
  ImGui::SetNextItemOpen(open, ImGuiCond_Always);
  open = ImGui::CollapsingHeader(T("compare.numbers").c_str());
  RecordItem(ctx, "compare.numbers");
  return open;
}

// [SECTION] The panel

// The picture; while the learner predicts (`asking`) without the scores, weights and output, and
// after it with the `guess` framed (-1: none); `longer`, what the question after it adds.
void DrawPicture(lesson::LessonState& state, Context& ctx, bool asking, int guess, LongerPart longer) {
  const CompareResult result = lesson::ComputeCompare(state.compare);
  if (!result.ok) {
    ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.second);
    ImGui::TextWrapped("%s", T("compare.bad_state").c_str());
    ImGui::TextWrapped("(%s)", result.message.c_str());
    ImGui::PopStyleColor();
    return;
  }
  // The plane, and beside it (under it on a phone) the strip and the output's line.
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool wide = avail >= kWideLayoutMin;
  const float side = wide ? std::min(kPlaneMaxSide, avail * 0.46f) : std::min(avail, kPlaneMaxSide);
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float line_height =
      ImGui::GetTextLineHeight() * 2.0f + 32.0f + (longer == LongerPart::Asking ? ImGui::GetTextLineHeight() + 18.0f : 0.0f);
  const float numbers_height = StripHeight() + spacing * 2.0f + line_height;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const ImVec2 bottom(top.x + avail, top.y + (wide ? std::max(side, numbers_height) : side + spacing + numbers_height));
  DescribeFigure(ctx, lesson::Fill(T("compare.figure"), {{"description", lesson::DescribeScene(state)}}), top, bottom);
  RecordRect(ctx, "compare.picture", top, bottom);
  const bool table = wide && ImGui::BeginTable("##compare_layout", 2, ImGuiTableFlags_None);
  if (table) {
    ImGui::TableSetupColumn("plane", ImGuiTableColumnFlags_WidthFixed, side);
    ImGui::TableSetupColumn("numbers", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
  }
  DrawPlane(ctx, state, side);
  if (table) {
    ImGui::TableNextColumn();
    ImGui::Dummy(ImVec2(1.0f, std::max(0.0f, (side - numbers_height) * 0.5f)));
  }
  const float numbers_width = ImGui::GetContentRegionAvail().x;
  DrawStrip(ctx, state, result, numbers_width, asking, guess);
  ImGui::Spacing();
  DrawOutputLine(ctx, state, result, numbers_width, asking, longer);
  if (table) ImGui::EndTable();
}

}  // namespace

void DrawComparePicture(lesson::LessonState& state, Context& ctx) { DrawPicture(state, ctx, false, -1, LongerPart::None); }

void DrawComparePanel(lesson::LessonState& state, Context& ctx) {
  const Palette& palette = ctx.palette;
  constexpr lesson::Question kQuestion = lesson::Question::CompareStrongest;
  constexpr lesson::Question kLonger = lesson::Question::CompareLonger;
  const bool ok = lesson::ComputeCompare(state.compare).ok;
  const bool asking = lesson::Asking(state, kQuestion) && ok;
  // Once the first question is answered, the next asks what a query twice as long does.
  const bool longer = !asking && ok && lesson::Asking(state, kLonger);
  if (asking) {
    DrawQuestionLine(state, ctx, kQuestion);
  } else {
    Paragraph(T("compare.caption"));
  }
  const lesson::Prediction& prediction = lesson::PredictionFor(state, kQuestion);
  const bool guessed = prediction.Committed();
  const LongerPart part = longer ? LongerPart::Asking
                          : !asking && lesson::PredictionFor(state, kLonger).outcome != lesson::Outcome::Open
                              ? LongerPart::Revealed
                              : LongerPart::None;
  DrawPicture(state, ctx, asking, guessed ? prediction.pick : -1, part);
  if (asking) {
    DrawCommitRow(state, ctx, kQuestion);
  } else if (ok) {
    DrawRevealLine(state, ctx, kQuestion);
    ImGui::PushID("longer");
    if (longer) {
      DrawQuestionLine(state, ctx, kLonger);
      DrawCommitRow(state, ctx, kLonger);
    } else {
      DrawRevealLine(state, ctx, kLonger);
    }
    ImGui::PopID();
  }
  if (lesson::ComputeCompare(state.compare).ok) {
    ImGui::Spacing();
    if (!asking && NumbersOpen(ctx, state)) {
      DrawScores(ctx, state);
      ImGui::Spacing();
      DrawWeights(ctx, state);
      ImGui::Spacing();
      DrawOutput(ctx, state);
    }
    DrawScalingDemo(state, ctx);
    const bool about = ImGui::CollapsingHeader(T("compare.about").c_str());
    RecordItem(ctx, "compare.about");
    if (about) {
      ImGui::PushFont(ctx.fonts.bold);
      ImGui::TextWrapped("%s", T("compare.title").c_str());
      ImGui::PopFont();
      ImGui::TextWrapped("%s", T("compare.intro").c_str());
      ImGui::TextWrapped("%s: %s", T("compare.paragraph_label").c_str(), T("compare.paragraph").c_str());
      ImGui::PushFont(ctx.fonts.bold);
      ImGui::TextWrapped("%s: %s", T("compare.question_label").c_str(), T("compare.question").c_str());
      ImGui::PopFont();
      DrawPlaneNotes(ctx);
      ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
      ImGui::TextWrapped("%s", T("compare.caution").c_str());
      ImGui::PopStyleColor();
    }
  }

  if (ImGui::Button(T("compare.reset").c_str())) lesson::ResetScene(state, lesson::Scene::Compare);
  RecordItem(ctx, "compare.reset");
}

const ScenePanel kComparePanel = {DrawComparePanel, DrawComparePicture, DrawComparePicture};

}  // namespace ui
