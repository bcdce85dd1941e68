#include "ui/number_field.h"

// Contents
// [SECTION] Judging typed text
// [SECTION] Per-field memory, one set per ImGui context
// [SECTION] The slider

#include <clocale>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "attention/attention.h"
#include "lesson/locale.h"
#include "lesson/text_store.h"
#include "ui/access.h"
#include "ui/fonts.h"
#include "ui/item_registry.h"

namespace ui {

namespace {

// [SECTION] Judging typed text

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsBlank(char c) { return c == ' ' || c == '\t'; }

std::string TrimBlanks(const std::string& text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && IsBlank(text[begin])) ++begin;
  while (end > begin && IsBlank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

// A decimal mark, either one: a Spanish learner types 0,25 and an English one 0.25.
bool IsDecimalMark(char c) { return c == '.' || c == ','; }

// [+-]? (digits [mark digits?] | mark digits) ([eE] [+-]? digits)?, where a mark other than the
// locale's is refused when it could group thousands instead (1 to 3 digits, not starting with 0,
// then exactly 3): in English "1,000" may mean a thousand, in Spanish "1.000" does.
bool IsPlainNumber(const std::string& text) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  auto skip_digits = [&text, &i] {
    const size_t from = i;
    while (i < text.size() && IsDigit(text[i])) ++i;
    return i - from;
  };
  const size_t whole = i;
  size_t digits = skip_digits();
  if (i < text.size() && IsDecimalMark(text[i])) {
    const bool foreign_mark = text[i] != lesson::DecimalMark();
    ++i;
    const size_t fraction = skip_digits();
    if (foreign_mark && fraction == 3 && digits >= 1 && digits <= 3 && text[whole] != '0') return false;
    digits += fraction;
  }
  if (digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    if (skip_digits() == 0) return false;
  }
  return i == text.size();
}

// strtod reads the decimal point of the C locale in force, so the mark is swapped for it: the
// text is then read the same whatever locale the platform layer set.
double ParsePlainNumber(std::string text) {
  const char* point = std::localeconv()->decimal_point;
  const char mark = point && point[0] != '\0' && point[1] == '\0' ? point[0] : '.';
  for (char& c : text) {
    if (IsDecimalMark(c)) c = mark;
  }
  return std::strtod(text.c_str(), nullptr);  // overflow gives ±HUGE_VAL, which is infinite
}

// Characters that cannot be part of a number in the box (it takes 0-9 , . + - * / e E). Control keys and
// blanks are not an attempt at a number, so they do not count.
bool DroppedByNumberBox(unsigned int c) {
  if (c < 0x20 || c == ' ' || c == 0x7f) return false;
  if (c >= '0' && c <= '9') return false;
  return !(c == '.' || c == ',' || c == '+' || c == '-' || c == '*' || c == '/' || c == 'e' || c == 'E');
}

bool ClipboardHasDroppedCharacters() {
  const char* clipboard = ImGui::GetClipboardText();
  if (!clipboard) return false;
  // Any byte of a multi-byte UTF-8 character is >= 0x80, so bytes can be checked one at a time.
  for (const char* c = clipboard; *c != '\0'; ++c) {
    if (DroppedByNumberBox(static_cast<unsigned char>(*c))) return true;
  }
  return false;
}

// [SECTION] Per-field memory, one set per ImGui context

// The box holds at most 31 bytes, but a note never needs more than this of it.
constexpr size_t kShownTextMax = 24;

std::string ShownText(const std::string& text) {
  return text.size() <= kShownTextMax ? text : text.substr(0, kShownTextMax) + "...";
}

void Refuse(NumberFieldState& field, NumberRefusal refusal, const std::string& typed, double lo, double hi,
            double value) {
  const char* key = refusal == NumberRefusal::OutOfRange      ? "widget.number_out_of_range"
                    : refusal == NumberRefusal::FarOutOfRange ? "widget.number_far_out_of_range"
                                                              : "widget.number_not_a_number";
  field.note = lesson::Fill(lesson::T(key), {{"typed", ShownText(TrimBlanks(typed))},
                                             {"lo", lesson::Num(lo)},
                                             {"hi", lesson::Num(hi)}});
  field.value_at_refusal = value;
  field.refused_frame = ImGui::GetFrameCount();
}

// What the open box holds now: its own copy once edited, the text it opened with before.
void ReadBoxText(ImGuiID id, NumberFieldState& field) {
  const ImGuiInputTextState* state = ImGui::GetInputTextState(id);
  if (!state) return;
  const char* text = state->TextAIsValid ? state->TextA.Data : state->InitialTextA.Data;
  if (text) field.text = text;
}

// The box closed: judge what it held. False when *value stays as it was.
bool Commit(NumberFieldState& field, double* value, double lo, double hi) {
  field.editing = false;
  // Escape has already put the opening text back; nothing was entered.
  if (ImGui::IsKeyPressed(ImGuiKey_Escape, false)) return false;
  if (field.text == field.initial_text) return false;
  const TypedNumber typed = JudgeTypedNumber(field.text, lo, hi);
  if (typed.refusal != NumberRefusal::None) {
    Refuse(field, typed.refusal, field.text, lo, hi, *value);
    return false;
  }
  field.note.clear();
  if (typed.value == *value) return false;
  *value = typed.value;
  return true;
}

}  // namespace

TypedNumber JudgeTypedNumber(const std::string& text, double lo, double hi) {
  TypedNumber out;
  const std::string trimmed = TrimBlanks(text);
  if (!IsPlainNumber(trimmed)) return out;
  const double parsed = ParsePlainNumber(trimmed);
  if (!std::isfinite(parsed)) {
    out.refusal = NumberRefusal::FarOutOfRange;
    return out;
  }
  if (!(parsed >= lo && parsed <= hi)) {
    out.refusal = NumberRefusal::OutOfRange;
    return out;
  }
  out.refusal = NumberRefusal::None;
  out.value = parsed == 0.0 ? 0.0 : parsed;  // "-0" is stored as 0
  return out;
}

// [SECTION] The slider

bool SliderNumber(Context& ctx, const char* label, const char* item_name, const std::string& name, double* value,
                  double lo, double hi, const char* format, ImGuiSliderFlags flags) {
  const ImGuiID id = ImGui::GetID(label);
  NumberFieldState& field = ctx.number_fields[id];
  const int frame = ImGui::GetFrameCount();
  // A box left open when the field stopped being drawn (another scene) is dropped, not entered.
  if (field.editing && field.last_frame != frame - 1) field.editing = false;
  field.last_frame = frame;
  if (!field.note.empty() && *value != field.value_at_refusal) field.note.clear();

  // The box consumes this frame's characters, so what it will drop is seen before it runs.
  bool dropped = false;
  if (ImGui::TempInputIsActive(id)) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!(io.KeyCtrl && !io.KeyAlt)) {
      for (const ImWchar c : io.InputQueueCharacters) dropped = dropped || DroppedByNumberBox(c);
    }
    const ImGuiKeyChord shortcut = io.ConfigMacOSXBehaviors ? ImGuiMod_Super : ImGuiMod_Ctrl;
    const bool paste = (io.KeyMods == shortcut && ImGui::IsKeyPressed(ImGuiKey_V)) ||
                       (io.KeyMods == ImGuiMod_Shift && ImGui::IsKeyPressed(ImGuiKey_Insert));
    if (paste) dropped = dropped || ClipboardHasDroppedCharacters();
  }

  // A step asked through the page (a screen reader's arrow keys on the slider's element).
  bool stepped = !field.editing && TakeAccessStep(ctx, id, lo, hi, value);

  // ImGui's own reading of the box lands in `scratch` and is not used: the text is judged here.
  double scratch = field.editing ? field.start : *value;
  const bool moved = ImGui::SliderScalar(label, ImGuiDataType_Double, &scratch, &lo, &hi, format,
                                         flags | ImGuiSliderFlags_AlwaysClamp);
  RecordItem(ctx, item_name);
  const bool typing = ImGui::TempInputIsActive(id);
  // With the keyboard's focus ring on it, Left and Right step it (Shift: five steps), as its
  // element's arrow keys do on the web; Up and Down still move between controls.
  if (!typing && !stepped && ImGui::IsItemFocused() && !ImGui::IsItemActive() && !GImGui->NavDisableHighlight) {
    const AccessStep step = ArrowKeyStep();
    if (step != AccessStep::None) {
      ImGui::NavMoveRequestCancel();
      stepped = StepValue(step, lo, hi, value);
    }
  }
  if (stepped) field.note.clear();

  bool changed = stepped;
  if (typing) {
    if (!field.editing) {
      field.editing = true;
      field.start = *value;
      field.initial_text.clear();
      field.text.clear();
      if (const ImGuiInputTextState* state = ImGui::GetInputTextState(id)) {
        if (state->InitialTextA.Data) field.initial_text = state->InitialTextA.Data;
      }
    }
    ReadBoxText(id, field);
  } else if (field.editing) {
    ReadBoxText(id, field);
    changed = Commit(field, value, lo, hi);
  } else if (moved && std::isfinite(scratch) && scratch >= lo && scratch <= hi) {
    field.note.clear();
    if (scratch != *value) {
      *value = scratch;
      changed = true;
    }
  }
  if (dropped) Refuse(field, NumberRefusal::NotANumber, "", lo, hi, *value);
  // Read out as shown: a format without a number (the words hold it) is the text itself.
  DescribeSlider(ctx, name, *value, lo, hi, std::strchr(format, '%') != nullptr ? lesson::Num(*value) : format);

  if (!field.note.empty()) {
    ImFont* bold = ctx.fonts.bold;
    if (bold) ImGui::PushFont(bold);
    ImGui::TextWrapped("%s", field.note.c_str());
    if (bold) ImGui::PopFont();
    RecordItem(ctx, (std::string(item_name) + ".refused").c_str());
  }
  return changed;
}

std::string NumberFieldNotice(const Context& ctx) {
  if (!ImGui::GetCurrentContext()) return std::string();
  const int frame = ImGui::GetFrameCount();
  const NumberFieldState* newest = nullptr;
  for (const auto& entry : ctx.number_fields) {
    const NumberFieldState& field = entry.second;
    if (field.note.empty() || field.last_frame < frame - 1) continue;
    if (!newest || field.refused_frame > newest->refused_frame) newest = &field;
  }
  return newest ? newest->note : std::string();
}

}  // namespace ui
