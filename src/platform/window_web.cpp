// The web window: the page's canvas with a WebGL 2 context, input from the browser's pointer,
// wheel, key and focus events. The listeners (EM_JS below) call into the functions after them,
// which hand each event to ImGui's input queue as it arrives: a click or key shorter than a frame
// is spread over the next frames by ImGui itself.
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <emscripten.h>
#include <emscripten/html5_webgl.h>
#include <imgui.h>
#include <imgui_internal.h>

#include "platform/web_bridge.h"
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

struct WebWindow {
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE context = 0;
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

WebWindow g_window;

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
  g_window.input = true;
  platform::BridgeWake();
}

}  // namespace

// The page scrolled the viewport out of the band the canvas holds: the next frame places the band
// around it again and draws there.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_band_moved() {
  g_window.band_due = true;
  Arrived();
}

// (x, y): CSS pixels from the top left corner of the widget (the canvas's container; the canvas may
// hold only a band of its rows). kind: 0 move, 1 down, 2 up, 3 left the canvas, 4 taken away (the
// browser scrolls or zooms from it, or a second finger came). touch: the pointer is a finger.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_pointer(int kind, double x, double y, int dom_button, int mods, int touch) {
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

// Returns 1 when the widget scrolls with this wheel turn (the page must not), 0 when the page should.
extern "C" EMSCRIPTEN_KEEPALIVE int attn_wheel(double x, double y, double steps_x, double steps_y, int mods) {
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(steps_x) || !std::isfinite(steps_y)) return 0;
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
  return scrolls ? 1 : 0;
}

// A finger's vertical pan over the widget where it touched no control, in CSS pixels (positive:
// the finger moved down). A widget with a scrollbar of its own (widget.html, an iframe) scrolls by
// it; 1 when it did, 0 when it has no room that way or none at all (the page then scrolls).
extern "C" EMSCRIPTEN_KEEPALIVE int attn_touch_pan(double dy) {
  if (!std::isfinite(dy) || !ui::WidgetScrolls() || !ui::ScrollWidgetBy(static_cast<float>(dy))) return 0;
  Arrived();
  return 1;
}

// Returns 1 when the browser's own action for the key must not happen (it moves focus or scrolls
// the page, while ImGui uses the key to move between controls or edit text).
extern "C" EMSCRIPTEN_KEEPALIVE int attn_key(int key_code, int down, int mods) {
  QueueModifiers(mods);
  const ImGuiKey key = KeyFromDom(key_code);
  if (key != ImGuiKey_None) ImGui::GetIO().AddKeyEvent(key, down != 0);
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
    case kDelete: return 1;
    default: return 0;
  }
}

extern "C" EMSCRIPTEN_KEEPALIVE void attn_char(unsigned codepoint) {
  if (codepoint >= 0x20 && codepoint != 0x7F && codepoint <= 0x10FFFF) ImGui::GetIO().AddInputCharacter(codepoint);
  Arrived();
}

// Losing focus lets go of every key and button ImGui holds (the page gets their releases), and
// hides the keyboard's ring: the focus is elsewhere on the page.
extern "C" EMSCRIPTEN_KEEPALIVE void attn_focus(int focused) {
  ImGui::GetIO().AddFocusEvent(focused != 0);
  if (focused == 0 && ImGui::GetCurrentContext() != nullptr) GImGui->NavDisableHighlight = true;
  Arrived();
}

// clang-format off
EM_JS(void, attn_js_window_install, (), {
  var canvas = Module["canvas"];
  // Points are measured from the widget's corner, its container's: a tall widget's canvas holds
  // only a band of its rows (attn_js_band_install).
  var area = canvas.parentElement || canvas;
  var mods = function(e) { return (e.ctrlKey ? 1 : 0) | (e.shiftKey ? 2 : 0) | (e.altKey ? 4 : 0) | (e.metaKey ? 8 : 0); };
  var pointer = function(kind, e) {
    var box = area.getBoundingClientRect();
    _attn_pointer(kind, e.clientX - box.left, e.clientY - box.top, e.button, mods(e), e.pointerType === "touch" ? 1 : 0);
  };
  // Only a touch's first finger is the widget's pointer, and only until a second finger lands,
  // on the canvas or anywhere else on the page: that takes the first finger away from the widget
  // (no click, no drag), and neither counts until they lift.
  var finger = -1;   // pointerId of the first finger while the widget has it
  var dropped = -1;  // pointerId of a first finger taken away
  var onControl = false;  // the first finger landed on a control: the page must not scroll from it
  // A finger that pans the widget's own window (a widget with a scrollbar: widget.html, an iframe):
  // its last y, the velocity of its last moves and the glide it leaves when it lifts.
  var pan = null;    // {y, at, velocity} while the first finger pans the widget's window
  var glide = 0;     // requestAnimationFrame id of a glide after a pan, 0 when none
  var forward = function(e) { return e.pointerType !== "touch" || (e.isPrimary && e.pointerId !== dropped); };
  var secondFinger = function() {
    onControl = false;
    if (finger < 0) return;
    _attn_pointer(4, 0, 0, -1, 0, 1);
    dropped = finger;
    finger = -1;
  };
  canvas.addEventListener("pointerdown", function(e) {
    if (e.pointerType === "touch" && !e.isPrimary) {
      secondFinger();
      return;
    }
    if (!forward(e)) return;
    if (e.pointerType === "touch") finger = e.pointerId;
    if (!area.contains(document.activeElement)) canvas.focus({preventScroll: true});
    try { canvas.setPointerCapture(e.pointerId); } catch (error) {}
    pointer(1, e);
  });
  window.addEventListener("touchstart", function(e) { if (e.touches.length > 1) secondFinger(); }, {passive: true, capture: true});
  canvas.addEventListener("pointermove", function(e) { if (forward(e)) pointer(0, e); });
  var end = function(kind, e) {
    if (forward(e)) pointer(kind, e);
    if (e.pointerId === finger) finger = -1;
    if (e.pointerId === dropped) dropped = -1;
  };
  canvas.addEventListener("pointerup", function(e) { end(2, e); });
  // The browser takes a finger that scrolls or zooms the page from the widget.
  canvas.addEventListener("pointercancel", function(e) { end(4, e); });
  canvas.addEventListener("pointerleave", function(e) { if (e.pointerType === "mouse") pointer(3, e); });
  // The right button belongs to the widget; the browser's menu (whose first entry is Back) would
  // otherwise open over it and take the next keys. A long press of a finger asks for it too.
  canvas.addEventListener("contextmenu", function(e) { e.preventDefault(); });
  // A finger that lands on a control (in the last frame drawn) drags or presses it: no page scroll,
  // zoom or history swipe starts from it. Any other touch is the page's, as over text: the browser
  // may scroll the page vertically or zoom it from the canvas, and then takes the finger from the
  // widget (pointercancel). Two fingers are always the page's. A touch the browser sent as
  // uncancelable (just after a resize or rotation) is left alone: cancelling it is an error.
  var panning = function(value) { canvas.style.setProperty("touch-action", value); };
  panning("pan-y pinch-zoom");
  canvas.addEventListener("touchstart", function(e) {
    onControl = false;
    pan = null;
    if (glide) cancelAnimationFrame(glide);
    glide = 0;
    if (e.touches.length === 1) {
      var box = area.getBoundingClientRect();
      onControl = _attn_control_at(e.touches[0].clientX - box.left, e.touches[0].clientY - box.top) !== 0;
      if (!onControl) pan = {y: e.touches[0].clientY, at: e.timeStamp, velocity: 0};
    }
    if (onControl && e.cancelable) e.preventDefault();
  }, {passive: false});
  // Over text, a widget that scrolls by itself follows the finger, as a page would; at its end (or
  // in a widget as tall as its content) the move is left to the browser, which scrolls the page.
  canvas.addEventListener("touchmove", function(e) {
    if (onControl) {
      if (e.cancelable) e.preventDefault();
      return;
    }
    if (!pan || e.touches.length !== 1) {
      pan = null;
      return;
    }
    var y = e.touches[0].clientY;
    var dy = y - pan.y;
    var dt = Math.max(1, e.timeStamp - pan.at);
    pan.velocity = 0.8 * (dy / dt) + 0.2 * pan.velocity;
    pan.y = y;
    pan.at = e.timeStamp;
    if (_attn_touch_pan(dy) && e.cancelable) e.preventDefault();
  }, {passive: false});
  // A quick pan glides on after the finger lifts, slowing down, as a page does.
  canvas.addEventListener("touchend", function(e) {
    if (!pan || e.touches.length !== 0) return;
    var velocity = e.timeStamp - pan.at < 100 ? pan.velocity : 0;  // px per ms
    pan = null;
    var last = performance.now();
    var step = function(now) {
      var dt = Math.min(50, now - last);
      last = now;
      velocity *= Math.pow(0.995, dt);
      glide = Math.abs(velocity) > 0.05 && _attn_touch_pan(velocity * dt) ? requestAnimationFrame(step) : 0;
    };
    if (Math.abs(velocity) > 0.3) glide = requestAnimationFrame(step);
  }, {passive: true});
  canvas.addEventListener("touchcancel", function() { pan = null; }, {passive: true});
  // A pen drags the widget wherever it lands, as a mouse does: while one hovers over the canvas the
  // browser pans nothing from it (where a pen pans at all, as on Android).
  canvas.addEventListener("pointerover", function(e) { if (e.pointerType === "pen") panning("none"); });
  canvas.addEventListener("pointerout", function(e) { if (e.pointerType === "pen") panning("pan-y pinch-zoom"); });
  canvas.addEventListener("wheel", function(e) {
    var box = area.getBoundingClientRect();
    var step = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 10 : 1 / 100;
    if (_attn_wheel(e.clientX - box.left, e.clientY - box.top, e.deltaX * step, e.deltaY * step, mods(e))) {
      e.preventDefault();
    }
  }, {passive: false});
  // The parallel DOM (ui/access.h): a real, visually hidden element for each control, laid over
  // the control's place on the canvas (where a screen reader draws its cursor), with its role,
  // name and value. They are the widget's tab stops: the browser's Tab moves between them and out
  // of the widget. DOM focus and ImGui's focus follow each other; keys on an element reach ImGui as
  // the canvas's do, but a slider's arrow keys, Page Up and Down, Home and End step the slider.
  // Before the canvas: from the canvas (focused by a pointer), Escape, then Tab, leaves the widget.
  var layer = document.createElement("div");
  layer.style.cssText = "position:absolute;left:0;top:0;width:100%;height:0";
  area.insertBefore(layer, canvas);
  var ROLES = ["button", "checkbox", "radio", "slider", "textbox", "button", "gridcell", "img"];
  var STEPS = {37: 1, 40: 1, 39: 2, 38: 2, 34: 3, 33: 4, 36: 5, 35: 6};  // keyCode: ui::AccessStep
  var controls = {};  // the element of each control, by its ImGui id
  var grid = null;    // the cells' grid (the Mask scene's weights), with a row element per row
  var syncing = 0;    // the id whose element is being focused to follow ImGui: no call back
  var follow = function(element) {
    if (!element || document.activeElement === element) return;
    syncing = element.attnId;
    element.focus({preventScroll: true});
    syncing = 0;
  };
  var make = function(id, role) {
    var element = document.createElement("div");
    element.attnId = id;
    element.setAttribute("role", role);
    element.style.cssText = "position:absolute;margin:0;padding:0;border:0;opacity:0;overflow:hidden;pointer-events:none";
    if (role === "img") return element;  // a picture: named, never focused nor pressed
    element.addEventListener("focus", function() { if (syncing !== id) _attn_access_focus(id); });
    // A screen reader's press (a click with no pointer: the element takes none).
    if (role !== "slider" && role !== "textbox") element.addEventListener("click", function() { _attn_access_press(id); });
    return element;
  };
  var set = function(element, name, value) {
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  };
  Module["onControls"] = function(list, focus) {
    var order = [];
    var rows = [];
    var seen = {};
    var gridPlaced = false;
    var lines = list ? list.split("\n") : [];
    var separator = String.fromCharCode(31);  // not written as an escape: EM_JS's text would hold the byte
    for (var i = 0; i < lines.length; i++) {
      if (!lines[i]) continue;
      var f = lines[i].split(separator);
      var id = +f[0], kind = +f[1], checked = +f[2], role = ROLES[kind] || "button";
      var element = controls[id];
      if (!element || element.getAttribute("role") !== role) {
        if (element) element.remove();
        element = controls[id] = make(id, role);
      }
      seen[id] = 1;
      set(element, "aria-label", f[5]);
      set(element, "aria-disabled", f[4] === "1" ? "true" : null);
      set(element, role === "button" ? "aria-pressed" : "aria-checked", checked < 0 ? null : checked ? "true" : "false");
      set(element, "aria-expanded", f[3] === "-1" ? null : f[3] === "1" ? "true" : "false");
      var slider = role === "slider";
      set(element, "aria-valuenow", slider ? f[7] : null);
      set(element, "aria-valuemin", slider ? f[8] : null);
      set(element, "aria-valuemax", slider ? f[9] : null);
      set(element, "aria-valuetext", slider ? f[6] : null);
      set(element, "aria-description", kind === 5 && f[6] ? f[6] : null);
      if (role === "textbox" && element.textContent !== f[6]) element.textContent = f[6];
      var stop = role === "gridcell" ? -1 : 0;
      if (role !== "img" && element.tabIndex !== stop) element.tabIndex = stop;
      // Written only when they changed: each write would have the page lay out again.
      var style = element.style, box = [f[12], f[13], f[14], f[15]].join("px,") + "px";
      if (element.attnBox !== box) {
        element.attnBox = box;
        style.left = f[12] + "px";
        style.top = f[13] + "px";
        style.width = f[14] + "px";
        style.height = f[15] + "px";
      }
      if (role === "gridcell") {
        var row = +f[10];
        element.attnRow = f[6];
        (rows[row] = rows[row] || []).push(element);
        if (!gridPlaced) {
          gridPlaced = true;
          grid = grid || document.createElement("div");
          grid.setAttribute("role", "grid");
          order.push(grid);
        }
      } else {
        order.push(element);
      }
    }
    for (var key in controls) {
      if (!seen[key]) {
        controls[key].remove();
        delete controls[key];
      }
    }
    var active = document.activeElement;
    var inside = area.contains(active);
    // The grid's rows, then the elements in ImGui's order (which is the order they show in):
    // moved only when that changed, as a moved element loses the focus.
    if (rows.length) {
      for (var r = 0; r < rows.length; r++) {
        rows[r] = rows[r] || [];
        var line = grid.children[r] || grid.appendChild(document.createElement("div"));
        line.setAttribute("role", "row");
        if (rows[r][0]) set(line, "aria-label", rows[r][0].attnRow);  // the row's label (its token)
        for (var c = 0; c < rows[r].length; c++) if (line.children[c] !== rows[r][c]) line.insertBefore(rows[r][c], line.children[c] || null);
      }
      while (grid.children.length > rows.length) grid.lastChild.remove();
      // One cell is a tab stop: the one with ImGui's focus, else the first; arrows move between them.
      var cell = controls[focus] && controls[focus].getAttribute("role") === "gridcell" ? controls[focus] : null;
      (cell || grid.querySelector("[role=gridcell]")).tabIndex = 0;
    } else if (grid) {
      grid.remove();
      grid = null;
    }
    for (var k = 0; k < order.length; k++) if (layer.children[k] !== order[k]) layer.insertBefore(order[k], layer.children[k] || null);
    while (layer.children.length > order.length) layer.lastChild.remove();
    // The DOM focus follows ImGui's while it is in the widget, and stays where it was when moving
    // its element dropped it.
    if (inside) follow(controls[focus] || (area.contains(active) ? active : canvas));
  };
  // The elements are the tab stops; the canvas takes the focus only from a pointer (on no control).
  canvas.tabIndex = -1;
  canvas.setAttribute("aria-hidden", "true");
  // On the canvas Tab moves between the widget's own controls, so Escape then Tab hands the focus
  // back to the page: no keyboard user is trapped inside.
  var leaving = false;
  area.addEventListener("keydown", function(e) {
    if (e.isComposing) return;
    var id = e.target !== canvas ? e.target.attnId : 0;
    var typing = _attn_typing();
    if (id) _attn_access_key(id);
    if (id && !typing) {
      if (e.keyCode === 9) return;  // the browser's Tab, to the next element or out of the widget
      if (e.target.getAttribute("role") === "slider" && STEPS[e.keyCode] && !e.altKey && !e.ctrlKey && !e.metaKey) {
        _attn_access_step(id, STEPS[e.keyCode] + (e.shiftKey && STEPS[e.keyCode] < 3 ? 2 : 0));
        e.preventDefault();
        return;
      }
    }
    if (e.keyCode === 9 && leaving) { leaving = false; return; }
    if (e.keyCode !== 16) leaving = e.keyCode === 27;
    var prevent = _attn_key(e.keyCode | 0, 1, mods(e));
    var key = e.key || "";
    var single = key.length === 1 || (key.length === 2 && key.charCodeAt(0) >= 0xD800 && key.charCodeAt(0) < 0xDC00);
    if (single && !e.ctrlKey && !e.metaKey) _attn_char(key.codePointAt(0));
    if (prevent) e.preventDefault();
  });
  area.addEventListener("keyup", function(e) { _attn_key(e.keyCode | 0, 0, mods(e)); });
  // Focus moving between the canvas and the elements stays in the widget.
  area.addEventListener("focusin", function() { _attn_focus(1); });
  area.addEventListener("focusout", function(e) {
    if (area.contains(e.relatedTarget)) return;
    _attn_access_focus(0);
    _attn_focus(0);
  });
});

// A widget taller than the screen (one the page makes as tall as its content: 2,000 to 3,000 px on a
// phone) draws only a band of its rows, 1.5 screens tall, around the viewport: a canvas as tall as
// the whole widget makes the browser allocate, and the GPU clear, several times the pixels anyone
// sees (over 50 ms of the page's main thread at a phone's pixel ratio), and exceeds some phones'
// largest drawing buffer. The canvas sits at the band's place in its container; when the viewport
// comes near the band's edge, the band is centred on it again and drawn there (attn_band_moved).
EM_JS(void, attn_js_band_install, (), {
  var canvas = Module["canvas"];
  var stage = canvas.parentElement || canvas;
  var placed = {top: 0, height: 0, full: 0};
  var bandFor = function(full) {
    var screen = Math.max(1, window.innerHeight || full);
    var height = Math.min(full, Math.ceil(1.5 * screen));
    if (height >= full) return [0, full];
    var box = stage.getBoundingClientRect();
    var from = Math.min(Math.max(-box.top, 0), full);  // the rows in the viewport
    var to = Math.min(Math.max(screen - box.top, 0), full);
    var top = placed.height === height ? placed.top : -1;
    if (to <= from) {
      // Off screen: the band stays where it is, or starts at the end nearest the viewport.
      if (top < 0) top = box.top >= 0 ? 0 : full - height;
    } else {
      var margin = Math.min(0.1 * screen, (height - (to - from)) / 2);
      var fits = top >= 0 && (top <= 0 || from >= top + margin) && (top + height >= full || to <= top + height - margin);
      if (!fits) top = Math.round((from + to - height) / 2);
    }
    return [Math.min(Math.max(top, 0), full - height), height];
  };
  Module["attnBandFor"] = bandFor;
  Module["attnPlaceBand"] = function(top, height, full) {
    placed = {top: top, height: height, full: full};
    // Moved by a transform: moving it by its top would count as a layout shift.
    canvas.style.position = "absolute";
    canvas.style.left = "0";
    canvas.style.top = "0";
    canvas.style.transform = top > 0 ? "translateY(" + top + "px)" : "";
    canvas.style.height = height + "px";
  };
  var check = function() {
    if (placed.full <= 0) return;
    var band = bandFor(placed.full);
    if (band[0] !== placed.top || band[1] !== placed.height) _attn_band_moved();
  };
  document.addEventListener("scroll", check, {passive: true, capture: true});
  window.addEventListener("resize", check);
});

EM_JS(void, attn_js_band, (int full_height, float* band), {
  var placed = Module["attnBandFor"](full_height);
  HEAPF32[band >> 2] = placed[0];
  HEAPF32[(band >> 2) + 1] = placed[1];
});

EM_JS(double, attn_js_pixel_ratio, (), { return window.devicePixelRatio || 1; });

EM_JS(void, attn_js_set_canvas_size, (int width, int height, float band_top, float band_height, int full_height), {
  var canvas = Module["canvas"];
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  Module["attnPlaceBand"](band_top, band_height, full_height);
});

EM_JS(void, attn_js_set_cursor, (int shape), {
  var names = ["default", "text", "move", "ns-resize", "ew-resize", "nesw-resize", "nwse-resize", "pointer", "not-allowed"];
  Module["canvas"].style.cursor = shape < 0 ? "none" : (names[shape] || "default");
});
// clang-format on

namespace platform {

namespace {

// The backing store has the layout size of the band it holds (all of the widget unless it is
// taller than the screen) times the pixel ratio, so text stays sharp.
void ApplySize() {
  WebWindow& w = g_window;
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
  WebWindow& w = g_window;
  // The canvas keeps the size the loader gave it until the layout measures its container: every
  // change of the backing store's size makes the browser allocate it again.
  w.css_width = width;
  w.css_height = height;
  w.pixel_ratio = static_cast<float>(attn_js_pixel_ratio());
  w.opened_ms = w.last_frame_ms = emscripten_get_now();

  ImGuiIO& io = ImGui::GetIO();
  io.BackendPlatformName = "attention_lesson_web";
  io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
  attn_js_window_install();
  attn_js_band_install();
  return true;
}

bool WindowMakeContext() {
  WebWindow& w = g_window;
  if (w.context > 0) return emscripten_webgl_make_context_current(w.context) == EMSCRIPTEN_RESULT_SUCCESS;
  EmscriptenWebGLContextAttributes attributes;
  emscripten_webgl_init_context_attributes(&attributes);
  // The loader's WebGL check made the context with these same attributes; this gets it back.
  attributes.alpha = 0;
  attributes.depth = 0;
  attributes.stencil = 0;
  attributes.antialias = 0;
  attributes.majorVersion = 2;
  attributes.minorVersion = 0;
  attributes.enableExtensionsByDefault = 0;  // the renderer needs none
  w.context = emscripten_webgl_create_context("#canvas", &attributes);
  if (w.context <= 0) {
    std::fprintf(stderr, "error: could not create a WebGL 2 context\n");
    return false;
  }
  emscripten_webgl_make_context_current(w.context);
  return true;
}

void WindowClose() {
  if (g_window.context > 0) emscripten_webgl_destroy_context(g_window.context);
  g_window = WebWindow{};
}

bool WindowPollEvents(bool*) {
  const bool any = g_window.input;
  g_window.input = false;
  return any;
}

void WindowWaitEvent() {}

void WindowWaitEventTimeout(int) {}

void WindowNewFrame() {
  WebWindow& w = g_window;
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
  WebWindow& w = g_window;
  if (width == w.css_width && height == w.css_height) return;
  w.css_width = width;
  w.css_height = height;
  ApplySize();
}

float WindowPixelRatio() { return g_window.pixel_ratio > 0.0f ? g_window.pixel_ratio : 1.0f; }

void WindowFramebufferSize(int* width, int* height) {
  *width = g_window.framebuffer_width;
  *height = g_window.framebuffer_height;
}

void WindowDrawnBand(float* top, float* height) {
  *top = g_window.band_top;
  *height = g_window.band_height > 0.0f ? g_window.band_height : static_cast<float>(g_window.css_height);
}

unsigned WindowTicksMs() { return static_cast<unsigned>(emscripten_get_now() - g_window.opened_ms); }

}  // namespace platform
