// The two downloads a widget waits for besides its runtime: the compiled wasm and the lesson's
// words. widget.html's inline start script (start.js) begins them while the page is still parsed;
// the loader (widget-page.js, or embed.js in a host page) begins them itself where that script did
// not run. Both come here, so they ask for the same files the same way.

// The one lesson file the widget reads its words from, beside the widget's files.
export const LESSON_FILE = 'lesson/lesson.txt';

const canFetch = () => window.location.protocol !== 'file:' && typeof fetch === 'function';

// The wasm, compiled by the browser in the background as its bytes arrive. null where the
// runtime must load it itself: a page opened from file://, a browser without streaming compiles,
// or the one-file lesson (window.attentionWidgetSingleFile), whose runtime holds the wasm.
export function compileWasm(base) {
  if (window.attentionWidgetSingleFile || !canFetch() || typeof WebAssembly !== 'object' ||
      !WebAssembly.compileStreaming) {
    return null;
  }
  const compiled = WebAssembly.compileStreaming(
    fetch(new URL('attention_widget.wasm', base).href, { credentials: 'same-origin' }));
  compiled.catch(() => {});  // reported by the loader when it waits for the module
  return compiled;
}

// The lesson's words as text. A failure is an Error whose message names the file and the cause.
export async function fetchLessonText(base) {
  if (!canFetch()) throw new Error('a page opened from file:// cannot read files beside it');
  let response;
  try {
    response = await fetch(new URL(LESSON_FILE, base).href);
  } catch (error) {
    throw new Error(`${LESSON_FILE}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`${LESSON_FILE}: HTTP ${response.status}`);
  try {
    return await response.text();
  } catch (error) {
    throw new Error(`${LESSON_FILE}: ${error.message}`);
  }
}

// Both downloads at once, as {wasm, text} promises (wasm may be null, see compileWasm).
export function startDownloads(base) {
  const wasm = compileWasm(base);
  const text = fetchLessonText(base);
  text.catch(() => {});  // reported by the loader when it waits for the words
  return { wasm, text };
}
