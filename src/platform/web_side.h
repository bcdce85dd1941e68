#pragma once
// The web build's state between the page's calls, in one struct: the app the page's calls reach,
// the loop, what the page last reported, and the canvas window (window_web.cpp). One instance,
// Web(), since a page's calls into the wasm (exports_web.cpp) and the JavaScript library's
// (web/js/library/) carry no context of their own: each widget on a page is its own wasm instance.
// Web only.

#include <imgui.h>

namespace platform {

struct App;

// What the page last reported about itself (host_web.cpp reads it, the exports write it).
struct PageReport {
  bool loop_paused = false;      // the main loop waits for input (Host::Idle)
  bool context_lost = false;     // the WebGL context is lost
  bool context_restored = false; // a lost context came back since the frame last asked
  bool page_visible = true;      // the tab is shown (Page Visibility)
  bool on_screen = true;         // some of the widget is inside the viewport (IntersectionObserver)
  bool size_changed = true;      // the container may have a new size: measure it on the next frame
  int prefers_dark = -1;         // the colour scheme the page last reported; -1: not asked yet
  int reduced_motion = -1;       // prefers-reduced-motion as the page last reported it; -1: not asked yet
  int more_contrast = -1;        // prefers-contrast: more or forced colours, as last reported; -1: not asked yet
};

// The canvas as the window (window.h) of the web build.
struct CanvasWindow {
  int context = 0;  // the WebGL 2 context's handle (attn_js_make_context); 0 before it is made
  int css_width = 0;  // layout size of the canvas
  int css_height = 0;
  float pixel_ratio = 0.0f;
  int framebuffer_width = 0;
  int framebuffer_height = 0;
  float band_top = 0.0f;  // the rows of the layout the canvas holds (see attn_js_band)
  float band_height = 0.0f;
  bool band_due = false;  // the page scrolled the band away from the viewport: place it again
  double opened_ms = 0.0;
  double last_frame_ms = 0.0;
  bool input = false;  // something arrived since the last poll
  ImGuiMouseCursor cursor = ImGuiMouseCursor_Arrow;
};

struct WebSide {
  App* app = nullptr;         // main's app, which lives as long as the page; none until the loop is set up
  bool loop_started = false;  // the browser calls AppFrame on its animation frames
  PageReport page;
  CanvasWindow window;
};

WebSide& Web();

// Restarts the main loop if it waits for input (host_web.cpp).
void WakeLoop();
// Hands AppFrame to the browser's animation frames and draws the first frame, once main's app is
// set up (main_loop_web.cpp); calling it again does nothing.
void WebStartLoop();

// The page's input, from the JavaScript library's listeners (web/js/library/input.js, access.js)
// through exports_web.cpp, handed to ImGui's input queue as it arrives (window_web.cpp).
// (x, y): CSS pixels from the top left corner of the widget (the canvas's container; the canvas may
// hold only a band of its rows). kind: 0 move, 1 down, 2 up, 3 left the canvas, 4 taken away (the
// browser scrolls or zooms from it, or a second finger came). touch: the pointer is a finger.
void WindowPointer(int kind, double x, double y, int dom_button, int mods, bool touch);
// True when the widget scrolls with this wheel turn (the page must not), false when the page should.
bool WindowWheel(double x, double y, double steps_x, double steps_y, int mods);
// A finger's vertical pan over the widget where it touched no control, in CSS pixels (positive:
// the finger moved down). A widget with a scrollbar of its own (widget.html, an iframe) scrolls by
// it; true when it did, false when it has no room that way or none at all (the page then scrolls).
bool WindowTouchPan(double dy);
// True when the browser's own action for the key must not happen (it moves focus or scrolls the
// page, while ImGui uses the key to move between controls or edit text).
bool WindowKey(int key_code, bool down, int mods);
void WindowChar(unsigned codepoint);
// Losing focus lets go of every key and button ImGui holds (the page gets their releases), and
// hides the keyboard's ring: the focus is elsewhere on the page.
void WindowFocus(bool focused);
// The page scrolled the viewport out of the band the canvas holds: the next frame places the band
// around it again and draws there.
void WindowBandMoved();

}  // namespace platform
