// Inlined at the top of widget.html (scripts/inline-start.mjs), so it runs before anything else
// on the page: it starts the slowest steps of showing the widget at once, while the runtime and
// the loader are still downloading.
//  - Compiling the wasm: the browser does it in the background as the bytes arrive.
//  - Fetching the lesson words: otherwise the loader asks for them only once it runs.
//  - Creating the WebGL 2 context: it blocks the page for 100-300 ms, time the downloads then
//    overlap instead of following.
// embed.js takes all three over (window.attentionWidgetStart). Where this script does not run (a
// Content-Security-Policy without its hash, see SECURITY.md) embed.js does them itself, later.
(function () {
  'use strict';
  var start = {};
  if (window.location.protocol !== 'file:' && typeof fetch === 'function' && typeof WebAssembly === 'object' &&
      WebAssembly.compileStreaming) {
    start.wasm = WebAssembly.compileStreaming(fetch('attention_widget.wasm', { credentials: 'same-origin' }));
    start.wasm.catch(function () {});  // embed.js reports a failure when it waits for the module
  }
  // The lesson words: the files the page lists (the build writes the same names as lesson/files.json).
  // The loader checks what arrives as it checks its own fetches.
  var list = document.querySelector('meta[name="attention-widget-lesson-files"]');
  var names = list ? (list.getAttribute('content') || '').split(/\s+/).filter(function (name) {
    return /^[a-z0-9_]+\.txt$/.test(name);
  }) : [];
  if (names.length && window.location.protocol !== 'file:' && typeof fetch === 'function') {
    var text = {};
    start.text = Promise.all(names.map(function (name) {
      return fetch('lesson/' + name).then(function (response) {
        if (!response.ok) throw new Error('lesson/' + name + ': HTTP ' + response.status);
        return response.text();
      }).then(function (body) { text[name] = body; });
    })).then(function () { return text; });
    start.text.catch(function () {});  // embed.js reports a failure when it waits for the words
  }
  // The size and attributes embed.js would give it (a page of its own fills the window).
  var canvas = document.createElement('canvas');
  var ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(window.innerWidth * ratio));
  canvas.height = Math.max(1, Math.round(window.innerHeight * ratio));
  start.canvas = canvas;
  start.gl = canvas.getContext('webgl2', { alpha: false, depth: false, stencil: false, antialias: false });
  window.attentionWidgetStart = start;
  // No text is laid out until the widget has drawn (embed.js removes the class): the first text a
  // fresh page lays out costs ~100 ms, which the widget's first frame would otherwise wait behind.
  // Without JavaScript this never runs and the fallback text shows.
  document.documentElement.classList.add('attn-starting');
  // If the loader never came (embed.js missing or refused), the page's own text shows once the
  // page has loaded: the fallback must not stay hidden.
  window.addEventListener('load', function () {
    if (window.attentionWidgetStart === start) document.documentElement.classList.remove('attn-starting');
  });
})();
