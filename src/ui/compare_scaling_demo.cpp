#include "ui/compare_scaling_demo.h"

#include <algorithm>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/text_layout.h"

namespace ui {

namespace {

using lesson::Fill;
using lesson::FormatScalingDemoNumber;
using lesson::kScalingDemoKeyCount;
using lesson::ScalingDemo;
using lesson::ScalingDemoSide;
using lesson::T;

constexpr float kBarsHeight = 40.0f;     // a row of bars; a weight of 1 fills it
constexpr float kBarsMaxWidth = 300.0f;  // wider, the bars only grow apart
constexpr float kBarsMinWidth = 150.0f;  // narrower than this beside its caption, the caption goes above

// d_k as radio buttons on as many lines as the width needs; Tab reaches each, Space picks it.
void DrawDimensionChoice(Context& ctx, lesson::CompareScene& scene) {
  const ImGuiStyle& style = ImGui::GetStyle();
  bool first = true;
  for (const int dimension : lesson::kScalingDemoDimensions) {
    const std::string label = std::to_string(dimension);
    const float width = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label.c_str()).x;
    if (!first) {
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    }
    first = false;
    ImGui::PushID(dimension);
    if (ImGui::RadioButton(label.c_str(), scene.scaling_demo_dimension == dimension)) {
      lesson::SetScalingDemoDimension(scene, static_cast<double>(dimension));
    }
    DescribeRadio(ctx, label, scene.scaling_demo_dimension == dimension);
    ImGui::PopID();
    RecordItem(ctx, ("compare.scaling_demo_dk" + label).c_str());
  }
}

// One bar per key, its height the key's weight, on a track as tall as a weight of 1.
void DrawBars(Context& ctx, const char* item, const ScalingDemoSide& side, ImU32 color, float width) {
  const Palette& palette = ctx.palette;
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, kBarsHeight));
  RecordItem(ctx, item);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float slot = width / static_cast<float>(kScalingDemoKeyCount);
  const float bar = std::min(28.0f, slot * 0.7f);
  const ImU32 track = ImGui::GetColorU32(ImGuiCol_FrameBg);
  for (int i = 0; i < kScalingDemoKeyCount; ++i) {
    const double weight = std::clamp(side.weights[static_cast<size_t>(i)], 0.0, 1.0);
    const float x = pos.x + slot * (static_cast<float>(i) + 0.5f) - bar * 0.5f;
    const ImVec2 top(x, pos.y);
    const ImVec2 bottom(x + bar, pos.y + kBarsHeight);
    draw->AddRectFilled(top, bottom, track, 2.0f);
    const float fill = kBarsHeight * static_cast<float>(weight);
    if (fill > 0.5f) draw->AddRectFilled(ImVec2(top.x, bottom.y - fill), bottom, color, 2.0f);
  }
  draw->AddLine(ImVec2(pos.x, pos.y + kBarsHeight), ImVec2(pos.x + width, pos.y + kBarsHeight), palette.axis, 1.0f);
}

// A caption ("Without dividing: largest weight 0.99") and its bars: side by side when there is
// room, else the caption above.
void DrawRow(Context& ctx, const char* item, const std::string& caption, float caption_width,
             const ScalingDemoSide& side, ImU32 color) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool beside = avail - caption_width - style.ItemSpacing.x >= kBarsMinWidth;
  if (beside) {
    const ImVec2 start = ImGui::GetCursorScreenPos();
    ImGui::SetCursorScreenPos(ImVec2(start.x, start.y + (kBarsHeight - ImGui::GetFontSize()) * 0.5f));
    ImGui::TextUnformatted(caption.c_str());
    ImGui::SetCursorScreenPos(ImVec2(start.x + caption_width + style.ItemSpacing.x, start.y));
    DrawBars(ctx, item, side, color, std::min(kBarsMaxWidth, avail - caption_width - style.ItemSpacing.x));
  } else {
    Paragraph(caption);
    DrawBars(ctx, item, side, color, std::min(kBarsMaxWidth, avail));
  }
}

}  // namespace

void DrawScalingDemo(lesson::LessonState& state, Context& ctx) {
  lesson::CompareScene& scene = state.compare;
  const Palette& palette = ctx.palette;
  BeginHighlightGroup();
  ImGui::SetNextItemOpen(scene.scaling_demo_open, ImGuiCond_Always);
  const std::string header = T("compare.scaling_demo") + "##scaling_demo";
  // A framed header reaches half the window's side padding past the content, which is wide when
  // the widget centres its content in a wide window (ui/widget.cpp): it keeps to the style's.
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float side_padding = window->WindowPadding.x;
  window->WindowPadding.x = ImGui::GetStyle().WindowPadding.x;
  scene.scaling_demo_open = ImGui::CollapsingHeader(header.c_str());
  window->WindowPadding.x = side_padding;
  RecordItem(ctx, "compare.scaling_demo_toggle");
  if (scene.scaling_demo_open) {
    Paragraph(Fill(T("compare.scaling_demo_intro"), {{"keys", std::to_string(kScalingDemoKeyCount)}}));
    DrawDimensionChoice(ctx, scene);
    const ScalingDemo demo = lesson::ComputeScalingDemo(scene.scaling_demo_dimension);
    if (demo.ok) {
      const std::string raw =
          Fill(T("compare.scaling_demo_raw"), {{"weight", FormatScalingDemoNumber(demo.raw.largest_weight)}});
      const std::string scaled =
          Fill(T("compare.scaling_demo_scaled"), {{"weight", FormatScalingDemoNumber(demo.scaled.largest_weight)}});
      // As wide as the widest number could make them, so the bars stay put when d_k changes.
      const std::string widest = "0.0000000";
      const float caption_width =
          std::max(ImGui::CalcTextSize(Fill(T("compare.scaling_demo_raw"), {{"weight", widest}}).c_str()).x,
                   ImGui::CalcTextSize(Fill(T("compare.scaling_demo_scaled"), {{"weight", widest}}).c_str()).x);
      DrawRow(ctx, "compare.scaling_demo_raw", raw, caption_width, demo.raw, palette.second);
      DrawRow(ctx, "compare.scaling_demo_scaled", scaled, caption_width, demo.scaled, palette.first);
      Paragraph(T("compare.scaling_demo_bars"), palette.muted);
      Paragraph(Fill(T("compare.scaling_demo_spread"), {{"draws", std::to_string(lesson::kScalingDemoSpreadDraws)},
                                                        {"spread", lesson::FormatSigned(demo.spread)},
                                                        {"root", lesson::FormatSigned(demo.root)},
                                                        {"scaled_spread", lesson::FormatSigned(demo.scaled_spread)}}));
      Paragraph(Fill(T("compare.scaling_demo_gradient"),
                     {{"raw", FormatScalingDemoNumber(demo.raw.largest_gradient)},
                      {"scaled", FormatScalingDemoNumber(demo.scaled.largest_gradient)}}));
    }
  }
  // The outline goes round the whole area, over the window (a table column would clip it).
  ImGui::PushClipRect(window->Rect().Min, window->Rect().Max, false);
  EndHighlightGroup(ctx, state, "compare.scaling_demo");
  ImGui::PopClipRect();
  if (IsHighlighted(state, "compare.scaling_demo"))
    RecordRect(ctx, "compare.highlight", ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

}  // namespace ui
