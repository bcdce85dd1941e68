// The widget's canvas on the page: its WebGL 2 context, size, pixel ratio and cursor, and the band
// of rows it holds when the widget is taller than the screen. An Emscripten JS library
// (--js-library): each entry becomes a function the C++ declares in platform/web_library.h;
// `_attn_*` are the wasm's exports.
mergeInto(LibraryManager.library, {
  // A widget taller than the screen (one the page makes as tall as its content: 2,000 to 3,000 px on a
  // phone) draws only a band of its rows, 1.5 screens tall, around the viewport: a canvas as tall as
  // the whole widget makes the browser allocate, and the GPU clear, several times the pixels anyone
  // sees (over 50 ms of the page's main thread at a phone's pixel ratio), and exceeds some phones'
  // largest drawing buffer. The canvas sits at the band's place in its container; when the viewport
  // comes near the band's edge, the band is centred on it again and drawn there (attn_band_moved).
  attn_js_band_install: function() {
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
  },

  attn_js_band: function(full_height, band) {
    var placed = Module["attnBandFor"](full_height);
    HEAPF32[band >> 2] = placed[0];
    HEAPF32[(band >> 2) + 1] = placed[1];
  },

  attn_js_pixel_ratio: function() {
    return window.devicePixelRatio || 1;
  },

  attn_js_set_canvas_size: function(width, height, band_top, band_height, full_height) {
    var canvas = Module["canvas"];
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    Module["attnPlaceBand"](band_top, band_height, full_height);
  },

  // The canvas's WebGL 2 context for the GL calls: the loader's WebGL check made it with these same
  // attributes, so the browser hands that one back. Returns its handle, made current; 0 when none.
  attn_js_make_context__deps: ["$GL"],
  attn_js_make_context: function() {
    var handle = GL.createContext(Module["canvas"],
      {"alpha": false, "depth": false, "stencil": false, "antialias": false, majorVersion: 2, minorVersion: 0});
    if (handle) GL.makeContextCurrent(handle);
    return handle;
  },

  attn_js_use_context__deps: ["$GL"],
  attn_js_use_context: function(handle) {
    return GL.makeContextCurrent(handle) ? 1 : 0;
  },

  attn_js_delete_context__deps: ["$GL"],
  attn_js_delete_context: function(handle) {
    GL.deleteContext(handle);
  },

  attn_js_set_cursor: function(shape) {
    var names = ["default", "text", "move", "ns-resize", "ew-resize", "nesw-resize", "nwse-resize", "pointer", "not-allowed"];
    Module["canvas"].style.cursor = shape < 0 ? "none" : (names[shape] || "default");
  },

});
