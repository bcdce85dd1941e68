// The Caveats scene's panel: a controlled test beside the weights.
//
// Contents
// [SECTION] Text helpers
// [SECTION] Bars and rows (a table when wide, stacked cards when narrow)
// [SECTION] Number line
// [SECTION] Test 1: remove words
// [SECTION] Test 2: the second layer
// [SECTION] The caution
// [SECTION] Panel

#include "ui/caveats_panel.h"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/number_field.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Num;
using lesson::Fill;
using lesson::kCaveatsPositions;
using lesson::T;
using lesson::TextFields;

// Below this content width the rows stack as cards instead of a table.
constexpr float kWideLayout = 620.0f;

// [SECTION] Text helpers

const std::string& Word(int position) { return T("caveats.word" + std::to_string(position + 1)); }

std::string Quoted(const std::string& text) { return "\u201C" + text + "\u201D"; }

// An ImGui format string that prints `text` literally (text files never supply a format).
std::string LiteralFormat(const std::string& text) {
  std::string out;
  for (const char c : text) {
    out += c;
    if (c == '%') out += '%';
  }
  return out;
}

// Wraps at spaces only, so a number such as 0.1 is never split at its decimal point.
void Wrapped(const std::string& text) { Paragraph(text); }

void WrappedColored(const std::string& text, ImU32 color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  Wrapped(text);
  ImGui::PopStyleColor();
}

void WrappedBold(Context& ctx, const std::string& text) {
  ImGui::PushFont(ctx.fonts.bold);
  Wrapped(text);
  ImGui::PopFont();
}

// A full-width zero-height item, so a highlight group spans the whole column.
void FullWidth() { ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, 0.0f)); }

// [SECTION] Bars and rows

// One cell of a comparison row.
struct Cell {
  enum class Kind { Text, Bar, Button };
  Kind kind = Kind::Text;
  std::string text;       // the number (Text, Bar) or the button's label (Button)
  float fraction = 0.0f;  // Bar: length, 0..1 of the cell
  ImU32 color = 0;        // Bar: fill colour
};

Cell TextCell(std::string text) { return Cell{Cell::Kind::Text, std::move(text), 0.0f, 0}; }

Cell BarCell(double fraction, std::string text, ImU32 color) {
  const double clamped = std::isfinite(fraction) ? std::clamp(fraction, 0.0, 1.0) : 0.0;
  return Cell{Cell::Kind::Bar, std::move(text), static_cast<float>(clamped), color};
}

// A bar whose length shows the number, with the number after it; "?" draws an empty track.
void DrawBar(Context& ctx, const Cell& cell, float width, ImGuiID motion) {
  const Palette& palette = ctx.palette;
  const float height = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(std::max(width, 1.0f), height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float text_width = std::max(ImGui::CalcTextSize(cell.text.c_str()).x, ImGui::CalcTextSize("00.00").x);
  const float track = std::max(12.0f, width - text_width - 8.0f);
  const float bar_top = at.y + height * 0.15f;
  const float bar_bottom = at.y + height * 0.85f;
  draw->AddRectFilled(ImVec2(at.x, bar_top), ImVec2(at.x + track, bar_bottom), palette.panel, 3.0f);
  draw->AddRect(ImVec2(at.x, bar_top), ImVec2(at.x + track, bar_bottom), palette.axis, 3.0f, 0, 1.0f);
  const float fraction = Eased(ctx, motion, cell.fraction);
  if (fraction > 0.0f) {
    const float length = std::max(3.0f, track * fraction);
    draw->AddRectFilled(ImVec2(at.x, bar_top), ImVec2(at.x + length, bar_bottom), cell.color, 3.0f);
  }
  draw->AddText(ImVec2(at.x + track + 6.0f, at.y), palette.text, cell.text.c_str());
}

struct Column {
  std::string header;  // above the column in the wide table
  std::string label;   // before the cell in a narrow card
};

struct Row {
  std::string word;
  bool removed = false;  // shown muted with a "(removed)" mark
  std::vector<Cell> cells;
};

// Draws a button cell; returns true when it was pressed. `name` is recorded for tests.
bool DrawButtonCell(Context& ctx, const Cell& cell, int row, const char* id) {
  const std::string label = cell.text + "###" + id + std::to_string(row);
  const bool pressed = ImGui::Button(label.c_str());
  const std::string name = std::string("caveats.") + id + "." + std::to_string(row);
  RecordItem(ctx, name.c_str());
  return pressed;
}

void DrawWordCell(Context& ctx, const Row& row) {
  const Palette& palette = ctx.palette;
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, row.removed ? palette.muted : palette.text);
  ImGui::TextUnformatted(row.word.c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  if (row.removed) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
    ImGui::TextUnformatted(T("caveats.removed_mark").c_str());
    ImGui::PopStyleColor();
  }
}

// Rows of cells under a header: a table on wide screens, one card per word on narrow ones.
// `id` names the rows' buttons ("remove" gives caveats.remove.0 ...). Returns the row whose
// button was pressed, or -1.
int DrawRows(Context& ctx, const char* id, const std::vector<Column>& columns, const std::vector<Row>& rows) {
  int pressed = -1;
  const float available = ImGui::GetContentRegionAvail().x;
  const Palette& palette = ctx.palette;
  const int column_count = static_cast<int>(columns.size()) + 1;

  if (available >= kWideLayout) {
    const ImGuiTableFlags flags =
        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_PadOuterX;
    if (!ImGui::BeginTable(id, column_count, flags)) return -1;
    ImGui::TableSetupColumn("word", ImGuiTableColumnFlags_WidthStretch, 0.9f);
    for (size_t c = 0; c < columns.size(); ++c) {
      const bool bar = !rows.empty() && c < rows[0].cells.size() && rows[0].cells[c].kind == Cell::Kind::Bar;
      ImGui::TableSetupColumn(columns[c].header.c_str(), ImGuiTableColumnFlags_WidthStretch, bar ? 2.0f : 0.9f);
    }
    // Header cells wrap, which TableHeadersRow's cannot.
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    WrappedColored(T("caveats.col_word"), palette.muted);
    for (const Column& column : columns) {
      ImGui::TableNextColumn();
      WrappedColored(column.header, palette.muted);
    }
    for (size_t r = 0; r < rows.size(); ++r) {
      const Row& row = rows[r];
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      DrawWordCell(ctx, row);
      for (size_t c = 0; c < row.cells.size(); ++c) {
        const Cell& cell = row.cells[c];
        ImGui::TableNextColumn();
        switch (cell.kind) {
          case Cell::Kind::Text:
            ImGui::AlignTextToFramePadding();
            ImGui::TextUnformatted(cell.text.c_str());
            break;
          case Cell::Kind::Bar:
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ImGui::GetStyle().FramePadding.y);
            DrawBar(ctx, cell, ImGui::GetContentRegionAvail().x, MotionId(id, static_cast<int>(r), static_cast<int>(c)));
            break;
          case Cell::Kind::Button:
            if (DrawButtonCell(ctx, cell, static_cast<int>(r), id)) pressed = static_cast<int>(r);
            break;
        }
      }
    }
    ImGui::EndTable();
    return pressed;
  }

  // Narrow: the word (and its button, right-aligned) on one line, then one labelled line per cell.
  float label_width = 0.0f;
  for (const Column& column : columns) label_width = std::max(label_width, ImGui::CalcTextSize(column.label.c_str()).x);
  label_width = std::min(label_width, available * 0.45f);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float right_edge = ImGui::GetCursorScreenPos().x + available;
  for (size_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    ImGui::PushID(static_cast<int>(r));
    ImGui::Separator();
    ImGui::AlignTextToFramePadding();
    DrawWordCell(ctx, row);
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const Cell& cell = row.cells[c];
      if (cell.kind != Cell::Kind::Button) continue;
      const float width = ImGui::CalcTextSize(cell.text.c_str()).x + ImGui::GetStyle().FramePadding.x * 2.0f;
      ImGui::SameLine();
      const ImVec2 cursor = ImGui::GetCursorScreenPos();
      ImGui::SetCursorScreenPos(ImVec2(std::max(cursor.x, right_edge - width), cursor.y));
      if (DrawButtonCell(ctx, cell, static_cast<int>(r), id)) pressed = static_cast<int>(r);
    }
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const Cell& cell = row.cells[c];
      if (cell.kind == Cell::Kind::Button) continue;
      const float start_x = ImGui::GetCursorScreenPos().x;
      ImGui::PushStyleColor(ImGuiCol_Text, palette.muted);
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + label_width);
      ImGui::TextUnformatted(columns[c].label.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PopStyleColor();
      ImGui::SameLine();
      ImGui::SetCursorScreenPos(ImVec2(start_x + label_width + gap, ImGui::GetCursorScreenPos().y));
      if (cell.kind == Cell::Kind::Bar) {
        DrawBar(ctx, cell, ImGui::GetContentRegionAvail().x, MotionId(id, static_cast<int>(r), static_cast<int>(c)));
      } else {
        ImGui::TextUnformatted(cell.text.c_str());
      }
    }
    ImGui::PopID();
  }
  ImGui::Separator();
  return pressed;
}

// [SECTION] Number line

// Query A's values on a number line, each dot sized by its weight (hollow when removed), with
// the output before any removal and the output now.
void DrawNumberLine(Context& ctx, const lesson::CaveatsScene& scene, const lesson::CaveatsPass& full,
                    const lesson::CaveatsPass& now) {
  const Palette& palette = ctx.palette;
  const float width = ImGui::GetContentRegionAvail().x;
  const float line = ImGui::GetTextLineHeight();
  const double before = full.a.combination.output;
  const bool moved = now.a.combination.empty || now.a.combination.output != before;
  const ImVec2 origin = ImGui::GetCursorScreenPos();

  double lo = 0.0;
  double hi = 0.0;
  for (const double value : scene.values) {
    lo = std::min(lo, value);
    hi = std::max(hi, value);
  }
  if (hi - lo < 1.0) hi = lo + 1.0;
  const float margin = 28.0f;
  auto to_x = [&](double v) {
    return origin.x + margin + static_cast<float>((v - lo) / (hi - lo)) * (width - 2.0f * margin);
  };
  // A label centred on x, kept inside the line's width.
  auto left_of = [&](float x, float text_width) {
    return std::clamp(x - text_width * 0.5f, origin.x, std::max(origin.x, origin.x + width - text_width));
  };

  // The word labels, from left to right, take turns above and below the axis; one that would
  // touch the last label of its row takes the other row, or a second row below (which the line
  // then grows by), so no two labels overlap at any width or in any language.
  struct WordLabel {
    std::string text;
    float left = 0.0f;
    float width = 0.0f;
    int row = 0;  // 0 above the axis, 1 below it, 2 a second row below
  };
  std::array<WordLabel, kCaveatsPositions> labels;
  std::array<int, kCaveatsPositions> order{};
  for (int j = 0; j < kCaveatsPositions; ++j) order[static_cast<size_t>(j)] = j;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return scene.values[static_cast<size_t>(a)] < scene.values[static_cast<size_t>(b)];
  });
  constexpr float kLabelGap = 8.0f;
  float row_end[3] = {-FLT_MAX, -FLT_MAX, -FLT_MAX};
  bool second_row = false;
  for (size_t k = 0; k < order.size(); ++k) {
    WordLabel& label = labels[static_cast<size_t>(order[k])];
    const size_t at = static_cast<size_t>(order[k]);
    label.text = Word(order[k]) + " " + Num(scene.values[at]);
    label.width = ImGui::CalcTextSize(label.text.c_str()).x;
    label.left = left_of(to_x(scene.values[at]), label.width);
    const int first = static_cast<int>(k % 2);
    const int tries[3] = {first, 1 - first, 2};
    label.row = 2;
    for (const int row : tries) {
      if (label.left >= row_end[row] + kLabelGap) {
        label.row = row;
        break;
      }
    }
    row_end[label.row] = std::max(row_end[label.row], label.left + label.width);
    second_row = second_row || label.row == 2;
  }

  // Room for the word labels above and below the axis (and a second row below when one is
  // used), the triangles and one or two output labels.
  const float extra_row = second_row ? line + 2.0f : 0.0f;
  const float height = line * (moved ? 5.0f : 4.0f) + 38.0f + extra_row;
  ImGui::Dummy(ImVec2(width, height));
  RecordRect(ctx, "caveats.number_line", origin, ImVec2(origin.x + width, origin.y + height));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float axis_y = origin.y + line + 12.0f;
  draw->AddLine(ImVec2(origin.x + margin * 0.5f, axis_y), ImVec2(origin.x + width - margin * 0.5f, axis_y),
                palette.axis, 2.0f);
  const float row_y[3] = {origin.y, axis_y + 14.0f, axis_y + 14.0f + line + 2.0f};
  for (int j = 0; j < kCaveatsPositions; ++j) {
    const size_t at = static_cast<size_t>(j);
    const float x = to_x(scene.values[at]);
    const bool removed = scene.removed[at];
    const float radius = 3.0f + 9.0f * static_cast<float>(std::sqrt(std::clamp(full.a.weights[at], 0.0, 1.0)));
    if (removed) {
      draw->AddCircle(ImVec2(x, axis_y), radius, palette.muted, 0, 2.0f);
    } else {
      draw->AddCircleFilled(ImVec2(x, axis_y), radius, palette.first);
    }
    const WordLabel& label = labels[at];
    const ImVec2 at_min(label.left, row_y[label.row]);
    draw->AddText(ImVec2(at_min.x, at_min.y), removed ? palette.muted : palette.text, label.text.c_str());
    RecordRect(ctx, ("caveats.number_line.word." + std::to_string(j)).c_str(), at_min,
               ImVec2(at_min.x + label.width, at_min.y + line));
  }
  auto label_at = [&](float x, float y, ImU32 color, const std::string& text, ImFont* font) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    draw->AddText(font, 0.0f, ImVec2(left_of(x, size.x), y), color, text.c_str());
  };

  // Triangles under the axis; their labels on separate lines ("now" first, then "before"), so
  // they never collide however close the two outputs are.
  const float marker_y = axis_y + 14.0f + line + 4.0f + extra_row;
  // The output marker slides to its new place; the "before" marker stays put.
  auto marker = [&](double value, bool filled, ImU32 color) {
    const double shown =
        filled ? static_cast<double>(Eased(ctx, MotionId("caveats.output_marker"), static_cast<float>(value))) : value;
    const float x = to_x(shown);
    const ImVec2 a(x, marker_y), b(x - 7.0f, marker_y + 12.0f), c(x + 7.0f, marker_y + 12.0f);
    if (filled) {
      draw->AddTriangleFilled(a, b, c, color);
    } else {
      draw->AddTriangle(a, b, c, color, 2.0f);
    }
  };
  const float first_label_y = marker_y + 14.0f;
  if (!moved) {
    marker(before, true, palette.output);
    label_at(to_x(before), first_label_y, palette.output, T("caveats.output") + " " + Num(before),
             ctx.fonts.bold);
    return;
  }
  marker(before, false, palette.muted);
  if (!now.a.combination.empty) {
    const double output = now.a.combination.output;
    marker(output, true, palette.output);
    label_at(to_x(output), first_label_y, palette.output, T("caveats.now") + " " + Num(output),
             ctx.fonts.bold);
  }
  label_at(to_x(before), first_label_y + line + 2.0f, palette.muted, T("caveats.before") + " " + Num(before),
           nullptr);
}

// [SECTION] Test 1: remove words

std::string RemovedList(const lesson::CaveatsScene& scene) {
  std::string out;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (!scene.removed[static_cast<size_t>(j)]) continue;
    if (!out.empty()) out += ", ";
    out += Quoted(Word(j));
  }
  return out;
}

double LargestChange(const lesson::CaveatsAblation& rows, bool final_output) {
  double largest = 0.0;
  for (const lesson::AblationRow& row : rows) {
    const lesson::OutputChange& change = final_output ? row.change_final : row.change_a;
    if (change.defined) largest = std::max(largest, change.change);
  }
  return largest;
}

Cell ChangeCell(const lesson::OutputChange& change, double largest, bool shown, ImU32 color) {
  if (!shown) return BarCell(0.0, T("caveats.not_yet"), color);
  if (!change.defined) return BarCell(0.0, T("caveats.no_change"), color);
  return BarCell(largest > 0.0 ? change.change / largest : 0.0, Num(change.change), color);
}

void DrawOutputSentence(Context& ctx, const lesson::CaveatsScene& scene, const lesson::CaveatsPass& full,
                        const lesson::CaveatsPass& now) {
  const Palette& palette = ctx.palette;
  std::string sentence;
  if (now.a.combination.empty) {
    WrappedColored(T("caveats.output_none"), palette.second);
    RecordItem(ctx, "caveats.output_sentence");
    return;
  }
  const lesson::OutputChange change = lesson::Change(full.a.combination, now.a.combination);
  const std::string removed = RemovedList(scene);
  if (removed.empty()) {
    sentence = Fill(T("caveats.output_full"), {{"output", Num(full.a.combination.output)}});
  } else {
    sentence = Fill(T("caveats.output_now"), {{"removed", removed},
                                              {"now", Num(now.a.combination.output)},
                                              {"before", Num(full.a.combination.output)},
                                              {"change", Num(change.change)}});
  }
  WrappedBold(ctx, sentence);
  RecordItem(ctx, "caveats.output_sentence");
}

void DrawFinding(Context& ctx, const lesson::CaveatsScene& scene, const lesson::CaveatsPass& full,
                 const lesson::CaveatsAblation& rows, const lesson::AblationSummary& summary) {
  if (summary.largest_weight < 0 || summary.largest_change_a < 0) return;
  const lesson::AblationRow& top = rows[static_cast<size_t>(summary.largest_weight)];
  const lesson::AblationRow& most = rows[static_cast<size_t>(summary.largest_change_a)];
  const bool surprise =
      summary.largest_weight == summary.smallest_change_a && summary.largest_weight != summary.largest_change_a;
  const TextFields fields = {{"top", Word(top.position)},
                             {"top_weight", Num(top.weight_a)},
                             {"top_change", Num(top.change_a.change)},
                             {"top_value", Num(top.value)},
                             {"output", Num(full.a.combination.output)},
                             {"most", Word(most.position)},
                             {"most_weight", Num(most.weight_a)},
                             {"most_change", Num(most.change_a.change)},
                             {"most_value", Num(scene.values[static_cast<size_t>(most.position)])}};
  Wrapped(Fill(T(surprise ? "caveats.finding_surprise" : "caveats.finding_plain"), fields));
  RecordItem(ctx, "caveats.finding");
}

void DrawAblation(Context& ctx, lesson::LessonState& state) {
  lesson::CaveatsScene& scene = state.caveats;
  const Palette& palette = ctx.palette;
  // Removing words changes neither the full pass nor "each in turn"; only `now` below.
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  const lesson::AblationSummary summary = lesson::Summarize(rows);

  BeginHighlightGroup();
  FullWidth();
  ImGui::PushFont(ctx.fonts.heading);
  Wrapped(T("caveats.layer1_title"));
  ImGui::PopFont();
  Wrapped(T("caveats.remove_how"));

  const double largest = LargestChange(rows, false);
  const std::vector<Column> columns = {{T("caveats.col_value"), T("caveats.value_label")},
                                       {T("caveats.col_score"), T("caveats.score_label")},
                                       {T("caveats.col_weight"), T("caveats.weight_label")},
                                       {T("caveats.col_remove"), ""},
                                       {T("caveats.col_change"), T("caveats.change_label")}};
  std::vector<Row> table;
  for (const lesson::AblationRow& row : rows) {
    const size_t at = static_cast<size_t>(row.position);
    const bool removed = scene.removed[at];
    Row out;
    out.word = Word(row.position);
    out.removed = removed;
    out.cells = {TextCell(Num(row.value)), TextCell(Num(scene.scores_a[at])),
                 BarCell(row.weight_a, Num(row.weight_a), palette.first),
                 Cell{Cell::Kind::Button, T(removed ? "caveats.put_back" : "caveats.remove"), 0.0f, 0},
                 ChangeCell(row.change_a, largest, scene.each_in_turn_shown, palette.second)};
    table.push_back(out);
  }
  const int pressed = DrawRows(ctx, "remove", columns, table);
  if (pressed >= 0) lesson::ToggleRemoved(scene, pressed);
  const lesson::CaveatsPass now = lesson::RunCaveats(scene);

  DrawNumberLine(ctx, scene, full, now);
  ImGui::PushFont(ctx.fonts.bold);
  WrappedColored(lesson::LocalArithmetic(attention::FormatCombination(now.a.combination)), palette.output);
  ImGui::PopFont();
  RecordItem(ctx, "caveats.arithmetic");
  DrawOutputSentence(ctx, scene, full, now);

  ButtonRow buttons;
  const std::string each =
      T(scene.each_in_turn_shown ? "caveats.hide_each" : "caveats.each_in_turn") + "###caveats_each";
  buttons.Place(each);
  if (ImGui::Button(each.c_str())) lesson::SetEachInTurnShown(scene, !scene.each_in_turn_shown);
  RecordItem(ctx, "caveats.each_in_turn");
  const std::string put_back = T("caveats.put_all_back") + "###caveats_put_all_back";
  buttons.Place(put_back);
  const bool any_removed = std::any_of(scene.removed.begin(), scene.removed.end(), [](bool r) { return r; });
  ImGui::BeginDisabled(!any_removed);
  if (ImGui::Button(put_back.c_str())) lesson::RestoreAll(scene);
  ImGui::EndDisabled();
  RecordItem(ctx, "caveats.put_all_back");

  if (scene.each_in_turn_shown) {
    DrawFinding(ctx, scene, full, rows, summary);
  } else {
    WrappedColored(T("caveats.guess"), palette.muted);
  }
  WrappedColored(T("caveats.why"), palette.muted);
  EndHighlightGroup(ctx, state, "caveats.ablation");
}

// [SECTION] Test 2: the second layer

std::string QueryWeights(const lesson::CaveatsQuery& query) {
  std::string out;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (!out.empty()) out += ", ";
    out += Word(j) + " " + Num(query.weights[static_cast<size_t>(j)]);
  }
  return out;
}

int LargestWeight(const lesson::CaveatsNumbers& weights) {
  return static_cast<int>(std::max_element(weights.begin(), weights.end()) - weights.begin());
}

void DrawLayer2(Context& ctx, lesson::LessonState& state) {
  lesson::CaveatsScene& scene = state.caveats;
  const Palette& palette = ctx.palette;
  // Query B does not depend on layer 2's weights; the final output does, so it is computed after
  // the slider.
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const lesson::CaveatsQuery b_now = lesson::RunCaveats(scene).b;

  BeginHighlightGroup();
  FullWidth();
  ImGui::PushFont(ctx.fonts.heading);
  Wrapped(T("caveats.layer2_title"));
  ImGui::PopFont();
  Wrapped(Fill(T("caveats.layer2_intro"), {{"b_top", Word(LargestWeight(full.b.weights))}}));

  if (b_now.combination.empty) {
    Wrapped(T("caveats.b_none"));
  } else {
    Wrapped(Fill(T("caveats.b_weights"),
                 {{"weights", QueryWeights(b_now)}, {"output", Num(b_now.combination.output)}}));
  }

  Wrapped(Fill(T("caveats.layer2_split"),
               {{"a", Num(1.0 - scene.layer2_weight_b)}, {"b", Num(scene.layer2_weight_b)}}));
  double weight_b = scene.layer2_weight_b;
  const double lo = 0.0;
  const double hi = 1.0;
  const std::string format = LiteralFormat(T("caveats.layer2_slider")) + " %.2f";
  ImGui::PushItemWidth(-FLT_MIN);
  if (SliderNumber(ctx, "##caveats_layer2_weight", "caveats.layer2_weight", T("caveats.layer2_slider"), &weight_b, lo, hi, format.c_str())) {
    lesson::SetLayer2WeightB(scene, std::round(weight_b * 100.0) / 100.0);
  }
  ImGui::PopItemWidth();
  const lesson::CaveatsPass now = lesson::RunCaveats(scene);
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  const lesson::AblationSummary summary = lesson::Summarize(rows);

  ImGui::PushFont(ctx.fonts.bold);
  WrappedColored(T("caveats.final") + " " + lesson::LocalArithmetic(attention::FormatCombination(now.final_output)), palette.output);
  ImGui::PopFont();
  RecordItem(ctx, "caveats.final");

  const double largest = LargestChange(rows, true);
  const std::vector<Column> columns = {{T("caveats.col_weight_a"), T("caveats.weight_a_label")},
                                       {T("caveats.col_share"), T("caveats.share_label")},
                                       {T("caveats.col_final_change"), T("caveats.final_change_label")}};
  std::vector<Row> table;
  for (const lesson::AblationRow& row : rows) {
    Row out;
    out.word = Word(row.position);
    out.removed = scene.removed[static_cast<size_t>(row.position)];
    out.cells = {BarCell(row.weight_a, Num(row.weight_a), palette.first),
                 BarCell(row.share_final, Num(row.share_final), palette.output),
                 ChangeCell(row.change_final, largest, scene.each_in_turn_shown, palette.second)};
    table.push_back(out);
  }
  DrawRows(ctx, "layer2", columns, table);
  WrappedColored(T("caveats.share_how"), palette.muted);
  WrappedColored(T("caveats.layer2_limits"), palette.muted);

  if (scene.each_in_turn_shown && summary.largest_weight >= 0 && summary.largest_change_final >= 0) {
    const lesson::AblationRow& top = rows[static_cast<size_t>(summary.largest_weight)];
    const lesson::AblationRow& most = rows[static_cast<size_t>(summary.largest_change_final)];
    Wrapped(Fill(T("caveats.finding_layer2"), {{"top", Word(top.position)},
                                               {"top_weight", Num(top.weight_a)},
                                               {"top_share", Num(top.share_final)},
                                               {"top_change", Num(top.change_final.change)},
                                               {"most", Word(most.position)},
                                               {"most_weight", Num(most.weight_a)},
                                               {"most_change", Num(most.change_final.change)}}));
    RecordItem(ctx, "caveats.finding_layer2");
  }
  EndHighlightGroup(ctx, state, "caveats.layer2");
}

// [SECTION] The caution

void DrawCaution(Context& ctx, const lesson::LessonState& state) {
  const Palette& palette = ctx.palette;
  BeginHighlightGroup();
  const float pad = 12.0f;
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->ChannelsSplit(2);
  draw->ChannelsSetCurrent(1);
  ImGui::SetCursorScreenPos(ImVec2(start.x + pad + 4.0f, start.y + pad));
  ImGui::BeginGroup();  // later lines start at the padded left edge, not the window's
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width - 2.0f * pad - 4.0f);
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::TextUnformatted(T("caveats.caution_title").c_str());
  ImGui::PopFont();
  ImGui::TextUnformatted(T("caveats.caution").c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  RecordItem(ctx, "caveats.caution_text");
  const float bottom = ImGui::GetItemRectMax().y + pad;
  draw->ChannelsSetCurrent(0);
  draw->AddRectFilled(start, ImVec2(start.x + width, bottom), palette.panel, 6.0f);
  draw->AddRectFilled(start, ImVec2(start.x + 5.0f, bottom), palette.second, 2.0f);
  draw->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(start.x, bottom));
  ImGui::Dummy(ImVec2(width, 0.0f));
  EndHighlightGroup(ctx, state, "caveats.caution");
}

}  // namespace

// [SECTION] Panel

void DrawCaveatsPanel(lesson::LessonState& state, Context& ctx) {
  ImGui::PushID("caveats");
  ImGui::PushFont(ctx.fonts.heading);
  Wrapped(T("caveats.title"));
  ImGui::PopFont();
  Wrapped(T("caveats.intro"));
  ImGui::Spacing();

  DrawAblation(ctx, state);
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  DrawLayer2(ctx, state);
  ImGui::Spacing();
  DrawCaution(ctx, state);
  ImGui::Spacing();

  const std::string reset = T("caveats.reset") + "###caveats_reset";
  if (ImGui::Button(reset.c_str())) lesson::ResetCaveatsScene(state.caveats);
  RecordItem(ctx, "caveats.reset");
  ImGui::PopID();
}

}  // namespace ui
