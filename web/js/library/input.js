// The widget's input from the page: pointer, touch and wheel on its canvas, handed to the wasm
// (window_web.cpp) as they arrive. An Emscripten JS library (--js-library): each entry becomes a
// function the C++ declares in platform/web_library.h; `_attn_*` are the wasm's exports.
mergeInto(LibraryManager.library, {
  // The modifiers held with an event as the wasm's calls take them: Ctrl 1, Shift 2, Alt 4, Meta 8.
  $attnModifiers: function(e) {
    return (e.ctrlKey ? 1 : 0) | (e.shiftKey ? 2 : 0) | (e.altKey ? 4 : 0) | (e.metaKey ? 8 : 0);
  },

  attn_js_pointer_install__deps: ['$attnModifiers'],
  attn_js_pointer_install: function() {
    var canvas = Module["canvas"];
    // Points are measured from the widget's corner, its container's: a tall widget's canvas holds
    // only a band of its rows (attn_js_band_install).
    var area = canvas.parentElement || canvas;
    var mods = attnModifiers;
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
  },
});
