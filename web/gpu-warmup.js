// Started by the widget loader (web/js/schedule.js) in a worker before the first widget of a page
// makes its WebGL context: the first context of a page waits for the browser to set up its GPU
// side (hundreds of milliseconds with a software renderer), and doing that here keeps the wait
// off the page's main thread. The context is dropped at once.
let made = false;
try {
  made = typeof OffscreenCanvas === 'function' && !!new OffscreenCanvas(1, 1).getContext('webgl2');
} catch (error) {
  made = false;
}
postMessage(made);
