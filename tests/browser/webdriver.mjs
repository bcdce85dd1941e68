// A small W3C WebDriver client (classic HTTP) for WebKitGTK: WebKitWebDriver drives MiniBrowser,
// WebKit's engine as Safari has it, on an X server of its own (Xvfb: MiniBrowser has no headless
// mode). Only what the browser tests use: navigate, run a script, wait for a condition, pointer and
// key actions, window size, screenshots. Classic WebDriver reports no console messages and runs no
// script before a page's own: a test hooks console.error and page errors once the page has loaded.
// usage: const webkit = await startWebKit(); const page = await webkit.newSession(); ...;
//        await page.close(); await webkit.stop();
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
// Debian's libwebkit2gtk-4.1-0 installs MiniBrowser beside the engine's own processes.
export const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

// The W3C key codes the tests press (WebDriver's "normalised key values").
export const KEYS = { ArrowLeft: '\uE012', ArrowUp: '\uE013', ArrowRight: '\uE014', ArrowDown: '\uE015', Tab: '\uE004' };

// [SECTION] Processes

// A port nobody listens on now: the kernel picks it, and it is handed to the driver.
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Ends a process this file started and waits until it has exited, so that it is reaped here and
// not left to outlive the test as a zombie.
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

// Xvfb on the first free display: -displayfd writes the display's number once it accepts clients.
export function startXvfb() {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'],
                       { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named its display`)));
    xvfb.stdout.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve({ xvfb, display: `:${text.trim()}` });
    });
  });
}

// Why WebKit cannot run here, or null when its driver and browser are installed.
export function webkitMissing() {
  for (const file of [WEBKIT_DRIVER, MINIBROWSER]) {
    if (!existsSync(file)) return `${file} is not installed (scripts/bootstrap installs webkit2gtk-driver)`;
  }
  return null;
}

// Starts Xvfb and WebKitWebDriver. What the driver writes is kept in `log`, a line at a time, for
// a test to print when the driver fails.
export async function startWebKit() {
  const { xvfb, display } = await startXvfb();
  const port = await freePort();
  const log = [];
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: display },
                                                           stdio: ['ignore', 'pipe', 'pipe'] });
  let partial = '';
  const keep = (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    log.push(...lines);
  };
  driver.stdout.setEncoding('utf8').on('data', keep);
  driver.stderr.setEncoding('utf8').on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  // The driver answers /status once it listens.
  for (let waited = 0; ; waited += 100) {
    try {
      const res = await fetch(`${base}/status`);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (waited > 15000) throw new Error(`WebKitWebDriver did not answer on port ${port}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    log,
    display,
    newSession: (options) => newSession(base, options),
    async stop() {
      await stopProcess(driver);
      await stopProcess(xvfb);
    },
  };
}

// [SECTION] Commands

async function command(base, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = await res.json();
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${reply.value?.error}: ${reply.value?.message}`);
  return reply.value;
}

// A browser window driven by one session (`args`: MiniBrowser's further options, as its --help-all
// lists them, e.g. '--enable-webgl=false'). Scripts are function bodies or functions; functions are
// sent as their source and called with `args` (JSON values), as Playwright's evaluate does.
async function newSession(base, { args = [] } = {}) {
  const session = await command(base, 'POST', '/session', { capabilities: { alwaysMatch: {
    'webkitgtk:browserOptions': {
      binary: MINIBROWSER,
      args: ['--automation', ...args],
    },
  } } });
  const at = `/session/${session.sessionId}`;
  const call = (method, path, body) => command(base, method, `${at}${path}`, body);
  const source = (fn) => (typeof fn === 'function' ? `return (${fn}).apply(null, arguments);` : fn);
  const page = {
    capabilities: session.capabilities,
    goto: (url) => call('POST', '/url', { url }),
    evaluate: (fn, ...args) => call('POST', '/execute/sync', { script: source(fn), args }),
    // The script's last argument is the callback that ends it (WebDriver's asynchronous scripts).
    evaluateAsync: (fn, ...args) => call('POST', '/execute/async', { script: source(fn), args }),
    // Polls `fn` in the page until it returns a true value (returned); throws `what` on timeout.
    async waitFor(fn, arg = null, { timeout = 30000, what = 'a condition' } = {}) {
      const end = Date.now() + timeout;
      for (;;) {
        const value = await page.evaluate(fn, arg).catch(() => null);  // a page between loads answers nothing
        if (value) return value;
        if (Date.now() > end) throw new Error(`timed out after ${timeout / 1000} s waiting for ${what}`);
        await new Promise((done) => setTimeout(done, 100));
      }
    },
    wait: (ms) => new Promise((done) => setTimeout(done, ms)),
    // The window's size; the viewport is what MiniBrowser's toolbar leaves of it.
    setWindowSize: (width, height) => call('POST', '/window/rect', { width, height }),
    // An element found by a CSS selector, as WebDriver's element reference.
    async $(selector) {
      return call('POST', '/element', { using: 'css selector', value: selector });
    },
    // Pointer actions: `steps` are { type: 'pointerMove', x, y, origin } / pointerDown / pointerUp /
    // pause entries (https://www.w3.org/TR/webdriver2/#actions) of a mouse, or of a 'touch' or 'pen'
    // pointer; released afterwards.
    async pointer(steps, pointerType = 'mouse') {
      await call('POST', '/actions', { actions: [{ type: 'pointer', id: pointerType, parameters: { pointerType },
                                                   actions: steps }] });
      await call('DELETE', '/actions');
    },
    // Presses and releases each key in turn (KEYS' codes or characters).
    async press(...keys) {
      const actions = keys.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]);
      await call('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    },
    async screenshot(element) {
      const value = element ? await call('GET', `/element/${Object.values(element)[0]}/screenshot`)
                            : await call('GET', '/screenshot');
      return Buffer.from(value, 'base64');
    },
    close: () => call('DELETE', ''),
  };
  return page;
}
