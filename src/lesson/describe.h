#pragma once
// An accessible mirror of what the widget shows. The canvas is invisible to screen readers, so
// the page keeps, beside it, a live region holding a short description of the scene on screen
// and a table of its current numbers. Both are plain text (put them in the page as text, never
// as HTML: a quick-check answer holds whatever the learner typed).
//
// The words come from assets/lesson/lesson.txt (section [mirror], keys "mirror.*", and the
// scenes' own sections); the numbers from the scenes' compute functions, formatted with
// attention::FormatNumber and a true minus sign. A state that holds numbers no scene could
// compute with is described in words ("… is not a valid number"): no output ever reads "nan",
// "inf" or "undefined".

#include <string>
#include <vector>

#include "lesson/lesson_state.h"

namespace lesson {

// One to three short sentences about the scene on screen, e.g. for Combine:
// "Values 10 and 20, weights 0.2 and 0.8. Output 18 = 2 + 16."
std::string DescribeScene(const LessonState& state);

// The current numbers of the scene on screen, as a table a screen reader can browse.
struct MirrorTable {
  std::string caption;                         // what the table shows, with the output if any
  std::vector<std::string> columns;            // column headings
  std::vector<std::vector<std::string>> rows;  // one entry per column in every row
};

// Compare: key, position, q·k, score, weight, value. Combine: value, weight, product.
// Mask: one row per query token, one column per key token, weights or "masked".
// Caveats: word, value, weight, output change when removed alone.
// Walkthrough: the step list. Quick check: question, your answer, reasoning shown.
MirrorTable DescribeTable(const LessonState& state);

}  // namespace lesson
