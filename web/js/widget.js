// One live widget in a div: what it waits for (its module's runtime and wasm, the lesson's words,
// each loaded once for the page), its canvas and accessible mirror, and the handle that the page API
// and widget.html drive. Nothing from the page, a message or the widget is inserted as HTML:
// text only (textContent, attributes, the CSSOM).
import { LESSON_FILE, LOCALES, MODULES, PSEUDO_LOCALE, compileWasm, fetchLessonText, lessonFile, loadScript, widgetLocale,
  widgetModule } from './downloads.js';
import { narrationChoice, narrator } from './narration.js';

export const MAX_STATE = 4096;  // lesson::kStateFragmentMaxLength
const NO_WEBGL = 'WebGL 2 is not available';
const script = document.currentScript;
// The folder the widget's files are served from: embed.js's own, or the page's when it is inlined.
const base = new URL('.', script && script.src ? script.src : window.location.href);
const mounted = new WeakMap();  // div -> widget handle
// data-start="eager" on the loader's script tag (or on one div) starts widgets at load instead of
// when they come near the screen.
const pageStart = script && script.dataset ? script.dataset.start : undefined;

// When a host page's widgets start and hold a WebGL context (schedule.js), handed in by embed.js;
// widget.html's one widget, which fills its page, starts at once and needs none of it.
let schedule = null;
export function useSchedule(module) {
  schedule = module;
}

// What the page has of each widget module (downloads.js's MODULES), each loaded once for every
// widget of that module: {runtime, wasm, names}. A page may hold widgets of several modules.
const loaded = new Map();
function loadedOf(module) {
  if (!loaded.has(module)) loaded.set(module, {});
  return loaded.get(module);
}

// The module's runtime, which defines its factory (window[module.factory]): `started` is the
// script widget.html's start script added, else a script tag is added now.
function loadRuntime(module, started) {
  const own = loadedOf(module);
  if (typeof window[module.factory] === 'function') return Promise.resolve();
  if (!own.runtime) {
    own.runtime = (started || loadScript(new URL(`${module.file}.js`, base))).catch(() => {
      throw failure('runtime-not-loaded', `${module.file}.js did not load`);
    });
  }
  return own.runtime;
}

// Compiled once, when the module's first widget mounts, while the lesson text loads; every widget
// of that module on the page instantiates it.
function moduleWasm(module) {
  const own = loadedOf(module);
  if (own.wasm === undefined) own.wasm = compileWasm(base, module);
  return own.wasm;
}

// The widget's words come only from the lesson files beside it (lesson/lesson.txt, and
// lesson/CODE/lesson.txt for another locale), which authors edit without a compiler; the one-file
// offline lesson carries them inline as window.attentionLessonTexts, by file name. Without them
// the widget is not started (see start()). Each file is fetched once for every widget of the page.
function textError(file, why) {
  return failure('words-not-loaded', `its words (${file}) could not be loaded: ${why}`);
}
const words = new Map();
function loadLessonText(file, started) {
  if (!words.has(file)) {
    const inline = window.attentionLessonTexts && window.attentionLessonTexts[file];
    const text = typeof inline === 'string' ? Promise.resolve(inline) : started || fetchLessonText(base, file);
    const loaded = text.catch((error) => { throw textError(file, error.message); });
    loaded.catch(() => {});  // handled by each start()
    words.set(file, loaded);
  }
  return words.get(file);
}

// The words a widget of `locale` starts with: {lessonText, translationText} for Module. A
// translation comes alone when it has every key English has (attn_text_complete, checked
// against the English file's keys at build time); otherwise the English words come too, and the
// keys it lacks show in English (the widget warns about each). A translation that cannot be
// fetched leaves the widget in English, with a warning.
async function localeWords(module, locale, translation) {
  if (locale === 'en') return { lessonText: await translation, translationText: null };
  let translationText;
  try {
    translationText = await translation;
  } catch (error) {
    console.warn(`Attention widget: ${error.message}; it shows English`);
    return { lessonText: await loadLessonText(LESSON_FILE), translationText: null };
  }
  const complete = module.ccall('attn_text_complete', 'number', ['string'], [translationText]);
  return { lessonText: complete ? null : await loadLessonText(LESSON_FILE), translationText };
}

// The Go-further words of a widget of `entry` (MODULES) in `locale`, for Module: the English
// further.txt, and the locale's over it (one that cannot be fetched leaves them in English, with
// the widget's warning). Both files are asked for at once.
async function furtherWords(entry, locale) {
  if (!entry.further) return {};
  const translated = locale === 'en' ? null : loadLessonText(lessonFile(locale, 'further')).catch(() => null);
  const english = loadLessonText(lessonFile('en', 'further'));
  return { furtherText: await english, furtherTranslationText: await translated };
}

// The scenes a module's wasm knows, in its order (its scene set, through attn_scene_names): read
// from its first widget's instance, the same for every widget of the module.
function readSceneNames(module, instance) {
  const own = loadedOf(module);
  if (!own.names) own.names = JSON.parse(instance.ccall('attn_scene_names', 'string', [], []));
  return own.names;
}
// A scene MODULES lists, or one of a module whose widget has started (its names are then known).
export function isSceneName(name) {
  return typeof name === 'string' && MODULES.some((module) =>
    ((module.scenes || []).concat((loaded.get(module) || {}).names || [])).indexOf(name) >= 0);
}

// A string of at most MAX_STATE characters: a longer one is refused unread, with a warning
// naming `what` was refused.
function usable(value, what) {
  if (typeof value !== 'string') return false;
  if (value.length <= MAX_STATE) return true;
  console.warn(`Attention widget: ignoring ${what}: it is longer than ${MAX_STATE} characters`);
  return false;
}

export function usableState(state) {
  return usable(state, 'the widget state in the link');
}

// The author's options, by the same names everywhere: <attention-widget> attributes, data-NAME of a
// div embed, widget.html's URL parameters (docs/embedding.md). The widget checks each value
// (src/lesson/embed_options.cpp) and warns about a bad one; the loader only keeps hostile lengths
// out. SETTINGS are handed to the widget as --NAME VALUE.
const SETTINGS = ['scenes', 'chrome', 'controls', 'theme', 'locale', 'corrections', 'predictions'];
export const OPTIONS = ['scene', 'state', ...SETTINGS];
// Options the page reads itself: an embed's height before it starts and when it starts, and who
// says the narration (narration.js), which widget.html also takes.
export const PAGE_OPTIONS = ['height', 'start', 'narration'];

// Warns once for each name that is not an option (a misspelt attribute or URL parameter).
export function warnUnknownOptions(names, where, known) {
  for (const name of names) {
    if (known.indexOf(name) < 0) {
      console.warn(`Attention widget: ignoring ${where} "${String(name).slice(0, 40)}": there is no such option; ` +
                   `the options are ${known.join(', ')}`);
    }
  }
}

// The options read from `get(name)` (a string, or null when absent).
export function readOptions(get) {
  const options = {};
  for (const name of OPTIONS.concat(PAGE_OPTIONS)) {
    const value = get(name);
    if (typeof value === 'string') options[name] = value;
  }
  return options;
}

function usableOption(name, value) {
  return usable(value, `option ${name}`);
}

// Where the page's "Suggest a correction" link (a[data-attention-corrections]) sends a report:
// the widget the learner changed last (quizProgress's caller records it).
let lastChanged = null;
export function correctionUrl(destination) {
  if (!lastChanged || !lastChanged.ready) return destination;
  return lastChanged.module.ccall('attn_correction_url', 'string', ['string'], [destination]) || destination;
}

// Tells the page why a widget did not start: an attention-widget-error event with
// detail {reason, message}, reason one of REASONS.
const REASONS = ['no-webgl2', 'runtime-not-loaded', 'words-not-loaded', 'wasm-failed', 'start-failed'];
function failure(reason, message) {
  const error = new Error(message);
  error.reason = reason;
  return error;
}

// How far the learner is with the widget's quick check: {answered, revealed, correct, questions}
// (an attempt, the reasoning read, the right choice picked), for an LMS (scorm.js).
function quizProgress(module) {
  const { answered, revealed, correct, questions } = JSON.parse(module.ccall('attn_quiz_progress', 'string', [], []));
  return { answered, revealed, correct, questions };
}

function element(tag, className, parent) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (parent) parent.appendChild(node);
  return node;
}

// Styles set through the CSSOM, so host pages need no stylesheet and a strict CSP still holds.
function style(node, rules) {
  for (const key of Object.keys(rules)) node.style[key] = rules[key];
}
const HIDDEN = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: '0', overflow: 'hidden',
                 clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: '0' };

function renderTable(table, data) {
  table.caption.textContent = data.caption || '';
  const head = table.tHead.rows[0];
  head.replaceChildren();
  for (const text of data.columns || []) {
    const th = element('th', '', head);
    th.scope = 'col';
    th.textContent = String(text);
  }
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const row of data.rows || []) {
    const tr = element('tr', '', body);
    for (const text of row) element('td', '', tr).textContent = String(text);
  }
}

// widget.html's start script hides the page's own text while the widget starts (class
// attn-starting, widget.css): laying out the first text costs a fresh page ~100 ms, which
// would come before the widget's first frame. Shown again after that frame, or at once when the
// widget cannot start (the fallback text then stays).
function showPageText() {
  document.documentElement.classList.remove('attn-starting');
}

// Mounts a live widget into `div`. options: {scene, theme, state, height, fillPage, start,
// onChange, onHeight}. What the div held before (a static figure) stays until the widget has
// started, and for good if it cannot. A widget that fills its page starts at once; one embedded
// in a page starts when it comes near the screen (schedule.js), or at once with start: 'eager'.
// The handle takes calls at any time: what needs the running widget waits for it.
export function mount(div, options = {}) {
  if (mounted.has(div)) return mounted.get(div);
  const handle = { ready: false, published: false, module: null, pending: [] };
  mounted.set(div, handle);
  // Work for once the widget runs: its scene names are known and its module takes calls.
  handle.whenReady = (work) => {
    if (handle.ready) work(); else handle.pending.push(work);
  };
  const apply = (state) => handle.module.ccall('attn_apply_state', 'number', ['string'], [state]);
  handle.apply = (state) => {
    if (usableState(state)) handle.whenReady(() => apply(state));
  };
  // The widget checks the name (and whether it offers that scene) and warns about a bad one.
  handle.setScene = (scene) => {
    if (typeof scene === 'string' && usableOption('scene', scene)) {
      handle.whenReady(() => handle.module.ccall('attn_set_scene', 'number', ['string'], [scene]));
    }
  };
  const setOption = (name, value) => handle.module.ccall('attn_set_option', 'number', ['string', 'string'], [name, value]);
  handle.setOption = (name, value) => {
    if (!usableOption(name, value)) return;
    handle.whenReady(() => {
      // A new language's words are fetched first (the pseudo-locale's are the English ones, see
      // src/lesson/locale.h); the widget then reads them (AppSetOption). Any other option, and a
      // locale the widget does not speak (it warns), goes to it at once.
      if (name !== 'locale' || (LOCALES.indexOf(value) < 0 && value !== PSEUDO_LOCALE)) {
        setOption(name, value);
        return;
      }
      const locale = value === PSEUDO_LOCALE ? 'en' : value;
      Promise.all([localeWords(handle.module, locale, loadLessonText(lessonFile(locale))), furtherWords(module, locale)]).then((texts) => {
        Object.assign(handle.module, ...texts);
        if (setOption(name, value)) {
          handle.voice.setLocale(locale);
          labelStage(handle.stage, handle.module);
        }
      }, (error) => console.warn(`Attention widget: ${error.message}`));
    });
  };
  // The lesson player: play(), pause() and seek(seconds) from the start of the lesson.
  handle.play = () => handle.whenReady(() => handle.module.ccall('attn_play', null, [], []));
  handle.pause = () => handle.whenReady(() => handle.module.ccall('attn_pause', null, [], []));
  handle.seek = (seconds) => {
    const at = Number(seconds);
    if (typeof seconds !== 'number' || !Number.isFinite(at)) {
      console.warn(`Attention widget: seek(${String(seconds).slice(0, 40)}) needs a number of seconds`);
      return;
    }
    handle.whenReady(() => handle.module.ccall('attn_seek', 'number', ['number'], [at]));
  };

  // The module of the widget's scene, or of the first of its scenes. widget.html's inline start
  // script (start.js) may have begun its runtime, its wasm compile and the lesson words' download
  // already; they are for the page's one widget.
  const module = widgetModule(options.scene, options.scenes);
  const begun = options.fillPage && window.attentionWidgetStart;
  const started = begun && begun.module === module.file && begun;
  window.attentionWidgetStart = null;
  if (typeof WebGL2RenderingContext !== 'function') {
    fail(div, failure('no-webgl2', NO_WEBGL));
    showPageText();
    return handle;
  }
  const { afterFirstFrame, afterFirstPaint, startWhenNear, warmUpGpu } = schedule || {};
  if (options.fillPage || options.start === 'eager' || !schedule) {
    const file = lessonFile(widgetLocale(options.locale, div));
    const text = started && started.file === file ? started.text : undefined;
    if (started) loadRuntime(module, started.runtime);
    start(div, options, handle, module,
          { wasm: (started && started.wasm) || moduleWasm(module), text: loadLessonText(file, text) });
  } else {
    // The downloads begin once the page's own text has painted, so they never hold it back.
    const download = () => {
      loadRuntime(module).catch(() => {});  // reported by start()
      return { wasm: moduleWasm(module), text: loadLessonText(lessonFile(widgetLocale(options.locale, div))) };
    };
    // The GPU warm-up (a worker: nothing on the page's thread) begins as soon as a widget is near,
    // so that it is done when the widget's first steps, which need no GPU, are. A widget already on
    // screen when the page loads downloads at once: its bytes arrive and compile off the page's
    // thread while the page lays out and paints its text. Its first steps run once the page has
    // made its first frame (its text laid out and painted), while the browser puts that frame on
    // screen and the page's thread is idle; its WebGL context waits until the text is on screen.
    startWhenNear(div, () => afterFirstFrame().then(() =>
      start(div, options, handle, module, { ...download(), gpu: warmUpGpu(base), painted: afterFirstPaint() })), (onScreenAtLoad) => {
      warmUpGpu(base);
      if (onScreenAtLoad) download(); else afterFirstPaint().then(download);
    });
  }
  return handle;
}

function fail(div, error) {
  const reason = REASONS.indexOf(error && error.reason) >= 0 ? error.reason : 'start-failed';
  const message = error instanceof Error ? error.message : String(error);
  console.warn(`Attention widget not started: ${message}`);
  div.dispatchEvent(new CustomEvent('attention-widget-error', { detail: { reason, message } }));
}

// widget.html's address for an embed's copied link: it opens in the same language, on the same
// module (a scene it offers; the link's state then names the scene).
function widgetPage(module, locale) {
  const query = [module.scenes ? `scene=${module.scenes[0]}` : '', locale === 'en' ? '' : `locale=${locale}`]
    .filter(Boolean).join('&');
  return new URL(query ? `widget.html?${query}` : 'widget.html', base).href;
}

// The widget's accessible name, in its language: what it is and its scene.
function labelStage(stage, module) {
  stage.setAttribute('aria-label', module.ccall('attn_canvas_label', 'string', [], []));
}

// In a page that hosts it, each step of a start runs in a task of its own (nextTask between them), so
// the page stays responsive while a widget starts; each is measured as "attention-widget SCENE: STEP".
function timed(name, work) {
  const begin = performance.now();
  try {
    return work();
  } finally {
    if (performance.measure) performance.measure(name, { start: begin, end: performance.now() });
  }
}

// Resolves once the widget has drawn its first frame, or has given up (its fallback then stays).
// `moduleEntry`: its module's entry of MODULES. `ready`: {wasm, text, gpu, painted} promises of the
// compiled module (or null), the lesson's words and, optionally, the GPU warm-up and the page's
// first paint (the WebGL context waits for both).
async function start(div, options, handle, moduleEntry, ready) {
  const fallbackNodes = Array.from(div.childNodes);
  const stage = element('div', 'attn-stage');
  style(stage, { position: 'relative', width: '100%', height: '100%', overflow: 'hidden' });
  const canvas = element('canvas', 'attn-canvas', stage);
  style(canvas, { display: 'block', width: '100%', height: '100%' });
  // The widget's controls are elements in the stage (src/platform/window_web.cpp), the canvas is
  // hidden from screen readers: the stage is the group that names the widget.
  stage.setAttribute('role', 'group');
  // A plain div, not a landmark: a page may hold several widgets.
  const mirror = element('div', 'attn-sr-only');
  style(mirror, HIDDEN);
  const live = element('p', '', mirror);
  live.setAttribute('aria-live', 'polite');
  const table = element('table', '', mirror);
  table.createCaption();
  table.createTHead().insertRow();
  table.createTBody();
  live.id = `attn-live-${Math.random().toString(36).slice(2)}`;
  stage.setAttribute('aria-describedby', live.id);
  // Until the widget reports its own height it takes the fallback's, so the page does not jump.
  const reserved = options.height || Math.max(320, div.clientHeight) || 560;
  if (!options.fillPage) stage.style.height = `${reserved}px`;
  const label = `attention-widget ${options.scene || 'default'}`;
  // A widget that fills its page (widget.html) has nothing else to keep responsive: its steps run
  // back to back, for the soonest first frame.
  const between = options.fillPage || !schedule ? () => undefined : schedule.nextTask;

  let voice = null;
  try {
    // A translation that cannot be fetched is not fatal (localeWords): the widget speaks English.
    const locale = widgetLocale(options.locale, div);
    const text = locale === 'en' ? ready.text : ready.text.catch(() => null);
    const [, , compiled] = await Promise.all([loadRuntime(moduleEntry), text, ready.wasm]);
    await between();
    // The backing store first gets the size the widget will draw at (a page of its own fills the
    // window); an embed's canvas is sized by the widget itself, before its context is made.
    const ratio = window.devicePixelRatio || 1;
    if (options.fillPage) {
      canvas.width = Math.max(1, Math.round(window.innerWidth * ratio));
      canvas.height = Math.max(1, Math.round(window.innerHeight * ratio));
    }
    // main() runs only once the scene option is checked against the names the wasm knows.
    let wasmFailed;
    const instantiated = new Promise((resolve, reject) => { wasmFailed = reject; });
    const module = await Promise.race([instantiated, window[moduleEntry.factory]({
      canvas,
      noInitialRun: true,
      locateFile: (path) => new URL(path, base).href,
      instantiateWasm: compiled ? (imports, done) => {
        WebAssembly.instantiate(compiled, imports).then((instance) => done(instance, compiled),
          (error) => wasmFailed(failure('wasm-failed', String(error))));
        return {};
      } : undefined,
      widgetPageUrl: options.fillPage ? window.location.href.split('#')[0] : widgetPage(moduleEntry, locale),
      onWidgetChange(state, description, tableData) {
        // The first call comes from the first frame: the page's text shows in the task after it,
        // so the widget's first frame is on screen before the browser lays out any text.
        if (options.fillPage && !handle.published) setTimeout(showPageText, 0);
        handle.published = true;
        live.textContent = description;
        renderTable(table, tableData || {});
        const progress = quizProgress(module);
        lastChanged = handle;
        labelStage(stage, module);  // its scene may have changed
        if (options.onChange) options.onChange(state, description, progress);
        div.dispatchEvent(new CustomEvent('attention-widget-change', { detail: { state, description, progress } }));
      },
      onFrameDrawn: schedule ? schedule.frameDrawn : undefined,
      onPlayback(detail) {
        if (voice) voice.report(detail);
        if (options.onPlayback) options.onPlayback(detail);
        div.dispatchEvent(new CustomEvent('attention-widget-playback', { detail }));
      },
      // A prediction committed or skipped, or a quick-check answer checked.
      onPrediction(detail) {
        if (options.onPrediction) options.onPrediction(detail);
        div.dispatchEvent(new CustomEvent('attention-widget-prediction', { detail }));
      },
      // "Save picture": {width, height, altText} of the PNG the page is downloading.
      onPicture(detail) {
        div.dispatchEvent(new CustomEvent('attention-widget-picture', { detail }));
      },
      onContentHeight(height) {
        if (!options.fillPage) stage.style.height = `${Math.max(320, Math.ceil(height))}px`;
        if (options.onHeight) options.onHeight(height);
      },
      print: (text) => console.log(text),
      printErr(text) {
        // A malformed line of the lesson file ("warning: lesson/lesson.txt:12: ... (nothing from
        // section [NAME] is used)"): there is no built-in copy on the web, so that section's words
        // show as [key] until it is fixed.
        const bad = /^warning: (lesson\/[^:]+:\d+: .*)$/.exec(text);
        console.warn(bad ? `Attention widget: ${bad[1]} (its words show as [key] until it is fixed)` : text);
      },
    })]);
    Object.assign(module, await localeWords(module, locale, ready.text), await furtherWords(moduleEntry, locale));
    // The narration's voice, once the module takes calls (its playback reports only come later).
    voice = narrator(module, () => module.ccall('attn_pause', null, [], []), locale, narrationChoice(options.narration),
                     base);
    handle.voice = voice;
    handle.stage = stage;
    readSceneNames(moduleEntry, module);
    // The widget checks every option and warns about a bad one (src/lesson/embed_options.cpp).
    const args = [];
    if (usableOption('scene', options.scene)) args.push('--scene', options.scene);
    for (const name of SETTINGS) if (usableOption(name, options[name])) args.push(`--${name}`, options[name]);
    if (options.locale === undefined && locale !== 'en') args.push('--locale', locale);  // the page's language
    if (options.state && usableState(options.state)) args.push('--state', options.state);
    // The canvas takes the fallback's place before main() runs: the app measures its container.
    for (const node of fallbackNodes) if (node.parentNode === div) div.removeChild(node);
    div.appendChild(stage);
    div.appendChild(mirror);
    await between();
    args.push('--staged-start');
    if (!options.fillPage) args.push('--fit-height');
    timed(`${label}: main`, () => module.callMain(args));
    const scene = module.ccall('attn_current_scene', 'string', [], []);
    labelStage(stage, module);
    const step = async (name, work) => {
      await between();
      return timed(`${label}: ${name}`, work);
    };
    const call = (name) => () => module.ccall(name, 'number', [], []);
    // Without GL: the font atlas; for a widget sized to its content, its layout (the page sizes
    // the div to it) and the canvas's final size, so the context is made at that size.
    await step('fonts', call('attn_prepare'));
    if (!options.fillPage) {
      await step('layout', call('attn_layout'));
      await step('size', call('attn_size'));
    }
    // The WebGL 2 context is made only now, once the page's GPU side is warm (made cold, it blocks
    // the page for 100-300 ms) and the GPU has done what the live widgets queued (making it would
    // wait for that on the page's thread); see schedule.js. An embed's context is made on a 1 x 1
    // canvas and the backing store of the size the widget gave it is allocated in a task of its
    // own: both at once can take over 50 ms. The runtime asks for these same attributes and gets
    // this context back.
    await ready.painted;
    await ready.gpu;
    if (schedule) await schedule.gpuCaughtUp();
    const size = [canvas.width, canvas.height];
    if (!options.fillPage) canvas.width = canvas.height = 1;
    const context = await step('context', () =>
      canvas.getContext('webgl2', { alpha: false, depth: false, stencil: false, antialias: false }));
    if (!context) throw new Error(NO_WEBGL);
    if (!await step('renderer', call('attn_open_gl'))) throw new Error(NO_WEBGL);
    if (!options.fillPage) {
      // The first draw would wait for the shader program's link: asked for in a task of its own.
      await step('program', call('attn_check_program'));
      await step('backing store', () => { [canvas.width, canvas.height] = size; });
    }
    await step('first frame', call('attn_start'));
    if (!options.fillPage && options.start !== 'eager' && schedule) schedule.keepContextNear(div, canvas);
    handle.module = module;
    handle.ready = true;
    for (const work of handle.pending) work();
    handle.pending = [];
    div.dispatchEvent(new CustomEvent('attention-widget-ready'));
    console.info(`Attention widget ready: ${scene} scene`);
  } catch (error) {
    fail(div, error);
    showPageText();
    stage.remove();
    mirror.remove();
    for (const node of fallbackNodes) if (node.parentNode !== div) div.appendChild(node);
    // Without its words the widget would show only [key] placeholders: the author's fallback
    // stays, with a note saying why.
    if (error && error.reason === 'words-not-loaded') {
      const note = element('p', 'attn-note', div);
      note.setAttribute('role', 'note');
      style(note, { margin: options.fillPage ? '1rem' : '0.5em 0', fontSize: '0.9em' });
      note.textContent = `The widget's words (${LESSON_FILE} beside the widget) could not be loaded, so it was ` +
                         'not started. Open attention-lesson-offline.html to use the lesson without a server.';
    }
  }
}

// The authors' API: AttentionWidget.get(div).setScene(NAME) / .setState(STATE), NAME a scene's
// name and STATE a state in the URL-fragment encoding; .setOption(NAME, VALUE) for an embed option;
// .play(), .pause() and .seek(SECONDS) for the lesson played as a narrated explainer (its
// attention-widget-playback events tell where it is). The same methods are on <attention-widget>.
export function api(div) {
  const handle = mounted.get(div);
  return {
    setScene: (scene) => { if (handle) handle.setScene(scene); },
    setState: (state) => { if (handle && typeof state === 'string') handle.apply(state); },
    setOption: (name, value) => { if (handle) handle.setOption(String(name), value); },
    play: () => { if (handle) handle.play(); },
    pause: () => { if (handle) handle.pause(); },
    seek: (seconds) => { if (handle) handle.seek(seconds); },
  };
}

// The page's own "Suggest a correction" link, a[data-attention-corrections]: its href is where the
// page's widgets send corrections unless one names its own, and a click on it attaches what the
// widget the learner changed last shows. Looked for once, when the first widget mounts.
let pageDestination;
function pageCorrections() {
  if (pageDestination === undefined) {
    const link = document.querySelector('a[data-attention-corrections][href]');
    pageDestination = link ? link.getAttribute('href') : null;
    if (link) link.addEventListener('click', () => { link.href = correctionUrl(pageDestination); });
  }
  return pageDestination;
}

// Mounts an embed with the page's options: data-NAME of a div, attributes of <attention-widget>.
export function mountEmbed(element, options) {
  const destination = pageCorrections();
  if (options.corrections === undefined && destination) options.corrections = destination;
  return mount(element, { ...options, height: Number(options.height) || 0, start: options.start || pageStart });
}

const DATA_NAMES = ['attention-widget', ...OPTIONS, ...PAGE_OPTIONS];
export function mountAll(root) {
  for (const div of (root || document).querySelectorAll('div[data-attention-widget]')) {
    const names = Object.keys(div.dataset).map((key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    warnUnknownOptions(names.map((name) => `data-${name}`), 'attribute', DATA_NAMES.map((name) => `data-${name}`));
    mountEmbed(div, readOptions((name) => (div.dataset[name] === undefined ? null : div.dataset[name])));
  }
}
