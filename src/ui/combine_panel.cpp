// The Combine scene, led by one picture: the two values as masses on a beam (a number line), each
// mass as large in area as its weight; the fulcrum at the output, where the beam balances; under
// it the products stacked head to tail into the output. Right under the picture the equation in
// the same colours, then the weight slider the caption invites the learner to move, the values,
// and the explanation on demand.
//
// [SECTION] Shared pieces
// [SECTION] The balance (the picture)
// [SECTION] The equation strip
// [SECTION] The panel
#include "ui/combine_panel.h"

#include <algorithm>
#include <cmath>
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
#include "ui/number_field.h"
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/text_layout.h"

namespace ui {

namespace {

using lesson::Num;
using lesson::T;

// [SECTION] Shared pieces

constexpr const char* kMinus = "\xE2\x88\x92";  // U+2212, as attention::FormatTerm writes it

// How visible each line of the arithmetic is (the products, then their sum): the lesson's
// playback shows them one by one, in the equation and on the picture's stack alike.
struct Reveal {
  float line[lesson::kCombineLines] = {1.0f, 1.0f, 1.0f};
};

// While the learner predicts the output (`asking`) no line shows: they fade in at the reveal.
Reveal RevealLines(Context& ctx, const lesson::CombineScene& example, bool asking) {
  Reveal reveal;
  for (int i = 0; i < lesson::kCombineLines; ++i) {
    reveal.line[i] = Eased(ctx, MotionId("combine.line", i), !asking && i < example.lines_shown ? 1.0f : 0.0f);
  }
  return reveal;
}

ImU32 WithAlpha(ImU32 color, float alpha) {
  const float a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF) * std::clamp(alpha, 0.0f, 1.0f);
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a + 0.5f) << IM_COL32_A_SHIFT);
}

// A number as the picture writes it: the locale's decimal mark and a true minus sign.
std::string Label(double x) {
  std::string text = Num(x);
  if (!text.empty() && text[0] == '-') text = kMinus + text.substr(1);
  return text;
}

// Text drawn with ImDrawList at a size of our choosing, measured in layout pixels (the atlas is
// rasterized at the screen's pixel ratio).
struct TextStyle {
  ImFont* font = nullptr;
  float size = 0.0f;
  ImVec2 Measure(const std::string& text) const { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()); }
};

TextStyle StyleOf(ImFont* font, float size) {
  TextStyle style;
  style.font = font != nullptr ? font : ImGui::GetFont();
  style.size = size;
  return style;
}

float LayoutSize(ImFont* font) {
  if (font == nullptr) return ImGui::GetFontSize();
  return font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale;
}

// Moves two labels on one row apart so `gap` separates them, `left` to the left, each kept inside
// [lo, hi] as far as the room allows.
void Separate(ImRect& left, ImRect& right, float gap, float lo, float hi) {
  const float overlap = left.Max.x + gap - right.Min.x;
  if (overlap > 0.0f) {
    left.TranslateX(-overlap * 0.5f);
    right.TranslateX(overlap * 0.5f);
  }
  if (left.Min.x < lo) {
    const float shift = lo - left.Min.x;
    left.TranslateX(shift);
    if (right.Min.x < left.Max.x + gap) right.TranslateX(left.Max.x + gap - right.Min.x);
  }
  if (right.Max.x > hi) {
    const float shift = right.Max.x - hi;
    right.TranslateX(-shift);
    if (left.Max.x > right.Min.x - gap) left.TranslateX(right.Min.x - gap - left.Max.x);
  }
}

// A label's rectangle, centred on x, kept inside [lo, hi].
ImRect CentredLabel(float x, float top, ImVec2 size, float lo, float hi) {
  const float left = std::clamp(x - size.x * 0.5f, lo, std::max(lo, hi - size.x));
  return ImRect(left, top, left + size.x, top + size.y);
}

// [SECTION] The balance (the picture)

// Where the picture's things go; x in screen pixels from the value it shows.
struct BalanceFrame {
  ImVec2 min, max;  // the picture
  double lo = 0.0;  // the number line's ends (0 and both values inside)
  double hi = 1.0;
  float left = 0.0f;  // where lo and hi are drawn
  float right = 1.0f;
  float ToX(double v) const { return left + static_cast<float>((v - lo) / (hi - lo)) * (right - left); }
  double ToValue(float x) const { return lo + static_cast<double>((x - left) / (right - left)) * (hi - lo); }
};

// The balance point the learner drags (or steps with the arrow keys) along the beam: the weights
// are split so the output lands there. A slider for screen readers, from the smaller value to the
// larger.
struct HandleState {
  bool hovered = false;
  bool held = false;
  bool focused = false;  // by the keyboard: it shows the focus ring
};

// A handle on the beam at `now`, dragged along it (or stepped with the arrow keys) within lo..hi:
// true when it moved, with *target where to. `name` is the slider a screen reader meets.
bool BeamHandle(Context& ctx, const char* str_id, const char* item, const std::string& name, const BalanceFrame& frame,
                const ImRect& bb, double now, double lo, double hi, HandleState* handle, double* target) {
  ImGuiContext& g = *ImGui::GetCurrentContext();
  const ImGuiID id = ImGui::GetID(str_id);
  if (!ImGui::ItemAdd(bb, id, nullptr, ImGuiItemFlags_Inputable)) {
    DescribeSlider(ctx, name, now, lo, hi, Label(now));  // scrolled out of view
    return false;
  }
  ImGui::ButtonBehavior(bb, id, &handle->hovered, &handle->held);
  handle->focused = ImGui::IsItemFocused() && !g.NavDisableHighlight;
  RecordItem(ctx, item);
  *target = now;
  bool moved = TakeAccessStep(ctx, id, lo, hi, target);
  if (handle->held && g.ActiveId == id && g.ActiveIdSource == ImGuiInputSource_Mouse) {
    *target = std::clamp(frame.ToValue(ImGui::GetIO().MousePos.x), lo, hi);
    moved = true;
  } else if (!moved && handle->focused && !ImGui::IsItemActive()) {
    const AccessStep step = ArrowKeyStep();
    if (step != AccessStep::None) {
      ImGui::NavMoveRequestCancel();
      moved = StepValue(step, lo, hi, target);
    }
  }
  if (handle->hovered || handle->held) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
  DescribeSlider(ctx, name, moved ? *target : now, lo, hi, Label(moved ? *target : now));
  return moved;
}

HandleState BalanceHandle(Context& ctx, lesson::CombineScene& example, const BalanceFrame& frame, const ImRect& bb,
                          double output) {
  HandleState handle;
  const double lo = std::min(example.first_value, example.second_value);
  const double hi = std::max(example.first_value, example.second_value);
  // Two equal values balance where they are, whatever the weights: nothing to drag.
  if (!(hi - lo > 1e-9)) return handle;
  double target = output;
  const bool moved = BeamHandle(ctx, "##balance", "combine.balance", T("combine.balance"), frame, bb, output, lo, hi,
                                &handle, &target);
  if (moved) {
    // output = first + w2 (second - first): the second weight that puts the balance at target.
    const double weight = (target - example.first_value) / (example.second_value - example.first_value);
    lesson::SetSecondWeight(example, std::round(std::clamp(weight, 0.0, 1.0) * 100.0) / 100.0);
  }
  return handle;
}

// The learner's guess of the output while the question is open: a hollow marker under the beam,
// dragged like the fulcrum, starting halfway between the values (drawn fainter until moved).
void GuessHandle(Context& ctx, lesson::LessonState& state, const BalanceFrame& frame, float beam_y, float tri_h,
                 float tri_half) {
  constexpr lesson::Question kQuestion = lesson::Question::CombineOutput;
  const lesson::Prediction& p = lesson::PredictionFor(state, kQuestion);
  double lo = 0.0, hi = 0.0;
  lesson::QuestionOf(kQuestion).range(state, &lo, &hi);
  const double now = p.Guessed() ? p.value : 0.5 * (lo + hi);
  const float x = frame.ToX(now);
  const ImRect bb(x - 20.0f, beam_y - 18.0f, x + 20.0f, beam_y + tri_h + 8.0f);
  HandleState handle;
  double target = now;
  if (BeamHandle(ctx, "##guess", "predict.combine.output.guess", T("predict.combine.output.guess"), frame, bb, now, lo,
                 hi, &handle, &target)) {
    const double grid = (hi - lo) / 100.0;  // a hundred places along the beam: the numbers stay short
    lesson::GuessValue(state, kQuestion, lo + std::round((target - lo) / grid) * grid);
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 color = p.Guessed() || handle.held ? ctx.palette.output : WithAlpha(ctx.palette.output, 0.55f);
  const float grow = handle.hovered || handle.held ? 2.0f : 0.0f;
  const ImVec2 apex(x, beam_y + 3.0f);
  draw->AddTriangle(apex, ImVec2(x - tri_half - grow, apex.y + tri_h + grow), ImVec2(x + tri_half + grow, apex.y + tri_h + grow),
                    color, 2.5f);
  RecordRect(ctx, "combine.guess", ImVec2(x - tri_half, apex.y), ImVec2(x + tri_half, apex.y + tri_h));
  if (handle.focused) {
    draw->AddRect(bb.Min, bb.Max, ImGui::GetColorU32(ImGuiCol_NavHighlight), 4.0f, 0, 2.0f);
  }
}

// The products added up for the figure's name: "2 + 16", "2 − 8".
std::string ProductsWords(const attention::Combination& combination) {
  const std::string sum = lesson::LocalArithmetic(attention::FormatSum(combination));
  const size_t equals = sum.rfind(" = ");
  return equals == std::string::npos ? sum : sum.substr(0, equals);
}

// While the learner predicts the output (`asking`), the fulcrum, the output and the stack wait: the
// learner's marker is there instead. After the reveal, `guess` (null: none) stays as a hollow
// marker beside the fulcrum, which slides there from it.
void DrawBalance(Context& ctx, lesson::LessonState& state, const attention::Combination& combination,
                 const Reveal& reveal, bool asking, const lesson::Prediction* guess) {
  lesson::CombineScene& example = state.combine;
  const Palette& palette = ctx.palette;
  const ImU32 paper = ImGui::GetColorU32(ImGuiCol_WindowBg);
  ImDrawList* draw = ImGui::GetWindowDrawList();

  const float width = ImGui::GetContentRegionAvail().x;
  const float numbers_size = LayoutSize(ctx.fonts.numbers);
  const TextStyle label = StyleOf(ctx.fonts.numbers, std::max(16.0f, std::round(numbers_size * 0.75f)));
  const TextStyle big = StyleOf(ctx.fonts.numbers, std::max(18.0f, numbers_size));
  const float label_h = label.Measure("0").y;
  const float big_h = big.Measure("0").y;

  const double values[2] = {example.first_value, example.second_value};
  const double weights[2] = {example.first_weight, example.second_weight};
  const ImU32 colors[2] = {palette.first, palette.second};
  const char* ordinal[2] = {"first", "second"};
  const double output = combination.output;
  const double p1 = combination.terms.empty() ? 0.0 : combination.terms[0].product;

  // [Sizes] The largest mass (weight 1) and the rows, top to bottom.
  const float side_max = std::clamp(width * 0.2f, 60.0f, 120.0f);
  const float beam_half = 3.0f;
  const float tri_h = 22.0f, tri_half = 13.0f;
  const float bar_h = label_h + 6.0f, bar_gap = 5.0f;
  const float pad = 12.0f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float beam_y = origin.y + pad + label_h + 6.0f + side_max + beam_half;
  const float values_top = beam_y + beam_half + 6.0f;
  const float output_top = std::max(beam_y + beam_half + tri_h + 2.0f, values_top + label_h + 2.0f);
  const float stack_top = output_top + big_h + 12.0f;
  const float height = stack_top + 3.0f * bar_h + 2.0f * bar_gap + pad - origin.y;

  BalanceFrame frame;
  frame.min = origin;
  frame.max = ImVec2(origin.x + width, origin.y + height);
  frame.lo = std::min({0.0, values[0], values[1]});
  frame.hi = std::max({0.0, values[0], values[1]});
  if (frame.hi - frame.lo < 1e-9) frame.hi = frame.lo + 1.0;
  std::string value_text[2] = {Label(values[0]), Label(values[1])};
  const float widest = std::max(label.Measure(value_text[0]).x, label.Measure(value_text[1]).x);
  // Room at the ends for half the largest mass, and for a value's label beside the fulcrum.
  const float margin = std::max(side_max * 0.5f + 10.0f, widest + tri_half + 12.0f);
  frame.left = origin.x + margin;
  frame.right = origin.x + width - margin;
  const float inner_lo = origin.x + 4.0f, inner_hi = origin.x + width - 4.0f;

  ImGui::Dummy(ImVec2(width, height));
  RecordRect(ctx, "combine.picture", frame.min, frame.max);
  const std::string figure = lesson::Fill(T("combine.figure"), {{"first", lesson::MirrorNumber(values[0])},
                                                                {"first_weight", lesson::MirrorNumber(weights[0])},
                                                                {"second", lesson::MirrorNumber(values[1])},
                                                                {"second_weight", lesson::MirrorNumber(weights[1])},
                                                                {"output", lesson::MirrorNumber(output)},
                                                                {"products", ProductsWords(combination)}});
  DescribeFigure(ctx, figure, frame.min, frame.max);
  draw->AddRectFilled(frame.min, frame.max, palette.panel, 8.0f);

  // [Motion] The masses follow the weights at once (they are what the learner moves); the balance
  // point and the stack follow them (what depends on them), so while it travels the beam tips
  // toward the heavier side and settles level when the fulcrum arrives.
  // While the learner guesses, the fulcrum's place follows the guess, so the reveal slides it from there.
  const lesson::Prediction& open = lesson::PredictionFor(state, lesson::Question::CombineOutput);
  const double target = asking ? (open.Guessed() ? open.value : 0.5 * (values[0] + values[1])) : output;
  const double shown = static_cast<double>(Eased(ctx, MotionId("combine.output_marker"), static_cast<float>(target)));
  const double shown_p1 = static_cast<double>(Eased(ctx, MotionId("combine.stack"), static_cast<float>(p1)));
  const float ox = frame.ToX(shown);
  const float beam_left = origin.x + margin * 0.45f, beam_right = origin.x + width - margin * 0.45f;
  const float arm = std::max({ox - beam_left, beam_right - ox, 1.0f});
  const float max_tilt = 10.0f / arm;  // the beam's ends move at most 10 px
  const float lag = asking ? 0.0f : static_cast<float>((output - shown) / (0.25 * (frame.hi - frame.lo)));
  const float tilt = max_tilt * std::clamp(lag, -1.0f, 1.0f);
  const ImVec2 along(std::cos(tilt), std::sin(tilt));
  const ImVec2 up(along.y, -along.x);
  auto on_beam = [&](float x, float lift) {
    const float d = x - ox;
    return ImVec2(ox + d * along.x + up.x * lift, beam_y + d * along.y + up.y * lift);
  };

  // [Beam] The number line, thick, resting on the fulcrum.
  draw->AddLine(on_beam(beam_left, 0.0f), on_beam(beam_right, 0.0f), palette.axis, beam_half * 2.0f);
  draw->AddCircleFilled(on_beam(beam_left, 0.0f), beam_half, palette.axis);
  draw->AddCircleFilled(on_beam(beam_right, 0.0f), beam_half, palette.axis);

  // The fulcrum under the beam at the balance point; it is the handle the learner drags. While the
  // learner guesses, their marker instead.
  const ImRect handle_rect(ox - 20.0f, beam_y - 18.0f, ox + 20.0f, beam_y + beam_half + tri_h + 4.0f);
  HandleState handle;
  const ImVec2 apex(ox, beam_y + beam_half);
  if (asking) {
    GuessHandle(ctx, state, frame, beam_y + beam_half, tri_h, tri_half);
  } else {
    if (guess != nullptr) {
      const float gx = frame.ToX(guess->value);
      const ImVec2 g_apex(gx, apex.y + 3.0f);
      draw->AddTriangle(g_apex, ImVec2(gx - tri_half, g_apex.y + tri_h), ImVec2(gx + tri_half, g_apex.y + tri_h),
                        palette.muted, 2.0f);
      RecordRect(ctx, "combine.guess", ImVec2(gx - tri_half, g_apex.y), ImVec2(gx + tri_half, g_apex.y + tri_h));
    }
    handle = BalanceHandle(ctx, example, frame, handle_rect, output);
    const float grow = handle.hovered || handle.held ? 2.0f : 0.0f;
    draw->AddTriangleFilled(apex, ImVec2(ox - tri_half - grow, apex.y + tri_h + grow),
                            ImVec2(ox + tri_half + grow, apex.y + tri_h + grow), palette.output);
    RecordRect(ctx, "combine.fulcrum", ImVec2(ox - tri_half, apex.y), ImVec2(ox + tri_half, apex.y + tri_h));
  }

  // [Ticks] Where each value and zero sit on the line.
  const float zero_x = frame.ToX(0.0);
  draw->AddLine(ImVec2(zero_x, beam_y - beam_half - 4.0f), ImVec2(zero_x, beam_y + beam_half + 5.0f), palette.muted,
                1.5f);
  RecordRect(ctx, "combine.tick.zero", ImVec2(zero_x, beam_y), ImVec2(zero_x, beam_y));
  for (int i = 0; i < 2; ++i) {
    const float x = frame.ToX(values[i]);
    draw->AddLine(ImVec2(x, beam_y + beam_half), ImVec2(x, beam_y + beam_half + 5.0f), colors[i], 2.0f);
    const std::string name = std::string("combine.tick.") + ordinal[i];
    RecordRect(ctx, name.c_str(), ImVec2(x, beam_y), ImVec2(x, beam_y));
  }

  // [Masses] A square per value, its area its weight, sitting on the beam; the lighter in front.
  ImRect mass_rect[2];
  float side[2];
  for (int i = 0; i < 2; ++i) {
    side[i] = side_max * static_cast<float>(std::sqrt(std::clamp(weights[i], 0.0, 1.0)));
    const float x = frame.ToX(values[i]);
    const ImVec2 corners[4] = {on_beam(x - side[i] * 0.5f, beam_half), on_beam(x + side[i] * 0.5f, beam_half),
                               on_beam(x + side[i] * 0.5f, beam_half + side[i]),
                               on_beam(x - side[i] * 0.5f, beam_half + side[i])};
    mass_rect[i] = ImRect(corners[0], corners[0]);
    for (const ImVec2& c : corners) mass_rect[i].Add(c);
  }
  const int back = side[0] >= side[1] ? 0 : 1;
  for (const int i : {back, 1 - back}) {
    if (side[i] <= 0.5f) continue;
    const float x = frame.ToX(values[i]);
    const ImVec2 a = on_beam(x - side[i] * 0.5f, beam_half), b = on_beam(x + side[i] * 0.5f, beam_half);
    const ImVec2 c = on_beam(x + side[i] * 0.5f, beam_half + side[i]),
                 d = on_beam(x - side[i] * 0.5f, beam_half + side[i]);
    if (tilt == 0.0f) {
      draw->AddRectFilled(d, b, colors[i], 3.0f);
      draw->AddRect(d, b, paper, 3.0f, 0, 1.5f);
    } else {
      draw->AddQuadFilled(a, b, c, d, colors[i]);
      draw->AddQuad(a, b, c, d, paper, 1.5f);
    }
  }
  for (int i = 0; i < 2; ++i) {
    const std::string name = std::string("combine.mass.") + ordinal[i];
    RecordRect(ctx, name.c_str(), mass_rect[i].Min, mass_rect[i].Max);
  }

  // [Labels] Each mass's weight above it; each value under the line, clear of the fulcrum (the
  // smaller value's to its left, the larger's to its right); the output under the fulcrum.
  const int low = values[0] <= values[1] ? 0 : 1;
  const int high = 1 - low;
  ImRect weight_label[2];
  for (int i = 0; i < 2; ++i) {
    const std::string text = Label(weights[i]);
    const ImVec2 size = label.Measure(text);
    weight_label[i] = CentredLabel(frame.ToX(values[i]), mass_rect[i].Min.y - 4.0f - size.y, size, inner_lo, inner_hi);
  }
  Separate(weight_label[low], weight_label[high], 10.0f, inner_lo, inner_hi);
  // Above every mass a label reaches over (two values close together), not on one.
  for (ImRect& r : weight_label) {
    float top = r.Min.y + r.GetHeight() + 4.0f;
    for (const ImRect& mass : mass_rect) {
      if (mass.GetWidth() > 0.5f && r.Min.x < mass.Max.x && mass.Min.x < r.Max.x) top = std::min(top, mass.Min.y);
    }
    r.TranslateY(top - 4.0f - r.GetHeight() - r.Min.y);
  }
  for (int i = 0; i < 2; ++i) {
    draw->AddText(label.font, label.size, weight_label[i].Min, colors[i], Label(weights[i]).c_str());
    const std::string name = std::string("combine.weight_label.") + ordinal[i];
    RecordRect(ctx, name.c_str(), weight_label[i].Min, weight_label[i].Max);
  }

  ImRect value_label[2];
  for (int i = 0; i < 2; ++i) {
    value_label[i] = CentredLabel(frame.ToX(values[i]), values_top, label.Measure(value_text[i]), inner_lo, inner_hi);
  }
  const float clear = tri_half + 6.0f;
  if (value_label[low].Max.x > ox - clear) value_label[low].TranslateX(ox - clear - value_label[low].Max.x);
  if (value_label[high].Min.x < ox + clear) value_label[high].TranslateX(ox + clear - value_label[high].Min.x);
  Separate(value_label[low], value_label[high], 2.0f * clear, inner_lo, inner_hi);
  for (int i = 0; i < 2; ++i) {
    draw->AddText(label.font, label.size, value_label[i].Min, colors[i], value_text[i].c_str());
    const std::string name = std::string("combine.number_line.") + ordinal[i];
    RecordRect(ctx, name.c_str(), value_label[i].Min, value_label[i].Max);
  }

  // The output under the fulcrum; while the learner guesses, their guess, fainter, with a "?".
  const std::string output_text = asking ? Label(shown) + "?" : Label(output);
  const ImRect output_label = CentredLabel(ox, output_top, big.Measure(output_text), inner_lo, inner_hi);
  draw->AddText(big.font, big.size, output_label.Min, asking ? WithAlpha(palette.output, 0.6f) : palette.output,
                output_text.c_str());
  if (!asking) RecordRect(ctx, "combine.number_line.output", output_label.Min, output_label.Max);

  // Zero, where nothing else is written.
  const std::string zero = "0";
  const ImRect zero_label = CentredLabel(zero_x, values_top, label.Measure(zero), inner_lo, inner_hi);
  auto clear_of = [&](const ImRect& r) {
    ImRect spaced = zero_label;
    spaced.Expand(ImVec2(6.0f, 0.0f));
    return !spaced.Overlaps(r);
  };
  const ImRect fulcrum_box(ox - tri_half, apex.y, ox + tri_half, apex.y + tri_h);
  if (clear_of(value_label[0]) && clear_of(value_label[1]) && clear_of(output_label) && clear_of(fulcrum_box)) {
    draw->AddText(label.font, label.size, zero_label.Min, palette.muted, zero.c_str());
  }

  // [Stack] The products head to tail from zero, then their sum, which ends under the fulcrum.
  struct Bar {
    double from, to;
    ImU32 color;
    std::string text;
    const char* name;
  };
  const double q2 = combination.terms.size() > 1 ? combination.terms[1].product : 0.0;
  const Bar bars[3] = {{0.0, shown_p1, palette.first, Label(p1), "combine.stack.first"},
                       {shown_p1, shown, palette.second, Label(q2), "combine.stack.second"},
                       {0.0, shown, palette.output, Label(output), "combine.stack.total"}};
  // Zero's line down through the stack, and the balance point's down to where the sum ends; each
  // shows with the stack (not while the question is open, where it would stand alone).
  const float stack_bottom = stack_top + 3.0f * bar_h + 2.0f * bar_gap;
  draw->AddLine(ImVec2(zero_x, values_top + label_h + 2.0f), ImVec2(zero_x, stack_bottom + 3.0f),
                WithAlpha(palette.muted, 0.6f * reveal.line[0]), 1.0f);
  const float guide_alpha = reveal.line[2];
  for (float y = output_label.Max.y + 2.0f; y < stack_bottom; y += 7.0f) {
    draw->AddLine(ImVec2(ox, y), ImVec2(ox, std::min(y + 3.5f, stack_bottom)), WithAlpha(palette.output, guide_alpha),
                  1.5f);
  }
  for (int r = 0; r < 3; ++r) {
    const Bar& bar = bars[r];
    const float alpha = reveal.line[r];
    const float top = stack_top + static_cast<float>(r) * (bar_h + bar_gap);
    const float x0 = std::min(frame.ToX(bar.from), frame.ToX(bar.to));
    const float x1 = std::max(frame.ToX(bar.from), frame.ToX(bar.to));
    const ImVec2 bar_min(x0, top), bar_max(std::max(x1, x0 + 1.0f), top + bar_h);
    draw->AddRectFilled(bar_min, bar_max, WithAlpha(bar.color, alpha), 3.0f);
    RecordRect(ctx, bar.name, bar_min, bar_max);
    const ImVec2 size = label.Measure(bar.text);
    const float text_y = top + (bar_h - size.y) * 0.5f;
    ImVec2 at;
    ImU32 ink = bar.color;
    if (x1 - x0 >= size.x + 10.0f) {
      at = ImVec2((x0 + x1 - size.x) * 0.5f, text_y);
      ink = paper;
    } else if (x1 + 6.0f + size.x <= inner_hi) {
      at = ImVec2(x1 + 6.0f, text_y);
    } else {
      at = ImVec2(x0 - 6.0f - size.x, text_y);
    }
    draw->AddText(label.font, label.size, at, WithAlpha(ink, alpha), bar.text.c_str());
  }
  if (handle.focused) {
    draw->AddRect(handle_rect.Min, handle_rect.Max, ImGui::GetColorU32(ImGuiCol_NavHighlight), 4.0f, 0, 2.0f);
  }
}

// [SECTION] The equation strip

// A piece of the equation that keyboard focus and the pointer can land on; hovering or focusing
// it explains how its number was computed. Drawn as coloured runs of text (each with the alpha of
// the line of the arithmetic it belongs to), named for screen readers by its whole text.
struct Run {
  std::string text;
  ImU32 color;
  float alpha;
};

float RunsWidth(const std::vector<Run>& runs) {
  float width = 0.0f;
  for (const Run& run : runs) width += ImGui::CalcTextSize(run.text.c_str()).x;
  return width;
}

void EquationPiece(Context& ctx, const char* id, const std::vector<Run>& runs, const std::string& explanation) {
  std::string whole;
  for (const Run& run : runs) whole += run.text;
  const ImVec2 size(RunsWidth(runs), ImGui::GetTextLineHeight());
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushID(id);
  ImGui::Selectable("##piece", false, ImGuiSelectableFlags_None, size);
  ImGui::PopID();
  DescribeItem(ctx, AccessRole::Button, whole);
  RecordItem(ctx, id);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  float x = at.x;
  for (const Run& run : runs) {
    draw->AddText(ImVec2(x, at.y), WithAlpha(run.color, run.alpha * ImGui::GetStyle().Alpha), run.text.c_str());
    x += ImGui::CalcTextSize(run.text.c_str()).x;
  }
  if (ImGui::IsItemHovered() || ImGui::IsItemFocused()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 22.0f);
    ImGui::TextUnformatted(explanation.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// "10 × 0.2 = 2" into "10 × 0.2" and "2".
void SplitTerm(const std::string& term, std::string* factors, std::string* product) {
  const size_t equals = term.rfind(" = ");
  *factors = equals == std::string::npos ? term : term.substr(0, equals);
  *product = equals == std::string::npos ? std::string() : term.substr(equals + 3);
}

// A following term's sign as an operator: "−16" reads " − 16" after the first, "16" reads " + 16".
void Operator(std::string* text, std::string* op) {
  const std::string minus = kMinus;
  if (text->compare(0, minus.size(), minus) == 0) {
    *op = " " + minus + " ";
    *text = text->substr(minus.size());
  } else {
    *op = " + ";
  }
}

// 10 × 0.2 + 20 × 0.8 = 2 + 16 = 18, each number in the colour of its thing, on one line when it
// fits and broken before "+ 20 × 0.8" and "= 2 + 16 = 18" when it does not.
void DrawEquation(Context& ctx, const attention::Combination& combination, const Reveal& reveal) {
  const Palette& palette = ctx.palette;
  const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text);
  ImGui::PushFont(ctx.fonts.numbers);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0.0f, ImGui::GetStyle().ItemSpacing.y * 0.4f));

  std::string factors[2], products[2];
  const char* ordinal[2] = {"first", "second"};
  const ImU32 colors[2] = {palette.first, palette.second};
  for (size_t t = 0; t < 2 && t < combination.terms.size(); ++t) {
    SplitTerm(lesson::LocalArithmetic(attention::FormatTerm(combination.terms[t])), &factors[t], &products[t]);
  }
  std::string factor_op, product_op;
  Operator(&factors[1], &factor_op);
  Operator(&products[1], &product_op);
  const std::string sum = lesson::LocalArithmetic(attention::FormatSum(combination));
  const size_t equals = sum.rfind(" = ");
  const std::string output = equals == std::string::npos ? sum : sum.substr(equals + 3);

  std::string tips[2];
  for (size_t t = 0; t < 2 && t < combination.terms.size(); ++t) {
    const attention::Term& term = combination.terms[t];
    tips[t] = lesson::Fill(T(std::string("combine.term_tip.") + ordinal[t]),
                           {{"value", Num(term.value)}, {"weight", Num(term.weight)}, {"product", Num(term.product)}});
  }
  const std::string sum_tip =
      lesson::Fill(T("combine.sum_tip"), {{"sum", lesson::LocalArithmetic(attention::FormatCombination(combination))}});

  const float* a = reveal.line;
  const std::vector<Run> first = {{factors[0], colors[0], a[0]}};
  const std::vector<Run> second = {{factor_op, ink, a[1]}, {factors[1], colors[1], a[1]}};
  const std::vector<Run> total = {{" = ", ink, a[0]},      {products[0], colors[0], a[0]},
                                  {product_op, ink, a[1]}, {products[1], colors[1], a[1]},
                                  {" = ", ink, a[2]},      {output, palette.output, a[2]}};
  const float width = ImGui::GetContentRegionAvail().x;
  const float right = ImGui::GetCursorScreenPos().x + width;
  const float all = RunsWidth(first) + RunsWidth(second) + RunsWidth(total);
  if (all <= width) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + (width - all) * 0.5f);
  EquationPiece(ctx, "combine.term.first", first, tips[0]);
  if (ImGui::GetItemRectMax().x + RunsWidth(second) <= right) ImGui::SameLine();
  EquationPiece(ctx, "combine.term.second", second, tips[1]);
  if (ImGui::GetItemRectMax().x + RunsWidth(total) <= right) ImGui::SameLine();
  EquationPiece(ctx, "combine.sum", total, sum_tip);

  ImGui::PopStyleVar();
  ImGui::PopFont();
}

}  // namespace

// [SECTION] The panel

namespace {

// The picture; while the learner predicts the output (`asking`) without it, the arithmetic faded
// out in its place, and after it with the learner's `guess` (null: none).
void DrawPicture(lesson::LessonState& state, Context& ctx, bool asking, const lesson::Prediction* guess) {
  const Reveal reveal = RevealLines(ctx, state.combine, asking);
  const attention::Combination combination = lesson::ComputeCombine(state.combine);
  BeginHighlightGroup();
  DrawBalance(ctx, state, combination, reveal, asking, guess);
  EndHighlightGroup(ctx, state, "combine.number_line");

  BeginHighlightGroup();
  DrawEquation(ctx, combination, reveal);
  EndHighlightGroup(ctx, state, "combine.arithmetic");
}

}  // namespace

void DrawCombinePicture(lesson::LessonState& state, Context& ctx) { DrawPicture(state, ctx, false, nullptr); }

void DrawCombinePanel(lesson::LessonState& state, Context& ctx) {
  lesson::CombineScene& example = state.combine;
  const Palette& palette = ctx.palette;
  constexpr lesson::Question kQuestion = lesson::Question::CombineOutput;
  const bool asking = lesson::Asking(state, kQuestion);
  const lesson::Prediction& prediction = lesson::PredictionFor(state, kQuestion);
  const bool guessed = prediction.Committed();

  // One sentence, then the picture it is about (the scene's name is in the bar): while the scene
  // asks for a prediction, its question; then how to answer and the confidences under it.
  DrawQuestionOrCaption(state, ctx, kQuestion, T("combine.caption"));
  DrawPicture(state, ctx, asking, guessed ? &prediction : nullptr);
  DrawAnswerOrReveal(state, ctx, kQuestion);

  ImGui::Spacing();
  BeginHighlightGroup();
  ImGui::PushItemWidth(-FLT_MIN);
  double weight = example.second_weight;
  ImGui::TextUnformatted(T("combine.weights").c_str());
  // Both weights written the same way; the text holds no '%', so ImGui prints it as is.
  const std::string weight_split = lesson::Fill(
      T("combine.weight_split"), {{"first", Num(example.first_weight)}, {"second", Num(example.second_weight)}});
  if (SliderNumber(ctx, "##second_weight", "combine.weights", T("combine.weights"), &weight, 0.0, 1.0,
                   weight_split.c_str())) {
    lesson::SetSecondWeight(example, std::round(weight * 100.0) / 100.0);
  }
  ImGui::PopItemWidth();

  // The two values side by side when there is room (the first on the left, as on the line).
  const float avail = ImGui::GetContentRegionAvail().x;
  const bool side_by_side = avail >= 560.0f;
  const float column = side_by_side ? (avail - ImGui::GetStyle().ItemSpacing.x * 2.0f) * 0.5f : avail;
  struct ValueControl {
    const char* label;
    const char* item;
    double* value;
    bool (*set)(lesson::CombineScene&, double);
    ImU32 color;
  };
  const ValueControl controls[2] = {
      {"##first_value", "combine.first_value", &example.first_value, lesson::SetFirstValue, palette.first},
      {"##second_value", "combine.second_value", &example.second_value, lesson::SetSecondValue, palette.second}};
  const ImVec2 row = ImGui::GetCursorScreenPos();
  float bottom = row.y;
  for (int i = 0; i < 2; ++i) {
    const ValueControl& control = controls[i];
    if (side_by_side && i == 1) ImGui::SetCursorScreenPos(ImVec2(row.x + avail - column, row.y));
    ImGui::BeginGroup();
    Paragraph(T(control.item), control.color, column);
    ImGui::PushItemWidth(column);
    double value = *control.value;
    if (SliderNumber(ctx, control.label, control.item, T(control.item), &value, lesson::kCombineValueMin,
                     lesson::kCombineValueMax, "%.1f")) {
      control.set(example, value);
    }
    ImGui::PopItemWidth();
    ImGui::EndGroup();
    bottom = std::max(bottom, ImGui::GetItemRectMax().y);
  }
  if (side_by_side) {
    ImGui::SetCursorScreenPos(ImVec2(row.x, bottom));
    ImGui::Dummy(ImVec2(0.0f, 0.0f));
  }
  EndHighlightGroup(ctx, state, "combine.controls");

  ImGui::Spacing();
  // A framed header reaches half the window's side padding past the content, which is wide when
  // the widget centres its content in a wide window (ui/widget.cpp): it keeps to the style's.
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float side_padding = window->WindowPadding.x;
  window->WindowPadding.x = ImGui::GetStyle().WindowPadding.x;
  const std::string why = T("combine.why") + "##combine_why";
  const bool open = ImGui::CollapsingHeader(why.c_str());
  window->WindowPadding.x = side_padding;
  RecordItem(ctx, "combine.why");
  if (open) {
    Paragraph(T("combine.intro"));
    Paragraph(T("combine.caution"));
  }

  if (ImGui::Button(T("combine.reset").c_str())) lesson::ResetCombineScene(example);
  RecordItem(ctx, "combine.reset");
}

const ScenePanel kCombinePanel = {DrawCombinePanel, DrawCombinePicture, DrawCombinePicture};

}  // namespace ui
