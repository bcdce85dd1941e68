#include "ui/access.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <imgui_internal.h>

#include "lesson/json_text.h"

namespace ui {

namespace {

// A label's visible part: ImGui hides what follows "##".
std::string VisibleLabel(const char* label) {
  if (label == nullptr) return std::string();
  const char* end = label;
  while (*end != '\0' && !(end[0] == '#' && end[1] == '#')) ++end;
  return std::string(label, end);
}

// The node of control `id` (0: the last item), when the hook recorded it: one of the last few.
AccessNode* LastNode(Context& ctx, ImGuiID id = 0) {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  if (g == nullptr) return nullptr;
  if (id == 0) id = g->LastItemData.ID;
  auto& nodes = ctx.access.nodes;
  for (size_t i = nodes.size(); i > 0 && i + 4 > nodes.size(); --i) {
    if (nodes[i - 1].id == id) return &nodes[i - 1];
  }
  return nullptr;
}


}  // namespace

void BeginAccess(Context& ctx) { ctx.access.nodes.clear(); }

void EndAccess(Context& ctx) {
  // A step asked of a slider that was not drawn this frame (another scene) is dropped.
  ctx.access.step_id = 0;
  ctx.access.step = 0;
  // A focus asked for a control that was not drawn is dropped too.
  ctx.access.focus_request = 0;
}

void AccessItemAdded(Context& ctx, ImGuiContext& g, ImGuiID id, const ImRect& bb, const ImGuiLastItemData& item) {
  ImGuiWindow* window = g.CurrentWindow;
  // A window's scrollbars: the page scrolls it for a screen reader.
  if (id == ImGui::GetWindowScrollbarID(window, ImGuiAxis_X) || id == ImGui::GetWindowScrollbarID(window, ImGuiAxis_Y)) {
    return;
  }
  AccessNode node;
  node.id = id;
  node.disabled = (item.InFlags & ImGuiItemFlags_Disabled) != 0;
  node.role = (item.InFlags & ImGuiItemFlags_Inputable) != 0 ? AccessRole::TextBox : AccessRole::Button;
  node.min = bb.Min;
  node.max = bb.Max;
  ctx.access.nodes.push_back(node);
  // Focus asked for through the page: the control takes ImGui's keyboard focus, with its ring,
  // and its window scrolls to show it.
  if (ctx.access.focus_request == id) {
    ctx.access.focus_request = 0;
    ImGui::SetFocusID(id, window);
    g.NavDisableHighlight = false;
    g.NavDisableMouseHover = true;
    ImGui::ScrollToRectEx(window, bb, ImGuiScrollFlags_KeepVisibleEdgeX | ImGuiScrollFlags_KeepVisibleEdgeY);
  }
}

void AccessItemInfo(Context& ctx, ImGuiID id, const char* label, int status_flags) {
  if (ctx.access.nodes.empty() || ctx.access.nodes.back().id != id) return;
  AccessNode& node = ctx.access.nodes.back();
  if (node.name.empty()) node.name = VisibleLabel(label);
  if ((status_flags & ImGuiItemStatusFlags_Openable) != 0) {
    node.expanded = (status_flags & ImGuiItemStatusFlags_Opened) != 0 ? 1 : 0;
  }
  if ((status_flags & ImGuiItemStatusFlags_Checkable) != 0) {
    node.role = AccessRole::Checkbox;
    node.checked = (status_flags & ImGuiItemStatusFlags_Checked) != 0 ? 1 : 0;
  } else if ((status_flags & ImGuiItemStatusFlags_Inputable) != 0) {
    node.role = AccessRole::TextBox;
  }
}

void DescribeItem(Context& ctx, AccessRole role, const std::string& name, ImGuiID id) {
  if (AccessNode* node = LastNode(ctx, id)) {
    node->role = role;
    node->name = name;
  }
}

void DescribeFigure(Context& ctx, const std::string& name, ImVec2 min, ImVec2 max) {
  if (ImGui::GetCurrentContext() == nullptr) return;
  AccessNode node;
  node.id = ImGui::GetID("##figure");
  node.role = AccessRole::Figure;
  node.name = name;
  node.min = min;
  node.max = max;
  ctx.access.nodes.push_back(node);
}

void DescribeChecked(Context& ctx, bool checked) {
  if (AccessNode* node = LastNode(ctx)) node->checked = checked ? 1 : 0;
}

void DescribeExpanded(Context& ctx, bool expanded) {
  if (AccessNode* node = LastNode(ctx)) node->expanded = expanded ? 1 : 0;
}

void DescribeSlider(Context& ctx, const std::string& name, double now, double lo, double hi, const std::string& text) {
  if (AccessNode* node = LastNode(ctx)) {
    node->role = AccessRole::Slider;
    node->name = name;
    node->now = now;
    node->lo = lo;
    node->hi = hi;
    node->value = text;
  }
}

void DescribeRadio(Context& ctx, const std::string& name, bool checked) {
  DescribeItem(ctx, AccessRole::Radio, name);
  DescribeChecked(ctx, checked);
}

void DescribeValue(Context& ctx, const std::string& value, ImGuiID id) {
  if (AccessNode* node = LastNode(ctx, id)) node->value = value;
}

void DescribeCell(Context& ctx, const std::string& name, int row, int col, const std::string& row_name) {
  if (AccessNode* node = LastNode(ctx)) {
    node->role = AccessRole::Cell;
    node->name = name;
    node->value = row_name;
    node->row = row;
    node->col = col;
  }
}

double AccessStepSize(double lo, double hi) {
  const double range = hi - lo;
  if (!(range > 0.0) || !std::isfinite(range)) return 1.0;
  const double target = range / 20.0;
  const double power = std::pow(10.0, std::floor(std::log10(target)));
  double step = power;
  for (const double factor : {2.0, 5.0, 10.0}) {
    if (factor * power <= target * 1.0000001) step = factor * power;
  }
  return step;
}

void RequestAccessStep(Context& ctx, ImGuiID id, AccessStep step) {
  ctx.access.step_id = id;
  ctx.access.step = static_cast<int>(step);
}

bool TakeAccessStep(Context& ctx, ImGuiID id, double lo, double hi, double* value) {
  if (ctx.access.step_id != id || id == 0) return false;
  const auto step = static_cast<AccessStep>(ctx.access.step);
  ctx.access.step_id = 0;
  ctx.access.step = 0;
  return StepValue(step, lo, hi, value);
}

AccessStep ArrowKeyStep() {
  const bool shift = ImGui::GetIO().KeyShift;
  if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow)) return shift ? AccessStep::MuchLess : AccessStep::Less;
  if (ImGui::IsKeyPressed(ImGuiKey_RightArrow)) return shift ? AccessStep::MuchMore : AccessStep::More;
  return AccessStep::None;
}

bool StepValue(AccessStep step, double lo, double hi, double* value) {
  const double size = AccessStepSize(lo, hi);
  const double from = std::isfinite(*value) ? *value : lo;
  double to = from;
  switch (step) {
    case AccessStep::None: return false;
    case AccessStep::Less: to = from - size; break;
    case AccessStep::More: to = from + size; break;
    case AccessStep::MuchLess: to = from - 5.0 * size; break;
    case AccessStep::MuchMore: to = from + 5.0 * size; break;
    case AccessStep::Lowest: to = lo; break;
    case AccessStep::Highest: to = hi; break;
  }
  // On the step's grid, so 0.37 steps up to 0.4, not 0.42.
  if (step != AccessStep::Lowest && step != AccessStep::Highest) {
    const double snapped = std::round(to / size) * size;
    if (std::fabs(snapped - to) < size * 0.5) to = snapped;
    if (to == from) to = from + (to > from ? size : -size);
  }
  to = std::clamp(to, lo, hi);
  if (std::fabs(to) < size * 1e-9) to = 0.0;
  if (to == *value) return false;
  *value = to;
  return true;
}

std::string EncodeAccess(const AccessTree& tree) {
  lesson::JsonWriter json;
  json.BeginArray();
  for (const AccessNode& node : tree.nodes) {
    json.BeginArray().Integer(node.id).Integer(static_cast<int>(node.role)).Integer(static_cast<int>(node.checked));
    json.Integer(static_cast<int>(node.expanded)).Integer(node.disabled ? 1 : 0).String(node.name).String(node.value);
    for (const double number : {node.now, node.lo, node.hi}) json.Number(std::isfinite(number) ? number : 0.0);
    json.Integer(node.row).Integer(node.col);
    for (const float pixels : {node.min.x, node.min.y, node.max.x - node.min.x, node.max.y - node.min.y}) {
      json.Integer(std::lround(pixels));
    }
    json.EndArray();
  }
  return json.EndArray().text();
}

ImGuiID AccessFocus() {
  const ImGuiContext* g = ImGui::GetCurrentContext();
  return g != nullptr ? g->NavId : 0;
}

bool FocusAccessControl(Context& ctx, ImGuiID id) {
  ctx.access.focus_request = 0;
  const auto& nodes = ctx.access.nodes;
  if (id == 0 || std::none_of(nodes.begin(), nodes.end(), [id](const AccessNode& node) { return node.id == id; })) {
    return false;
  }
  ctx.access.focus_request = id;
  return true;
}

}  // namespace ui
