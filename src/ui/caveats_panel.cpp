// The Caveats scene's panel, led by one picture (ui/caveats_picture.h): one caption, the picture
// (remove a word and the output marker slides; a scatter of weight against how far removing each
// word moves the output), the test's buttons, the second layer's slider and its output, then the
// tables, the arithmetic and the reasons on demand ("Show the numbers"), and the caution under
// "About this scene".
//
// Contents
// [SECTION] Text helpers
// [SECTION] Tables of numbers (a table when wide, stacked cards when narrow)
// [SECTION] Under the picture: the test's buttons
// [SECTION] Test 2: the second layer's slider and output
// [SECTION] Show the numbers
// [SECTION] About this scene: the caution
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
#include <imgui_internal.h>

#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/caveats_picture.h"
#include "ui/fonts.h"
#include "ui/highlight.h"
#include "ui/item_registry.h"
#include "ui/motion.h"
#include "ui/number_field.h"
#include "ui/panels.h"
#include "ui/prediction.h"
#include "ui/text_layout.h"
#include "ui/theme.h"

namespace ui {

namespace {

using lesson::Fill;
using lesson::kCaveatsPositions;
using lesson::Num;
using lesson::T;
using lesson::TextFields;

// Below this content width the tables' rows stack as cards.
constexpr float kWideTable = 620.0f;

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

void WrappedColored(const std::string& text, ImU32 color) { Paragraph(text, color); }

void WrappedBold(Context& ctx, const std::string& text, ImU32 color = 0) {
  ImGui::PushFont(ctx.fonts.bold);
  if (color != 0) {
    Paragraph(text, color);
  } else {
    Paragraph(text);
  }
  ImGui::PopFont();
}

// A full-width zero-height item, so a highlight group spans the whole column.
void FullWidth() { ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, 0.0f)); }

// A header that opens a part; a framed header reaches half the window's side padding past the
// content, which is wide when the widget centres its content in a wide window (ui/widget.cpp), so
// it keeps to the style's padding. `open` forced when set (a link, a walkthrough step).
bool Header(Context& ctx, const std::string& label, const char* name, const bool* force) {
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float side_padding = window->WindowPadding.x;
  window->WindowPadding.x = ImGui::GetStyle().WindowPadding.x;
  if (force != nullptr) ImGui::SetNextItemOpen(*force, ImGuiCond_Always);
  const std::string id = label + "###" + name;
  const bool open = ImGui::CollapsingHeader(id.c_str());
  window->WindowPadding.x = side_padding;
  RecordItem(ctx, name);
  return open;
}

// [SECTION] Tables of numbers

// One cell of a row of numbers.
struct Cell {
  enum class Kind { Text, Bar };
  Kind kind = Kind::Text;
  std::string text;       // the number
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
  draw->AddRectFilled(ImVec2(at.x, bar_top), ImVec2(at.x + track, bar_bottom), ImGui::GetColorU32(ImGuiCol_FrameBg),
                      3.0f);
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
  int position = 0;
  bool removed = false;  // shown muted with a "(removed)" mark
  std::vector<Cell> cells;
};

void DrawWordCell(Context& ctx, const Row& row) {
  ImGui::PushFont(ctx.fonts.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, row.removed ? ctx.palette.muted : CaveatsWordColor(ctx, row.position));
  ImGui::TextUnformatted(Word(row.position).c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  if (row.removed) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, ctx.palette.muted);
    ImGui::TextUnformatted(T("caveats.removed_mark").c_str());
    ImGui::PopStyleColor();
  }
}

// Rows of numbers under a header: a table on wide screens, one card per word on narrow ones.
void DrawRows(Context& ctx, const char* id, const std::vector<Column>& columns, const std::vector<Row>& rows) {
  const float available = ImGui::GetContentRegionAvail().x;
  const Palette& palette = ctx.palette;
  const int column_count = static_cast<int>(columns.size()) + 1;

  if (available >= kWideTable) {
    const ImGuiTableFlags flags =
        ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_PadOuterX;
    if (!ImGui::BeginTable(id, column_count, flags)) return;
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
      DrawWordCell(ctx, row);
      for (size_t c = 0; c < row.cells.size(); ++c) {
        const Cell& cell = row.cells[c];
        ImGui::TableNextColumn();
        if (cell.kind == Cell::Kind::Bar) {
          DrawBar(ctx, cell, ImGui::GetContentRegionAvail().x, MotionId(id, static_cast<int>(r), static_cast<int>(c)));
        } else {
          ImGui::TextUnformatted(cell.text.c_str());
        }
      }
    }
    ImGui::EndTable();
    return;
  }

  // Narrow: the word on one line, then one labelled line per cell.
  float label_width = 0.0f;
  for (const Column& column : columns) label_width = std::max(label_width, ImGui::CalcTextSize(column.label.c_str()).x);
  label_width = std::min(label_width, available * 0.45f);
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  for (size_t r = 0; r < rows.size(); ++r) {
    const Row& row = rows[r];
    ImGui::PushID(static_cast<int>(r));
    ImGui::Separator();
    DrawWordCell(ctx, row);
    for (size_t c = 0; c < row.cells.size(); ++c) {
      const Cell& cell = row.cells[c];
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

// [SECTION] Under the picture: the test's buttons

void DrawTestButtons(Context& ctx, lesson::LessonState& state) {
  lesson::CaveatsScene& scene = state.caveats;
  ButtonRow buttons;
  const std::string each =
      T(scene.each_in_turn_shown ? "caveats.hide_each" : "caveats.each_in_turn") + "###caveats_each";
  buttons.Place(each);
  if (ImGui::Button(each.c_str())) {
    // Asked for before the prediction is answered, the results count as a skip (which shows them).
    if (lesson::Asking(state, lesson::Question::CaveatsRemoval)) {
      lesson::SkipPrediction(state, lesson::Question::CaveatsRemoval, TakeAnswerTime(ctx, AnswerClock(lesson::Question::CaveatsRemoval)));
    } else {
      lesson::SetEachInTurnShown(scene, !scene.each_in_turn_shown);
    }
  }
  RecordItem(ctx, "caveats.each_in_turn");
  const std::string put_back = T("caveats.put_all_back") + "###caveats_put_all_back";
  buttons.Place(put_back);
  const bool any_removed = std::any_of(scene.removed.begin(), scene.removed.end(), [](bool r) { return r; });
  ImGui::BeginDisabled(!any_removed);
  if (ImGui::Button(put_back.c_str())) lesson::RestoreAll(scene);
  ImGui::EndDisabled();
  RecordItem(ctx, "caveats.put_all_back");
  // Every word removed: nothing to combine, and what to do about it.
  if (lesson::RunCaveats(scene).a.combination.empty) {
    WrappedColored(T("caveats.output_none"), ctx.palette.second);
    RecordItem(ctx, "caveats.output_none");
  }
}

// [SECTION] Test 2: the second layer's slider and output

// Test 2 on demand, under its title as a header (open for the walkthrough when it points at it).
void DrawLayer2(Context& ctx, lesson::LessonState& state) {
  lesson::CaveatsScene& scene = state.caveats;
  if (IsHighlighted(state, "caveats.layer2")) scene.test2_open = true;
  scene.test2_open = Header(ctx, T("caveats.test2"), "caveats.test2", &scene.test2_open);
  if (!scene.test2_open) return;
  BeginHighlightGroup();
  FullWidth();
  WrappedBold(ctx, T("caveats.layer2_title"));
  double weight_b = scene.layer2_weight_b;
  const std::string format = LiteralFormat(T("caveats.layer2_slider")) + " %.2f";
  // As wide as the picture's words on a desktop, the whole width on a phone.
  const float avail = ImGui::GetContentRegionAvail().x;
  ImGui::PushItemWidth(avail >= kWideTable ? std::floor(avail * 0.55f) : -FLT_MIN);
  if (SliderNumber(ctx, "##caveats_layer2_weight", "caveats.layer2_weight", T("caveats.layer2_slider"), &weight_b, 0.0,
                   1.0, format.c_str())) {
    lesson::SetLayer2WeightB(scene, std::round(weight_b * 100.0) / 100.0);
  }
  ImGui::PopItemWidth();
  const lesson::CaveatsPass now = lesson::RunCaveats(scene);
  WrappedBold(ctx, T("caveats.final") + " " + lesson::LocalArithmetic(attention::FormatCombination(now.final_output)),
              ctx.palette.output);
  RecordItem(ctx, "caveats.final");
  EndHighlightGroup(ctx, state, "caveats.layer2");
}

// [SECTION] Show the numbers

std::string RemovedList(const lesson::CaveatsScene& scene) {
  std::string out;
  for (int j = 0; j < kCaveatsPositions; ++j) {
    if (!scene.removed[static_cast<size_t>(j)]) continue;
    if (!out.empty()) out += ", ";
    out += Quoted(Word(j));
  }
  return out;
}

void DrawOutputSentence(Context& ctx, const lesson::CaveatsScene& scene, const lesson::CaveatsPass& full,
                        const lesson::CaveatsPass& now) {
  if (now.a.combination.empty) {
    WrappedColored(T("caveats.output_none"), ctx.palette.second);
    RecordItem(ctx, "caveats.output_words");
    return;
  }
  const lesson::OutputChange change = lesson::Change(full.a.combination, now.a.combination);
  const std::string removed = RemovedList(scene);
  std::string sentence;
  if (removed.empty()) {
    sentence = Fill(T("caveats.output_full"), {{"output", Num(full.a.combination.output)}});
  } else {
    sentence = Fill(T("caveats.output_now"), {{"removed", removed},
                                              {"now", Num(now.a.combination.output)},
                                              {"before", Num(full.a.combination.output)},
                                              {"change", Num(change.change)}});
  }
  WrappedBold(ctx, sentence);
  RecordItem(ctx, "caveats.output_words");
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

// Test 1 in numbers: each word's value, score, weight and how far removing it alone moves the
// output; the sum now; what the test found and why.
void DrawTest1Numbers(Context& ctx, const lesson::CaveatsScene& scene) {
  const Palette& palette = ctx.palette;
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const lesson::CaveatsPass now = lesson::RunCaveats(scene);
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  WrappedBold(ctx, T("caveats.layer1_title"));
  Wrapped(T("caveats.remove_how"));
  const double largest = LargestChange(rows, false);
  const std::vector<Column> columns = {{T("caveats.col_value"), T("caveats.value_label")},
                                       {T("caveats.col_score"), T("caveats.score_label")},
                                       {T("caveats.col_weight"), T("caveats.weight_label")},
                                       {T("caveats.col_change"), T("caveats.change_label")}};
  std::vector<Row> table;
  for (const lesson::AblationRow& row : rows) {
    const size_t at = static_cast<size_t>(row.position);
    Row out;
    out.position = row.position;
    out.removed = scene.removed[at];
    std::vector<Cell> cells{TextCell(Num(row.value)), TextCell(Num(scene.scores_a[at])),
                            BarCell(row.weight_a, Num(row.weight_a), CaveatsWordColor(ctx, row.position)),
                            ChangeCell(row.change_a, largest, scene.each_in_turn_shown, palette.output)};
    out.cells = std::move(cells);
    table.push_back(out);
  }
  DrawRows(ctx, "test1", columns, table);
  ImGui::PushFont(ctx.fonts.bold);
  Paragraph(lesson::LocalArithmetic(attention::FormatCombination(now.a.combination)), palette.output);
  ImGui::PopFont();
  RecordItem(ctx, "caveats.arithmetic");
  DrawOutputSentence(ctx, scene, full, now);
  if (scene.each_in_turn_shown) DrawFinding(ctx, scene, full, rows, lesson::Summarize(rows));
  WrappedColored(T("caveats.why"), palette.muted);
  RecordItem(ctx, "caveats.why");
}

// Test 2 in numbers: query B, layer 2's weights, each word's share of the final output and how far
// removing it alone moves the final output.
void DrawTest2Numbers(Context& ctx, const lesson::CaveatsScene& scene) {
  const Palette& palette = ctx.palette;
  const lesson::CaveatsPass full = lesson::RunCaveatsFull(scene);
  const lesson::CaveatsQuery b_now = lesson::RunCaveats(scene).b;
  const lesson::CaveatsAblation rows = lesson::AblateEachInTurn(scene);
  const lesson::AblationSummary summary = lesson::Summarize(rows);
  WrappedBold(ctx, T("caveats.layer2_title"));
  Wrapped(Fill(T("caveats.layer2_intro"), {{"b_top", Word(LargestWeight(full.b.weights))}}));
  if (b_now.combination.empty) {
    Wrapped(T("caveats.b_none"));
  } else {
    Wrapped(
        Fill(T("caveats.b_weights"), {{"weights", QueryWeights(b_now)}, {"output", Num(b_now.combination.output)}}));
  }
  Wrapped(
      Fill(T("caveats.layer2_split"), {{"a", Num(1.0 - scene.layer2_weight_b)}, {"b", Num(scene.layer2_weight_b)}}));
  const double largest = LargestChange(rows, true);
  const std::vector<Column> columns = {{T("caveats.col_weight_a"), T("caveats.weight_a_label")},
                                       {T("caveats.col_share"), T("caveats.share_label")},
                                       {T("caveats.col_final_change"), T("caveats.final_change_label")}};
  std::vector<Row> table;
  for (const lesson::AblationRow& row : rows) {
    Row out;
    out.position = row.position;
    out.removed = scene.removed[static_cast<size_t>(row.position)];
    const ImU32 color = CaveatsWordColor(ctx, row.position);
    std::vector<Cell> cells{BarCell(row.weight_a, Num(row.weight_a), color),
                            BarCell(row.share_final, Num(row.share_final), color),
                            ChangeCell(row.change_final, largest, scene.each_in_turn_shown, palette.output)};
    out.cells = std::move(cells);
    table.push_back(out);
  }
  DrawRows(ctx, "test2", columns, table);
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
}

// "Show the numbers": opened by its header or a link (caveats.numbers).
void DrawNumbers(Context& ctx, lesson::LessonState& state) {
  bool& open = state.caveats.numbers_open;
  open = Header(ctx, T("caveats.numbers"), "caveats.numbers", &open);
  if (!open) return;
  DrawTest1Numbers(ctx, state.caveats);
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  DrawTest2Numbers(ctx, state.caveats);
  ImGui::Spacing();
}

// [SECTION] About this scene: the caution

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

// "About this scene": the scene's title and introduction, and the caution; open while a
// walkthrough step points at the caution.
void DrawAbout(Context& ctx, const lesson::LessonState& state) {
  const bool show_caution = IsHighlighted(state, "caveats.caution");
  const bool force = true;
  if (!Header(ctx, T("caveats.about"), "caveats.about", show_caution ? &force : nullptr)) return;
  WrappedBold(ctx, T("caveats.title"));
  Wrapped(T("caveats.intro"));
  DrawCaution(ctx, state);
  ImGui::Spacing();
}

}  // namespace

// [SECTION] Panel

void DrawCaveatsPanel(lesson::LessonState& state, Context& ctx) {
  ImGui::PushID("caveats");
  DrawQuestionOrCaption(state, ctx, lesson::Question::CaveatsRemoval, T("caveats.caption"));

  BeginHighlightGroup();
  DrawCaveatsFigure(state, ctx, true, false);
  DrawAnswerOrReveal(state, ctx, lesson::Question::CaveatsRemoval);
  DrawTestButtons(ctx, state);
  EndHighlightGroup(ctx, state, "caveats.ablation");
  ImGui::Spacing();
  DrawLayer2(ctx, state);
  ImGui::Spacing();

  DrawNumbers(ctx, state);
  DrawAbout(ctx, state);

  const std::string reset = T("caveats.reset") + "###caveats_reset";
  if (ImGui::Button(reset.c_str())) lesson::ResetCaveatsScene(state.caveats);
  RecordItem(ctx, "caveats.reset");
  ImGui::PopID();
}

const ScenePanel kCaveatsPanel = {DrawCaveatsPanel, DrawCaveatsPicture, DrawCaveatsQuizPicture};

}  // namespace ui
