// When the widgets of a page start and when they hold a WebGL context. A page such as the lesson
// hosts several widgets, most of them far below the screen at first:
//  - a widget starts when some of it is on screen, or, once the reader has scrolled or touched the
//    page, when it comes within START_MARGIN of the viewport; one start at a time, the one nearest
//    the screen first (startWhenNear). A reader who only reads the first screen costs the page no
//    widget start it does not show; one who scrolls finds the next widget drawn when it arrives.
//  - a widget farther than KEEP_MARGIN from the viewport gives its WebGL context back to the
//    browser and gets it again when it comes back (keepContextNear); the app keeps its state and
//    makes its GL objects again, as after any context loss;
//  - the page's thread never waits for the GPU where it can wait off it: a context is made once
//    fences show the GPU has caught up with the live widgets' work; one is given back only once,
//    besides, the page has neither scrolled nor drawn a widget frame for a moment.
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

// Resolves in a task after the page's first animation frame: by then the page's thread has laid
// out and painted that frame, and the browser is putting it on screen.
let framed = null;
export function afterFirstFrame() {
  if (!framed) framed = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return framed;
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

const waiting = new Map();  // element -> {start, prepare}: start() returns a promise, prepare() nothing
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
      // A start that would keep more than MAX_LIVE contexts gives the farthest back first.
      holdLiveTo(MAX_LIVE - 1);
      try {
        await start();
      } catch (error) {
        // start() reports its own failures; the next widget still starts.
      }
      startedAt = performance.now();
    }
  } finally {
    starting = false;
  }
}

// Calls start() once `element` is on screen, or near it after the reader has engaged with the
// page, after any start already running. prepare(onScreenAtLoad) (the downloads) runs as soon as
// it is near: at once, with true, when it is on screen already as it is registered.
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
          waiter.prepare(false);
          waiter.prepare = null;
        }
      }
      startNearest();
    }, { rootMargin: START_MARGIN });
    for (const type of ENGAGING) window.addEventListener(type, engage, { capture: true, passive: true });
  }
  const onScreen = prepare && distanceFromScreen(element) === 0;
  waiting.set(element, { start, prepare: onScreen ? null : prepare });
  if (onScreen) prepare(true);
  startObserver.observe(element);
}

let keepObserver = null;
const contexts = new WeakMap();  // element -> {release(), restore()}

// Giving a context back makes the page's thread wait until the GPU has done all the work queued
// before it, any widget's, and a widget that has just started keeps the GPU busy for a while (its
// first frames, its shaders). A context that went far is given back when the page is idle and no
// widget has started for QUIET_MS; one that comes near again before then keeps it. A start or a
// restore that would keep more than MAX_LIVE contexts live gives back the farthest at once.
const MAX_LIVE = 3;
const QUIET_MS = 300;
const live = new Set();           // {release()} of contexts live now
const dueForRelease = new Set();  // {release()} of contexts that went far
let releaseAsked = false;
let startedAt = -Infinity;   // when the last start ended
let releasedAt = -Infinity;  // when a context was last given back
function releaseDue() {
  for (const context of dueForRelease) context.release();
  if (dueForRelease.size) releasedAt = performance.now();
  dueForRelease.clear();
}
// Keeps at most `limit` contexts live: gives back the ones that went far, then, while there are
// still too many, the live one farthest from the screen (never one on screen, nor `keep`). One
// given back while still within KEEP_MARGIN gets its context again when it comes near the screen.
function holdLiveTo(limit, keep = null) {
  if (live.size > limit) releaseDue();
  while (live.size > limit) {
    let farthest = null;
    let distance = 0;
    for (const context of live) {
      const away = context === keep ? 0 : distanceFromScreen(context.element);
      if (away > distance) {
        farthest = context;
        distance = away;
      }
    }
    if (!farthest) return;
    farthest.release();
    releasedAt = performance.now();
    comeBackNear(farthest);
  }
}
// A context given back by holdLiveTo comes back when its widget comes near the screen from
// farther, or when some of it is on screen: not merely because it is near now, or two widgets near
// the screen would take the context from each other in turn.
const givenBack = new WeakMap();  // element -> {context, wasFar}
const backObservers = [];
function comeBackNear(context) {
  if (!backObservers.length) {
    const watch = (margin, near) => new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const waiting = givenBack.get(entry.target);
        if (!waiting) continue;
        if (!entry.isIntersecting) {
          if (near) waiting.wasFar = true;
          continue;
        }
        if (near && !waiting.wasFar) continue;
        dueForRelease.delete(waiting.context);
        waiting.context.restore();
      }
    }, { rootMargin: margin });
    backObservers.push(watch(START_MARGIN, true), watch('0px', false));
  }
  givenBack.set(context.element, { context, wasFar: false });
  for (const observer of backObservers) {
    observer.unobserve(context.element);  // observing again reports where it is now
    observer.observe(context.element);
  }
}
// The GPU is busy for a while after a widget draws (a few frames after any change, its first
// included) and after the page scrolls (the browser rasters what comes into view).
const FRAMES_SETTLED_MS = 50;
const SCROLL_SETTLED_MS = 100;
let lastFrameAt = -Infinity;
let lastScrollAt = -Infinity;
export function frameDrawn() {
  lastFrameAt = performance.now();
}
function settled() {
  const now = performance.now();
  return now - lastFrameAt >= FRAMES_SETTLED_MS && now - lastScrollAt >= SCROLL_SETTLED_MS;
}
if (typeof document !== 'undefined') {
  document.addEventListener('scroll', () => { lastScrollAt = performance.now(); }, { capture: true, passive: true });
}
// Whether the GPU has done the work queued so far in each of `contexts`: a fence is queued in each
// the first time it is asked, and the answer is yes once all have passed.
function allCaughtUp(contexts) {
  let done = true;
  for (const context of contexts) done = context.caughtUp() && done;
  return done;
}
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Resolves once the GPU has done the work queued so far in every live context (looked at every
// frame), or after GPU_WAIT_MS. A start waits neither for the scroll nor for the widgets' frames to
// settle: in a quick scroll the next widget's start, queued behind this one, would then come when
// it is already on screen, and its growth would move the page.
const GPU_WAIT_MS = 500;
export async function gpuCaughtUp() {
  // The GPU's side of a context just given back is still being taken down: a context made
  // meanwhile waits for it, on the page's thread.
  const sinceRelease = performance.now() - releasedAt;
  if (sinceRelease < QUIET_MS) await pause(QUIET_MS - sinceRelease);
  const contexts = Array.from(live);
  const began = performance.now();
  while (!allCaughtUp(contexts) && performance.now() - began <= GPU_WAIT_MS) await pause(16);
  for (const context of contexts) context.forgetFence();
}

// A release waits at most RELEASE_WAIT_MS for a settled page.
const RELEASE_WAIT_MS = 3000;
function releaseWhenIdle(context) {
  dueForRelease.add(context);
  if (releaseAsked) return;
  releaseAsked = true;
  const asked = performance.now();
  const idle = (run) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 })
    : setTimeout(run, 100));
  const run = () => {
    const quiet = performance.now() - startedAt;
    if (starting || quiet < QUIET_MS) {
      setTimeout(() => idle(run), starting ? QUIET_MS : QUIET_MS - quiet);
      return;
    }
    const overdue = performance.now() - asked > RELEASE_WAIT_MS;
    // Giving the contexts back once the GPU has caught up with them waits for little.
    if (!(allCaughtUp(dueForRelease) && settled()) && !overdue) {
      setTimeout(() => idle(run), 16);
      return;
    }
    releaseAsked = false;
    releaseDue();
  };
  idle(run);
}

// Gives `canvas`'s WebGL context back while `element` is farther than KEEP_MARGIN from the screen.
// The context must be live now (its WEBGL_lose_context extension is read while it is).
export function keepContextNear(element, canvas) {
  if (!canObserve) return;
  const gl = canvas.getContext('webgl2');
  const extension = gl && gl.getExtension('WEBGL_lose_context');
  if (!extension) return;
  let released = false;
  let fence = null;
  const context = {
    element,
    caughtUp() {
      if (released || gl.isContextLost()) return true;
      if (!fence) {
        fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
        gl.flush();
        return false;
      }
      return gl.getSyncParameter(fence, gl.SYNC_STATUS) === gl.SIGNALED;
    },
    release() {
      live.delete(context);
      context.forgetFence();
      if (released || gl.isContextLost()) return;
      released = true;
      extension.loseContext();
    },
    forgetFence() {
      if (fence && !gl.isContextLost()) gl.deleteSync(fence);
      fence = null;
    },
    restore() {
      if (givenBack.delete(element)) for (const observer of backObservers) observer.unobserve(element);
      live.add(context);
      context.forgetFence();
      if (released) {
        released = false;
        extension.restoreContext();
      }
      holdLiveTo(MAX_LIVE, context);
    },
  };
  contexts.set(element, context);
  live.add(context);
  holdLiveTo(MAX_LIVE, context);
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
