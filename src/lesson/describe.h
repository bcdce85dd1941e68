#pragma once
// An accessible mirror of what the widget shows. The canvas is invisible to screen readers, so
// the page keeps, beside it, a live region holding a short description of the scene on screen
// and a table of its current numbers. Both are plain text (put them in the page as text, never
// as HTML: a quick-check answer holds whatever the learner typed).
//
// Each scene describes itself (its module's describe and table, src/lesson/scenes/NAME/); the
// words come from assets/lesson/lesson.txt (section [mirror] and the scenes' own sections), the
// numbers from the scenes' compute functions. A state that holds numbers no scene could compute
// with is described in words ("… is not a valid number").

#include <string>

#include "lesson/lesson_state.h"

namespace lesson {

// One to three short sentences about the scene on screen, e.g. for Combine:
// "Values 10 and 20, weights 0.2 and 0.8. Output 18 = 2 + 16."
std::string DescribeScene(const LessonState& state);

// The current numbers of the scene on screen. Compare: key, position, q·k, score, weight, value.
// Combine: value, weight, product. Mask: one row per query token, one column per key token,
// weights or "masked". Caveats: word, value, weight, output change when removed alone.
// Walkthrough: the step list. Quick check: question, your answer, reasoning shown.
MirrorTable DescribeTable(const LessonState& state);

}  // namespace lesson
