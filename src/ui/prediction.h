#pragma once
// What every scene's prediction draws (lesson/predictions/predictions.h): the question over the
// picture, the things on the picture the learner picks, the row that commits a guess with how sure
// the learner is (or skips it), and after the reveal the guess beside the result with the line
// that explains it. The scene's panel draws the picture itself, hiding the answer while asking.

#include <string>

#include <imgui.h>

#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The clock of a prediction's question, and of a quick-check question (0-based).
inline size_t AnswerClock(lesson::Question question) { return static_cast<size_t>(question); }
inline size_t QuizAnswerClock(int question) { return static_cast<size_t>(lesson::kQuestionCount + question); }
// Starts `clock` when its question is first drawn unanswered.
void StartAnswerClock(Context& ctx, size_t clock);
// Seconds since `clock`'s question was first drawn unanswered (0 when unknown); the clock stops.
double TakeAnswerTime(Context& ctx, size_t clock);

// The open question in bold, over the picture. Also starts the clock of
// how long the learner takes (the prediction event's latency).
void DrawQuestionLine(const lesson::LessonState& state, Context& ctx, lesson::Question question);

// A thing on the picture the learner can pick while the question is open: an invisible button over
// min..max, a radio named `name` for the screen reader (a checkbox where any number may be picked;
// the keyboard: Tab, then Space), outlined when picked or under the pointer. Recorded as "predict.NAME.pickN". True when picked this frame.
bool PickTarget(lesson::LessonState& state, Context& ctx, lesson::Question question, int choice, const std::string& name,
                ImVec2 min, ImVec2 max, ImU32 color);

// Under the picture while the question is open: how to answer on the picture, or once there is a
// pick, "Your guess: bus. How sure are you?"; then Sure, Think so and Guessing, each of which
// commits the pick (disabled until there is one), and Skip.
void DrawCommitRow(lesson::LessonState& state, Context& ctx, lesson::Question question);

// Over the picture: the question while it is asked, else the scene's one-line `caption`.
void DrawQuestionOrCaption(lesson::LessonState& state, Context& ctx, lesson::Question question,
                           const std::string& caption);
// Under the picture: the answer row while the question is asked, else what the reveal says.
void DrawAnswerOrReveal(lesson::LessonState& state, Context& ctx, lesson::Question question);

// A verdict on an answer, here and in the quick check: `bold` (none when empty) over `detail`
// (none when empty), indented, with a bar in `color` beside them that repeats the verdict in
// colour. Recorded as `name`.
void DrawVerdict(Context& ctx, const char* name, ImU32 color, const std::string& bold, const std::string& detail);

// After the reveal: what the learner said and whether it was right, the line that explains the
// result by the scene's numbers now, and "Ask me again". After a skip only "Ask me again".
void DrawRevealLine(lesson::LessonState& state, Context& ctx, lesson::Question question);

}  // namespace ui
