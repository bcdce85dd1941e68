// The web window: the page's canvas with a WebGL 2 context, input from the browser's pointer,
// wheel, key and focus events. The listeners (web/js/library/input.js, access.js) call the page's
// input functions below (through exports_web.cpp), which hand each event to ImGui's input queue as
// it arrives: a click or key shorter than a frame is spread over the next frames by ImGui itself.
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "platform/web_library.h"
#include "platform/web_side.h"
#include "platform/window.h"
#include "ui/widget.h"

namespace {

// The DOM's keyCode of the keys with a browser action of their own.
enum Key : int {
  kBackspace = 8,
  kTab = 9,
  kEnter = 13,
  kSpace = 32,
  kPageUp = 33,
  kPageDown = 34,
  kEnd = 35,
  kHome = 36,
  kLeft = 37,
  kUp = 38,
  kRight = 39,
  kDown = 40,
  kDelete = 46,
};


// The DOM's keyCode (what every browser still sends) as an ImGui key; ImGuiKey_None for the rest.
ImGuiKey KeyFromDom(int key_code) {
  if (key_code >= 'A' && key_code <= 'Z') return static_cast<ImGuiKey>(ImGuiKey_A + (key_code - 'A'));
  if (key_code >= '0' && key_code <= '9') return static_cast<ImGuiKey>(ImGuiKey_0 + (key_code - '0'));
  switch (key_code) {
    case kBackspace: return ImGuiKey_Backspace;
    case kTab: return ImGuiKey_Tab;
    case kEnter: return ImGuiKey_Enter;
    case 16: return ImGuiKey_LeftShift;
    case 17: return ImGuiKey_LeftCtrl;
    case 18: return ImGuiKey_LeftAlt;
    case 27: return ImGuiKey_Escape;
    case kSpace: return ImGuiKey_Space;
    case kPageUp: return ImGuiKey_PageUp;
    case kPageDown: return ImGuiKey_PageDown;
    case kEnd: return ImGuiKey_End;
    case kHome: return ImGuiKey_Home;
    case kLeft: return ImGuiKey_LeftArrow;
    case kUp: return ImGuiKey_UpArrow;
    case kRight: return ImGuiKey_RightArrow;
    case kDown: return ImGuiKey_DownArrow;
    case 45: return ImGuiKey_Insert;
    case kDelete: return ImGuiKey_Delete;
    case 91: return ImGuiKey_LeftSuper;
    case 92: return ImGuiKey_RightSuper;
    default: return ImGuiKey_None;
  }
}

// Every event carries the modifiers held with it (Ctrl 1, Shift 2, Alt 4, Meta 8); ImGui drops
// the ones that did not change.
void QueueModifiers(int mods) {
  ImGuiIO& io = ImGui::GetIO();
  io.AddKeyEvent(ImGuiMod_Ctrl, (mods & 1) != 0);
  io.AddKeyEvent(ImGuiMod_Shift, (mods & 2) != 0);
  io.AddKeyEvent(ImGuiMod_Alt, (mods & 4) != 0);
  io.AddKeyEvent(ImGuiMod_Super, (mods & 8) != 0);
}

// DOM buttons: 0 left, 1 middle, 2 right; ImGui: 0 left, 1 right, 2 middle.
int ButtonIndex(int dom_button) { return dom_button == 2 ? 1 : dom_button == 1 ? 2 : dom_button == 0 ? 0 : -1; }

void Arrived() {
  platform::Web().window.input = true;
  platform::WakeLoop();
}

}  // namespace

namespace platform {

void WindowBandMoved() {
  Web().window.band_due = true;
  Arrived();
}

void WindowPointer(int kind, double x, double y, int dom_button, int mods, bool touch) {
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  ImGuiIO& io = ImGui::GetIO();
  QueueModifiers(mods);
  if (kind == 4) {
    // ImGui lets go of what the pointer held without a click: the pointer leaves and every button
    // goes up in the same frame, which ImGui does only for a mouse (it spreads a finger's move and
    // release over two frames, and a control held for a frame with no pointer would jump).
    io.AddMouseSourceEvent(ImGuiMouseSource_Mouse);
    io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
    for (int button = 0; button < ImGuiMouseButton_COUNT; ++button) io.AddMouseButtonEvent(button, false);
    Arrived();
    return;
  }
  io.AddMouseSourceEvent(touch ? ImGuiMouseSource_TouchScreen : ImGuiMouseSource_Mouse);
  if (kind == 3) {
    io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  } else {
    io.AddMousePosEvent(static_cast<float>(x), static_cast<float>(y));
  }
  const int button = ButtonIndex(dom_button);
  if ((kind == 1 || kind == 2) && button >= 0) {
    io.AddMouseButtonEvent(button, kind == 1);
    // A finger that let go is gone: once ImGui has seen the release (the tap clicks), nothing
    // stays hovered under where it was.
    if (kind == 2 && touch) io.AddMousePosEvent(-FLT_MAX, -FLT_MAX);
  }
  Arrived();
}

bool WindowWheel(double x, double y, double steps_x, double steps_y, int mods) {
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(steps_x) || !std::isfinite(steps_y)) return false;
  ImGuiIO& io = ImGui::GetIO();
  QueueModifiers(mods);
  io.AddMouseSourceEvent(ImGuiMouseSource_Mouse);
  io.AddMousePosEvent(static_cast<float>(x), static_cast<float>(y));
  // Does a window under the pointer (last frame) have room to scroll that way? Otherwise the page
  // around an embedded widget, which is as tall as its content, scrolls as usual.
  bool scrolls = false;
  if ((mods & 1) == 0 && ImGui::GetCurrentContext() != nullptr) {
    for (ImGuiWindow* window = GImGui->HoveredWindow; window != nullptr && !scrolls; window = window->ParentWindow) {
      if (steps_y > 0.0) scrolls = window->Scroll.y < window->ScrollMax.y;
      if (steps_y < 0.0) scrolls = window->Scroll.y > 0.0f;
      if (steps_x > 0.0) scrolls = scrolls || window->Scroll.x < window->ScrollMax.x;
      if (steps_x < 0.0) scrolls = scrolls || window->Scroll.x > 0.0f;
    }
  }
  if (scrolls) io.AddMouseWheelEvent(-static_cast<float>(steps_x), -static_cast<float>(steps_y));
  Arrived();
  return scrolls;
}

bool WindowTouchPan(double dy) {
  if (!std::isfinite(dy) || !ui::WidgetScrolls() || !ui::ScrollWidgetBy(static_cast<float>(dy))) return false;
  Arrived();
  return true;
}

bool WindowKey(int key_code, bool down, int mods) {
  QueueModifiers(mods);
  const ImGuiKey key = KeyFromDom(key_code);
  if (key != ImGuiKey_None) ImGui::GetIO().AddKeyEvent(key, down);
  Arrived();
  switch (key_code) {
    case kBackspace:
    case kTab:
    case kEnter:
    case kSpace:
    case kPageUp:
    case kPageDown:
    case kEnd:
    case kHome:
    case kLeft:
    case kUp:
    case kRight:
    case kDown:
    case kDelete: return true;
    default: return false;
  }
}

void WindowChar(unsigned codepoint) {
  if (codepoint >= 0x20 && codepoint != 0x7F && codepoint <= 0x10FFFF) ImGui::GetIO().AddInputCharacter(codepoint);
  Arrived();
}

void WindowFocus(bool focused) {
  ImGui::GetIO().AddFocusEvent(focused);
  if (!focused && ImGui::GetCurrentContext() != nullptr) GImGui->NavDisableHighlight = true;
  Arrived();
}

namespace {

// The backing store has the layout size of the band it holds (all of the widget unless it is
// taller than the screen) times the pixel ratio, so text stays sharp.
void ApplySize() {
  CanvasWindow& w = Web().window;
  float band[2] = {0.0f, static_cast<float>(w.css_height)};
  attn_js_band(w.css_height, band);
  w.band_top = band[0];
  w.band_height = band[1] >= 1.0f ? band[1] : 1.0f;
  w.framebuffer_width = static_cast<int>(std::lround(static_cast<float>(w.css_width) * w.pixel_ratio));
  w.framebuffer_height = static_cast<int>(std::lround(w.band_height * w.pixel_ratio));
  if (w.framebuffer_width < 1) w.framebuffer_width = 1;
  if (w.framebuffer_height < 1) w.framebuffer_height = 1;
  attn_js_set_canvas_size(w.framebuffer_width, w.framebuffer_height, w.band_top, w.band_height, w.css_height);
}

}  // namespace

bool WindowOpen(const char*, int width, int height) {
  CanvasWindow& w = Web().window;
  // The canvas keeps the size the loader gave it until the layout measures its container: every
  // change of the backing store's size makes the browser allocate it again.
  w.css_width = width;
  w.css_height = height;
  w.pixel_ratio = static_cast<float>(attn_js_pixel_ratio());
  w.opened_ms = w.last_frame_ms = emscripten_get_now();

  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "attention_lesson_web";
  io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
  attn_js_pointer_install();
  attn_js_access_install();
  attn_js_band_install();
  return true;
}

bool WindowMakeContext() {
  CanvasWindow& w = Web().window;
  if (w.context > 0) return attn_js_use_context(w.context) != 0;
  w.context = attn_js_make_context();
  if (w.context <= 0) {
    std::fprintf(stderr, "error: could not create a WebGL 2 context\n");
    return false;
  }
  return true;
}

void WindowClose() {
  if (Web().window.context > 0) attn_js_delete_context(Web().window.context);
  Web().window = CanvasWindow{};
}

bool WindowPollEvents(bool*) {
  const bool any = Web().window.input;
  Web().window.input = false;
  return any;
}

void WindowWaitEvent() {}

void WindowWaitEventTimeout(int) {}

void WindowNewFrame() {
  CanvasWindow& w = Web().window;
  const float ratio = static_cast<float>(attn_js_pixel_ratio());
  if ((ratio > 0.0f && ratio != w.pixel_ratio) || w.framebuffer_width == 0 || w.band_due) {
    if (ratio > 0.0f) w.pixel_ratio = ratio;
    w.band_due = false;
    ApplySize();
  }
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(w.css_width), static_cast<float>(w.css_height));
  if (w.css_width > 0 && w.band_height > 0.0f) {
    io.DisplayFramebufferScale = ImVec2(static_cast<float>(w.framebuffer_width) / static_cast<float>(w.css_width),
                                        static_cast<float>(w.framebuffer_height) / w.band_height);
  }
  const double now = emscripten_get_now();
  io.DeltaTime = now > w.last_frame_ms ? static_cast<float>((now - w.last_frame_ms) / 1000.0) : 1.0f / 60.0f;
  w.last_frame_ms = now;

  // The shape ImGui asked for during the last frame; the canvas style changes only when it does.
  const ImGuiMouseCursor cursor = io.MouseDrawCursor ? ImGuiMouseCursor_None : ImGui::GetMouseCursor();
  if (cursor != w.cursor) {
    w.cursor = cursor;
    attn_js_set_cursor(cursor);
  }
}

void WindowSwap() {}

void WindowSetSize(int width, int height) {
  CanvasWindow& w = Web().window;
  if (width == w.css_width && height == w.css_height) return;
  w.css_width = width;
  w.css_height = height;
  ApplySize();
}

float WindowPixelRatio() { return Web().window.pixel_ratio > 0.0f ? Web().window.pixel_ratio : 1.0f; }

void WindowFramebufferSize(int* width, int* height) {
  *width = Web().window.framebuffer_width;
  *height = Web().window.framebuffer_height;
}

void WindowDrawnBand(float* top, float* height) {
  *top = Web().window.band_top;
  *height = Web().window.band_height > 0.0f ? Web().window.band_height : static_cast<float>(Web().window.css_height);
}

unsigned WindowTicksMs() { return static_cast<unsigned>(emscripten_get_now() - Web().window.opened_ms); }

}  // namespace platform
