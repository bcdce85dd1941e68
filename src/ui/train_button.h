#pragma once
// Train, the one obvious action of a scene whose model trains in front of the learner (Learn,
// Heads): large, bold, filled white on blue, and labelled Pause while training runs, at the width
// of the longer word so the row does not jump when it changes.

#include "ui/context.h"
#include "ui/text_layout.h"

namespace ui {

// Places the button in `row` and draws it, labelled by `pause_key` while `training`, else
// `train_key` (keys of lesson.txt); `id` keeps it the same item under either label. Call inside
// the row's larger frame padding. True when pressed.
bool TrainButton(Context& ctx, ButtonRow& row, const char* train_key, const char* pause_key, const char* id,
                 bool training);

}  // namespace ui
