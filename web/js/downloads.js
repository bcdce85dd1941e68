// What a widget waits for: its module's runtime and compiled wasm, and the lesson's words.
// widget.html's inline start script (start.js) begins them while the page is still parsed; the
// loader (widget-page.js, or embed.js in a host page) begins them itself where that script did not
// run. Both come here, so they ask for the same files the same way.

// The widget modules (src/lesson/scene.h's scene sets, docs/architecture.md), each a download of its
// own: its runtime FILE.js, which defines window[factory], and its wasm FILE.wasm; `scenes`, the
// scenes it offers, or none for the lesson's widget, which offers the rest; `further`: it reads the
// Go-further words (lessonFile(locale, 'further')) besides the lesson's.
export const MODULES = [
  { file: 'attention_widget', factory: 'createAttentionWidget' },
  { file: 'attention_heads', factory: 'createAttentionHeads', scenes: ['heads'], further: 1 },
];
// The module of a widget whose scene option is `scene` and scenes option `scenes` (strings or
// null): the one offering its scene, else the first of its scenes, else the lesson's widget.
export function widgetModule(scene, scenes) {
  const name = scene || (scenes || '').split(',')[0].trim();
  return MODULES.find((module) => module.scenes && module.scenes.indexOf(name) >= 0) || MODULES[0];
}

// The lesson file the widget reads its English words from, beside the widget's files.
export const LESSON_FILE = 'lesson/lesson.txt';
// The languages the widget speaks, as src/lesson/locale.cpp lists them (browser_locale checks
// that they agree). English is LESSON_FILE; another locale's words are lesson/CODE/lesson.txt,
// read over the English ones, which are fetched too only when the translation lacks a key.
export const LOCALES = ['en', 'es'];
// The pseudo-locale for testing layouts (src/lesson/locale.h): the widget makes it from the
// English words, so a widget asked for it fetches lesson/lesson.txt.
export const PSEUDO_LOCALE = 'qps';
// The lesson file `name` (lesson, or further: src/lesson/locale.h) of `locale`.
export const lessonFile = (locale, name = 'lesson') => `lesson/${locale && locale !== 'en' ? `${locale}/` : ''}${name}.txt`;

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

// `module`'s wasm, compiled by the browser in the background as its bytes arrive, or from the
// page itself in the one-file lesson (window.attentionWidgetInline, scripts/make-offline.mjs). null
// where the runtime must load it itself: a page opened from file://, a browser without streaming
// compiles.
export function compileWasm(base, module) {
  const inline = window.attentionWidgetInline;
  if (!inline && (!canFetch() || typeof WebAssembly !== 'object' || !WebAssembly.compileStreaming)) return null;
  const compiled = inline ? inline(module.file) : WebAssembly.compileStreaming(
    fetch(new URL(`${module.file}.wasm`, base).href, { credentials: 'same-origin' }));
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

// The three downloads at once, the wasm first (the longest): `module`'s compiled wasm, the lesson
// file of `locale`, and `module`'s runtime, run from a script tag added to the page. Returns them
// as promises {wasm, text, runtime} (wasm may be null, see compileWasm), with `file` (the lesson
// file's name) and `module` (the module's file name).
export function startDownloads(base, locale, module) {
  const wasm = compileWasm(base, module);
  const file = lessonFile(locale);
  const text = fetchLessonText(base, file);
  const runtime = loadScript(new URL(`${module.file}.js`, base));
  text.catch(() => {});  // reported by the loader when it waits for them
  runtime.catch(() => {});
  return { wasm, text, runtime, file, module: module.file };
}
