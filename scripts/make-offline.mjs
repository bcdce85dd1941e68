// Builds the one-file lesson for teachers: the lesson page with its stylesheet, the widget loader
// and the widget's modules themselves (each module's runtime, and its wasm gzip-compressed in
// base64: the lesson's widget and the Go-further one, web/js/downloads.js's MODULES, so that any
// scene's widget starts) in a single HTML file that works when opened from file:// with no network
// and no server. The narration's recorded voice of the page's language comes inline too (its
// script and each cue's audio as a data: URL), so the lesson is narrated offline where the device
// has no voice. scripts/make-scorm.mjs builds the SCORM package's lesson with the same function,
// an LMS adapter added.
// usage: node make-offline.mjs SITE_DIR WIDGET_JS OUTPUT_HTML [LOCALE]
//   WIDGET_JS: the lesson widget's runtime, attention_widget.js; each module's runtime FILE.js and
//     wasm FILE.wasm (attention_heads.js, .wasm) are read from the same folder
//   LOCALE (e.g. es): the lesson page of that locale, SITE_DIR/LOCALE/index.html
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MODULES } from '../web/js/downloads.js';

// window.attentionWidgetInline(FILE): a promise of the module FILE's compiled wasm, from
// window.attentionWidgetWasm[FILE] (downloads.js's compileWasm uses it where it is defined). Gzip
// halves what the wasm takes in the file; the browser inflates it (DecompressionStream).
const INLINE_WASM = `window.attentionWidgetWasm = window.attentionWidgetWasm || {};
window.attentionWidgetInline = function (file) {
  return Promise.resolve(window.attentionWidgetWasm[file]).then(function (base64) {
    if (typeof base64 !== 'string') throw new Error('the page carries no ' + file + '.wasm');
    var text = atob(base64);
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    var inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Response(inflated).arrayBuffer();
  }).then(function (wasm) { return WebAssembly.compile(wasm); });
};
`;

// Every widget module for a page that fetches nothing, as [{ file, code }] (file: its MODULES name,
// e.g. attention_heads; code: a classic script). Each code is the module's runtime FILE.js, found
// beside the lesson widget's (`widgetJs`), and its wasm FILE.wasm as
// window.attentionWidgetWasm[FILE]; the first also defines window.attentionWidgetInline. Throws
// naming a file that is not there.
export function inlineModules(widgetJs) {
  return MODULES.map(({ file }, index) => {
    const path = (ext) => join(dirname(widgetJs), `${file}${ext}`);
    for (const ext of ['.js', '.wasm']) {
      if (!existsSync(path(ext))) {
        throw new Error(`${path(ext)} is missing: every widget module's runtime and wasm go beside ${basename(widgetJs)}`);
      }
    }
    const wasm = gzipSync(readFileSync(path('.wasm')), { level: 9 }).toString('base64');
    return {
      file,
      code: `${index === 0 ? INLINE_WASM : ''}${readFileSync(path('.js'), 'utf8')}
` +
            `window.attentionWidgetWasm[${JSON.stringify(file)}] = "${wasm}";
`,
    };
  });
}

// "</script" inside inlined code would end the element early.
const scriptSafe = (code) => code.replace(/<\/script/gi, '<\\/script');
// A string as a JavaScript literal inside <script>: "<" is escaped so no text can close the
// element, and U+2028/U+2029 so older engines read the literal.
const scriptString = (text) => JSON.stringify(text).replace(/</g, '\\u003c')
  .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

// The one-file lesson's HTML from the built site's lesson page (index.html, or LOCALE/index.html),
// lesson.css, embed.js and lesson files and the widget modules (`widgetJs`, the lesson widget's
// runtime, and the rest beside it: inlineModules).
// `adapter`, a classic script, goes in before the runtime and the loader, so that it runs first
// (web/js/scorm.js hands the widgets their saved states before embed.js mounts them). Throws when
// the page lacks what it replaces.
export function offlineLesson(site, widgetJs, { adapter = '', locale = '' } = {}) {
  const read = (name) => readFileSync(join(site, name), 'utf8');
  // The recorded voice of the page's language: window.attentionNarration[LOCALE] = {cues (as
  // cues.json has them), files: {FILE: data URL}}, which web/js/voice.js reads instead of fetching.
  const spoken = locale || 'en';
  const cues = JSON.parse(read(join('narration', spoken, 'cues.json')));
  const audio = Object.fromEntries(cues.map((cue) => [cue.file,
    `data:audio/webm;base64,${readFileSync(join(site, 'narration', spoken, cue.file)).toString('base64')}`]));
  const narration = JSON.stringify({ [spoken]: { cues, files: audio } }).replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const page = locale ? join(locale, 'index.html') : 'index.html';

  // The widget's words: a page opened from file:// cannot fetch the lesson files beside it, so
  // they go in as window.attentionLessonTexts, by the name the loader would fetch (it uses them
  // instead): the English words, and the locale's (whose missing keys show in English), each
  // lesson.txt and the Go-further widget's further.txt.
  const files = ['lesson', 'further'].flatMap((name) => [`lesson/${name}.txt`, ...(locale ? [`lesson/${locale}/${name}.txt`] : [])]);
  const texts = `{${files.map((file) => `${JSON.stringify(file)}: ${scriptString(read(file))}`).join(', ')}}`;

  const runtimes = inlineModules(widgetJs).map(({ code }) => scriptSafe(code));

  let html = read(page);
  let inlined = 0;
  html = html.replace(/<link rel="stylesheet" href="([^"]+)">/g, (_, href) => {
    inlined++;
    return `<style>\n${read(join(dirname(page), href))}\n</style>`;
  });
  html = html.replace(/<script src="(?:\.\.\/)?embed\.js"( defer)?><\/script>/, () => {
    inlined++;
    const first = adapter ? `<script>\n${scriptSafe(adapter)}\n</script>\n` : '';
    // attentionWidgetSingleFile tells embed.js that the page carries what it would fetch, wherever
    // the file is served: each module's wasm (inlineModules), attentionLessonTexts the words,
    // attentionNarration the recorded voice (voice.js, inlined too, defines the code that plays
    // it). Each module is a script of its own, the lesson widget's first.
    return `${first}<script>\nwindow.attentionWidgetSingleFile = true;\nwindow.attentionLessonTexts = ${texts};\n` +
      `window.attentionNarration = ${narration};\n` +
      `${runtimes.join('\n</script>\n<script>\n')}\n</script>\n<script>\n${scriptSafe(read('voice.js'))}\n</script>\n` +
      `<script>\n${scriptSafe(read('embed.js'))}\n</script>`;
  });
  if (inlined < 2) throw new Error(`${page} no longer has the stylesheet <link> and embed.js <script> to inline`);
  // The link to the page in another language leads to a folder beside the file, which is not there.
  html = html.replace(/<p class="language-switch">[\s\S]*?<\/p>\n?/g, '');
  return html;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [site, widgetJs, output, locale] = process.argv.slice(2);
  if (!site || !widgetJs || !output) {
    console.error('usage: node make-offline.mjs SITE_DIR WIDGET_JS OUTPUT_HTML [LOCALE]');
    process.exit(2);
  }
  let html;
  try {
    html = offlineLesson(site, widgetJs, { locale: locale || '' });
  } catch (error) {
    console.error(`make-offline: ${error.message}`);
    process.exit(1);
  }
  writeFileSync(output, html);
  console.log(`${output}: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB`);
}
