#include "ui/mask_picture.h"

// Contents
// [SECTION] Colours: the tokens and the weight scale
// [SECTION] Text and tokens
// [SECTION] Heatmap
// [SECTION] Line view
// [SECTION] The figure

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/order.h"
#include "ui/prediction.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Fill;
using lesson::kMaskTokenCount;
using lesson::kMaskWordCount;
using lesson::Num;
using lesson::T;
using lesson::TextFields;

constexpr float kWideMin = 820.0f;      // narrower than this, the line view goes above the heatmap
constexpr float kLinesMaxWidth = 560.0f;
constexpr float kGap = 32.0f;           // between the heatmap and the line view, side by side
constexpr float kCardPad = 12.0f;       // the line view's card around its columns

// [SECTION] Colours: the tokens and the weight scale

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

Rgb ScaleRgb(double weight) {
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

ImU32 ToU32(Rgb c, float alpha = 1.0f) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, alpha)); }

float Luminance(ImU32 color) {
  const ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  return 0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z;
}

// Dark text on a light fill, white on a dark one.
ImU32 TextOn(ImU32 fill) { return Luminance(fill) > 0.5f ? IM_COL32(20, 24, 32, 255) : IM_COL32(255, 255, 255, 255); }

ImU32 WithAlpha(ImU32 color, float alpha) {
  const int a = static_cast<int>(std::clamp(alpha, 0.0f, 1.0f) * static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF));
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT);
}

// [SECTION] Text and tokens

std::string Position(int index) { return std::to_string(index + 1); }

// "<pad>" is the only token too wide for a narrow cell; "pad" reads the same.
std::string ShortToken(int position) { return lesson::IsPadPosition(position) ? "pad" : lesson::MaskToken(position); }

// The size fonts are drawn at, in layout units (the atlas is rasterized at the screen's pixel ratio).
float FontSizeOf(ImFont* font) { return font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale; }

// Text centred in a box, shrunk (down to `least` of its size) when it would not fit the box's width.
void DrawFittedText(ImDrawList* draw, ImFont* font, ImVec2 min, ImVec2 max, ImU32 color, const std::string& text,
                    float least = 0.85f) {
  float size = FontSizeOf(font);
  const float room = std::max(1.0f, max.x - min.x - 4.0f);
  ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  if (extent.x > room) {
    size = std::max(size * least, size * room / extent.x);
    extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str());
  }
  const ImVec2 at(std::floor((min.x + max.x - extent.x) * 0.5f), std::floor((min.y + max.y - extent.y) * 0.5f));
  draw->PushClipRect(min, max, true);
  draw->AddText(font, size, at, color, text.c_str());
  draw->PopClipRect();
}

void DashedRect(ImDrawList* draw, ImVec2 min, ImVec2 max, ImU32 color) {
  constexpr float kDash = 4.0f;
  for (float x = min.x; x < max.x; x += 2.0f * kDash) {
    const float end = std::min(x + kDash, max.x);
    draw->AddLine(ImVec2(x, min.y), ImVec2(end, min.y), color, 1.5f);
    draw->AddLine(ImVec2(x, max.y), ImVec2(end, max.y), color, 1.5f);
  }
  for (float y = min.y; y < max.y; y += 2.0f * kDash) {
    const float end = std::min(y + kDash, max.y);
    draw->AddLine(ImVec2(min.x, y), ImVec2(min.x, end), color, 1.5f);
    draw->AddLine(ImVec2(max.x, y), ImVec2(max.x, end), color, 1.5f);
  }
}

enum class TokenLook {
  Plain,   // outlined in its colour
  Chosen,  // filled with its colour: the query whose lines show
  Masked,  // a key the chosen query may not use: hatched, muted
};

// A token of the line view as a rounded tag; <pad> has a dashed outline (filler, not a word).
void DrawToken(Context& ctx, ImDrawList* draw, ImVec2 min, ImVec2 max, int position, TokenLook look) {
  const Palette& palette = ctx.palette;
  const ImU32 color = MaskTokenColor(ctx, position);
  const bool pad = lesson::IsPadPosition(position);
  ImFont* body = ctx.fonts.body != nullptr ? ctx.fonts.body : ImGui::GetFont();
  ImFont* bold = ctx.fonts.bold != nullptr ? ctx.fonts.bold : body;
  constexpr float kRounding = 6.0f;
  const std::string text = lesson::MaskToken(position);
  switch (look) {
    case TokenLook::Chosen:
      draw->AddRectFilled(min, max, color, kRounding);
      DrawFittedText(draw, bold, min, max, TextOn(color), text);
      break;
    case TokenLook::Masked: {
      // Hatched more faintly than a cell, so the word stays readable.
      draw->AddRectFilled(min, max, palette.panel);
      draw->PushClipRect(min, max, true);
      const float height = max.y - min.y;
      for (float x = min.x - height; x < max.x; x += 7.0f) {
        draw->AddLine(ImVec2(x, max.y), ImVec2(x + height, min.y), WithAlpha(palette.axis, 0.45f), 1.0f);
      }
      draw->PopClipRect();
      draw->AddRect(min, max, palette.axis, 0.0f, 0, 1.0f);
      DrawFittedText(draw, body, min, max, palette.muted, text);
      break;
    }
    case TokenLook::Plain:
      draw->AddRectFilled(min, max, ImGui::GetColorU32(ImGuiCol_WindowBg), kRounding);
      if (pad) {
        DashedRect(draw, min, max, palette.muted);
      } else {
        draw->AddRect(min, max, color, kRounding, 0, 1.5f);
      }
      DrawFittedText(draw, pad ? body : bold, min, max, color, text);
      break;
  }
}

bool Shaped(const attention::Result& result) {
  return result.weights.rows == kMaskTokenCount && result.weights.cols == kMaskTokenCount &&
         result.allowed.rows == kMaskTokenCount && result.allowed.cols == kMaskTokenCount &&
         result.weights.IsConsistent() && result.allowed.IsConsistent();
}

bool Open(const attention::Result& result, int row, int col) {
  return Shaped(result) && result.allowed(row, col) && !result.RowIsEmpty(row);
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
  bool query_row = true;       // the chosen query's row outlined (the row the line view draws)
  bool query_numbers = true;   // and numbered (beside the line view; above it, the line view has them)
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
// clicks and keyboard navigation reaches (arrow keys), toggled with Enter or Space; a toggled
// cell's row becomes the chosen query. The chosen query's row is outlined in its colour.
void DrawHeatmap(Context& ctx, lesson::LessonState& state, const attention::Result& result,
                 const HeatmapLayout& layout, float available) {
  lesson::MaskScene& scene = state.mask;
  const Palette& palette = ctx.palette;
  ImFont* body = ctx.fonts.body != nullptr ? ctx.fonts.body : ImGui::GetFont();
  ImFont* bold = ctx.fonts.bold != nullptr ? ctx.fonts.bold : body;
  const bool shaped = Shaped(result);

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
  const int query = std::clamp(scene.query, 0, kMaskTokenCount - 1);
  auto cell_min = [&](int row, int col) {
    return ImVec2(cells_x + layout.cell_width * static_cast<float>(col),
                  cells_y + layout.cell_height * static_cast<float>(row));
  };
  auto label_color = [&](int position, bool demo_label) {
    return demo_label ? palette.second : MaskTokenColor(ctx, position);
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
    DrawFittedText(draw, demo_label || !lesson::IsPadPosition(col) ? bold : body, min, max,
                   label_color(col, demo_label), label_text(col));
  }

  bool focused_any = false;
  ImVec2 focused_min, focused_max;
  for (int row = 0; row < kMaskTokenCount; ++row) {
    const bool demo_label = demo && row == look.row;
    const std::string label = label_text(row);
    ImFont* label_font = demo_label || (layout.query_row && row == query) || !lesson::IsPadPosition(row) ? bold : body;
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
      if (toggle) {
        lesson::ToggleCell(scene, row, col);
        lesson::SetMaskQuery(scene, row);  // the lines show the row the learner just changed
      }

      const bool allowed = Open(result, row, col);
      // A screen reader hears the cell's tooltip: its query and key, and its weight or what masks it.
      DescribeCell(ctx, shaped ? CellTooltip(scene, result, row, col, allowed) : T("mask.empty_row"), row, col,
                   lesson::MaskToken(row));
      const ImVec2 inner_min(min.x + 1.0f, min.y + 1.0f);
      const ImVec2 inner_max(max.x - 1.0f, max.y - 1.0f);
      // A cell a mask takes out fades into its hatching (and back): the row renormalizes around it.
      const float open = Eased(ctx, MotionId("mask.cell_open", row, col), allowed ? 1.0f : 0.0f);
      const double weight = allowed ? result.weights(row, col) : 0.0;
      // The shade eases to the new weight (a row renormalizing as a mask comes on); the number is the new one.
      const float shade = Eased(ctx, MotionId("mask.cell", row, col), static_cast<float>(weight));
      if (open < 1.0f) {
        DrawMaskHatched(ctx, draw, inner_min, inner_max);
        if (lesson::MaskedBy(scene, row, col).learner) {
          draw->AddRect(inner_min, inner_max, palette.first, 0.0f, 0, 2.0f);
        }
      }
      if (open > 0.0f) {
        const Rgb color = ScaleRgb(static_cast<double>(shade));
        draw->AddRectFilled(inner_min, inner_max, ToU32(color, open));
        // Beside the line view, the chosen query's row carries its numbers (the row the lines
        // draw; on a phone the line view above says them, larger than a cell could), and a cell
        // under the pointer or the keyboard's ring its own; the other rows are their shades, so
        // the picture is not 64 numbers to read. Every weight is in the cell's tooltip, its name
        // for a screen reader and the mirror's table. In a narrow cell, smaller rather than
        // spilling into the next one.
        const bool numbered =
            (layout.query_numbers && row == query) || hovered || focused || (demo && row == look.row);
        if (allowed && numbered) {
          DrawFittedText(draw, body, inner_min, inner_max, TextOn(ToU32(color)), Num(weight, 2), 0.7f);
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
    DrawFittedText(draw, bold, band_min, band_max, palette.text, T("mask.empty_row"));
  }
  // The chosen query's row, outlined in its colour; it slides to a newly chosen row.
  if (layout.query_row) {
    const float at = Eased(ctx, MotionId("mask.row"), static_cast<float>(query));
    const ImVec2 min(cells_x - 2.0f, cells_y + layout.cell_height * at - 2.0f);
    const ImVec2 max(cells_x + layout.cell_width * static_cast<float>(kMaskTokenCount) + 2.0f,
                     min.y + layout.cell_height + 4.0f);
    draw->AddRect(min, max, MaskTokenColor(ctx, query), 3.0f, 0, 3.0f);
    RecordRect(ctx, "mask.row", ImVec2(cells_x, cell_min(query, 0).y),
               ImVec2(max.x - 2.0f, cell_min(query, 0).y + layout.cell_height));
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

// [SECTION] Line view

// Two columns of the sentence's tokens, queries on the left and keys on the right (BertViz's
// line view), a line from the chosen query to each key, and each key's weight beside it.
struct LinesLayout {
  ImVec2 min;            // the card
  ImVec2 max;
  float header = 0.0f;   // the columns' titles, from the card's top
  float pitch = 0.0f;    // one token's row
  float token_width = 0.0f;
  float query_x0 = 0.0f, query_x1 = 0.0f;  // the query column
  float key_x0 = 0.0f, key_x1 = 0.0f;      // the key column
  float number_x1 = 0.0f;                  // the weights' right edge
  float RowTop(int row) const { return min.y + header + pitch * static_cast<float>(row); }
  float RowCentre(float row) const { return min.y + header + pitch * (row + 0.5f); }
};

LinesLayout LayOutLines(ImVec2 min, float width, float header, float pitch) {
  LinesLayout layout;
  layout.min = min;
  layout.header = header;
  layout.pitch = pitch;
  float widest = 0.0f;
  for (int i = 0; i < kMaskTokenCount; ++i) widest = std::max(widest, ImGui::CalcTextSize(lesson::MaskToken(i).c_str()).x);
  const float number_width = ImGui::CalcTextSize("0.00").x + 10.0f;
  layout.token_width = std::min(std::max(std::ceil(widest) + 20.0f, 56.0f), (width - 2.0f * kCardPad - number_width) * 0.34f);
  layout.query_x0 = min.x + kCardPad;
  layout.query_x1 = layout.query_x0 + layout.token_width;
  layout.number_x1 = min.x + width - kCardPad;
  layout.key_x1 = layout.number_x1 - number_width;
  layout.key_x0 = layout.key_x1 - layout.token_width;
  layout.max = ImVec2(min.x + width, min.y + header + pitch * static_cast<float>(kMaskTokenCount) + 8.0f);
  return layout;
}

// A line from the query to a key as an S-curve, leaving and arriving level, so a fan of them
// reads as one bundle. A line thinner than a pixel is drawn a pixel wide, fainter.
void DrawCurve(ImDrawList* draw, ImVec2 from, ImVec2 to, ImU32 color, float thickness) {
  if (thickness < 0.05f) return;
  const float bend = (to.x - from.x) * 0.5f;
  const ImU32 shown = thickness < 1.0f ? WithAlpha(color, thickness) : color;
  draw->AddBezierCubic(from, ImVec2(from.x + bend, from.y), ImVec2(to.x - bend, to.y), to, shown,
                       std::max(1.0f, thickness), 40);
}

void DrawLines(Context& ctx, lesson::LessonState& state, const attention::Result& result, const LinesLayout& layout,
               bool ask) {
  constexpr lesson::Question kQuestion = lesson::Question::MaskCausal;
  const bool asking = ask && lesson::Asking(state, kQuestion);
  const lesson::Prediction& guess = lesson::PredictionFor(state, kQuestion);
  const bool guessed = ask && guess.Committed();
  lesson::MaskScene& scene = state.mask;
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(layout.min, layout.max, palette.panel, 8.0f);

  // The columns' titles.
  const float title_y = layout.min.y + std::max(2.0f, layout.header - ImGui::GetTextLineHeight() - 6.0f);
  auto title = [&](float centre, const std::string& text) {
    const float w = ImGui::CalcTextSize(text.c_str()).x;
    const float x = std::max(layout.min.x + 4.0f, centre - w * 0.5f);
    draw->AddText(ImVec2(x, title_y), palette.muted, text.c_str());
    return x + w;
  };
  title((layout.query_x0 + layout.query_x1) * 0.5f, T("mask.lines_query"));
  const float key_end = title((layout.key_x0 + layout.key_x1) * 0.5f, T("mask.lines_key"));
  // "weight" over the weights, where it fits beside "key".
  const std::string& weight_title = T("mask.legend_weight");
  const float weight_x = std::min(layout.number_x1 + 4.0f, layout.max.x - 4.0f) - ImGui::CalcTextSize(weight_title.c_str()).x;
  if (weight_x > key_end + 10.0f) draw->AddText(ImVec2(weight_x, title_y), palette.muted, weight_title.c_str());

  // The query tokens: a radio choice each, by click, tap or keyboard (Enter or Space).
  const float pill_inset = std::max(1.0f, (layout.pitch - std::max(26.0f, ImGui::GetFontSize() + 9.0f)) * 0.5f);
  auto pill = [&](float x0, float x1, int row) {
    return ImRect(ImVec2(x0, layout.RowTop(row) + pill_inset), ImVec2(x1, layout.RowTop(row) + layout.pitch - pill_inset));
  };
  const ImVec2 after = ImGui::GetCursorScreenPos();
  for (int row = 0; row < kMaskTokenCount; ++row) {
    const ImRect box = pill(layout.query_x0, layout.query_x1, row);
    ImGui::SetCursorScreenPos(box.Min);
    ImGui::PushID(row);
    if (ImGui::InvisibleButton("##mask_query", box.GetSize())) lesson::SetMaskQuery(scene, row);
    ImGui::PopID();
    const std::string name = "mask.query." + std::to_string(row);
    RecordRect(ctx, name.c_str(), box.Min, box.Max);
    DescribeRadio(ctx,
                  Fill(T("mask.query_choice"), {{"token", lesson::MaskToken(row)}, {"pos", Position(row)}}),
                  row == scene.query);
    const bool hovered = ImGui::IsItemHovered();
    const bool focused = ImGui::IsItemFocused() && ImGui::GetIO().NavVisible;
    DrawToken(ctx, draw, box.Min, box.Max, row, row == scene.query ? TokenLook::Chosen : TokenLook::Plain);
    if (hovered && row != scene.query) draw->AddRect(box.Min, box.Max, MaskTokenColor(ctx, row), 6.0f, 0, 2.5f);
    if (focused) {
      draw->AddRect(ImVec2(box.Min.x - 3, box.Min.y - 3), ImVec2(box.Max.x + 3, box.Max.y + 3),
                    ImGui::GetColorU32(ImGuiCol_NavHighlight), 8.0f, 0, 3.0f);
    }
    // The prediction: the row's key is a box to tick while it is asked (in the row's place in the
    // keyboard's order, after its query).
    if (asking) {
      PickTarget(state, ctx, kQuestion, row,
                 Fill(T("predict.mask.causal.key"), {{"token", lesson::MaskToken(row)}, {"pos", Position(row)}}),
                 ImVec2(layout.key_x0 - 2.0f, layout.RowTop(row)), ImVec2(layout.number_x1, layout.RowTop(row) + layout.pitch),
                 MaskTokenColor(ctx, row));
    }
  }
  ImGui::SetCursorScreenPos(after);

  // The lines, from the chosen query (the fan swings to a newly chosen one) to each key it may use.
  const int query = std::clamp(scene.query, 0, kMaskTokenCount - 1);
  const float from_row = Eased(ctx, MotionId("mask.lines.query"), static_cast<float>(query));
  const ImVec2 from(layout.query_x1 + 1.0f, layout.RowCentre(from_row));
  const float scale = MaskLineScale(layout.pitch);
  const ImU32 line_color = WithAlpha(MaskTokenColor(ctx, query), 0.85f);
  std::array<float, kMaskTokenCount> thickness{};
  for (int key = 0; key < kMaskTokenCount; ++key) {
    const bool open = Open(result, query, key);
    const float weight = open ? static_cast<float>(result.weights(query, key)) : 0.0f;
    thickness[static_cast<size_t>(key)] = Eased(ctx, MotionId("mask.line", key), weight) * scale;
  }
  // Thinnest first, so the heavy lines lie on top.
  for (const int key : IncreasingOrder(thickness)) {
    const float line = thickness[static_cast<size_t>(key)];
    const ImVec2 to(layout.key_x0 - 1.0f, layout.RowCentre(static_cast<float>(key)));
    DrawCurve(draw, from, to, line_color, line);
    if (Open(result, query, key)) {
      const std::string name = "mask.line." + std::to_string(key);
      RecordRect(ctx, name.c_str(), ImVec2(to.x - 4.0f, to.y - line * 0.5f), ImVec2(to.x, to.y + line * 0.5f));
    }
  }

  // The keys: hatched where a mask cuts the line (with a cut mark where it would arrive), each
  // open one's weight beside it in the query's colour.
  ImFont* numbers = ctx.fonts.bold != nullptr ? ctx.fonts.bold : ImGui::GetFont();
  for (int key = 0; key < kMaskTokenCount; ++key) {
    const bool open = Open(result, query, key);
    const ImRect box = pill(layout.key_x0, layout.key_x1, key);
    DrawToken(ctx, draw, box.Min, box.Max, key, open ? TokenLook::Plain : TokenLook::Masked);
    RecordRect(ctx, ("mask.key." + std::to_string(key)).c_str(), box.Min, box.Max);
    // The prediction: a faint cut mark where the learner expects one while it is asked; after the
    // reveal the learner's keys keep a dashed frame beside the real cuts.
    const bool picked = (guess.picks >> key) & 1u;
    if (guessed && picked) {
      DashedRect(draw, ImVec2(box.Min.x - 4.0f, box.Min.y - 3.0f), ImVec2(box.Max.x + 4.0f, box.Max.y + 3.0f), palette.text);
      RecordRect(ctx, ("mask.guess." + std::to_string(key)).c_str(), box.Min, box.Max);
    }
    if (asking && picked) {
      const ImVec2 c(layout.key_x0 - 12.0f, layout.RowCentre(static_cast<float>(key)));
      const ImU32 mark = WithAlpha(palette.muted, 0.6f);
      draw->AddLine(ImVec2(c.x - 5.0f, c.y - 5.0f), ImVec2(c.x + 5.0f, c.y + 5.0f), mark, 2.0f);
      draw->AddLine(ImVec2(c.x - 5.0f, c.y + 5.0f), ImVec2(c.x + 5.0f, c.y - 5.0f), mark, 2.0f);
    }
    const float cut = Eased(ctx, MotionId("mask.cut", key), open ? 0.0f : 1.0f);
    if (cut > 0.0f) {
      const ImVec2 c(layout.key_x0 - 12.0f, layout.RowCentre(static_cast<float>(key)));
      const ImU32 mark = WithAlpha(palette.muted, cut);
      draw->AddLine(ImVec2(c.x - 5.0f, c.y - 5.0f), ImVec2(c.x + 5.0f, c.y + 5.0f), mark, 2.0f);
      draw->AddLine(ImVec2(c.x - 5.0f, c.y + 5.0f), ImVec2(c.x + 5.0f, c.y - 5.0f), mark, 2.0f);
      if (!open) {
        RecordRect(ctx, ("mask.cut." + std::to_string(key)).c_str(), ImVec2(c.x - 5.0f, c.y - 5.0f),
                   ImVec2(c.x + 5.0f, c.y + 5.0f));
      }
    }
    if (open) {
      const std::string number = Num(result.weights(query, key), 2);
      const float size = FontSizeOf(numbers);
      const ImVec2 extent = numbers->CalcTextSizeA(size, FLT_MAX, 0.0f, number.c_str());
      draw->AddText(numbers, size, ImVec2(layout.number_x1 - extent.x, layout.RowCentre(static_cast<float>(key)) - extent.y * 0.5f),
                    MaskTokenColor(ctx, query), number.c_str());
    }
  }
}

// [SECTION] The figure

}  // namespace

ImU32 MaskTokenColor(const Context& ctx, int position) {
  if (position < 0 || position >= kMaskTokenCount || lesson::IsPadPosition(position)) return ctx.palette.muted;
  // the cat sat on the mat: both "the" are one token, so one colour; blue (the scale's hue) last.
  static constexpr int kSeries[kMaskWordCount] = {4, 1, 2, 3, 4, 0};
  return SeriesColor(ctx, kSeries[position]);
}

ImU32 MaskScaleColor(double weight) { return ToU32(ScaleRgb(weight)); }

void DrawMaskHatched(const Context& ctx, ImDrawList* draw, ImVec2 min, ImVec2 max) {
  const Palette& palette = ctx.palette;
  draw->AddRectFilled(min, max, palette.panel);
  draw->PushClipRect(min, max, true);
  const float height = max.y - min.y;
  for (float x = min.x - height; x < max.x; x += 7.0f) {
    draw->AddLine(ImVec2(x, max.y), ImVec2(x + height, min.y), palette.axis, 1.0f);
  }
  draw->PopClipRect();
}

float MaskLineScale(float row_pitch) { return std::clamp(row_pitch * 0.7f, 12.0f, 24.0f); }

std::string MaskFigureName(const lesson::MaskScene& scene, const attention::Result& result, bool heatmap) {
  const int query = std::clamp(scene.query, 0, kMaskTokenCount - 1);
  auto token = [](int position) {
    return Fill(T("mirror.position"), {{"token", lesson::MaskToken(position)}, {"pos", Position(position)}});
  };
  std::vector<std::string> sentences;
  if (!Shaped(result) || result.RowIsEmpty(query)) {
    sentences.push_back(Fill(T("mask.figure_empty"), {{"query", token(query)}}));
  } else {
    int top = 0;
    for (int key = 1; key < kMaskTokenCount; ++key) {
      if (result.weights(query, key) > result.weights(query, top)) top = key;
    }
    sentences.push_back(Fill(T("mask.figure_lines"), {{"query", token(query)},
                                                      {"top", token(top)},
                                                      {"weight", Num(result.weights(query, top), 2)}}));
    std::vector<std::string> cut;
    for (int key = 0; key < kMaskTokenCount; ++key) {
      if (!result.allowed(query, key)) cut.push_back(token(key));
    }
    if (!cut.empty()) sentences.push_back(Fill(T("mask.figure_cut"), {{"keys", lesson::MirrorList(cut)}}));
  }
  if (heatmap) sentences.push_back(Fill(T("mask.figure_heatmap"), {{"query", token(query)}}));
  return lesson::MirrorSentences(sentences);
}

bool MaskFigureSideBySide(float width) { return width >= kWideMin; }

void DrawMaskFigure(lesson::LessonState& state, Context& ctx, float width, MaskFigureParts parts, bool ask) {
  lesson::MaskScene& scene = state.mask;
  attention::Result result = lesson::MaskWeights(scene);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float spacing = ImGui::GetStyle().ItemSpacing.y;

  // Laid out first, so the figure is named with its place before any of its controls.
  const bool with_lines = parts != MaskFigureParts::Heatmap;
  const bool with_heatmap = parts != MaskFigureParts::Lines;
  const bool wide = parts == MaskFigureParts::LinesAndHeatmap && MaskFigureSideBySide(width);
  const float heatmap_room = wide ? std::min(600.0f, width - 360.0f - kGap) : width;
  HeatmapLayout heatmap = LayOutHeatmap(heatmap_room);
  heatmap.query_row = with_lines;
  heatmap.query_numbers = wide;
  LinesLayout lines;
  ImVec2 bottom;
  if (!with_lines) {
    const bool scroll = heatmap.Width() > width + 0.5f;
    bottom = ImVec2(top.x + std::min(width, heatmap.Width()),
                    top.y + heatmap.Height() + (scroll ? ImGui::GetStyle().ScrollbarSize + 6.0f : 0.0f));
  } else if (wide) {
    // Heatmap on the left, the line view beside it with its rows at the heatmap's rows.
    const float x = top.x + std::min(heatmap.Width(), heatmap_room) + kGap;
    const float lines_width = std::min(kLinesMaxWidth, top.x + width - x);
    lines = LayOutLines(ImVec2(x, top.y), lines_width, heatmap.header_height, heatmap.cell_height);
    bottom = ImVec2(top.x + width, std::max(lines.max.y, top.y + heatmap.Height()));
  } else {
    const float header = ImGui::GetTextLineHeight() + 12.0f;
    const float pitch = std::max(30.0f, ImGui::GetFontSize() + 13.0f);
    lines = LayOutLines(top, std::min(width, kLinesMaxWidth), header, pitch);
    const bool scroll = heatmap.Width() > width + 0.5f;
    const float heatmap_height = heatmap.Height() + (scroll ? ImGui::GetStyle().ScrollbarSize + 6.0f : 0.0f);
    bottom = ImVec2(top.x + width, with_heatmap ? lines.max.y + spacing * 2.0f + heatmap_height : lines.max.y);
  }
  DescribeFigure(ctx, MaskFigureName(scene, result, with_heatmap), top, bottom);
  RecordRect(ctx, "mask.picture", top, bottom);

  if (!with_lines) {
    DrawHeatmap(ctx, state, result, heatmap, width);
  } else if (wide) {
    DrawHeatmap(ctx, state, result, heatmap, heatmap_room);
    result = lesson::MaskWeights(scene);  // a cell the learner toggled just now
    DrawLines(ctx, state, result, lines, ask);
    RecordAndHighlight(ctx, state, "mask.lines", lines.min, lines.max);
  } else {
    DrawLines(ctx, state, result, lines, ask);
    RecordAndHighlight(ctx, state, "mask.lines", lines.min, lines.max);
    if (with_heatmap) {
      ImGui::SetCursorScreenPos(ImVec2(top.x, lines.max.y + spacing * 2.0f));
      result = lesson::MaskWeights(scene);
      DrawHeatmap(ctx, state, result, heatmap, width);
    }
  }
  ImGui::SetCursorScreenPos(top);
  ImGui::Dummy(ImVec2(width, bottom.y - top.y));
}

}  // namespace ui
