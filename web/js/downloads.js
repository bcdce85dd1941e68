// The two downloads a widget waits for besides its runtime: the compiled wasm and the lesson's
// words. widget.html's inline start script (start.js) begins them while the page is still parsed;
// the loader (widget-page.js, or embed.js in a host page) begins them itself where that script did
// not run. Both come here, so they ask for the same files the same way.

// The lesson file the widget reads its English words from, beside the widget's files.
export const LESSON_FILE = 'lesson/lesson.txt';
// The languages the widget speaks, as src/lesson/locale.cpp lists them (browser_locale checks
// that they agree). English is LESSON_FILE; another locale's words are lesson/CODE/lesson.txt,
// read over the English ones, which are fetched too only when the translation lacks a key.
export const LOCALES = ['en', 'es'];
// The pseudo-locale for testing layouts (src/lesson/locale.h): the widget makes it from the
// English words, so a widget asked for it fetches lesson/lesson.txt.
export const PSEUDO_LOCALE = 'qps';
export const lessonFile = (locale) => (locale && locale !== 'en' ? `lesson/${locale}/lesson.txt` : LESSON_FILE);

// The locale a widget speaks: its locale option, else the language of the page around `element`
// (the closest lang attribute: lang="es-MX" is es), else English. An option naming no locale is
// kept for the widget to warn about; its words are then English.
export function widgetLocale(option, element) {
  const known = (code) => (LOCALES.indexOf(code) >= 0 ? code : null);
  if (typeof option === 'string' && option !== '') return known(option) || 'en';
  const holder = element && element.closest ? element.closest('[lang]') : document.documentElement;
  const tag = (holder && holder.getAttribute('lang')) || '';
  return known(tag.split('-')[0].toLowerCase()) || 'en';
}

const canFetch = () => window.location.protocol !== 'file:' && typeof fetch === 'function';

// Runs the classic script at `url` (a URL); resolves once it has run, rejects if it did not load.
export function loadScript(url) {
  return new Promise((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = url.href;
    tag.onload = resolve;
    tag.onerror = reject;
    document.head.appendChild(tag);
  });
}

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

// A lesson file's text (`file`, e.g. lessonFile('es')). A failure is an Error whose message names
// the file and the cause.
export async function fetchLessonText(base, file = LESSON_FILE) {
  if (!canFetch()) throw new Error('a page opened from file:// cannot read files beside it');
  let response;
  try {
    response = await fetch(new URL(file, base).href);
  } catch (error) {
    throw new Error(`${file}: ${error.message}`);
  }
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  try {
    return await response.text();
  } catch (error) {
    throw new Error(`${file}: ${error.message}`);
  }
}

// Both downloads at once, as {wasm, text, file} (promises; wasm may be null, see compileWasm), the
// text being the lesson file of `locale`.
export function startDownloads(base, locale) {
  const wasm = compileWasm(base);
  const file = lessonFile(locale);
  const text = fetchLessonText(base, file);
  text.catch(() => {});  // reported by the loader when it waits for the words
  return { wasm, text, file };
}
