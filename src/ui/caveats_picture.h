#pragma once
// The Caveats scene's picture, its hero: the four words with query A's weight on each as a bar
// (a word is the place to remove it or put it back), the number line where the output marker
// slides when a word goes, and a scatter of each word's weight against how far removing it alone
// moves the output, which shows that the two orders differ.

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The colour of word `position` (0..3) wherever the scene shows it: its row, bar, dot and labels.
ImU32 CaveatsWordColor(const Context& ctx, int position);

// Draws the picture at the cursor across the available width: the words beside the scatter on a
// desktop, above it on a phone. It is announced as one figure that says its numbers
// (caveats.figure) before its controls, and recorded as "caveats.picture". A click, a tap, or
// Space on a word's row (keyboard focus reaches each) removes the word or puts it back.
// Names it records for tests and highlights: caveats.remove.N (a word's row, the control),
// caveats.track.N and caveats.bar.N (a bar's track and its fill), caveats.number_line,
// caveats.number_line.word.N, caveats.number_line.tick.N (a value's place), caveats.output_marker,
// caveats.before_marker, caveats.output_sentence (the output's label), caveats.scatter,
// caveats.scatter.plot (its axes: left edge weight 0, bottom edge no move) and
// caveats.scatter.dot.N (a word's point, once measured).
void DrawCaveatsPicture(lesson::LessonState& state, Context& ctx);
// The quick check's: every word's point in the scatter, as after "Remove each in turn" (the
// question beside it is whether a large weight alone explains a decision).
void DrawCaveatsQuizPicture(lesson::LessonState& state, Context& ctx);
// The same; with `ask`, the scene's panel's: its prediction (which word's removal moves the output
// most) asked on the weight bars while it is open, the learner's pick framed after the reveal;
// with `every_removal`, every word's point shows.
void DrawCaveatsFigure(lesson::LessonState& state, Context& ctx, bool ask, bool every_removal);

}  // namespace ui
