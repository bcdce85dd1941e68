// Inlined at the top of widget.html (scripts/inline-start.mjs), so it runs before anything else
// on the page: it starts the downloads the widget waits for at once, while the runtime and the
// loader are still downloading.
//  - Compiling the wasm: the browser does it in the background as the bytes arrive.
//  - Fetching the lesson words: otherwise the loader asks for them only once it runs.
// The WebGL 2 context is not made here: making it blocks the page, and responses
// that arrive meanwhile are not read; embed.js makes it once everything else is in.
// embed.js takes both over (window.attentionWidgetStart). Where this script does not run (a
// Content-Security-Policy without its hash, see SECURITY.md) embed.js starts them itself, later.
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
  window.attentionWidgetStart = start;
  // No text is laid out until the widget has drawn (embed.js removes the class): the first text a
  // fresh page lays out is slow, and the widget's first frame would otherwise wait behind it.
  // Without JavaScript this never runs and the fallback text shows.
  document.documentElement.classList.add('attn-starting');
  // If the loader never came (embed.js missing or refused), the page's own text shows once the
  // page has loaded: the fallback must not stay hidden.
  window.addEventListener('load', function () {
    if (window.attentionWidgetStart === start) document.documentElement.classList.remove('attn-starting');
  });
})();
