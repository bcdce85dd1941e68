#pragma once
// A slider for one number that also takes a typed number, and refuses, with a reason the learner
// can read, anything that is not a finite number inside the slider's range.
//
// Ctrl+click, Enter or Tab turn an ImGui slider into a small text box. ImGui applies what is
// typed with sscanf and its clamp lets NaN through ("nan" typed gives NaN), so the typed text is
// judged here instead, once, when the box closes.

#include <string>

#include <imgui.h>

#include "ui/context.h"

namespace ui {

// Why a typed entry was refused.
enum class NumberRefusal {
  None,           // accepted
  NotANumber,     // empty, letters, "1e", "*2", ...: not a plain decimal number
  OutOfRange,     // a number, but outside lo..hi
  FarOutOfRange,  // too large in size to be a number at all (e.g. 1e400)
};

struct TypedNumber {
  NumberRefusal refusal = NumberRefusal::NotANumber;
  double value = 0.0;  // the number when refusal is None, else 0
};

// Judges text typed into a number box: an optional sign, digits with an optional decimal point
// and an optional exponent ("-2.5", "1e-3"), blanks around it allowed, inside lo..hi.
TypedNumber JudgeTypedNumber(const std::string& text, double lo, double hi);

// A slider from lo to hi for *value. A typed entry takes effect when the box closes (Enter, Tab
// or a click elsewhere; Escape cancels). A refused entry leaves *value as it was and shows, under
// the slider, why and what to type instead; the note stays until the value next changes. The
// slider is recorded under `item_name` and the note under `item_name` + ".refused"; a screen
// reader hears it as a slider called `name` (ui/access.h), whose arrow keys step it. Returns true
// when *value changed.
bool SliderNumber(Context& ctx, const char* label, const char* item_name, const std::string& name, double* value,
                  double lo, double hi, const char* format, ImGuiSliderFlags flags = ImGuiSliderFlags_None);

// The note of the field refused most recently that is still shown, or "" when none is: the words
// the accessible mirror can read out.
std::string NumberFieldNotice(const Context& ctx);

}  // namespace ui
