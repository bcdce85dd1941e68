#pragma once
// Rows of a scene's URL parameter table (lesson/scene.h) for the common cases: a flag, a number
// or a count that is one field of the scene's state. A row that needs more (a list, an index,
// several fields) writes its own getter and setter.

#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "lesson/lesson_state.h"

namespace lesson {

// A flag: `kScene` is the scene's member of LessonState (&LessonState::mask), `kField` the flag
// in it, `kSet` the scene's setter (void SetCausal(MaskScene&, bool)) or nullptr for a plain flag
// the panel flips itself.
template <auto kScene, auto kField, auto kSet = nullptr>
Param FlagParam(std::string name) {
  return {std::move(name),
          ParamForm::Flag,
          0,
          1,
          0,
          [](const LessonState& state, int, ParamValue* value) {
            value->flag = (state.*kScene).*kField;
            return true;
          },
          [](LessonState& state, int, const ParamValue& value, std::string*) {
            if constexpr (std::is_same_v<decltype(kSet), std::nullptr_t>) {
              (state.*kScene).*kField = value.flag;
            } else {
              kSet(state.*kScene, value.flag);
            }
            return true;
          }};
}

// A number written clamped into lo..hi and set through the scene's setter, which refuses what it
// cannot take (bool SetTemperature(CompareScene&, double)); a non-finite value stays out of links.
template <auto kScene, auto kField, auto kSet>
Param NumberParam(std::string name, double lo, double hi) {
  return {std::move(name),
          ParamForm::Number,
          lo,
          hi,
          0,
          [](const LessonState& state, int, ParamValue* value) {
            value->x = (state.*kScene).*kField;
            return std::isfinite(value->x);
          },
          [](LessonState& state, int, const ParamValue& value, std::string*) { return kSet(state.*kScene, value.x); }};
}

// A whole number that one field holds as the link writes it (a count, not a position), set
// through the scene's setter, which clamps it (void SetCausalRows(MaskScene&, int)).
template <auto kScene, auto kField, auto kSet>
Param CountParam(std::string name, int lo, int hi) {
  return {std::move(name),
          ParamForm::Index,
          static_cast<double>(lo),
          static_cast<double>(hi),
          0,
          [](const LessonState& state, int, ParamValue* value) {
            value->index = (state.*kScene).*kField;
            return true;
          },
          [](LessonState& state, int, const ParamValue& value, std::string*) {
            kSet(state.*kScene, value.index);
            return true;
          }};
}

}  // namespace lesson
