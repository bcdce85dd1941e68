// The Mask scene's panel: one caption, the picture (ui/mask_picture.h) with the mask controls
// under it, then what opens on demand.
//
// Contents
// [SECTION] Legend
// [SECTION] Why mask the future?
// [SECTION] Panel

#include "ui/mask_panel.h"

#include <algorithm>
#include <string>

#include <imgui.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/checkbox.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/mask_picture.h"
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Fill;
using lesson::Num;
using lesson::T;
using lesson::TextFields;

constexpr int kScaleStops = 9;  // the legend's bar, drawn in as many steps as the scale has stops

std::string Position(int index) { return std::to_string(index + 1); }

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
    const ImU32 left = MaskScaleColor(static_cast<double>(i) / (kScaleStops - 1));
    const ImU32 right = MaskScaleColor(static_cast<double>(i + 1) / (kScaleStops - 1));
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
    DrawMaskHatched(ctx, draw, at, end);
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
  if (WrappedCheckbox(ctx, T("mask.future.toggle"), &open, "mask.future.toggle")) {
    lesson::SetFutureDemo(scene, open);
    if (open) lesson::SetMaskQuery(scene, lesson::LookAhead(scene, result).row);  // the lines show its row
  }
  if (scene.future_demo) {
    const lesson::FutureLook look = lesson::LookAhead(scene, result);
    ImGui::TextUnformatted(T("mask.future.position").c_str());
    if (ImGui::ArrowButton("##mask_future_prev", ImGuiDir_Left)) {
      lesson::SetFutureRow(scene, scene.future_row - 1);
      lesson::SetMaskQuery(scene, scene.future_row);
    }
    DescribeItem(ctx, AccessRole::Button, T("mask.future.previous"));
    RecordItem(ctx, "mask.future.prev");
    ImGui::SameLine();
    const std::string current = Position(look.row) + "  " + lesson::MaskToken(look.row);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted(current.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    if (ImGui::ArrowButton("##mask_future_next", ImGuiDir_Right)) {
      lesson::SetFutureRow(scene, scene.future_row + 1);
      lesson::SetMaskQuery(scene, scene.future_row);
    }
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
                    const char* help_key, bool on, void (*set)(lesson::MaskScene&, bool)) {
  // What the mask does shows on the picture; in words, on hover and under About this scene.
  BeginHighlightGroup();
  bool value = on;
  const std::string checkbox = std::string(name) + ".checkbox";
  if (WrappedCheckbox(ctx, T(label_key), &value, checkbox.c_str())) set(state.mask, value);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", T(help_key).c_str());
  EndHighlightGroup(ctx, state, name);
}

}  // namespace

// [SECTION] Panel

namespace {

// True when the heatmap was drawn.
bool DrawMaskFigureAndToggles(lesson::LessonState& state, Context& ctx, MaskFigureParts parts, bool ask = false) {
  lesson::MaskScene& scene = state.mask;
  const float available = ImGui::GetContentRegionAvail().x;
  // While the question is open on a narrow screen the heatmap, which would stand between the keys
  // the learner picks and the row that commits the guess, waits for the reveal.
  const bool narrow_question = ask && lesson::Asking(state, lesson::Question::MaskCausal) &&
                               parts == MaskFigureParts::LinesAndHeatmap && !MaskFigureSideBySide(available);
  DrawMaskFigure(state, ctx, available, narrow_question ? MaskFigureParts::Lines : parts, ask);
  if (ask) {
    // The prediction's answer row sits right under the picture, above the masks' switches; turning
    // the causal mask on by hand shows the answer, so it counts as a skip.
    DrawAnswerOrReveal(state, ctx, lesson::Question::MaskCausal);
  }
  const bool was_asking = ask && lesson::Asking(state, lesson::Question::MaskCausal);

  // The scene's actions, right under the picture: side by side where they fit.
  const float spacing = ImGui::GetStyle().ItemSpacing.x * 3.0f;
  const bool side_by_side = available >= 640.0f;
  DrawMaskToggle(ctx, state, "mask.causal", "mask.causal", "mask.causal_help", scene.causal, lesson::SetCausal);
  if (side_by_side) ImGui::SameLine(0.0f, spacing);
  DrawMaskToggle(ctx, state, "mask.padding", "mask.padding", "mask.padding_help", scene.padding, lesson::SetPadding);
  if (was_asking && scene.causal) {
    lesson::SkipPrediction(state, lesson::Question::MaskCausal, TakeAnswerTime(ctx, AnswerClock(lesson::Question::MaskCausal)));
  }
  return !narrow_question;
}

}  // namespace

void DrawMaskPicture(lesson::LessonState& state, Context& ctx) {
  DrawMaskFigureAndToggles(state, ctx, MaskFigureParts::LinesAndHeatmap);
}

void DrawMaskQuestionPicture(lesson::LessonState& state, Context& ctx) {
  DrawMaskFigureAndToggles(state, ctx, MaskFigureParts::Heatmap);
}

void DrawMaskPanel(lesson::LessonState& state, Context& ctx) {
  lesson::MaskScene& scene = state.mask;
  const Fonts& fonts = ctx.fonts;
  const Palette& palette = ctx.palette;
  ImGui::PushID("mask_panel");

  DrawQuestionOrCaption(state, ctx, lesson::Question::MaskCausal, T("mask.caption"));
  const bool heatmap = DrawMaskFigureAndToggles(state, ctx, MaskFigureParts::LinesAndHeatmap, true);

  const float available = ImGui::GetContentRegionAvail().x;
  const float column = std::min(available, ImGui::GetFontSize() * 44.0f);  // lines of at most about 80 characters
  // The hint and the legend speak of the heatmap's cells and shades.
  if (heatmap) {
    Paragraph(T("mask.hint"), palette.muted, column);
    DrawLegend(ctx, state, available);
  }
  if (scene.refused_row >= 0 && scene.refused_col >= 0) {
    const lesson::CellMasks masks = lesson::MaskedBy(scene, scene.refused_row, scene.refused_col);
    const char* key = masks.causal ? "mask.refused_causal" : masks.padding ? "mask.refused_padding" : nullptr;
    if (key != nullptr) {
      const TextFields fields = {{"query", lesson::MaskToken(scene.refused_row)},
                                 {"key", lesson::MaskToken(scene.refused_col)}};
      Paragraph(Fill(T(key), fields), palette.second, column);
    }
  }
  const attention::Result result = lesson::MaskWeights(scene);
  if (!result.empty_rows.empty()) Paragraph(T("mask.empty_rows_note"), column);

  ImGui::Spacing();
  DrawFutureDemo(ctx, state, result, column);

  const bool about = ImGui::CollapsingHeader(T("mask.about").c_str());
  RecordItem(ctx, "mask.about");
  if (about) {
    ImGui::PushFont(fonts.bold);
    Paragraph(T("mask.title"), column);
    ImGui::PopFont();
    for (const char* key : {"mask.intro", "mask.causal_help", "mask.padding_help", "mask.axes", "mask.cells_hint",
                            "mask.pad_rows", "mask.model", "mask.positions", "mask.inference"}) {
      Paragraph(T(key), column);
    }
  }

  if (ImGui::Button(T("mask.reset").c_str())) lesson::ResetMaskScene(scene);
  RecordAndHighlight(ctx, state, "mask.reset");

  ImGui::PopID();
}

const ScenePanel kMaskPanel = {DrawMaskPanel, DrawMaskPicture, DrawMaskQuestionPicture};

}  // namespace ui
