#include "ui/combine_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/number_field.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Num;
using lesson::T;

// One line of arithmetic, e.g. "10 × 0.2 = 2", coloured by the position it belongs to. It can
// take keyboard focus; hovering or focusing it explains how the number was computed.
void ArithmeticLine(Context& ctx, const char* id, const std::string& text, ImU32 color,
                    const std::string& explanation) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::PushID(id);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  ImGui::Selectable(text.c_str(), false, ImGuiSelectableFlags_None, size);
  ImGui::PopID();
  ImGui::PopStyleColor();
  RecordItem(ctx, id);
  if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22.0f);
    ImGui::TextUnformatted(explanation.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// Values and output on a number line: the output sits between the values, pulled toward the
// one with the larger weight.
void DrawNumberLine(Context& ctx, const lesson::CombineScene& example, double output) {
  const Palette& palette = ctx.palette;
  const float width = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();

  double lo = std::min({example.first_value, example.second_value, output, 0.0});
  double hi = std::max({example.first_value, example.second_value, output, 0.0});
  if (hi - lo < 1.0) hi = lo + 1.0;
  const double pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  const float margin = 24.0f;
  auto to_x = [&](double v) {
    return origin.x + margin + static_cast<float>((v - lo) / (hi - lo)) * (width - 2.0f * margin);
  };
  // A label centred on x, kept inside the line's width.
  auto left_of = [&](float x, float text_width) {
    return std::clamp(x - text_width * 0.5f, origin.x, std::max(origin.x, origin.x + width - text_width));
  };
  constexpr float kLabelGap = 8.0f;

  // The two values' labels above the axis, side by side; when they would touch, the second one a
  // row higher (the line grows by it), so they never overlap at any width or in any language.
  struct ValueLabel {
    std::string text;
    float left = 0.0f;
    float width = 0.0f;
  };
  auto value_label = [&](double value, double weight) {
    ValueLabel label;
    label.text = lesson::Fill(T("combine.value_mark"), {{"value", Num(value)}, {"weight", Num(weight)}});
    label.width = ImGui::CalcTextSize(label.text.c_str()).x;
    label.left = left_of(to_x(value), label.width);
    return label;
  };
  const ValueLabel first = value_label(example.first_value, example.first_weight);
  const ValueLabel second = value_label(example.second_value, example.second_weight);
  const bool stacked = first.left < second.left + second.width + kLabelGap && second.left < first.left + first.width + kLabelGap;
  const float above = (stacked ? 2.0f : 1.0f) * (line + 2.0f) + 18.0f;  // the rows, then the largest circle
  const float height = above + 12.0f + 8.0f + line + 8.0f;
  ImGui::Dummy(ImVec2(width, height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float axis_y = origin.y + above;
  draw->AddLine(ImVec2(origin.x + margin * 0.5f, axis_y), ImVec2(origin.x + width - margin * 0.5f, axis_y),
                palette.axis, 2.0f);

  auto value_mark = [&](double value, double weight, ImU32 color, const ValueLabel& label, int row, const char* name) {
    const float x = to_x(value);
    const float radius = 4.0f + 8.0f * static_cast<float>(std::sqrt(std::clamp(weight, 0.0, 1.0)));
    draw->AddCircleFilled(ImVec2(x, axis_y), radius, color);
    const ImVec2 at(label.left, axis_y - 18.0f - static_cast<float>(row + 1) * (line + 2.0f));
    draw->AddText(at, color, label.text.c_str());
    RecordRect(ctx, name, at, ImVec2(at.x + label.width, at.y + line));
  };
  value_mark(example.first_value, example.first_weight, palette.first, first, 0, "combine.number_line.first");
  value_mark(example.second_value, example.second_weight, palette.second, second, stacked ? 1 : 0,
             "combine.number_line.second");

  // The output marker slides to its new place when the weights change (not while a slider is dragged).
  const float ox = to_x(static_cast<double>(Eased(ctx, MotionId("combine.output_marker"), static_cast<float>(output))));
  draw->AddTriangleFilled(ImVec2(ox, axis_y - 3), ImVec2(ox - 8, axis_y + 12), ImVec2(ox + 8, axis_y + 12),
                          palette.output);
  const std::string label = lesson::Fill(T("combine.output_mark"), {{"output", Num(output)}});
  const float label_width = ImGui::CalcTextSize(label.c_str()).x;  // bold and body fonts share a size
  const ImVec2 at(left_of(ox, label_width), axis_y + 16.0f);
  draw->AddText(ctx.fonts.bold, 0.0f, at, palette.output, label.c_str());
  RecordRect(ctx, "combine.number_line.output", at, ImVec2(at.x + label_width, at.y + line));

  // The zero tick, and its "0" where the output's label leaves room for it.
  const std::string zero = "0";
  const float zero_x = to_x(0.0);
  draw->AddLine(ImVec2(zero_x, axis_y - 5), ImVec2(zero_x, axis_y + 5), palette.axis, 1.5f);
  const float zero_width = ImGui::CalcTextSize(zero.c_str()).x;
  const float zero_left = zero_x - zero_width * 0.5f;
  if (zero_left + zero_width + kLabelGap < at.x || zero_left > at.x + label_width + kLabelGap) {
    draw->AddText(ImVec2(zero_left, axis_y + 8), palette.muted, zero.c_str());
  }
}

}  // namespace

void DrawCombinePanel(lesson::LessonState& state, Context& ctx) {
  lesson::CombineScene& example = state.combine;
  const Fonts& fonts = ctx.fonts;
  const Palette& palette = ctx.palette;

  ImGui::PushFont(fonts.heading);
  ImGui::TextWrapped("%s", T("combine.title").c_str());
  ImGui::PopFont();
  ImGui::TextWrapped("%s", T("combine.intro").c_str());

  BeginHighlightGroup();
  ImGui::PushItemWidth(-FLT_MIN);
  double first = example.first_value;
  ImGui::TextUnformatted(T("combine.first_value").c_str());
  if (SliderNumber(ctx, "##first_value", "combine.first_value", T("combine.first_value"), &first, lesson::kCombineValueMin,
                   lesson::kCombineValueMax, "%.1f")) {
    lesson::SetFirstValue(example, first);
  }
  double second = example.second_value;
  ImGui::TextUnformatted(T("combine.second_value").c_str());
  if (SliderNumber(ctx, "##second_value", "combine.second_value", T("combine.second_value"),
                   &second, lesson::kCombineValueMin,
                   lesson::kCombineValueMax, "%.1f")) {
    lesson::SetSecondValue(example, second);
  }
  double weight = example.second_weight;
  ImGui::TextWrapped("%s", T("combine.weights").c_str());
  // Both weights written the same way; the text holds no '%', so ImGui prints it as is.
  const std::string weight_split =
      lesson::Fill(T("combine.weight_split"),
                   {{"first", Num(example.first_weight)}, {"second", Num(example.second_weight)}});
  if (SliderNumber(ctx, "##second_weight", "combine.weights", T("combine.weights"), &weight, 0.0, 1.0, weight_split.c_str())) {
    lesson::SetSecondWeight(example, std::round(weight * 100.0) / 100.0);
  }
  ImGui::PopItemWidth();
  EndHighlightGroup(ctx, state, "combine.controls");

  const attention::Combination combination = lesson::ComputeCombine(example);
  ImGui::Spacing();
  BeginHighlightGroup();
  ImGui::PushFont(fonts.numbers);
  const ImU32 colors[] = {palette.first, palette.second};
  const char* ordinal[] = {"first", "second"};
  // Lines not shown yet (the lesson's playback shows them one by one) keep their place, unseen.
  int line = 0;
  auto begin_line = [&] {
    const bool hidden = line >= example.lines_shown;
    const float alpha = Eased(ctx, MotionId("combine.line", line++), hidden ? 0.0f : 1.0f);
    ImGui::PushStyleVar(ImGuiStyleVar_Alpha, alpha * ImGui::GetStyle().Alpha);
  };
  for (const attention::Term& term : combination.terms) {
    const int i = term.position % 2;
    const std::string id = std::string("combine.term.") + ordinal[i];
    begin_line();
    ArithmeticLine(
        ctx, id.c_str(), lesson::LocalArithmetic(attention::FormatTerm(term)), colors[i],
        lesson::Fill(T(std::string("combine.term_tip.") + ordinal[i]), {{"value", Num(term.value)},
                                                                        {"weight", Num(term.weight)},
                                                                        {"product", Num(term.product)}}));
    ImGui::PopStyleVar();
  }
  begin_line();
  ArithmeticLine(ctx, "combine.sum", lesson::LocalArithmetic(attention::FormatSum(combination)), palette.output,
                 lesson::Fill(T("combine.sum_tip"), {{"sum", lesson::LocalArithmetic(attention::FormatCombination(combination))}}));
  ImGui::PopStyleVar();
  ImGui::PopFont();
  EndHighlightGroup(ctx, state, "combine.arithmetic");

  BeginHighlightGroup();
  DrawNumberLine(ctx, example, combination.output);
  EndHighlightGroup(ctx, state, "combine.number_line");
  ImGui::TextWrapped("%s", T("combine.caution").c_str());

  if (ImGui::Button(T("combine.reset").c_str())) lesson::ResetCombineScene(example);
  RecordItem(ctx, "combine.reset");
}

}  // namespace ui
