#pragma once
// The Mask scene's picture: the sentence as a column of queries and a column of keys with a line
// from the chosen query to each key it may use, as thick as its weight (BertViz's line view), and
// the heatmap of every row's weights, the chosen query's row outlined. Both in one colour per
// token and one sequential scale for weights; a mask turned on eases the cells and the lines.
// The panel (ui/mask_panel.cpp) puts the caption above it and the mask controls under it.

#include <string>

#include <imgui.h>

#include "attention/attention.h"
#include "lesson/lesson_state.h"
#include "ui/context.h"

namespace ui {

// The colour of the token at `position` across the scene (line view, heatmap labels, lines): one
// series colour per word, the same for both "the" (they are the same token), muted for <pad>.
ImU32 MaskTokenColor(const Context& ctx, int position);

// The heatmap's sequential scale (ColorBrewer Blues) at `weight` in 0..1.
ImU32 MaskScaleColor(double weight);

// A masked cell or token: greyed and crossed with diagonal lines.
void DrawMaskHatched(const Context& ctx, ImDrawList* draw, ImVec2 min, ImVec2 max);

// The line for weight 1 is this thick at `row_pitch` px between tokens; a line is as thick as its
// weight times this.
float MaskLineScale(float row_pitch);

// The whole picture, the heatmap alone (a quick-check question, where the grid's triangle is the
// point and the question should follow the picture closely), or the line view alone (the panel's
// question on a narrow screen, where the heatmap would come between the keys the learner picks and
// the row that commits the guess).
enum class MaskFigureParts { LinesAndHeatmap, Heatmap, Lines };

// Whether the whole picture at `width` puts the line view beside the heatmap rather than above it.
bool MaskFigureSideBySide(float width);

// Draws the picture at the cursor, `width` wide, and leaves the cursor under it. Clicking a query
// token chooses it; clicking a cell masks it (and chooses its row). Named rectangles:
//   mask.picture (all of it), mask.lines* (the line view), mask.heatmap* (the grid),
//   mask.cell.R.C*, mask.query.R (query token R, a radio choice), mask.key.C (key token C),
//   mask.line.C (where the line to key C ends: as tall as the line is thick; none when masked),
//   mask.cut.C (the cut mark of a masked key), mask.row (the chosen query's row in the heatmap).
// The heatmap alone has none of the line view's, and no row chosen: shades, a cell's number under
// the pointer or the focus ring.
// (* outlined when the walkthrough highlights them.)
// `ask`: the scene's panel asks its prediction (which keys the causal mask cuts) on the line view's
// keys while it is open, and frames the learner's guess after the reveal; a picture elsewhere (the
// walkthrough's, the quick check's) asks nothing.
void DrawMaskFigure(lesson::LessonState& state, Context& ctx, float width,
                    MaskFigureParts parts = MaskFigureParts::LinesAndHeatmap, bool ask = false);

// The figure's name for a screen reader, with its numbers: which token draws most on which, and
// what the heatmap shows when it is drawn.
std::string MaskFigureName(const lesson::MaskScene& scene, const attention::Result& result, bool heatmap = true);

}  // namespace ui
