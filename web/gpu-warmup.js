// Started by the widget loader (web/js/schedule.js) in a worker before the first widget of a page
// makes its WebGL context: the first context of a page waits for the browser to set up its GPU
// side (hundreds of milliseconds with a software renderer), and doing that here keeps the wait
// off the page's main thread. The context is given back at once, on the worker's thread. The
// worker then stays, idle, for the life of the page: ending a worker makes the page's thread wait
// for the worker's teardown (50-120 ms measured here, right when the first widget draws).
let made = false;
try {
  const gl = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('webgl2') : null;
  made = !!gl;
  const lose = gl && gl.getExtension('WEBGL_lose_context');
  if (lose) lose.loseContext();
} catch (error) {
  made = false;
}
postMessage(made);
