// The Mask scene's panel.
//
// Contents
// [SECTION] Text helpers
// [SECTION] Colour scale and cell drawing
// [SECTION] Heatmap
// [SECTION] Legend
// [SECTION] Why mask the future?
// [SECTION] Panel

#include "ui/access.h"
#include "ui/mask_panel.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/checkbox.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Fill;
using lesson::kMaskTokenCount;
using lesson::Num;
using lesson::T;
using lesson::TextFields;

// [SECTION] Text helpers

std::string Position(int index) { return std::to_string(index + 1); }

// "<pad>" is the only token too wide for a narrow cell; "pad" reads the same.
std::string ShortToken(int position) { return lesson::IsPadPosition(position) ? "pad" : lesson::MaskToken(position); }

// Text centred in a box, shrunk (down to 70 %) when it would not fit the box's width.
void DrawFittedText(ImDrawList* draw, ImFont* font, ImVec2 min, ImVec2 max, ImU32 color, const char* text) {
  float size = ImGui::GetFontSize();
  const float room = std::max(1.0f, max.x - min.x - 4.0f);
  ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  if (extent.x > room) {
    size = std::max(size * 0.7f, size * room / extent.x);
    extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  }
  const ImVec2 at(std::floor((min.x + max.x - extent.x) * 0.5f), std::floor((min.y + max.y - extent.y) * 0.5f));
  draw->PushClipRect(min, max, true);
  draw->AddText(font, size, at, color, text);
  draw->PopClipRect();
}

// [SECTION] Colour scale and cell drawing

// ColorBrewer "Blues": one hue from near-white (weight 0) to dark blue (weight 1). It reads by
// lightness alone, so it survives every common colour-vision deficiency and greyscale print.
constexpr int kScaleStops = 9;
constexpr unsigned char kBlues[kScaleStops][3] = {
    {247, 251, 255}, {222, 235, 247}, {198, 219, 239}, {158, 202, 225}, {107, 174, 214},
    {66, 146, 198},  {33, 113, 181},  {8, 81, 156},    {8, 48, 107},
};

struct Rgb {
  float r, g, b;
};

Rgb ScaleColor(double weight) {
  const double w = std::isfinite(weight) ? std::clamp(weight, 0.0, 1.0) : 0.0;
  const float at = static_cast<float>(w) * static_cast<float>(kScaleStops - 1);
  const int lo = std::min(static_cast<int>(at), kScaleStops - 2);
  const float t = at - static_cast<float>(lo);
  auto mix = [&](int channel) {
    return (static_cast<float>(kBlues[lo][channel]) * (1.0f - t) + static_cast<float>(kBlues[lo + 1][channel]) * t) /
           255.0f;
  };
  return Rgb{mix(0), mix(1), mix(2)};
}

ImU32 ToU32(Rgb c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1.0f)); }

// Dark text on the light end of the scale, white on the dark end.
ImU32 TextOn(Rgb c) {
  const float luminance = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
  return luminance > 0.5f ? IM_COL32(20, 24, 32, 255) : IM_COL32(255, 255, 255, 255);
}

// A masked cell: greyed, crossed with diagonal lines, no number.
void DrawHatched(Context& ctx, ImDrawList* draw, ImVec2 min, ImVec2 max) {
  const Palette& palette = ctx.palette;
  draw->AddRectFilled(min, max, palette.panel);
  draw->PushClipRect(min, max, true);
  const float height = max.y - min.y;
  for (float x = min.x - height; x < max.x; x += 7.0f) {
    draw->AddLine(ImVec2(x, max.y), ImVec2(x + height, min.y), palette.axis, 1.0f);
  }
  draw->PopClipRect();
}

// [SECTION] Heatmap

constexpr float kMinCell = 26.0f;  // 8 cells and their labels fit 320 CSS px (reflow), and stay 24 px targets
constexpr float kMaxCell = 64.0f;

struct HeatmapLayout {
  float label_width = 0.0f;  // the row-label column
  float cell_width = 0.0f;
  float cell_height = 0.0f;
  float header_height = 0.0f;  // the column-label row (or two rows)
  bool short_labels = false;   // "pad" instead of "<pad>"
  bool staggered = false;      // column labels on two rows, each with two cells' width
  float Width() const { return label_width + cell_width * static_cast<float>(kMaskTokenCount); }
  float Height() const { return header_height + cell_height * static_cast<float>(kMaskTokenCount); }
};

HeatmapLayout LayOutHeatmap(float available) {
  HeatmapLayout layout;
  layout.short_labels = available < 480.0f;
  float widest = 0.0f;
  for (int i = 0; i < kMaskTokenCount; ++i) {
    const std::string label = layout.short_labels ? ShortToken(i) : lesson::MaskToken(i);
    widest = std::max(widest, ImGui::CalcTextSize(label.c_str()).x);
  }
  layout.label_width = std::ceil(widest) + 10.0f;
  const float fit = std::floor((available - layout.label_width) / static_cast<float>(kMaskTokenCount));
  layout.cell_width = std::clamp(fit, kMinCell, kMaxCell);
  layout.cell_height = std::clamp(layout.cell_width * 0.75f, ImGui::GetFontSize() + 12.0f, 44.0f);
  // A column label that would have to shrink below 85 % to fit its cell ("duerme" over a 32 px
  // cell) goes on two rows, every other label on the second, each with two cells' width.
  for (int i = 0; i < kMaskTokenCount && !layout.staggered; ++i) {
    const std::string label = layout.short_labels ? ShortToken(i) : lesson::MaskToken(i);
    layout.staggered = ImGui::CalcTextSize(label.c_str()).x * 0.85f > layout.cell_width - 4.0f;
  }
  layout.header_height = (ImGui::GetFontSize() + 4.0f) * (layout.staggered ? 2.0f : 1.0f) + 4.0f;
  return layout;
}

std::string CellName(int row, int col) {
  char name[32];
  std::snprintf(name, sizeof name, "mask.cell.%d.%d", row, col);
  return name;
}

std::string CellTooltip(const lesson::MaskScene& scene, const attention::Result& result, int row, int col,
                        bool allowed) {
  const TextFields fields = {{"query", lesson::MaskToken(row)},
                             {"key", lesson::MaskToken(col)},
                             {"qpos", Position(row)},
                             {"kpos", Position(col)},
                             {"weight", allowed ? Num(result.weights(row, col)) : "0"}};
  if (allowed) return Fill(T("mask.tooltip_open"), fields);
  const lesson::CellMasks masks = lesson::MaskedBy(scene, row, col);
  std::string text;
  auto add = [&](const char* key) {
    if (!text.empty()) text += "\n";
    text += Fill(T(key), fields);
  };
  if (masks.causal) add("mask.tooltip_causal");
  if (masks.padding) add("mask.tooltip_padding");
  if (masks.learner) add("mask.tooltip_learner");
  return text;
}

// Rows = query positions, columns = key positions, each cell an invisible button that the mouse
// clicks and keyboard navigation reaches (arrow keys), toggled with Enter or Space.
void DrawHeatmap(Context& ctx, lesson::LessonState& state, const attention::Result& result, float available) {
  lesson::MaskScene& scene = state.mask;
  const Palette& palette = ctx.palette;
  const Fonts& fonts = ctx.fonts;
  ImFont* body = fonts.body != nullptr ? fonts.body : ImGui::GetFont();
  ImFont* bold = fonts.bold != nullptr ? fonts.bold : body;
  const HeatmapLayout layout = LayOutHeatmap(available);
  const bool shaped = result.weights.rows == kMaskTokenCount && result.weights.cols == kMaskTokenCount &&
                      result.allowed.rows == kMaskTokenCount && result.allowed.cols == kMaskTokenCount &&
                      result.weights.IsConsistent() && result.allowed.IsConsistent();

  // Only at the narrowest widths (below about 340 px) does the grid scroll sideways, inside its own
  // region, so the rest of the panel keeps the window's width.
  const bool scroll = layout.Width() > available + 0.5f;
  if (scroll) {
    const float height = layout.Height() + ImGui::GetStyle().ScrollbarSize + 6.0f;
    ImGui::BeginChild("##mask_heatmap_scroll", ImVec2(available, height), false, ImGuiWindowFlags_HorizontalScrollbar);
  }

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float cells_x = origin.x + layout.label_width;
  const float cells_y = origin.y + layout.header_height;
  const bool demo = scene.future_demo;
  const lesson::FutureLook look = lesson::LookAhead(scene, result);
  auto cell_min = [&](int row, int col) {
    return ImVec2(cells_x + layout.cell_width * static_cast<float>(col),
                  cells_y + layout.cell_height * static_cast<float>(row));
  };
  auto label_color = [&](int position, bool demo_label) {
    if (demo_label) return palette.second;
    return lesson::IsPadPosition(position) ? palette.muted : palette.text;
  };
  auto label_text = [&](int position) {
    return layout.short_labels ? ShortToken(position) : lesson::MaskToken(position);
  };

  const float label_row = ImGui::GetFontSize() + 4.0f;
  for (int col = 0; col < kMaskTokenCount; ++col) {
    const bool demo_label = demo && col == look.next;
    ImVec2 min(cell_min(0, col).x, origin.y);
    ImVec2 max(min.x + layout.cell_width, cells_y - 2.0f);
    if (layout.staggered) {
      // Centred over its column, as wide as two cells (but not past the grid's ends).
      const float centre = min.x + layout.cell_width * 0.5f;
      min = ImVec2(std::max(cells_x, centre - layout.cell_width), origin.y + label_row * static_cast<float>(col % 2));
      max = ImVec2(std::min(cell_min(0, kMaskTokenCount - 1).x + layout.cell_width, centre + layout.cell_width),
                   min.y + label_row);
    }
    DrawFittedText(draw, demo_label ? bold : body, min, max, label_color(col, demo_label), label_text(col).c_str());
  }

  bool focused_any = false;
  ImVec2 focused_min, focused_max;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    const bool demo_label = demo && row == look.row;
    const std::string label = label_text(row);
    ImFont* label_font = demo_label ? bold : body;
    const ImVec2 label_size = label_font->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, label.c_str());
    const float label_y = cell_min(row, 0).y + (layout.cell_height - label_size.y) * 0.5f;
    draw->AddText(label_font, ImGui::GetFontSize(), ImVec2(cells_x - 6.0f - label_size.x, label_y),
                  label_color(row, demo_label), label.c_str());

    for (int col = 0; col < kMaskTokenCount; ++col) {
      const ImVec2 min = cell_min(row, col);
      const ImVec2 size(layout.cell_width, layout.cell_height);
      const ImVec2 max(min.x + size.x, min.y + size.y);
      ImGui::SetCursorScreenPos(min);
      ImGui::PushID(row * kMaskTokenCount + col);
      const bool toggle = ImGui::InvisibleButton("##mask_cell", size);
      const bool hovered = ImGui::IsItemHovered();
      const bool focused = ImGui::IsItemFocused();
      ImGui::PopID();
      const std::string name = CellName(row, col);
      RecordRect(ctx, name.c_str(), min, max);
      if (toggle) lesson::ToggleCell(scene, row, col);

      const bool allowed = shaped && result.allowed(row, col) && !result.RowIsEmpty(row);
      // A screen reader hears the cell's tooltip: its query and key, and its weight or what masks it.
      DescribeCell(ctx, shaped ? CellTooltip(scene, result, row, col, allowed) : T("mask.empty_row"), row, col,
                   lesson::MaskToken(row));
      const ImVec2 inner_min(min.x + 1.0f, min.y + 1.0f);
      const ImVec2 inner_max(max.x - 1.0f, max.y - 1.0f);
      if (allowed) {
        const double weight = result.weights(row, col);
        // The shade eases to the new weight (a row renormalizing as a mask comes on); the number is the new one.
        const Rgb color =
            ScaleColor(static_cast<double>(Eased(ctx, MotionId("mask.cell", row, col), static_cast<float>(weight))));
        draw->AddRectFilled(inner_min, inner_max, ToU32(color));
        const std::string number = Num(weight, 2);
        DrawFittedText(draw, body, inner_min, inner_max, TextOn(color), number.c_str());
      } else {
        DrawHatched(ctx, draw, inner_min, inner_max);
        if (lesson::MaskedBy(scene, row, col).learner) {
          draw->AddRect(inner_min, inner_max, palette.first, 0.0f, 0, 2.0f);
        }
      }
      draw->AddRect(min, max, (palette.axis & 0x00FFFFFFu) | 0x60000000u);
      if (hovered) {
        draw->AddRect(inner_min, inner_max, palette.text, 0.0f, 0, 1.5f);
        const std::string tip = shaped ? CellTooltip(scene, result, row, col, allowed) : T("mask.empty_row");
        ImGui::BeginTooltip();
        Paragraph(tip, ImGui::GetFontSize() * 18.0f);
        ImGui::EndTooltip();
      }
      if (focused && ImGui::GetIO().NavVisible) {
        focused_any = true;
        focused_min = min;
        focused_max = max;
      }
    }
  }

  // Overlays, drawn over every cell so no later cell covers them.
  for (int row = 0; row < kMaskTokenCount; ++row) {
    if (shaped && !result.RowIsEmpty(row)) continue;
    const ImVec2 min = cell_min(row, 0);
    const ImVec2 band_min(min.x + 4.0f, min.y + 4.0f);
    const ImVec2 band_max(cells_x + layout.cell_width * static_cast<float>(kMaskTokenCount) - 4.0f,
                          min.y + layout.cell_height - 4.0f);
    draw->AddRectFilled(band_min, band_max, (palette.panel & 0x00FFFFFFu) | 0xEE000000u, 4.0f);
    draw->AddRect(band_min, band_max, palette.muted, 4.0f);
    DrawFittedText(draw, bold, band_min, band_max, palette.text, T("mask.empty_row").c_str());
  }
  if (demo) {
    const ImVec2 min = cell_min(look.row, look.next);
    draw->AddRect(ImVec2(min.x - 1.0f, min.y - 1.0f),
                  ImVec2(min.x + layout.cell_width + 1.0f, min.y + layout.cell_height + 1.0f), palette.second, 2.0f, 0,
                  3.5f);
  }
  for (int row = 0; row < kMaskTokenCount; ++row) {
    for (int col = 0; col < kMaskTokenCount; ++col) {
      if (!IsHighlighted(state, CellName(row, col).c_str())) continue;
      const ImVec2 min = cell_min(row, col);
      DrawHighlight(ctx, ImVec2(min.x + 4, min.y + 4),
                    ImVec2(min.x + layout.cell_width - 4, min.y + layout.cell_height - 4));
    }
  }
  if (focused_any) {
    const ImU32 nav = ImGui::GetColorU32(ImGuiCol_NavHighlight);
    draw->AddRect(ImVec2(focused_min.x - 2, focused_min.y - 2), ImVec2(focused_max.x + 2, focused_max.y + 2), nav, 3.0f,
                  0, 3.0f);
  }

  // One item covering the whole grid gives the layout its size and names it for tests.
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(layout.Width(), layout.Height()));
  RecordAndHighlight(ctx, state, "mask.heatmap");
  if (scroll) ImGui::EndChild();
}

// [SECTION] Legend

void DrawLegend(Context& ctx, const lesson::LessonState& state, float available) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const float bar_width = std::clamp(available - 80.0f, 120.0f, 240.0f);
  const float bar_height = 14.0f;

  const float legend_x = ImGui::GetCursorScreenPos().x;
  BeginHighlightGroup();
  ImGui::TextUnformatted(T("mask.legend_weight").c_str());
  ImGui::SameLine();
  const ImVec2 bar = ImGui::GetCursorScreenPos();
  const float bar_y = bar.y + (font - bar_height) * 0.5f;
  for (int i = 0; i + 1 < kScaleStops; ++i) {
    const float x0 = bar.x + bar_width * static_cast<float>(i) / static_cast<float>(kScaleStops - 1);
    const float x1 = bar.x + bar_width * static_cast<float>(i + 1) / static_cast<float>(kScaleStops - 1);
    const ImU32 left = ToU32(ScaleColor(static_cast<double>(i) / (kScaleStops - 1)));
    const ImU32 right = ToU32(ScaleColor(static_cast<double>(i + 1) / (kScaleStops - 1)));
    draw->AddRectFilledMultiColor(ImVec2(x0, bar_y), ImVec2(x1, bar_y + bar_height), left, right, right, left);
  }
  draw->AddRect(ImVec2(bar.x, bar_y), ImVec2(bar.x + bar_width, bar_y + bar_height), palette.axis);
  const double ticks[] = {0.0, 0.5, 1.0};
  for (double tick : ticks) {
    const std::string label = Num(tick);
    const float x = bar.x + bar_width * static_cast<float>(tick);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    draw->AddLine(ImVec2(x, bar_y + bar_height), ImVec2(x, bar_y + bar_height + 4.0f), palette.axis);
    const float label_x = std::clamp(x - w * 0.5f, bar.x - 2.0f, bar.x + bar_width - w + 2.0f);
    draw->AddText(ImVec2(label_x, bar_y + bar_height + 4.0f), palette.muted, label.c_str());
  }
  ImGui::Dummy(ImVec2(bar_width, bar_height + font + 6.0f));

  // The two masked swatches follow the bar on the same line while there is room.
  const float swatch = font + 4.0f;
  auto masked_swatch = [&](const char* key, bool yours) {
    const std::string& label = T(key);
    const float width = swatch + 8.0f + ImGui::CalcTextSize(label.c_str()).x;
    if (ImGui::GetItemRectMax().x + 24.0f + width <= legend_x + available) ImGui::SameLine(0.0f, 24.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 end(at.x + swatch, at.y + swatch);
    DrawHatched(ctx, draw, at, end);
    if (yours) {
      draw->AddRect(at, end, palette.first, 0.0f, 0, 2.0f);
    } else {
      draw->AddRect(at, end, palette.axis);
    }
    ImGui::Dummy(ImVec2(swatch, swatch));
    ImGui::SameLine(0.0f, 8.0f);
    ImGui::TextUnformatted(label.c_str());
  };
  masked_swatch("mask.legend_masked", false);
  masked_swatch("mask.legend_yours", true);
  EndHighlightGroup(ctx, state, "mask.legend");
}

// [SECTION] Why mask the future?

void DrawFutureDemo(Context& ctx, lesson::LessonState& state, const attention::Result& result, float width) {
  lesson::MaskScene& scene = state.mask;
  const Palette& palette = ctx.palette;
  BeginHighlightGroup();
  bool open = scene.future_demo;
  if (WrappedCheckbox(ctx, T("mask.future.toggle"), &open, "mask.future.toggle")) lesson::SetFutureDemo(scene, open);
  if (scene.future_demo) {
    const lesson::FutureLook look = lesson::LookAhead(scene, result);
    ImGui::TextUnformatted(T("mask.future.position").c_str());
    if (ImGui::ArrowButton("##mask_future_prev", ImGuiDir_Left)) lesson::SetFutureRow(scene, scene.future_row - 1);
    DescribeItem(ctx, AccessRole::Button, T("mask.future.previous"));
    RecordItem(ctx, "mask.future.prev");
    ImGui::SameLine();
    const std::string current = Position(look.row) + "  " + lesson::MaskToken(look.row);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted(current.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    if (ImGui::ArrowButton("##mask_future_next", ImGuiDir_Right)) lesson::SetFutureRow(scene, scene.future_row + 1);
    DescribeItem(ctx, AccessRole::Button, T("mask.future.next"));
    RecordItem(ctx, "mask.future.next");

    const TextFields fields = {{"pos", Position(look.row)},
                               {"row", lesson::MaskToken(look.row)},
                               {"next", lesson::MaskToken(look.next)},
                               {"weight", Num(look.next_weight)},
                               {"future", Num(look.future_weight)}};
    Paragraph(Fill(T("mask.future.predicts"), fields), width);
    if (look.row_empty) {
      Paragraph(Fill(T("mask.future.empty"), fields), width);
    } else if (look.next_weight > 0.0) {
      Paragraph(Fill(T("mask.future.open"), fields), palette.second, width);
    } else if (look.future_weight > 0.0) {
      Paragraph(Fill(T("mask.future.open_later"), fields), palette.second, width);
    } else {
      Paragraph(Fill(T("mask.future.closed"), fields), width);
    }
    const char* flip = scene.causal ? "mask.future.causal_off" : "mask.future.causal_on";
    if (ImGui::Button(T(flip).c_str())) lesson::SetCausal(scene, !scene.causal);
    RecordItem(ctx, "mask.future.causal");
  }
  EndHighlightGroup(ctx, state, "mask.future");
}

// A checkbox with its one-line explanation under it, wrapped at `width`. The group is named
// `name` (for highlights); the checkbox itself `name`.checkbox.
void DrawMaskToggle(Context& ctx, lesson::LessonState& state, const char* name, const char* label_key,
                    const char* help_key, bool on, void (*set)(lesson::MaskScene&, bool), float width) {
  const float indent = ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x;
  BeginHighlightGroup();
  bool value = on;
  const std::string checkbox = std::string(name) + ".checkbox";
  if (WrappedCheckbox(ctx, T(label_key), &value, checkbox.c_str())) set(state.mask, value);
  ImGui::SetCursorPosY(ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y * 0.6f);
  ImGui::Indent(indent);
  Paragraph(T(help_key), ctx.palette.muted, width - indent);
  ImGui::Unindent(indent);
  EndHighlightGroup(ctx, state, name);
}

}  // namespace

// [SECTION] Panel

void DrawMaskPanel(lesson::LessonState& state, Context& ctx) {
  lesson::MaskScene& scene = state.mask;
  const Fonts& fonts = ctx.fonts;
  const Palette& palette = ctx.palette;
  ImGui::PushID("mask_panel");

  ImGui::PushFont(fonts.heading);
  Paragraph(T("mask.title"));
  ImGui::PopFont();
  Paragraph(T("mask.intro"));

  // Wide screens put the two toggles side by side and the explanations beside the heatmap;
  // narrow ones stack everything.
  const float available = ImGui::GetContentRegionAvail().x;
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 3.0f;
  const bool toggles_side_by_side = available >= 640.0f;
  const float toggle_width = toggles_side_by_side ? std::min(420.0f, (available - spacing) * 0.5f) : available;
  DrawMaskToggle(ctx, state, "mask.causal", "mask.causal", "mask.causal_help", scene.causal, lesson::SetCausal,
                 toggle_width);
  if (toggles_side_by_side) ImGui::SameLine(0.0f, spacing);
  DrawMaskToggle(ctx, state, "mask.padding", "mask.padding", "mask.padding_help", scene.padding, lesson::SetPadding,
                 toggle_width);

  const float heatmap_width = std::min(available, LayOutHeatmap(available).Width() + 8.0f);
  const bool side_by_side = available - heatmap_width - spacing >= 320.0f;
  const float left_width = side_by_side ? heatmap_width : available;

  ImGui::BeginGroup();
  Paragraph(T("mask.cells_hint"), palette.muted, left_width);
  // The heatmap may toggle a cell while it draws, so the weights are computed again for what
  // follows it (8 x 8 attention costs nothing).
  attention::Result result = lesson::MaskWeights(scene);
  DrawHeatmap(ctx, state, result, left_width);
  result = lesson::MaskWeights(scene);
  Paragraph(T("mask.axes"), palette.muted, left_width);
  DrawLegend(ctx, state, left_width);
  if (scene.refused_row >= 0 && scene.refused_col >= 0) {
    const lesson::CellMasks masks = lesson::MaskedBy(scene, scene.refused_row, scene.refused_col);
    const char* key = masks.causal ? "mask.refused_causal" : masks.padding ? "mask.refused_padding" : nullptr;
    if (key != nullptr) {
      const TextFields fields = {{"query", lesson::MaskToken(scene.refused_row)},
                                 {"key", lesson::MaskToken(scene.refused_col)}};
      Paragraph(Fill(T(key), fields), palette.second, left_width);
    }
  }
  ImGui::EndGroup();

  if (side_by_side) ImGui::SameLine(0.0f, spacing);
  ImGui::BeginGroup();
  const float right_width = side_by_side ? std::min(560.0f, ImGui::GetContentRegionAvail().x) : available;
  DrawFutureDemo(ctx, state, result, right_width);
  if (!result.empty_rows.empty()) Paragraph(T("mask.empty_rows_note"), right_width);
  Paragraph(T("mask.pad_rows"), palette.muted, right_width);
  Paragraph(T("mask.model"), palette.muted, right_width);
  Paragraph(T("mask.positions"), palette.muted, right_width);
  if (ImGui::Button(T("mask.reset").c_str())) lesson::ResetMaskScene(scene);
  RecordAndHighlight(ctx, state, "mask.reset");
  ImGui::EndGroup();

  ImGui::PopID();
}

}  // namespace ui
