#include "ui/motion.h"

#include <algorithm>
#include <cmath>

#include <imgui_internal.h>

namespace ui {

namespace {

// Values not drawn for this many frames are forgotten (a scene left, a table that changed shape).
constexpr int kForgetAfterFrames = 2;

}  // namespace

void BeginMotion(Context& ctx) {
  ctx.moving = false;
  const int frame = ImGui::GetFrameCount();
  EasedValue* kept = std::remove_if(ctx.motion.begin(), ctx.motion.end(), [&](const EasedValue& v) {
    return frame - v.last_frame > kForgetAfterFrames;
  });
  ctx.motion.resize(static_cast<int>(kept - ctx.motion.begin()));
}

float Eased(Context& ctx, ImGuiID id, float target) {
  const double now = ImGui::GetTime();
  const int frame = ImGui::GetFrameCount();
  EasedValue* found =
      std::find_if(ctx.motion.begin(), ctx.motion.end(), [id](const EasedValue& v) { return v.id == id; });
  if (found == ctx.motion.end() || !std::isfinite(target)) {
    const EasedValue fresh{id, target, target, target, now, frame};
    if (found != ctx.motion.end()) {
      *found = fresh;
    } else {
      ctx.motion.push_back(fresh);
    }
    return target;
  }
  EasedValue& value = *found;
  value.last_frame = frame;
  const bool jump = ctx.reduced_motion || ImGui::IsAnyItemActive() || !std::isfinite(value.shown);
  if (target != value.to) {
    value.from = jump ? target : value.shown;
    value.to = target;
    value.start = now;
  }
  const double t = (now - value.start) / kMotionSeconds;
  if (jump || t >= 1.0 || value.from == value.to) {
    value.shown = value.to;
  } else {
    const double eased = 1.0 - (1.0 - t) * (1.0 - t) * (1.0 - t);  // fast out, slow in
    value.shown = value.from + static_cast<float>(eased) * (value.to - value.from);
    ctx.moving = true;
  }
  return value.shown;
}

ImGuiID MotionId(const char* name, int a, int b) {
  // From the window alone, not the ID stack: a value keeps its id when a table becomes cards.
  ImGuiID id = ImHashStr(name, 0, ImGui::GetCurrentWindowRead()->ID);
  id = ImHashData(&a, sizeof a, id);
  return ImHashData(&b, sizeof b, id);
}

}  // namespace ui
