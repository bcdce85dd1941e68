// Starts the widget on this page's canvas, or shows the static fallback when it cannot run.
// ?scene=NAME opens a scene; lesson/*.txt next to this page override the built-in words.
(function () {
  'use strict';
  var canvas = document.getElementById('attn-canvas');
  var fallback = document.querySelector('.attn-fallback[hidden]');
  function showFallback(reason) {
    canvas.hidden = true;
    fallback.hidden = false;
    console.warn('Attention widget not started: ' + reason);
  }
  var probe = document.createElement('canvas').getContext('webgl2');
  if (!probe) { showFallback('WebGL 2 is not available'); return; }
  if (typeof createAttentionWidget !== 'function') { showFallback('the widget script did not load'); return; }

  var args = [];
  var scene = new URLSearchParams(window.location.search).get('scene');
  if (scene) args.push('--scene', scene.slice(0, 40));

  // Lesson text is optional: opened from file:// or without the folder, the built-in words show.
  function loadLessonText() {
    if (window.location.protocol === 'file:' || typeof fetch !== 'function') return Promise.resolve({});
    return fetch('lesson/files.json')
      .then(function (r) { return r.ok ? r.json() : []; })
      .then(function (names) {
        var text = {};
        return Promise.all(names.filter(function (n) { return /^[a-z0-9_]+\.txt$/.test(n); }).map(function (name) {
          return fetch('lesson/' + name)
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (body) { if (body !== null) text[name] = body; });
        })).then(function () { return text; });
      })
      .catch(function () { return {}; });
  }

  loadLessonText().then(function (lessonText) {
    return createAttentionWidget({
      canvas: canvas,
      arguments: args,
      lessonText: lessonText,
      print: function (text) { console.log(text); },
      printErr: function (text) { console.warn(text); },
    });
  }).catch(function (error) { showFallback(String(error)); });
})();
