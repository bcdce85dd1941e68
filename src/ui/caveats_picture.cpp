// The Caveats scene's picture (ui/caveats_picture.h).
//
// Contents
// [SECTION] Shared pieces
// [SECTION] Layout, computed before anything is drawn
// [SECTION] The words and their weight bars
// [SECTION] The number line
// [SECTION] The scatter
// [SECTION] The figure's name
// [SECTION] The picture

#include "ui/caveats_picture.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/mirror_words.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/order.h"
#include "ui/prediction.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::kCaveatsPositions;
using lesson::Num;
using lesson::T;

// [SECTION] Shared pieces

constexpr float kWideLayout = 700.0f;  // at least this wide, the scatter sits beside the words
constexpr float kBlockGap = 24.0f;     // between the words and the scatter
constexpr float kRowGap = 6.0f;        // between two words' rows
constexpr float kDotRadius = 6.0f;     // a value's dot on the number line
constexpr float kPointRadius = 7.0f;   // a word's point in the scatter

// The series colours of the words: not the third (green), which is too near the output's.
constexpr int kWordSeries[kCaveatsPositions] = {0, 1, 4, 3};

const std::string& Word(int position) { return T("caveats.word" + std::to_string(position + 1)); }

ImU32 WithAlpha(ImU32 color, float alpha) {
  const float a = static_cast<float>((color >> IM_COL32_A_SHIFT) & 0xFF) * std::clamp(alpha, 0.0f, 1.0f);
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a + 0.5f) << IM_COL32_A_SHIFT);
}

// Text drawn with ImDrawList in a font of the atlas, measured in layout pixels (the atlas is
// rasterized at the screen's pixel ratio).
struct TextStyle {
  ImFont* font = nullptr;
  float size = 0.0f;
  ImVec2 Measure(const std::string& text) const { return font->CalcTextSizeA(size, FLT_MAX, 0.0f, text.c_str()); }
  void Draw(ImDrawList* draw, ImVec2 at, ImU32 color, const std::string& text) const {
    draw->AddText(font, size, at, color, text.c_str());
  }
};

TextStyle StyleOf(ImFont* font) {
  TextStyle style;
  style.font = font != nullptr ? font : ImGui::GetFont();
  style.size = font != nullptr ? font->FontSize * font->Scale * ImGui::GetIO().FontGlobalScale : ImGui::GetFontSize();
  return style;
}

bool Finite(double x) { return std::isfinite(x); }

// What the picture shows, from the scene: the pass with every word, the pass with the learner's
// removals, each word removed alone, and which words' points the scatter shows.
struct Numbers {
  lesson::CaveatsPass full;
  lesson::CaveatsPass now;
  lesson::CaveatsAblation rows;
  std::array<bool, kCaveatsPositions> measured{};  // the word's point shows in the scatter
  int alone = -1;                                  // the one word removed, when only one is
  bool usable = true;                              // every number finite
};

Numbers NumbersOf(const lesson::CaveatsScene& scene, bool every_removal) {
  Numbers n;
  n.full = lesson::RunCaveatsFull(scene);
  n.now = lesson::RunCaveats(scene);
  n.rows = lesson::AblateEachInTurn(scene);
  int removed = 0;
  int alone = -1;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (scene.removed[static_cast<size_t>(j)]) {
      ++removed;
      alone = j;
    }
  }
  if (removed == 1) n.alone = alone;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    n.usable = n.usable && Finite(scene.values[at]) && Finite(n.full.a.weights[at]) && Finite(n.now.a.weights[at]);
  }
  n.usable = n.usable && (n.full.a.combination.empty || Finite(n.full.a.combination.output)) &&
             (n.now.a.combination.empty || Finite(n.now.a.combination.output));
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const lesson::AblationRow& row = n.rows[static_cast<size_t>(j)];
    // A word's point is known once it has been removed alone: all of them after "Remove each in
    // turn" (and in the quick check's picture, `every_removal`), or the one word taken out.
    const bool shown = every_removal || scene.each_in_turn_shown || (removed == 1 && alone == j);
    n.measured[static_cast<size_t>(j)] =
        n.usable && shown && row.change_a.defined && Finite(row.change_a.change) && Finite(row.weight_a);
  }
  return n;
}


// `text` broken into lines no wider than `width`, at spaces only.
std::vector<std::string> WrapWords(const TextStyle& style, const std::string& text, float width) {
  std::vector<std::string> lines;
  std::string current;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string joined = current.empty() ? word : current + " " + word;
    if (!current.empty() && style.Measure(joined).x > width) {
      lines.push_back(current);
      current = word;
    } else {
      current = joined;
    }
    start = end + 1;
  }
  if (!current.empty()) lines.push_back(current);
  return lines;
}

// [SECTION] Layout, computed before anything is drawn

// One value's label under the number line, "storm 4".
struct LineLabel {
  std::string text;
  float left = 0.0f;  // from the line's left edge
  float width = 0.0f;
  int row = 0;  // rows under the axis, the first right under it
};

// The number line's layout: its word labels take the first row under the axis where they touch
// no other label (the line grows by a row when one needs it), so no two overlap at any width or in
// any language; the output's label, or "now" and "before", above the markers.
struct LineLayout {
  double lo = 0.0, hi = 1.0;  // the values at the line's ends
  float margin = 28.0f;       // between the block's edges and the line's ends
  float width = 0.0f;
  std::array<LineLabel, kCaveatsPositions> labels;
  int label_rows = 1;
  int output_rows = 1;  // 2 when "now" and "before" cannot share a row
  float line = 0.0f;    // a text line's height
  float height = 0.0f;

  float ToX(double v) const { return margin + static_cast<float>((v - lo) / (hi - lo)) * (width - 2.0f * margin); }
  float OutputTop() const { return 2.0f; }
  float MarkerTop() const { return OutputTop() + static_cast<float>(output_rows) * (line + 2.0f) + 2.0f; }
  float AxisY() const { return MarkerTop() + 16.0f; }
  float LabelTop(int row) const { return AxisY() + kDotRadius + 6.0f + static_cast<float>(row) * (line + 2.0f); }
};

// "now 12" left of its marker and "before 11" right of it (or the other way round), each kept
// inside the line; two rows when they would still touch.
struct OutputLabels {
  bool moved = false;
  std::string now_text, before_text;
  float now_left = 0.0f, before_left = 0.0f;  // from the line's left edge
  float now_width = 0.0f, before_width = 0.0f;
  bool two_rows = false;
};

OutputLabels PlaceOutputLabels(const LineLayout& line, const TextStyle& bold, const TextStyle& body, double before,
                               const attention::Combination& now, double shown_now) {
  OutputLabels out;
  out.moved = now.empty || now.output != before;
  const float inside = std::max(0.0f, line.width);
  auto clamp_left = [&](float left, float width) { return std::clamp(left, 0.0f, std::max(0.0f, inside - width)); };
  if (!out.moved) {
    out.now_text = T("caveats.output") + " " + Num(before);
    out.now_width = bold.Measure(out.now_text).x;
    out.now_left = clamp_left(line.ToX(before) - out.now_width * 0.5f, out.now_width);
    return out;
  }
  out.before_text = T("caveats.before") + " " + Num(before);
  out.before_width = body.Measure(out.before_text).x;
  out.now_text = now.empty ? T("caveats.no_change") : T("caveats.now") + " " + Num(now.output);
  out.now_width = bold.Measure(out.now_text).x;
  const float before_x = line.ToX(before);
  const float now_x = now.empty ? before_x : line.ToX(shown_now);
  constexpr float kAside = 10.0f;
  if (now.empty) {
    out.now_left = clamp_left(before_x - out.now_width * 0.5f, out.now_width);
    out.before_left = clamp_left(before_x - out.before_width * 0.5f, out.before_width);
    out.two_rows = true;
    return out;
  }
  if (now_x <= before_x) {
    out.now_left = clamp_left(now_x - kAside - out.now_width, out.now_width);
    out.before_left = clamp_left(before_x + kAside, out.before_width);
    out.two_rows = out.now_left + out.now_width + 8.0f > out.before_left;
  } else {
    out.before_left = clamp_left(before_x - kAside - out.before_width, out.before_width);
    out.now_left = clamp_left(now_x + kAside, out.now_width);
    out.two_rows = out.before_left + out.before_width + 8.0f > out.now_left;
  }
  if (out.two_rows) {
    out.now_left = clamp_left(now_x - out.now_width * 0.5f, out.now_width);
    out.before_left = clamp_left(before_x - out.before_width * 0.5f, out.before_width);
  }
  return out;
}

LineLayout LayOutLine(const lesson::CaveatsScene& scene, const Numbers& n, float width, const TextStyle& body,
                      const TextStyle& bold) {
  LineLayout layout;
  layout.width = width;
  layout.line = body.Measure("0").y;
  layout.lo = 0.0;
  layout.hi = 0.0;
  for (const double value : scene.values) {
    if (!Finite(value)) continue;
    layout.lo = std::min(layout.lo, value);
    layout.hi = std::max(layout.hi, value);
  }
  if (layout.hi - layout.lo < 1.0) layout.hi = layout.lo + 1.0;

  const std::array<int, kCaveatsPositions> order = IncreasingOrder(scene.values);
  constexpr float kLabelGap = 10.0f;
  std::vector<float> row_end;
  for (const int j : order) {
    LineLabel& label = layout.labels[static_cast<size_t>(j)];
    const double value = scene.values[static_cast<size_t>(j)];
    label.text = Word(j) + " " + Num(value);
    label.width = body.Measure(label.text).x;
    const float centre = Finite(value) ? layout.ToX(value) : width * 0.5f;
    label.left = std::clamp(centre - label.width * 0.5f, 0.0f, std::max(0.0f, width - label.width));
    label.row = -1;
    for (size_t r = 0; r < row_end.size(); ++r) {
      if (label.left >= row_end[r] + kLabelGap) {
        label.row = static_cast<int>(r);
        break;
      }
    }
    if (label.row < 0) {
      label.row = static_cast<int>(row_end.size());
      row_end.push_back(-FLT_MAX);
    }
    row_end[static_cast<size_t>(label.row)] = label.left + label.width;
  }
  layout.label_rows = std::max<int>(1, static_cast<int>(row_end.size()));
  // The rows the output's labels need where the output will settle (not where it is on its way).
  const double before = n.full.a.combination.output;
  const OutputLabels out =
      PlaceOutputLabels(layout, bold, body, before, n.now.a.combination, n.now.a.combination.output);
  layout.output_rows = out.two_rows ? 2 : 1;
  layout.height = layout.LabelTop(layout.label_rows) + 2.0f;
  return layout;
}

struct Layout {
  bool wide = false;
  ImVec2 min, max;           // the whole picture
  ImRect words;              // the words' rows, with the bars' heading above them
  ImRect line;               // the number line
  ImRect scatter;            // the scatter's card
  float row_height = 40.0f;  // a word's row
  float heading = 0.0f;      // the bars' heading line
  LineLayout line_layout;
};

Layout LayOut(Context& ctx, const lesson::CaveatsScene& scene, const Numbers& n, ImVec2 origin, float width) {
  Layout layout;
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  layout.wide = width >= kWideLayout;
  const float left_width = layout.wide ? std::floor((width - kBlockGap) * 0.55f) : width;
  const float right_width = layout.wide ? width - left_width - kBlockGap : width;
  const float line = body.Measure("0").y;
  layout.row_height = std::max(40.0f, line + 18.0f);
  layout.heading = line + 6.0f;
  const float rows = 4.0f * layout.row_height + 3.0f * kRowGap;
  layout.line_layout = LayOutLine(scene, n, left_width, body, bold);
  const float left_height = layout.heading + rows + 14.0f + layout.line_layout.height;
  layout.words = ImRect(origin, ImVec2(origin.x + left_width, origin.y + layout.heading + rows));
  layout.line = ImRect(ImVec2(origin.x, layout.words.Max.y + 14.0f),
                       ImVec2(origin.x + left_width, layout.words.Max.y + 14.0f + layout.line_layout.height));
  if (layout.wide) {
    const float height = std::max(left_height, 300.0f);
    layout.scatter = ImRect(ImVec2(origin.x + left_width + kBlockGap, origin.y),
                            ImVec2(origin.x + left_width + kBlockGap + right_width, origin.y + height));
    layout.max = ImVec2(origin.x + width, origin.y + height);
  } else {
    const float top = layout.line.Max.y + 12.0f;
    const float height = std::clamp(width * 0.78f, 250.0f, 320.0f);
    layout.scatter = ImRect(ImVec2(origin.x, top), ImVec2(origin.x + width, top + height));
    layout.max = ImVec2(origin.x + width, top + height);
  }
  layout.min = origin;
  return layout;
}

// [SECTION] The words and their weight bars

// One row per word: the word in a chip of its colour (with × to remove it, + to put it back),
// then query A's weight on it now as a bar and a number. The whole row is one toggle. A removed
// word's bar empties and the others grow (softmax shares its weight among them); a thin mark
// keeps where each bar was with every word in.
// `ask`: the scene's panel asks its prediction on the bars (a bar per word to pick) while it is
// open, and frames the learner's pick after the reveal.
void DrawWords(Context& ctx, lesson::LessonState& state, const Numbers& n, const Layout& layout, bool ask) {
  lesson::CaveatsScene& scene = state.caveats;
  constexpr lesson::Question kQuestion = lesson::Question::CaveatsRemoval;
  const bool asking = ask && lesson::Asking(state, kQuestion);
  const lesson::Prediction& guess = lesson::PredictionFor(state, kQuestion);
  const bool guessed = ask && guess.Committed();
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  const float x0 = layout.words.Min.x;
  const float x1 = layout.words.Max.x;
  const float glyph = std::max(body.Measure("\u00D7").x, body.Measure("+").x);
  float word_width = 0.0f;
  for (int j = 0; j < kCaveatsPositions; ++j) word_width = std::max(word_width, bold.Measure(Word(j)).x);
  const float chip_pad = 10.0f;
  const float chip_width = chip_pad + word_width + 8.0f + glyph + chip_pad;
  const float number_width = body.Measure("0.00").x + 4.0f;
  const float bar_left = x0 + chip_width + 12.0f;
  const float bar_right = std::max(bar_left + 24.0f, x1 - number_width - 8.0f);

  // The bars' heading, over their column.
  body.Draw(draw, ImVec2(bar_left, layout.words.Min.y), palette.muted, T("caveats.col_weight"));

  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    const bool removed = scene.removed[at];
    const ImU32 color = CaveatsWordColor(ctx, j);
    const ImVec2 row_min(x0,
                         layout.words.Min.y + layout.heading + static_cast<float>(j) * (layout.row_height + kRowGap));
    const ImVec2 row_max(x1, row_min.y + layout.row_height);

    // The row, a toggle: a click, a tap, or Space or Enter with keyboard focus. While the scene asks
    // its prediction, only the chip: the bar is the pick.
    ImGui::SetCursorScreenPos(row_min);
    ImGui::PushID(j);
    const std::string& word = Word(j);
    const std::string action = T(removed ? "caveats.put_back" : "caveats.remove");
    const std::string name = action + " \u201C" + word + "\u201D";
    const float toggle_right = asking ? x0 + chip_width + 4.0f : row_max.x;
    const bool pressed = ImGui::InvisibleButton("##word", ImVec2(toggle_right - row_min.x, row_max.y - row_min.y));
    const bool hovered = ImGui::IsItemHovered();
    const bool focused = ImGui::IsItemFocused() && !g.NavDisableHighlight;
    DescribeItem(ctx, AccessRole::Button, name);
    DescribeChecked(ctx, removed);
    RecordItem(ctx, ("caveats.remove." + std::to_string(j)).c_str());
    if (hovered) ImGui::SetTooltip("%s", name.c_str());
    ImGui::PopID();
    if (pressed) lesson::ToggleRemoved(scene, j);

    const ImVec2 toggle_max(toggle_right, row_max.y);
    if (hovered || focused)
      draw->AddRectFilled(row_min, toggle_max, WithAlpha(ImGui::GetColorU32(ImGuiCol_ButtonHovered), 0.18f), 6.0f);
    if (focused) draw->AddRect(row_min, toggle_max, ImGui::GetColorU32(ImGuiCol_NavHighlight), 6.0f, 0, 2.0f);

    // The chip: the word, and × (remove) or + (put back).
    const float chip_top = row_min.y + 4.0f;
    const float chip_bottom = row_max.y - 4.0f;
    const ImVec2 chip_min(x0 + 2.0f, chip_top);
    const ImVec2 chip_max(x0 + chip_width, chip_bottom);
    const ImU32 ink = removed ? palette.muted : color;
    if (!removed) draw->AddRectFilled(chip_min, chip_max, WithAlpha(color, 0.12f), 6.0f);
    draw->AddRect(chip_min, chip_max, removed ? WithAlpha(palette.muted, 0.7f) : color, 6.0f, 0, 1.5f);
    const ImVec2 word_size = bold.Measure(word);
    const float text_y = row_min.y + (layout.row_height - word_size.y) * 0.5f;
    bold.Draw(draw, ImVec2(chip_min.x + chip_pad, text_y), ink, word);
    if (removed) {
      const float strike = text_y + word_size.y * 0.55f;
      draw->AddLine(ImVec2(chip_min.x + chip_pad - 2.0f, strike),
                    ImVec2(chip_min.x + chip_pad + word_size.x + 2.0f, strike), ink, 1.5f);
    }
    const std::string mark = removed ? "+" : "\u00D7";
    body.Draw(draw, ImVec2(chip_max.x - chip_pad - body.Measure(mark).x, text_y),
              removed ? palette.text : palette.muted, mark);

    // The weight now: a bar from 0 to 1 and a number.
    const double weight = n.usable ? n.now.a.weights[at] : 0.0;
    const double full = n.usable ? n.full.a.weights[at] : 0.0;
    const float track_top = row_min.y + layout.row_height * 0.25f;
    const float track_bottom = row_max.y - layout.row_height * 0.25f;
    const ImVec2 track_min(bar_left, track_top);
    const ImVec2 track_max(bar_right, track_bottom);
    const float track = bar_right - bar_left;
    draw->AddRectFilled(track_min, track_max, ImGui::GetColorU32(ImGuiCol_FrameBg), 3.0f);
    const float shown = Eased(ctx, MotionId("caveats.bar", j), static_cast<float>(std::clamp(weight, 0.0, 1.0)));
    const float fill = track * std::clamp(shown, 0.0f, 1.0f);
    if (fill > 0.5f) draw->AddRectFilled(track_min, ImVec2(bar_left + fill, track_max.y), color, 3.0f);
    if (std::fabs(weight - full) > 1e-9 && !removed) {
      // Where the bar ended with every word in.
      const float was = bar_left + track * static_cast<float>(std::clamp(full, 0.0, 1.0));
      draw->AddLine(ImVec2(was, track_top - 3.0f), ImVec2(was, track_bottom + 3.0f), WithAlpha(palette.text, 0.7f),
                    1.5f);
    }
    if (removed) {
      const std::string text = T("caveats.removed_mark");
      const ImVec2 size = body.Measure(text);
      if (size.x + 12.0f <= track) {
        body.Draw(draw, ImVec2(bar_left + 8.0f, row_min.y + (layout.row_height - size.y) * 0.5f), palette.muted, text);
      }
    }
    RecordRect(ctx, ("caveats.track." + std::to_string(j)).c_str(), track_min, track_max);
    RecordRect(ctx, ("caveats.bar." + std::to_string(j)).c_str(), track_min, ImVec2(bar_left + fill, track_max.y));
    const std::string number = Num(weight);
    body.Draw(draw, ImVec2(bar_right + 8.0f, text_y), removed ? palette.muted : palette.text, number);
    const ImVec2 pick_min(bar_left - 4.0f, row_min.y + 1.0f);
    const ImVec2 pick_max(x1, row_max.y - 1.0f);
    if (asking) {
      PickTarget(state, ctx, kQuestion, j, Word(j), pick_min, pick_max, color);
    } else if (guessed && guess.pick == j) {
      draw->AddRect(pick_min, pick_max, color, 4.0f, 0, 2.0f);
      RecordRect(ctx, "caveats.guessed", pick_min, pick_max);
    }
  }
}

// [SECTION] The number line

// The four values on a line, each a dot in its word's colour (an open ring once removed), with
// the output marker above: it slides to the output's new place when a word is removed, and an
// open marker stays where the output was with every word in.
void DrawNumberLine(Context& ctx, const lesson::CaveatsScene& scene, const Numbers& n, const Layout& layout) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const LineLayout& line = layout.line_layout;
  const ImVec2 origin = layout.line.Min;
  const float axis_y = origin.y + line.AxisY();
  RecordRect(ctx, "caveats.number_line", layout.line.Min, layout.line.Max);
  draw->AddLine(ImVec2(origin.x + line.margin * 0.5f, axis_y),
                ImVec2(origin.x + line.width - line.margin * 0.5f, axis_y), palette.axis, 2.0f);

  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    const double value = scene.values[at];
    const bool removed = scene.removed[at];
    const ImU32 color = CaveatsWordColor(ctx, j);
    const LineLabel& label = line.labels[at];
    const ImVec2 label_min(origin.x + label.left, origin.y + line.LabelTop(label.row));
    body.Draw(draw, label_min, removed ? palette.muted : color, label.text);
    RecordRect(ctx, ("caveats.number_line.word." + std::to_string(j)).c_str(), label_min,
               ImVec2(label_min.x + label.width, label_min.y + line.line));
    if (!Finite(value)) continue;
    const float x = origin.x + line.ToX(value);
    // A thin stem from a label in a lower row up to its dot.
    if (label.row > 0) {
      draw->AddLine(ImVec2(x, axis_y + kDotRadius + 1.0f), ImVec2(x, label_min.y - 1.0f), WithAlpha(color, 0.35f),
                    1.0f);
    }
    if (removed) {
      draw->AddCircleFilled(ImVec2(x, axis_y), kDotRadius, ImGui::GetColorU32(ImGuiCol_WindowBg));
      draw->AddCircle(ImVec2(x, axis_y), kDotRadius - 0.75f, palette.muted, 0, 1.5f);
    } else {
      draw->AddCircleFilled(ImVec2(x, axis_y), kDotRadius, color);
    }
    RecordRect(ctx, ("caveats.number_line.tick." + std::to_string(j)).c_str(), ImVec2(x, axis_y), ImVec2(x, axis_y));
  }
  if (!n.usable) return;

  // The markers: a triangle pointing down at the output's place on the line.
  const double before = n.full.a.combination.output;
  const attention::Combination& now = n.now.a.combination;
  const double target = now.empty ? before : now.output;
  const double shown = static_cast<double>(Eased(ctx, MotionId("caveats.output_marker"), static_cast<float>(target)));
  const float marker_top = origin.y + line.MarkerTop();
  auto triangle = [&](float x, bool filled, ImU32 color) {
    const ImVec2 a(x - 8.0f, marker_top), b(x + 8.0f, marker_top), c(x, axis_y - 1.0f);
    if (filled) {
      draw->AddTriangleFilled(a, b, c, color);
      draw->AddLine(ImVec2(x, axis_y - 1.0f), ImVec2(x, axis_y + 9.0f), color, 3.0f);
    } else {
      draw->AddTriangle(a, b, c, color, 1.5f);
    }
  };
  const float before_x = origin.x + line.ToX(before);
  const OutputLabels labels = PlaceOutputLabels(line, bold, body, before, now, shown);
  const float top = origin.y + line.OutputTop();
  if (labels.moved) {
    triangle(before_x, false, palette.muted);
    RecordRect(ctx, "caveats.before_marker", ImVec2(before_x - 8.0f, marker_top), ImVec2(before_x + 8.0f, axis_y));
    body.Draw(draw, ImVec2(origin.x + labels.before_left, labels.two_rows ? top + line.line + 2.0f : top),
              palette.muted, labels.before_text);
  }
  ImVec2 label_min(origin.x + labels.now_left, top);
  ImVec2 label_max(label_min.x + labels.now_width, top + line.line);
  if (!now.empty) {
    const float x = origin.x + line.ToX(shown);
    if (labels.moved) {
      // The way the output went, from the open marker to the filled one.
      const float from = before_x + (x > before_x ? 9.0f : -9.0f);
      const float to = x + (x > before_x ? -9.0f : 9.0f);
      if ((to - from) * (x - before_x) > 0.0f) {
        const float mid = marker_top + 4.0f;
        draw->AddLine(ImVec2(from, mid), ImVec2(to, mid), WithAlpha(palette.output, 0.8f), 2.0f);
      }
    }
    triangle(x, true, palette.output);
    RecordRect(ctx, "caveats.output_marker", ImVec2(x - 8.0f, marker_top), ImVec2(x + 8.0f, axis_y));
  }
  bold.Draw(draw, label_min, now.empty ? palette.muted : palette.output, labels.now_text);
  if (labels.moved) {
    const ImVec2 before_min(origin.x + labels.before_left, labels.two_rows ? top + line.line + 2.0f : top);
    label_min = ImVec2(std::min(label_min.x, before_min.x), top);
    label_max = ImVec2(std::max(label_max.x, before_min.x + labels.before_width), before_min.y + line.line);
  }
  RecordRect(ctx, "caveats.output_sentence", label_min, label_max);
}

// [SECTION] The scatter

// Each word's weight (with every word in) across, and how far removing it alone moves the output
// up: one point per word in its colour, labelled with the word and the move. A point shows once
// its word has been removed alone; until then the plot asks the learner to guess.
// `asking`: the panel asks the prediction above the picture, so the empty plot does not ask again.
void DrawScatter(Context& ctx, const Numbers& n, const Layout& layout, bool asking) {
  const Palette& palette = ctx.palette;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const TextStyle body = StyleOf(ctx.fonts.body);
  const TextStyle bold = StyleOf(ctx.fonts.bold);
  const ImRect card = layout.scatter;
  const float line = body.Measure("0").y;
  draw->AddRectFilled(card.Min, card.Max, palette.panel, 8.0f);
  RecordRect(ctx, "caveats.scatter", card.Min, card.Max);

  // The axes' ranges: round numbers a little past the largest weight and the largest move.
  const lesson::ScatterAxes axes = lesson::CaveatsScatterAxes(n.rows);
  const double x_step = axes.x_step, x_max = axes.x_max, y_step = axes.y_step, y_max = axes.y_max;

  // The plot's frame inside the card: the y axis's title on top, the x axis's ticks and title under it.
  float tick_width = 0.0f;
  for (double y = 0.0; y <= y_max + 1e-9; y += y_step) tick_width = std::max(tick_width, body.Measure(Num(y)).x);
  const float pad = 12.0f;
  // The y axis's title over the plot, on as many lines as the card's width needs.
  const std::vector<std::string> y_title = WrapWords(body, T("caveats.change_label"), card.GetWidth() - 2.0f * pad);
  const float title_height = static_cast<float>(y_title.size()) * line;
  const ImRect plot(ImVec2(card.Min.x + pad + tick_width + 8.0f, card.Min.y + pad + title_height + 12.0f),
                    ImVec2(card.Max.x - pad - 8.0f, card.Max.y - pad - 2.0f * line - 8.0f));
  RecordRect(ctx, "caveats.scatter.plot", plot.Min, plot.Max);
  auto to_screen = [&](double weight, double change) {
    return ImVec2(plot.Min.x + static_cast<float>(weight / x_max) * plot.GetWidth(),
                  plot.Max.y - static_cast<float>(change / y_max) * plot.GetHeight());
  };

  // Titles, grid and ticks.
  for (size_t k = 0; k < y_title.size(); ++k) {
    body.Draw(draw, ImVec2(card.Min.x + pad, card.Min.y + pad + static_cast<float>(k) * line), palette.muted,
              y_title[k]);
  }
  const std::string x_title = T("caveats.weight_label");
  body.Draw(draw, ImVec2(plot.Max.x - body.Measure(x_title).x, plot.Max.y + 6.0f + line), palette.muted, x_title);
  for (int k = 0; k * y_step <= y_max + 1e-9; ++k) {
    const double y = k * y_step;
    const ImVec2 at = to_screen(0.0, y);
    if (k > 0) draw->AddLine(ImVec2(plot.Min.x, at.y), ImVec2(plot.Max.x, at.y), WithAlpha(palette.axis, 0.25f), 1.0f);
    const std::string text = Num(y);
    body.Draw(draw, ImVec2(plot.Min.x - 8.0f - body.Measure(text).x, at.y - line * 0.5f), palette.muted, text);
  }
  for (int k = 0; k * x_step <= x_max + 1e-9; ++k) {
    const double x = k * x_step;
    const ImVec2 at = to_screen(x, 0.0);
    draw->AddLine(ImVec2(at.x, plot.Max.y), ImVec2(at.x, plot.Max.y + 4.0f), palette.axis, 1.0f);
    const std::string text = Num(x);
    const float w = body.Measure(text).x;
    body.Draw(draw, ImVec2(std::min(at.x - w * 0.5f, card.Max.x - pad - w), plot.Max.y + 5.0f), palette.muted, text);
  }
  draw->AddLine(ImVec2(plot.Min.x, plot.Min.y - 4.0f), ImVec2(plot.Min.x, plot.Max.y), palette.axis, 1.5f);
  draw->AddLine(ImVec2(plot.Min.x, plot.Max.y), ImVec2(plot.Max.x + 4.0f, plot.Max.y), palette.axis, 1.5f);

  // The points, then their labels where they touch no point and no other label.
  std::array<float, kCaveatsPositions> appear{};
  bool any = false;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    appear[at] = Eased(ctx, MotionId("caveats.scatter.dot", j), n.measured[at] ? 1.0f : 0.0f);
    any = any || n.measured[at];
  }
  std::vector<ImRect> taken;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    if (!n.measured[at] && appear[at] <= 0.0f) continue;
    const lesson::AblationRow& row = n.rows[at];
    if (!row.change_a.defined || !Finite(row.change_a.change) || !Finite(row.weight_a)) continue;
    const ImVec2 p = to_screen(row.weight_a, row.change_a.change);
    taken.emplace_back(ImVec2(p.x - kPointRadius - 2.0f, p.y - kPointRadius - 2.0f),
                       ImVec2(p.x + kPointRadius + 2.0f, p.y + kPointRadius + 2.0f));
  }
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    const float a = appear[at];
    if (a <= 0.0f && !n.measured[at]) continue;
    const lesson::AblationRow& row = n.rows[at];
    if (!row.change_a.defined || !Finite(row.change_a.change) || !Finite(row.weight_a)) continue;
    const ImU32 color = CaveatsWordColor(ctx, j);
    const ImVec2 p = to_screen(row.weight_a, row.change_a.change);
    // The word removed alone now: a guide from the y axis to its point (the move the marker just
    // made) and a ring around it.
    const bool alone = n.alone == j;
    for (float x = plot.Min.x + 2.0f; alone && x < p.x - kPointRadius - 2.0f; x += 8.0f) {
      draw->AddLine(ImVec2(x, p.y), ImVec2(std::min(x + 4.0f, p.x - kPointRadius - 2.0f), p.y),
                    WithAlpha(color, 0.6f * a), 1.5f);
    }
    if (alone) draw->AddCircle(p, kPointRadius + 4.0f, WithAlpha(color, a), 0, 2.0f);
    draw->AddCircleFilled(p, kPointRadius * (0.4f + 0.6f * a), WithAlpha(color, a));
    draw->AddCircle(p, kPointRadius * (0.4f + 0.6f * a), WithAlpha(ImGui::GetColorU32(ImGuiCol_WindowBg), a), 0, 1.5f);
    if (n.measured[at]) {
      RecordRect(ctx, ("caveats.scatter.dot." + std::to_string(j)).c_str(),
                 ImVec2(p.x - kPointRadius, p.y - kPointRadius), ImVec2(p.x + kPointRadius, p.y + kPointRadius));
    }

    // Its label: the word, then the move.
    const std::string word = Word(j);
    const std::string number = " " + Num(row.change_a.change);
    const ImVec2 word_size = bold.Measure(word);
    const float width = word_size.x + body.Measure(number).x;
    const float height = word_size.y;
    const float gap = kPointRadius + 9.0f;  // clear of the ring round the word removed alone
    const ImVec2 candidates[] = {ImVec2(p.x + gap, p.y - height * 0.5f), ImVec2(p.x - gap - width, p.y - height * 0.5f),
                                 ImVec2(p.x - width * 0.5f, p.y - gap - height), ImVec2(p.x - width * 0.5f, p.y + gap)};
    ImRect chosen;
    bool placed = false;
    for (const ImVec2& c : candidates) {
      const ImRect r(c, ImVec2(c.x + width, c.y + height));
      if (r.Min.x < plot.Min.x + 4.0f || r.Max.x > card.Max.x - 4.0f || r.Min.y < plot.Min.y - line ||
          r.Max.y > plot.Max.y) {
        continue;
      }
      const ImRect spaced(ImVec2(r.Min.x - 3.0f, r.Min.y - 1.0f), ImVec2(r.Max.x + 3.0f, r.Max.y + 1.0f));
      const bool free = std::none_of(taken.begin(), taken.end(), [&](const ImRect& t) { return t.Overlaps(spaced); });
      if (free) {
        chosen = r;
        placed = true;
        break;
      }
    }
    if (!placed) {
      const ImVec2 c = candidates[0];
      const float x = std::clamp(c.x, card.Min.x + 4.0f, card.Max.x - 4.0f - width);
      chosen = ImRect(ImVec2(x, c.y), ImVec2(x + width, c.y + height));
    }
    taken.push_back(chosen);
    bold.Draw(draw, chosen.Min, WithAlpha(color, a), word);
    body.Draw(draw, ImVec2(chosen.Min.x + word_size.x, chosen.Min.y), WithAlpha(palette.text, a), number);
    RecordRect(ctx, ("caveats.scatter.label." + std::to_string(j)).c_str(), chosen.Min, chosen.Max);
  }

  // Nothing measured yet: the plot asks for a guess first (unless the panel's question does).
  if (!any && !asking) {
    const std::vector<std::string> lines =
        WrapWords(body, T("caveats.guess"), std::max(60.0f, plot.GetWidth() - 40.0f));
    float text_width = 0.0f;
    for (const std::string& l : lines) text_width = std::max(text_width, body.Measure(l).x);
    const float text_height = static_cast<float>(lines.size()) * line;
    const ImVec2 centre = plot.GetCenter();
    const ImRect box(ImVec2(centre.x - text_width * 0.5f - 12.0f, centre.y - text_height * 0.5f - 10.0f),
                     ImVec2(centre.x + text_width * 0.5f + 12.0f, centre.y + text_height * 0.5f + 10.0f));
    draw->AddRectFilled(box.Min, box.Max, ImGui::GetColorU32(ImGuiCol_WindowBg), 8.0f);
    draw->AddRect(box.Min, box.Max, WithAlpha(palette.axis, 0.5f), 8.0f, 0, 1.0f);
    float y = box.Min.y + 10.0f;
    for (const std::string& l : lines) {
      body.Draw(draw, ImVec2(centre.x - body.Measure(l).x * 0.5f, y), palette.muted, l);
      y += line;
    }
    RecordRect(ctx, "caveats.guess", box.Min, box.Max);
  }
}

// [SECTION] The figure's name

std::string FigureName(const lesson::CaveatsScene& scene, const Numbers& n) {
  std::vector<std::string> weights;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    weights.push_back(scene.removed[at] ? Word(j) + " " + T("caveats.removed_mark")
                                        : Word(j) + " " + lesson::MirrorNumber(n.now.a.weights[at]));
  }
  const double before = n.full.a.combination.output;
  const attention::Combination& now = n.now.a.combination;
  std::string output;
  if (now.empty) {
    output = T("caveats.no_change");
  } else if (now.output != before) {
    output = lesson::Fill(T("caveats.figure_moved"),
                          {{"now", lesson::MirrorNumber(now.output)}, {"before", lesson::MirrorNumber(before)}});
  } else {
    output = lesson::MirrorNumber(now.output);
  }
  std::vector<std::string> points;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    if (!n.measured[at]) continue;
    const lesson::AblationRow& row = n.rows[at];
    points.push_back(lesson::Fill(T("caveats.figure_point"), {{"word", Word(j)},
                                                              {"weight", lesson::MirrorNumber(row.weight_a)},
                                                              {"change", lesson::MirrorNumber(row.change_a.change)}}));
  }
  return lesson::Fill(T("caveats.figure"),
                      {{"weights", lesson::MirrorList(weights)},
                       {"output", output},
                       {"points", points.empty() ? T("caveats.figure_not_yet") : lesson::MirrorList(points)}});
}

}  // namespace

ImU32 CaveatsWordColor(const Context& ctx, int position) {
  return SeriesColor(ctx, kWordSeries[std::clamp(position, 0, kCaveatsPositions - 1)]);
}

// [SECTION] The picture

void DrawCaveatsPicture(lesson::LessonState& state, Context& ctx) { DrawCaveatsFigure(state, ctx, false, false); }

void DrawCaveatsQuizPicture(lesson::LessonState& state, Context& ctx) { DrawCaveatsFigure(state, ctx, false, true); }

void DrawCaveatsFigure(lesson::LessonState& state, Context& ctx, bool ask, bool every_removal) {
  lesson::CaveatsScene& scene = state.caveats;
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // The figure is named, and its place known, before its controls are laid out.
  const Numbers before_input = NumbersOf(scene, every_removal);
  const Layout layout = LayOut(ctx, scene, before_input, origin, width);
  DescribeFigure(ctx, FigureName(scene, before_input), layout.min, layout.max);
  RecordRect(ctx, "caveats.picture", layout.min, layout.max);

  // The rows take the learner's input; what follows draws the numbers after it.
  DrawWords(ctx, state, before_input, layout, ask);
  const Numbers n = NumbersOf(scene, every_removal);
  DrawNumberLine(ctx, scene, n, layout);
  DrawScatter(ctx, n, layout, ask && lesson::Asking(state, lesson::Question::CaveatsRemoval));
  // The picture's extent, as one item: the cursor goes under it (an item, not a bare
  // SetCursorScreenPos, which ImGui's debug build refuses to end a group or window on).
  ImGui::SetCursorScreenPos(origin);
  ImGui::Dummy(ImVec2(width, layout.max.y - layout.min.y));
}

}  // namespace ui
