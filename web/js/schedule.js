// When the widgets of a page start and when they hold a WebGL context. A page such as the lesson
// hosts several widgets, most of them far below the screen at first:
//  - a widget starts when some of it is on screen, or, once the reader has scrolled or touched the
//    page, when it comes within START_MARGIN of the viewport; one start at a time, the one nearest
//    the screen first (startWhenNear). A reader who only reads the first screen costs the page no
//    widget start it does not show; one who scrolls finds the next widget drawn when it arrives.
//  - a widget farther than KEEP_MARGIN from the viewport gives its WebGL context back to the
//    browser and gets it again when it comes back (keepContextNear); the app keeps its state and
//    makes its GL objects again, as after any context loss.
// Without IntersectionObserver every widget starts at once and keeps its context.

// One viewport height above and below the screen: a reader scrolling at a normal pace finds the
// widget drawn when it arrives.
const START_MARGIN = '100% 0px';
// Two viewport heights: a context is not given back and taken again for a small scroll.
const KEEP_MARGIN = '200% 0px';

const canObserve = typeof IntersectionObserver === 'function';

// The first WebGL context of a page is slow to make (the browser sets up its GPU side): a worker
// makes one first, off the main thread (gpu-warmup.js beside the loader). Resolves when it has,
// or could not (no worker from that origin, no OffscreenCanvas): the widget then pays it itself.
let warmup = null;
export function warmUpGpu(base) {
  if (!warmup) {
    warmup = new Promise((resolve) => {
      // A worker that answered stays (see gpu-warmup.js); only one that never answers is ended.
      try {
        const worker = new Worker(new URL('gpu-warmup.js', base).href);
        const timer = setTimeout(() => {
          worker.terminate();
          resolve();
        }, 3000);
        worker.onmessage = worker.onerror = () => {
          clearTimeout(timer);
          resolve();
        };
      } catch (error) {
        resolve();
      }
    });
  }
  return warmup;
}

// Resolves once the page's first content is on screen: at its first-contentful-paint entry, which
// comes when the frame is presented, not when it is made; or, where the browser reports no such
// entry (Firefox on file://, older browsers), after the load event and the frame that follows it
// (3 s later where paints are reported but this one was not).
let painted = null;
export function afterFirstPaint() {
  if (!painted) {
    painted = new Promise((resolve) => {
      const seen = () => performance.getEntriesByType &&
        performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
      if (seen()) {
        resolve();
        return;
      }
      // Where paints are reported, the first can come well after the load event (a browser setting
      // up its GPU side): the fallback then waits longer, in case the entry never comes.
      let wait = 0;
      if (typeof PerformanceObserver === 'function' &&
          (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
        const observer = new PerformanceObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe({ type: 'paint', buffered: true });
        wait = 3000;
      }
      const afterNextFrame = () => setTimeout(() => requestAnimationFrame(() => setTimeout(resolve, 0)), wait);
      if (document.readyState === 'complete') afterNextFrame();
      else window.addEventListener('load', afterNextFrame, { once: true });
    });
  }
  return painted;
}

// Ends the current task so the browser can paint and handle input; resolves in a new task.
export function nextTask() {
  if (typeof scheduler === 'object' && scheduler && typeof scheduler.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// How far `element` is from the viewport, in pixels (0 when some of it is on screen).
function distanceFromScreen(element) {
  const box = element.getBoundingClientRect();
  if (box.bottom < 0) return -box.bottom;
  if (box.top > window.innerHeight) return box.top - window.innerHeight;
  return 0;
}

const waiting = new Map();  // element -> {start, prepare}: functions returning promises
const near = new Set();     // waiting elements now within START_MARGIN
let starting = false;
let startObserver = null;
let engaged = false;        // the reader has scrolled, touched, clicked or pressed a key

function engage() {
  if (engaged) return;
  engaged = true;
  for (const type of ENGAGING) window.removeEventListener(type, engage, true);
  startNearest();
}
const ENGAGING = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'];

async function startNearest() {
  if (starting) return;
  starting = true;
  try {
    for (;;) {
      const candidates = Array.from(near).filter((element) => waiting.has(element) &&
                                                 (engaged || distanceFromScreen(element) === 0));
      if (!candidates.length) break;
      let nearest = candidates[0];
      for (const element of candidates) {
        if (distanceFromScreen(element) < distanceFromScreen(nearest)) nearest = element;
      }
      const { start } = waiting.get(nearest);
      waiting.delete(nearest);
      near.delete(nearest);
      startObserver.unobserve(nearest);
      // Contexts due to be given back go first, in a task of their own: the new widget's context
      // is made after they are gone, and their teardown does not land in its start.
      if (releaseDue()) await nextTask();
      try {
        await start();
      } catch (error) {
        // start() reports its own failures; the next widget still starts.
      }
    }
  } finally {
    starting = false;
  }
}

// Calls start() once `element` is on screen, or near it after the reader has engaged with the
// page, after any start already running. prepare() (the downloads) runs as soon as it is near.
export function startWhenNear(element, start, prepare) {
  if (!canObserve) {
    start();
    return;
  }
  if (!startObserver) {
    startObserver = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) {
          near.delete(entry.target);
          continue;
        }
        near.add(entry.target);
        const waiter = waiting.get(entry.target);
        if (waiter && waiter.prepare) {
          waiter.prepare();
          waiter.prepare = null;
        }
      }
      startNearest();
    }, { rootMargin: START_MARGIN });
    for (const type of ENGAGING) window.addEventListener(type, engage, { capture: true, passive: true });
  }
  waiting.set(element, { start, prepare });
  startObserver.observe(element);
}

let keepObserver = null;
const contexts = new WeakMap();  // element -> {release(), restore()}

// Giving a context back makes the page's thread wait until the GPU has finished that context's
// work, and while the GPU is busy (another widget starting, the page being composited) that wait
// is long. A context that went far is given back when the page is next idle, or just before the
// next widget's start, whichever comes first; one that comes near again before then keeps it.
const dueForRelease = new Set();  // {release()} of contexts that went far
let releaseAsked = false;
function releaseDue() {
  const any = dueForRelease.size > 0;
  for (const context of dueForRelease) context.release();
  dueForRelease.clear();
  return any;
}
function releaseWhenIdle(context) {
  dueForRelease.add(context);
  if (releaseAsked) return;
  releaseAsked = true;
  const run = () => {
    releaseAsked = false;
    releaseDue();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 100);
}

// Gives `canvas`'s WebGL context back while `element` is farther than KEEP_MARGIN from the screen.
// The context must be live now (its WEBGL_lose_context extension is read while it is).
export function keepContextNear(element, canvas) {
  if (!canObserve) return;
  const gl = canvas.getContext('webgl2');
  const extension = gl && gl.getExtension('WEBGL_lose_context');
  if (!extension) return;
  let released = false;
  contexts.set(element, {
    release() {
      if (released || gl.isContextLost()) return;
      released = true;
      extension.loseContext();
    },
    restore() {
      if (!released) return;
      released = false;
      extension.restoreContext();
    },
  });
  if (!keepObserver) {
    keepObserver = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const context = contexts.get(entry.target);
        if (!context) continue;
        if (entry.isIntersecting) {
          dueForRelease.delete(context);
          context.restore();
        } else {
          releaseWhenIdle(context);
        }
      }
    }, { rootMargin: KEEP_MARGIN });
  }
  keepObserver.observe(element);
}
