#pragma once
// Letter shortcuts (N and B step the walkthrough; K, Space and C play and caption the lesson; T
// and S train the Learn scene's model).
// They are read as typed characters, so they need no key map, work the same natively and on the
// web, and never take the arrow keys from a slider or from ImGui's keyboard navigation.

namespace ui {

// How often `letter` (lower case, or ' ') was typed since the last frame, either case, or 0
// while a control is in use or text is typed. Every press counts, also two that arrive before
// the next frame is drawn.
int TypedCount(char letter);

}  // namespace ui
