#include "ui/highlight.h"

#include <cstring>

#include "lesson/scenes/walkthrough/walkthrough.h"
#include "ui/item_registry.h"

namespace ui {

void RequestScrollToHighlight(Context& ctx) { ctx.scroll_to_highlight = true; }

bool IsHighlighted(const lesson::LessonState& state, const char* name) {
  return std::strcmp(lesson::HighlightOf(state), name) == 0;
}

void DrawHighlight(Context& ctx, ImVec2 min, ImVec2 max) {
  const float pad = 4.0f;
  ++ctx.highlights_drawn;
  ctx.last_highlight = ItemRect{min, max};
  if (ctx.scroll_to_highlight) {
    ctx.scroll_to_highlight = false;
    if (ctx.fit_height) {
      // The page scrolls, not the widget (platform: Host::Reveal).
      const float origin = ImGui::GetMainViewport()->Pos.y;
      ctx.reveal_due = true;
      ctx.reveal_top = min.y - pad - origin;
      ctx.reveal_bottom = max.y + pad - origin;
    } else {
      // A fifth of the way down leaves the text above the element in view too.
      ImGui::SetScrollFromPosY(min.y - ImGui::GetWindowPos().y - ImGui::GetWindowHeight() * 0.2f, 0.0f);
    }
  }
  ImGui::GetWindowDrawList()->AddRect(ImVec2(min.x - pad, min.y - pad), ImVec2(max.x + pad, max.y + pad),
                                      ctx.palette.highlight, 6.0f, 0, 3.0f);
}

void BeginHighlightGroup() { ImGui::BeginGroup(); }

void EndHighlightGroup(Context& ctx, const lesson::LessonState& state, const char* name) {
  ImGui::EndGroup();
  RecordAndHighlight(ctx, state, name);
}

void RecordAndHighlight(Context& ctx, const lesson::LessonState& state, const char* name) {
  RecordAndHighlight(ctx, state, name, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

void RecordAndHighlight(Context& ctx, const lesson::LessonState& state, const char* name, ImVec2 min, ImVec2 max) {
  RecordRect(ctx, name, min, max);
  if (IsHighlighted(state, name)) DrawHighlight(ctx, min, max);
}

}  // namespace ui
