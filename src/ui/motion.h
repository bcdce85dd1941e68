#pragma once
// Motion that means something: when the state changes, a number drawn as a length, a shade or a
// place (a weight bar, a heatmap cell, the disc of a key's weight, an output marker on a number
// line) eases from what it showed to its new value over kMotionSeconds, so the eye can follow
// where the weight went and how a masked row renormalizes. The numbers printed beside them are
// always the new ones. Values jump instead while the learner drags a control (the drawing follows
// the hand), with reduced motion (prefers-reduced-motion, natively ATTENTION_LESSON_REDUCED_MOTION,
// or the player's setting), and the first time a value is drawn.

#include <imgui.h>

#include "ui/context.h"

namespace ui {

constexpr double kMotionSeconds = 0.22;

// Call once per frame before the panels: forgets values no longer drawn and clears ctx.moving.
void BeginMotion(Context& ctx);
// The value to draw this frame for `target`, under `id` (unique among this frame's eased values:
// MotionId). Sets ctx.moving while it is on its way, so the platform draws the next frame.
float Eased(Context& ctx, ImGuiID id, float target);
// An id for an eased value: `name` and up to two indices, in the current ImGui window (the same
// whatever IDs are pushed).
ImGuiID MotionId(const char* name, int a = 0, int b = 0);

}  // namespace ui
