#pragma once

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// "Why divide by √d_k?" in the Compare panel: a header, closed when the scene opens, over a choice
// of d_k and the weights a random query gives random keys without and with the division, with the
// spread of q·k and softmax's largest gradient entry (lesson/scenes/compare/scaling_demo.h).
// Named elements: "compare.scaling_demo" (the whole area, also a highlight name),
// "compare.scaling_demo_toggle" (the header), "compare.scaling_demo_dk2" .. "compare.scaling_demo_dk512"
// (the choices), "compare.scaling_demo_raw" and "compare.scaling_demo_scaled" (the rows of bars).
void DrawScalingDemo(lesson::LessonState& state, Context& ctx);

}  // namespace ui
