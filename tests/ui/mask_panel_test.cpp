// The Mask panel driven with real mouse and keyboard input through a headless ImGui context.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/lesson_state.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/item_registry.h"
#include "ui/mask_panel.h"
#include "ui/mask_picture.h"
#include "ui/theme.h"
#include "ui/widget.h"
#include "ui_harness.h"

namespace {

using ui_test::FigureOf;
using ui_test::UiHarness;

// The panel alone in a window filling the screen, as the widget holds it.
UiHarness::DrawFn Panel(lesson::LessonState& state, ui::Context& ctx) {
  // The real words, so the layout (label and paragraph widths) is the one learners see.
  static const bool text_loaded = [] {
    lesson::LoadBuiltInText(lesson::LessonText());
    return true;
  }();
  (void)text_loaded;
  return [&state, &ctx] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("mask panel test", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    ui::DrawMaskPanel(state, ctx);
    ImGui::End();
  };
}

std::string Cell(int row, int col) { return "mask.cell." + std::to_string(row) + "." + std::to_string(col); }

ImVec2 CellCenter(const UiHarness& ui, int row, int col) { return ui.Item(Cell(row, col).c_str()).Center(); }

double Weight(const lesson::LessonState& state, int row, int col) {
  return lesson::MaskWeights(state.mask).weights(row, col);
}

std::string Named(const char* prefix, int i) { return prefix + std::to_string(i); }

// How thick the line view's line to `key` is drawn: the height of its end.
float Thickness(const UiHarness& ui, int key) {
  const ui::ItemRect end = ui.Item(Named("mask.line.", key).c_str());
  return end.max.y - end.min.y;
}

// The thickness of a line of weight 1, at the line view's row pitch.
float LineScale(const UiHarness& ui) {
  return ui::MaskLineScale(ui.Item("mask.key.1").Center().y - ui.Item("mask.key.0").Center().y);
}

std::string TokenAt(int position) {
  return lesson::Fill(lesson::T("mirror.position"),
                      {{"token", lesson::MaskToken(position)}, {"pos", std::to_string(position + 1)}});
}

}  // namespace

TEST_CASE("clicking a heatmap cell with the mouse masks it and its row renormalizes") {
  UiHarness ui;
  lesson::LessonState state;
  state.scene = lesson::Scene::Mask;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // Row cat with the causal mask: the 0.33, cat 0.67 (1 / (1 + e^(1/√2)) = 0.33).
  REQUIRE(Weight(state, 1, 0) == doctest::Approx(0.33024).epsilon(1e-4));

  ui.Click(CellCenter(ui, 1, 0), draw);
  CHECK(lesson::MaskedBy(state.mask, 1, 0).learner);
  CHECK(Weight(state, 1, 0) == 0.0);
  CHECK(Weight(state, 1, 1) == doctest::Approx(1.0));
  CHECK_FALSE(lesson::MaskedBy(state.mask, 1, 1).learner);

  ui.Click(CellCenter(ui, 1, 0), draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 1, 0).learner);
  CHECK(Weight(state, 1, 0) == doctest::Approx(0.33024).epsilon(1e-4));
}

TEST_CASE("clicking the only open cell of a row leaves the row empty") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 0, 0), draw);
  const attention::Result result = lesson::MaskWeights(state.mask);
  CHECK(result.RowIsEmpty(0));
  CHECK(result.empty_rows.size() == 1);
  // The empty row's cells are still there to click: unmasking brings the row back.
  ui.Click(CellCenter(ui, 0, 0), draw);
  CHECK(lesson::MaskWeights(state.mask).empty_rows.empty());
}

TEST_CASE("clicking a cell the causal mask hides changes nothing and leaves a note") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 2, 5), draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 2, 5).learner);
  CHECK(state.mask.refused_row == 2);
  CHECK(state.mask.refused_col == 5);
}

TEST_CASE("heatmap cells are reached with the arrow keys and toggled with Enter and Space") {
  UiHarness ui;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // A click masks cell (2, 2) and gives it the focus; from there the keyboard takes over.
  ui.Click(CellCenter(ui, 2, 2), draw);
  REQUIRE(lesson::MaskedBy(state.mask, 2, 2).learner);

  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK(lesson::MaskedBy(state.mask, 2, 3).learner);
  CHECK(Weight(state, 2, 3) == 0.0);

  ui.PressKey(ImGuiKey_LeftArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 2, 2).learner);
  CHECK(Weight(state, 2, 2) > 0.0);

  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(lesson::MaskedBy(state.mask, 3, 2).learner);

  // Exactly the two cells the keys pointed at are masked.
  int masked = 0;
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = 0; col < lesson::kMaskTokenCount; ++col) masked += lesson::MaskedBy(state.mask, row, col).learner;
  }
  CHECK(masked == 2);
}

TEST_CASE("a keyboard press on a cell the causal mask hides is refused like a click") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 4, 4), draw);
  REQUIRE(lesson::MaskedBy(state.mask, 4, 4).learner);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 4, 5).learner);
  CHECK(state.mask.refused_row == 4);
  CHECK(state.mask.refused_col == 5);
}

TEST_CASE("the causal and padding checkboxes switch their masks") {
  UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the masks alone (prediction_panel_test asks which keys the causal one cuts)
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(Weight(state, 0, 7) > 0.0);

  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  CHECK(state.mask.causal);
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    for (int col = row + 1; col < lesson::kMaskTokenCount; ++col) CHECK(Weight(state, row, col) == 0.0);
  }
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  CHECK_FALSE(state.mask.causal);
  CHECK(Weight(state, 0, 1) > 0.0);

  ui.Click(ui.Item("mask.padding.checkbox").Center(), draw);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 0, 6) == 0.0);
  CHECK(Weight(state, 0, 7) == 0.0);
  CHECK(Weight(state, 0, 5) > 0.0);
}

TEST_CASE("the causal and padding checkboxes are operated with the arrow keys and Space") {
  UiHarness ui;
  lesson::LessonState state;
  state.predictions.ask = false;  // the masks alone (prediction_panel_test asks which keys the causal one cuts)
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  // A click switches the causal mask on and focuses its checkbox; the padding one is beside it.
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  REQUIRE(state.mask.causal);
  ui.PressKey(ImGuiKey_RightArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 3, 6) == 0.0);
  ui.PressKey(ImGuiKey_LeftArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK_FALSE(state.mask.causal);
  CHECK(state.mask.padding);
  CHECK(Weight(state, 0, 1) > 0.0);
}

TEST_CASE("the future demonstration opens, moves its position and flips the causal mask") {
  UiHarness ui(1280.0f, 1600.0f);  // it sits under the picture: tall enough to show it whole
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK_FALSE(ui.Has("mask.future.next"));
  ui.Click(ui.Item("mask.future.toggle").Center(), draw);
  REQUIRE(state.mask.future_demo);
  ui.Frame(draw);
  ui.Click(ui.Item("mask.future.next").Center(), draw);
  CHECK(state.mask.future_row == 1);
  ui.Click(ui.Item("mask.future.prev").Center(), draw);
  ui.Click(ui.Item("mask.future.prev").Center(), draw);
  CHECK(state.mask.future_row == 0);

  // Row "the" gives "cat" weight 0.34 without the causal mask (16.919 / 49.178), 0 with it.
  CHECK(lesson::LookAhead(state.mask, lesson::MaskWeights(state.mask)).next_weight ==
        doctest::Approx(0.34404).epsilon(1e-4));
  ui.Click(ui.Item("mask.future.causal").Center(), draw);
  CHECK(state.mask.causal);
  CHECK(lesson::LookAhead(state.mask, lesson::MaskWeights(state.mask)).next_weight == 0.0);
}

TEST_CASE("the reset button restores the scene's defaults") {
  UiHarness ui;
  lesson::LessonState state;
  lesson::SetCausal(state.mask, true);
  lesson::SetPadding(state.mask, true);
  lesson::ToggleCell(state.mask, 3, 1);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(ui.Item("mask.reset").Center(), draw);
  CHECK_FALSE(state.mask.causal);
  CHECK_FALSE(state.mask.padding);
  CHECK_FALSE(lesson::MaskedBy(state.mask, 3, 1).learner);
}

TEST_CASE("at 360 px wide the whole 8 by 8 heatmap fits in the window") {
  UiHarness ui(360.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect heatmap = ui.Item("mask.heatmap");
  CHECK(heatmap.min.x >= 0.0f);
  CHECK(heatmap.max.x <= 360.0f);
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    const ui::ItemRect last = ui.Item(Cell(row, lesson::kMaskTokenCount - 1).c_str());
    CHECK(last.max.x <= 360.0f);
    const ui::ItemRect first = ui.Item(Cell(row, 0).c_str());
    CHECK(first.max.x - first.min.x >= 30.0f);  // still a target a finger can hit
  }
  // And a cell at the far right is still clickable.
  ui.Click(CellCenter(ui, 5, 7), draw);
  CHECK(lesson::MaskedBy(state.mask, 5, 7).learner);
}

TEST_CASE("at 320 px the heatmap fits; narrower it scrolls sideways in its own region and still works") {
  {
    UiHarness ui(320.0f, 1600.0f);
    lesson::LessonState state;
    state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
    const auto draw = Panel(state, ui.ctx);
    ui.Frames(2, draw);
    CHECK(ui.Item(Cell(0, lesson::kMaskTokenCount - 1).c_str()).max.x <= 320.0f);
  }
  UiHarness ui(240.0f, 1600.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect first = ui.Item(Cell(0, 0).c_str());
  const ui::ItemRect last = ui.Item(Cell(0, lesson::kMaskTokenCount - 1).c_str());
  CHECK(last.max.x > 240.0f);                    // wider than the window: it scrolls
  CHECK(first.max.x - first.min.x >= 26.0f);     // cells never shrink below 26 px (WCAG 2.5.8 asks 24)
  CHECK(ui.Item("mask.reset").max.x <= 240.0f);  // the rest of the panel keeps the window's width
  ui.Click(first.Center(), draw);
  CHECK(lesson::MaskedBy(state.mask, 0, 0).learner);
}

TEST_CASE("on a wide screen the heatmap keeps readable cells and the line view sits beside it, row by row") {
  UiHarness ui(1600.0f, 900.0f);
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  const ui::ItemRect cell = ui.Item(Cell(0, 0).c_str());
  CHECK(cell.max.x - cell.min.x <= 64.0f);
  const ui::ItemRect heatmap = ui.Item("mask.heatmap");
  const ui::ItemRect lines = ui.Item("mask.lines");
  CHECK(lines.min.x > heatmap.max.x);
  CHECK(lines.min.y < heatmap.max.y);
  // Each query token on the level of its row of the heatmap.
  for (int row = 0; row < lesson::kMaskTokenCount; ++row) {
    CAPTURE(row);
    CHECK(ui.Item(("mask.query." + std::to_string(row)).c_str()).Center().y ==
          doctest::Approx(CellCenter(ui, row, 0).y).epsilon(0.01));
  }
}

// [SECTION] The picture: the line view beside (or over) the heatmap

TEST_CASE("the line view draws a line from the chosen query to each key, as thick as its weight") {
  UiHarness ui(390.0f, 1600.0f);
  ui.ctx.reduced_motion = true;
  lesson::LessonState state;
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  REQUIRE(state.mask.query == lesson::kMaskDefaultQuery);
  const int query = state.mask.query;
  const float scale = LineScale(ui);
  CHECK(scale >= 12.0f);  // a line of weight 1 is as thick as a word is tall, near enough
  int thickest = 0;
  for (int key = 0; key < lesson::kMaskTokenCount; ++key) {
    CAPTURE(key);
    CHECK(Thickness(ui, key) == doctest::Approx(Weight(state, query, key) * static_cast<double>(scale)).epsilon(1e-3));
    CHECK_FALSE(ui.Has(Named("mask.cut.", key).c_str()));
    if (Thickness(ui, key) > Thickness(ui, thickest)) thickest = key;
  }
  // "sat" draws most on "mat", a later word: the line the causal mask will cut.
  CHECK(lesson::MaskToken(thickest) == lesson::T("mask.token6"));
  // Each line ends at its key, on the key's row.
  for (int key = 0; key < lesson::kMaskTokenCount; ++key) {
    const ui::ItemRect end = ui.Item(Named("mask.line.", key).c_str());
    const ui::ItemRect token = ui.Item(Named("mask.key.", key).c_str());
    CHECK(end.max.x <= token.min.x + 0.5f);
    CHECK(end.Center().y == doctest::Approx(token.Center().y).epsilon(0.01));
  }
}

TEST_CASE("switching a mask on cuts the lines to the keys it hides and eases the rest to their new thickness") {
  ui_test::LoadLessonText();
  UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  state.scene = lesson::Scene::Mask;
  const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };  // with the widget's clock for motion
  ui.Frames(2, draw);
  const int query = state.mask.query;
  std::vector<float> before;
  for (int key = 0; key < lesson::kMaskTokenCount; ++key) before.push_back(Thickness(ui, key));

  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  REQUIRE(state.mask.causal);
  ui.Frames(2, draw);
  CHECK(ui.ctx.moving);
  const float scale = LineScale(ui);
  // On its way: thicker than before, not yet as thick as its new weight.
  const float moving = Thickness(ui, 1);
  CHECK(moving > before[1]);
  CHECK(static_cast<double>(moving) < Weight(state, query, 1) * static_cast<double>(scale) - 0.1);
  ui.Frames(30, draw);
  CHECK_FALSE(ui.ctx.moving);
  for (int key = 0; key < lesson::kMaskTokenCount; ++key) {
    CAPTURE(key);
    if (key <= query) {
      CHECK(Thickness(ui, key) == doctest::Approx(Weight(state, query, key) * static_cast<double>(scale)).epsilon(1e-3));
      CHECK(Thickness(ui, key) > before[static_cast<size_t>(key)]);
      CHECK_FALSE(ui.Has(Named("mask.cut.", key).c_str()));
    } else {
      CHECK_FALSE(ui.Has(Named("mask.line.", key).c_str()));  // cut: no line
      CHECK(ui.Has(Named("mask.cut.", key).c_str()));         // but a mark where it was
    }
  }
}

TEST_CASE("choosing a query token by click or keyboard redraws the lines from it and outlines its row") {
  UiHarness ui(390.0f, 1600.0f);
  ui.ctx.reduced_motion = true;
  lesson::LessonState state;
  state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
  lesson::SetPadding(state.mask, true);
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  CHECK(ui.Item("mask.row").min.y == doctest::Approx(ui.Item(Cell(state.mask.query, 0).c_str()).min.y));

  ui.Click(ui.Item("mask.query.5").Center(), draw);
  REQUIRE(state.mask.query == 5);
  ui.Frame(draw);
  CHECK(ui.Item("mask.row").min.y == doctest::Approx(ui.Item(Cell(5, 0).c_str()).min.y));
  const float scale = LineScale(ui);
  for (int key = 0; key < lesson::kMaskWordCount; ++key) {
    CAPTURE(key);
    CHECK(Thickness(ui, key) == doctest::Approx(Weight(state, 5, key) * static_cast<double>(scale)).epsilon(1e-3));
  }
  for (int key = lesson::kMaskWordCount; key < lesson::kMaskTokenCount; ++key) {
    CHECK_FALSE(ui.Has(Named("mask.line.", key).c_str()));  // <pad>, cut by the padding mask
  }

  // The click gave the token the focus: Down moves to the next token, Space chooses it.
  ui.PressKey(ImGuiKey_DownArrow, draw);
  ui.PressKey(ImGuiKey_Space, draw);
  CHECK(state.mask.query == 6);
  ui.Frame(draw);
  CHECK(ui.Item("mask.row").min.y == doctest::Approx(ui.Item(Cell(6, 0).c_str()).min.y));
  ui.PressKey(ImGuiKey_UpArrow, draw);
  ui.PressKey(ImGuiKey_UpArrow, draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  CHECK(state.mask.query == 4);
}

TEST_CASE("masking a cell shows that row's lines, with the masked key's line cut") {
  UiHarness ui(390.0f, 1600.0f);
  ui.ctx.reduced_motion = true;
  lesson::LessonState state;
  state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
  const auto draw = Panel(state, ui.ctx);
  ui.Frames(2, draw);
  ui.Click(CellCenter(ui, 6, 3), draw);
  REQUIRE(lesson::MaskedBy(state.mask, 6, 3).learner);
  CHECK(state.mask.query == 6);
  ui.Frame(draw);
  CHECK_FALSE(ui.Has("mask.line.3"));
  CHECK(ui.Has("mask.cut.3"));
  CHECK(ui.Has("mask.line.2"));
}

TEST_CASE("the picture is announced once, before its controls, as a figure that says its numbers") {
  for (const char* locale : {"en", "es"}) {
    CAPTURE(locale);
    UiHarness ui(390.0f, 844.0f);
    ui_test::UseWords(locale);
    lesson::LessonState state;
    state.predictions.ask = false;  // the heatmap: on a phone it waits for the question's reveal
    state.scene = lesson::Scene::Mask;
    const auto draw = [&] { ui::DrawWidget(state, ui.ctx); };
    ui.Frames(3, draw);
    int figures = 0;
    int radios = 0;
    int checked = 0;
    size_t figure_at = 0;
    size_t first_control = ui.ctx.access.nodes.size();
    for (size_t i = 0; i < ui.ctx.access.nodes.size(); ++i) {
      const ui::AccessNode& node = ui.ctx.access.nodes[i];
      if (node.role == ui::AccessRole::Figure) {
        ++figures;
        figure_at = i;
      }
      if (node.role == ui::AccessRole::Radio) {
        ++radios;
        checked += node.checked == 1 ? 1 : 0;
      }
      if ((node.role == ui::AccessRole::Radio || node.role == ui::AccessRole::Cell) && first_control > i) first_control = i;
    }
    CHECK(figures == 1);
    CHECK(figure_at < first_control);
    CHECK(radios == lesson::kMaskTokenCount);  // the query tokens, a radio group
    CHECK(checked == 1);
    const ui::AccessNode* figure = FigureOf(ui.ctx);
    REQUIRE(figure != nullptr);
    CAPTURE(figure->name);
    // "sat" (position 3) draws most on "mat" (position 6), 0.37.
    const int query = state.mask.query;
    CHECK(figure->name.find(TokenAt(query)) != std::string::npos);
    CHECK(figure->name.find(TokenAt(5)) != std::string::npos);
    CHECK(figure->name.find(lesson::Num(Weight(state, query, 5), 2)) != std::string::npos);
    CHECK(figure->name.find('[') == std::string::npos);
    CHECK(figure->name.find('{') == std::string::npos);
    const ui::ItemRect picture = ui.Item("mask.picture");
    CHECK(figure->min.y == picture.min.y);
    CHECK(figure->max.y == picture.max.y);
    // The hero starts near the widget's top on a phone, the line view on top of the heatmap.
    CHECK(picture.min.y <= 120.0f);
    CHECK(ui.Item("mask.lines").min.y == doctest::Approx(picture.min.y));
    CHECK(ui.Item("mask.lines").max.y <= ui.Item("mask.heatmap").min.y);
    CHECK(ui.Item("mask.heatmap").max.y <= picture.max.y + 0.5f);

    // It says what it shows now: with the causal mask, "mat" is cut and "cat" and "sat" share the weight.
    lesson::SetCausal(state.mask, true);
    ui.Frames(2, draw);
    const ui::AccessNode* masked = FigureOf(ui.ctx);
    REQUIRE(masked != nullptr);
    const std::string& now = masked->name;
    CAPTURE(now);
    const std::string cut = lesson::Fill(lesson::T("mask.figure_cut"), {{"keys", ""}});
    CHECK(now.find(cut.substr(0, cut.size() - 2)) != std::string::npos);
    CHECK(now.find(TokenAt(5)) != std::string::npos);
    CHECK(now.find(lesson::Num(Weight(state, query, 1), 2)) != std::string::npos);
  }
  ui_test::LoadLessonText();
}

TEST_CASE("the scene opens with one caption over the picture, the masks under it, and the notes closed") {
  ui_test::LoadLessonText();
  UiHarness ui(390.0f, 3000.0f);
  lesson::LessonState state;
  state.predictions.ask = false;  // the masks alone (prediction_panel_test asks which keys the causal one cuts)
  const auto draw = ui_test::InFullWindow(ui.ctx, "mask", [&] { ui::DrawMaskPanel(state, ui.ctx); });
  ui.Frames(3, draw);
  const ui::ItemRect picture = ui.Item("mask.picture");
  CHECK(ui.Item("mask.causal").min.y >= picture.max.y);
  CHECK(ui.Item("mask.causal").min.y - picture.max.y <= 24.0f);  // the controls stay close to the picture
  CHECK(ui.Item("mask.padding").min.y > ui.Item("mask.causal").min.y);
  const float closed = ui.Item("mask.reset").max.y;
  ui.Click(ui.Item("mask.about").Center(), draw);
  ui.Frames(2, draw);
  CHECK(ui.Item("mask.reset").max.y > closed + 10.0f * ImGui::GetTextLineHeight());
}

TEST_CASE("each token keeps one colour: both \"the\" share theirs, the words differ, <pad> is muted") {
  UiHarness ui;
  std::set<ImU32> words;
  for (int position = 0; position < lesson::kMaskWordCount; ++position) words.insert(ui::MaskTokenColor(ui.ctx, position));
  CHECK(words.size() == 5);  // the, cat, sat, on, mat
  CHECK(ui::MaskTokenColor(ui.ctx, 0) == ui::MaskTokenColor(ui.ctx, 4));
  CHECK(ui::MaskTokenColor(ui.ctx, 6) == ui.ctx.palette.muted);
  CHECK(ui::MaskTokenColor(ui.ctx, 7) == ui.ctx.palette.muted);
  for (const ImU32 color : words) CHECK(color != ui.ctx.palette.muted);
}

TEST_CASE("the picture alone, as the walkthrough shows it, holds the parts its steps point at, outlined") {
  ui_test::LoadLessonText();
  for (const char* part : {"mask.heatmap", "mask.causal", "mask.padding", "mask.lines"}) {
    CAPTURE(part);
    UiHarness ui(390.0f, 1600.0f);
    lesson::LessonState state;
    state.highlight = part;
    const auto draw = ui_test::InFullWindow(ui.ctx, "step", [&] { ui::DrawMaskPicture(state, ui.ctx); });
    ui.Frames(2, draw);
    CHECK(ui.Has("mask.picture"));
    CHECK(ui.Has(part));
    CHECK_FALSE(ui.Has("mask.reset"));  // the picture and its controls, not the panel's notes
    // The walkthrough's outline is drawn around the part: a line of the highlight colour.
    bool outlined = false;
    const ui::ItemRect rect = ui.Item(part);
    for (const ImDrawList* list : ImGui::GetDrawData()->CmdLists) {
      for (const ImDrawVert& v : list->VtxBuffer) {
        outlined = outlined || (v.col == ui.ctx.palette.highlight && v.pos.y < rect.min.y && v.pos.y > rect.min.y - 8.0f);
      }
    }
    CHECK(outlined);
  }
  // Clicking the causal toggle there switches the mask, as in the panel.
  UiHarness ui(390.0f, 1600.0f);
  lesson::LessonState state;
  const auto draw = ui_test::InFullWindow(ui.ctx, "step", [&] { ui::DrawMaskPicture(state, ui.ctx); });
  ui.Frames(2, draw);
  ui.Click(ui.Item("mask.causal.checkbox").Center(), draw);
  CHECK(state.mask.causal);
}
