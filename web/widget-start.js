// Inlined at the top of widget.html (scripts/inline-start.mjs), so it runs before anything else
// on the page: it starts the two slowest steps of showing the widget at once, while the runtime,
// the loader and the lesson words are still downloading.
//  - Compiling the wasm: the browser does it in the background as the bytes arrive.
//  - Creating the WebGL 2 context: it blocks the page for 100-300 ms, time the downloads then
//    overlap instead of following.
// embed.js takes both over (window.attentionWidgetStart). Where this script does not run (a
// Content-Security-Policy without its hash, see SECURITY.md) embed.js does both itself, later.
(function () {
  'use strict';
  var start = {};
  if (window.location.protocol !== 'file:' && typeof fetch === 'function' && typeof WebAssembly === 'object' &&
      WebAssembly.compileStreaming) {
    start.wasm = WebAssembly.compileStreaming(fetch('attention_widget.wasm', { credentials: 'same-origin' }));
    start.wasm.catch(function () {});  // embed.js reports a failure when it waits for the module
  }
  // The size and attributes embed.js would give it (a page of its own fills the window).
  var canvas = document.createElement('canvas');
  var ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(window.innerWidth * ratio));
  canvas.height = Math.max(1, Math.round(window.innerHeight * ratio));
  start.canvas = canvas;
  start.gl = canvas.getContext('webgl2', { alpha: false, depth: false, stencil: false, antialias: false });
  window.attentionWidgetStart = start;
})();
