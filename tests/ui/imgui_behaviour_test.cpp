// What the widget relies on Dear ImGui to do, and one thing it works around: input that comes
// faster than frames (a click, a key or a Ctrl+click within one frame, as the browser and SDL
// deliver them between two frames) still reaches the widgets, and ImGui's word wrap may split a
// number after its decimal point, which ui::Paragraph never does.

#include <doctest/doctest.h>

#include <algorithm>
#include <cfloat>
#include <functional>
#include <string>

#include <imgui.h>

#include "lesson/builtin_text.h"
#include "lesson/text_store.h"
#include "ui/item_registry.h"
#include "ui/number_field.h"
#include "ui/text_layout.h"
#include "ui_harness.h"

using ui_test::UiHarness;

namespace {

UiHarness::DrawFn In(ui::Context& ctx, std::function<void()> draw_body) {
  return [&ctx, draw_body] {
    ui::ClearItems(ctx);
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    draw_body();
    ImGui::End();
  };
}

}  // namespace

TEST_CASE("a click whose press and release arrive within one frame still presses a button") {
  ui_test::LoadLessonText();
  UiHarness ui;
  int presses = 0;
  const auto draw = In(ui.ctx, [&] {
    if (ImGui::Button("Press")) ++presses;
    ui::RecordItem(ui.ctx, "button");
  });
  ui.Frames(2, draw);
  const ImVec2 at = ui.Item("button").Center();
  ImGuiIO& io = ImGui::GetIO();
  io.AddMousePosEvent(at.x, at.y);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  ui.Frames(4, draw);
  CHECK(presses == 1);
  CHECK_FALSE(ImGui::IsMouseDown(ImGuiMouseButton_Left));
}

TEST_CASE("a key pressed and released within one frame is seen pressed once") {
  ui_test::LoadLessonText();
  UiHarness ui;
  int pressed_frames = 0;
  const auto draw = In(ui.ctx, [&] {
    if (ImGui::IsKeyPressed(ImGuiKey_R, false)) ++pressed_frames;
  });
  ui.Frames(2, draw);
  ImGuiIO& io = ImGui::GetIO();
  io.AddKeyEvent(ImGuiKey_R, true);
  io.AddKeyEvent(ImGuiKey_R, false);
  ui.Frames(4, draw);
  CHECK(pressed_frames == 1);
  CHECK_FALSE(ImGui::IsKeyDown(ImGuiKey_R));
}

TEST_CASE("Ctrl let go in the frame of the click still makes a Ctrl+click that opens a slider's box") {
  ui_test::LoadLessonText();
  UiHarness ui;
  double value = 0.25;
  const auto draw = In(ui.ctx, [&] { ui::SliderNumber(ui.ctx, "##n", "number", "A number", &value, 0.0, 1.0, "%.2f"); });
  ui.Frames(2, draw);
  const ImVec2 at = ui.Item("number").Center();
  ImGuiIO& io = ImGui::GetIO();
  io.AddKeyEvent(ImGuiMod_Ctrl, true);
  io.AddMousePosEvent(at.x, at.y);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, true);
  io.AddMouseButtonEvent(ImGuiMouseButton_Left, false);
  io.AddKeyEvent(ImGuiMod_Ctrl, false);
  ui.Frames(4, draw);
  CHECK(value == 0.25);  // a plain click on the slider would have moved the value to the pointer
  ui.PressKey(ImGuiKey_A, draw, /*ctrl=*/true);
  ui.Type("0.75", draw);
  ui.PressKey(ImGuiKey_Enter, draw);
  ui.Frame(draw);
  CHECK(value == 0.75);
}

TEST_CASE("ImGui's word wrap may break a number after its decimal point; Paragraph breaks at spaces") {
  ui_test::LoadLessonText();
  UiHarness ui;
  const std::string text = "weight 0.34";
  const ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
  const float size = font->FontSize;
  const float fits_up_to_point = font->CalcTextSizeA(size, FLT_MAX, 0.0f, "weight 0.").x + 1.0f;
  const char* imgui_break =
      font->CalcWordWrapPositionA(1.0f, text.c_str(), text.c_str() + text.size(), fits_up_to_point);
  // If this fails, ImGui no longer splits numbers and Paragraph could give way to TextWrapped.
  CHECK(std::string(text.c_str(), imgui_break) == "weight 0.");

  ImVec2 paragraph_size;
  float widest_word = 0.0f;
  float line_height = 0.0f;
  const auto draw = In(ui.ctx, [&] {
    ImGui::PushFont(const_cast<ImFont*>(font));
    ui::Paragraph(text, fits_up_to_point);
    paragraph_size = ImGui::GetItemRectSize();
    widest_word = std::max(ImGui::CalcTextSize("weight").x, ImGui::CalcTextSize("0.34").x);
    line_height = ImGui::GetTextLineHeight();
    ImGui::PopFont();
  });
  ui.Frames(2, draw);
  CHECK(paragraph_size.x <= widest_word + 0.5f);  // "weight" / "0.34", never "weight 0." / "34"
  CHECK(paragraph_size.y > line_height * 1.5f);
}

TEST_CASE("Paragraph lays its lines out to a wrap position the caller pushed, so none breaks twice") {
  ui_test::LoadLessonText();
  UiHarness ui;
  // Fifteen words of one width, three to a line at the wrap position: five lines. Laid out to the
  // region's width instead (four words), ImGui would break each line again at the wrap position,
  // leaving one word alone on every second line: seven lines.
  std::string text = "word";
  for (int i = 1; i < 15; ++i) text += " word";
  float wrap_width = 0.0f;
  float line_height = 0.0f;
  ImVec2 size;
  const auto draw = In(ui.ctx, [&] {
    wrap_width = ImGui::CalcTextSize("word word word").x + 2.0f;
    line_height = ImGui::GetTextLineHeight();
    // The region is wider than the wrap position, as the quick check's column is on a desktop.
    ImGui::BeginChild("region", ImVec2(wrap_width * 1.4f, line_height * 12.0f));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap_width);
    ui::Paragraph(text);
    ImGui::PopTextWrapPos();
    size = ImGui::GetItemRectSize();
    ImGui::EndChild();
  });
  ui.Frames(2, draw);
  CHECK(size.x <= wrap_width);
  CHECK(size.y / line_height == doctest::Approx(5.0).epsilon(0.05));
}
