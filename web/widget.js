// Starts the widget on this page's canvas, or shows the static fallback when it cannot run.
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
  createAttentionWidget({
    canvas: canvas,
    print: function (text) { console.log(text); },
    printErr: function (text) { console.error(text); },
  }).catch(function (error) { showFallback(String(error)); });
})();
