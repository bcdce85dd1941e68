// What the widget asks of its page and tells it (platform/host.h, the web half in host_web.cpp):
// the loop on the browser's animation frames, the page's listeners that wake it, its colour scheme and motion preferences, the lesson's
// words the loader fetched, the Module.on* callbacks of the loader, the clipboard, downloads, new
// tabs. An Emscripten JS library (--js-library): each entry becomes a function the C++ declares in
// platform/web_library.h; `_attn_*` are the wasm's exports.
mergeInto(LibraryManager.library, {
  attn_js_install__deps: ["$GL"],
  attn_js_install: function() {
    var canvas = Module["canvas"];
    canvas.addEventListener("webglcontextlost", function(event) {
      event.preventDefault();
      _attn_context_lost();
    });
    // Emscripten's GL layer names each new object with the next value of one counter and never
    // names two objects alike, so its tables of objects grow with every restore of the context.
    // Once the widget holds none (they went with the lost context), naming starts again.
    canvas.addEventListener("webglcontextrestored", function() {
      var tables = [GL.buffers, GL.programs, GL.textures, GL.shaders, GL.vaos];
      if (!tables.some(function(table) { return table.some(Boolean); })) {
        tables.forEach(function(table) { table.length = 0; });
        GL.counter = 1;
      }
      _attn_context_restored();
    });
    var resized = function() { _attn_size_changed(); };
    window.addEventListener("resize", resized);
    if (typeof ResizeObserver !== "undefined" && canvas.parentElement) {
      new ResizeObserver(resized).observe(canvas.parentElement);
    }
    document.addEventListener("visibilitychange", function() {
      _attn_set_shown(document.visibilityState === "hidden" ? 0 : 1, -1);
    });
    // The container, not the canvas: a tall widget's canvas holds only a band of it (window_web.cpp).
    if (typeof IntersectionObserver !== "undefined") {
      new IntersectionObserver(function(entries) {
        _attn_set_shown(-1, entries[entries.length - 1].isIntersecting ? 1 : 0);
      }).observe(canvas.parentElement || canvas);
    }
    if (window.matchMedia) {
      var dark = window.matchMedia("(prefers-color-scheme: dark)");
      if (dark.addEventListener) dark.addEventListener("change", function(e) { _attn_set_prefers_dark(e.matches ? 1 : 0); });
      var still = window.matchMedia("(prefers-reduced-motion: reduce)");
      if (still.addEventListener) still.addEventListener("change", function(e) { _attn_set_reduced_motion(e.matches ? 1 : 0); });
      // More contrast: asked for, or forced colours (attn_js_more_contrast).
      var queries = ["(prefers-contrast: more)", "(forced-colors: active)"].map(function(q) { return window.matchMedia(q); });
      var contrast = function() { _attn_set_more_contrast(queries[0].matches || queries[1].matches ? 1 : 0); };
      queries.forEach(function(list) { if (list.addEventListener) list.addEventListener("change", contrast); });
    }
  },

  attn_js_container_size: function(size) {
    var box = Module["canvas"].parentElement.getBoundingClientRect();
    HEAP32[size >> 2] = Math.max(1, Math.round(box.width));
    HEAP32[(size >> 2) + 1] = Math.max(1, Math.round(box.height));
  },

  attn_js_prefers_dark: function() {
    return (window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches) ? 1 : 0;
  },

  attn_js_more_contrast: function() {
    var asks = function(query) { return window.matchMedia && window.matchMedia(query).matches; };
    return asks("(prefers-contrast: more)") || asks("(forced-colors: active)") ? 1 : 0;
  },

  attn_js_reduced_motion: function() {
    return (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) ? 1 : 0;
  },

  // Smoothly unless the reader asked for reduced motion; the part lands a fifth of the way down.
  attn_js_reveal: function(top, bottom) {
    var box = Module["canvas"].parentElement.getBoundingClientRect();
    var view = window.innerHeight;
    if (box.top + top >= 0 && box.top + bottom <= view) return;
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({top: box.top + top - view * 0.2, behavior: still ? "auto" : "smooth"});
  },

  attn_js_playback: function(report) {
    var callback = Module["onPlayback"];
    if (typeof callback !== "function") return;
    var detail = null;
    try { detail = JSON.parse(UTF8ToString(report)); } catch (error) { detail = null; }
    if (detail) callback(detail);
  },

  attn_js_prediction: function(event) {
    var callback = Module["onPrediction"];
    if (typeof callback !== "function") return;
    var detail = null;
    try { detail = JSON.parse(UTF8ToString(event)); } catch (error) { detail = null; }
    if (detail) callback(detail);
  },

  // Module.lessonText (which 0), translationText (1), furtherText (2) or furtherTranslationText
  // (3), copied into the heap.
  attn_js_lesson_text__deps: ["malloc"],
  attn_js_lesson_text: function(which) {
    var whole = Module[["lessonText", "translationText", "furtherText", "furtherTranslationText"][which]];
    if (typeof whole !== "string") return 0;
    var text = whole.slice(0, 1 << 20);
    var size = lengthBytesUTF8(text) + 1;
    var out = _malloc(size);
    stringToUTF8(text, out, size);
    return out;
  },

  attn_js_state_changed: function(state, description, table_json) {
    var callback = Module["onWidgetChange"];
    if (typeof callback !== "function") return;
    var table = {};
    try { table = JSON.parse(UTF8ToString(table_json)); } catch (error) { table = {}; }
    callback(UTF8ToString(state), UTF8ToString(description), table);
  },

  attn_js_controls: function(controls, focus) {
    var callback = Module["onControls"];
    if (typeof callback === "function") callback(UTF8ToString(controls), focus >>> 0);
  },

  attn_js_content_height: function(css_pixels) {
    var callback = Module["onContentHeight"];
    if (typeof callback === "function") callback(css_pixels);
  },

  // Writes the link that opens the widget in `state` to `out`. With `copy`, also hands it to the
  // clipboard: returns 1 when the clipboard took it, 0 when the page must show it instead.
  attn_js_copy_link: function(state, out, capacity, copy) {
    var page = Module["widgetPageUrl"] || (location.origin + location.pathname + location.search);
    var link = page.split("#")[0] + "#" + UTF8ToString(state);
    stringToUTF8(link, out, capacity);
    if (!copy || !navigator.clipboard || !window.isSecureContext) return 0;
    navigator.clipboard.writeText(link).catch(function (error) { console.warn("Copy link failed: " + error); });
    return 1;
  },

  // The canvas takes the picture's size for as long as the picture is drawn: the browser allocates a
  // drawing buffer that large only if it can (else a smaller one, and the canvas is put back).
  attn_js_begin_picture: function(width, height) {
    var canvas = Module["canvas"];
    var screen = Module["attnScreenSize"] = [canvas.width, canvas.height];
    canvas.width = width;
    canvas.height = height;
    if (GLctx.drawingBufferWidth === width && GLctx.drawingBufferHeight === height) return 1;
    canvas.width = screen[0];
    canvas.height = screen[1];
    return 0;
  },

  // The browser copies the canvas's pixels at once (the frame drawn in it is not yet shown) and
  // encodes them as PNG while the canvas goes back to its size and the page downloads the file.
  attn_js_end_picture: function(file, width, height, alt_text) {
    var canvas = Module["canvas"];
    var name = UTF8ToString(file);
    canvas.toBlob(function(blob) {
      if (!blob) {
        console.warn("Attention widget: the browser could not encode the picture");
        return;
      }
      var link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.setAttribute("download", name);
      link.click();
      setTimeout(function() { URL.revokeObjectURL(link.href); }, 60000);
    }, "image/png");
    canvas.width = Module["attnScreenSize"][0];
    canvas.height = Module["attnScreenSize"][1];
    var callback = Module["onPicture"];
    if (typeof callback === "function") callback({"width": width, "height": height, "altText": UTF8ToString(alt_text)});
  },

  // A text file the learner keeps (the record of their predictions), downloaded.
  attn_js_save_text: function(file, text) {
    var link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([UTF8ToString(text)], {"type": "text/plain;charset=utf-8"}));
    link.setAttribute("download", UTF8ToString(file));
    link.click();
    setTimeout(function() { URL.revokeObjectURL(link.href); }, 60000);
  },

  // A new tab (or the mail program, for mailto:), which cannot reach back into this page.
  attn_js_open_url: function(url) {
    window.open(UTF8ToString(url), "_blank", "noopener");
  },

  // The loop: a frame (attn_frame) on each of the browser's animation frames from
  // attn_js_loop_resume until attn_js_loop_pause (an idle widget draws nothing).
  $attnLoop: {running: false, request: 0},
  attn_js_loop_resume__deps: ["$attnLoop"],
  attn_js_loop_resume: function() {
    attnLoop.running = true;
    if (attnLoop.request) return;
    var frame = function() {
      attnLoop.request = 0;
      if (ABORT) return;
      _attn_frame();
      if (attnLoop.running && !attnLoop.request) attnLoop.request = requestAnimationFrame(frame);
    };
    attnLoop.request = requestAnimationFrame(frame);
  },

  attn_js_loop_pause__deps: ["$attnLoop"],
  attn_js_loop_pause: function() {
    attnLoop.running = false;
    cancelAnimationFrame(attnLoop.request);
    attnLoop.request = 0;
  },

  // Quoted names: the closure compiler would rename data-* names it has no extern for.
  attn_js_frame_drawn: function(frames) {
    Module["canvas"].dataset["frames"] = String(frames);
    Module["canvas"].dataset["heap"] = String(HEAP8.length);
    var callback = Module["onFrameDrawn"];
    if (typeof callback === "function") callback();
  },

});
