// When the widgets of a page start and when they hold a WebGL context. A page such as the lesson
// hosts several widgets, most of them far below the screen at first:
//  - a widget starts only when it comes within START_MARGIN of the viewport, one start at a time,
//    the one nearest the screen first (startWhenNear);
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
      let worker = null;
      const done = () => {
        if (worker) worker.terminate();
        resolve();
      };
      try {
        worker = new Worker(new URL('gpu-warmup.js', base).href);
        worker.onmessage = done;
        worker.onerror = done;
        setTimeout(done, 3000);
      } catch (error) {
        done();
      }
    });
  }
  return warmup;
}

// Resolves once the page's first content is on screen (its first-contentful-paint entry, which
// comes when the frame is presented, not when it is made), or after a second where the browser
// does not report paints.
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
      const supported = typeof PerformanceObserver === 'function' &&
        (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
      if (!supported) {
        setTimeout(resolve, 1000);
        return;
      }
      const observer = new PerformanceObserver(() => {
        if (!seen()) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
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

const waiting = new Map();  // element -> its start(), a function returning a promise
const near = new Set();     // waiting elements now within START_MARGIN
let starting = false;
let startObserver = null;

async function startNearest() {
  if (starting) return;
  starting = true;
  try {
    for (;;) {
      const candidates = Array.from(near).filter((element) => waiting.has(element));
      if (!candidates.length) break;
      let nearest = candidates[0];
      for (const element of candidates) {
        if (distanceFromScreen(element) < distanceFromScreen(nearest)) nearest = element;
      }
      const start = waiting.get(nearest);
      waiting.delete(nearest);
      near.delete(nearest);
      startObserver.unobserve(nearest);
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

// Calls start() once `element` comes near the screen, after any start already running.
export function startWhenNear(element, start) {
  if (!canObserve) {
    start();
    return;
  }
  if (!startObserver) {
    startObserver = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) near.add(entry.target); else near.delete(entry.target);
      }
      startNearest();
    }, { rootMargin: START_MARGIN });
  }
  waiting.set(element, start);
  startObserver.observe(element);
}

let keepObserver = null;
const contexts = new WeakMap();  // element -> {release(), restore()}

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
        if (entry.isIntersecting) context.restore(); else context.release();
      }
    }, { rootMargin: KEEP_MARGIN });
  }
  keepObserver.observe(element);
}
