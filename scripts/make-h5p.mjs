// Builds the lesson as an H5P package, attention-lesson.h5p, for the H5P players of Moodle,
// WordPress and Drupal and for h5p-standalone (docs/lms-h5pcc-draft.md): content of one content
// type, H5P.AttentionLesson, whose library the package carries:
//   h5p.json                       the content's title, language, main library and dependencies
//   content/content.json           the author's choices, as semantics.json describes them: every
//                                  scene in the widget's bar, opening on the first, in LOCALE
//   H5P.AttentionLesson-1.0/       the library: library.json, semantics.json and its scripts, in
//                                  the order H5P runs them:
//     lesson-words.js              the lesson files' words (every language's) and the quick check's
//                                  questions for the xAPI statements, as globals the loader and the
//                                  content type read, since a library file may not be a .txt the
//                                  loader fetches beside an aggregated script
//     attention-widget.js          the widget modules, each its runtime with its wasm inside (H5P
//     attention-heads.js           takes no .wasm), as in the one-file lesson: the lesson's widget
//                                  and the Go-further one (web/js/downloads.js's MODULES)
//     embed.js                     the widget loader, which mounts the widget
//     h5p-attention-lesson.js      the content type (web/js/h5p.js, bundled)
//     gpu-warmup.js                the worker the loader starts beside itself to warm the GPU up
// H5P accepts only files whose extension is on its whitelist (h5p.classes.php's default; a
// library adds js and css): every file here is .json or .js, and the script refuses to write a
// package with any other.
// The zip is fflate's (npm), each file deflated, with a fixed date, so that the same inputs give
// the same bytes.
// usage: node make-h5p.mjs SITE_DIR WIDGET_JS H5P_JS OUTPUT_H5P VERSION [LOCALE]
//   WIDGET_JS: the lesson widget's runtime, each module's runtime and wasm beside it
//   (make-offline.mjs's inlineModules)
//   LOCALE (e.g. es): the content in that language (its title, the widget's words)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleScript, packageZip } from './lms-package.mjs';
import { CONTENT_WHITELIST, LIBRARY_WHITELIST_EXTRAS } from './h5p-whitelist.mjs';
import { inlineModules } from './make-offline.mjs';
import { lessonWords, quickCheck } from './quick-check.mjs';

const [site, widgetJs, h5pJs, output, version, locale = ''] = process.argv.slice(2);
if (!site || !widgetJs || !h5pJs || !output || !version) {
  console.error('usage: node make-h5p.mjs SITE_DIR WIDGET_JS H5P_JS OUTPUT_H5P VERSION [LOCALE]');
  process.exit(2);
}
const fail = (message) => {
  console.error(`make-h5p: ${message}`);
  process.exit(1);
};

const MACHINE_NAME = 'H5P.AttentionLesson';
const MAJOR = 1;
const MINOR = 0;
const LIBRARY = `${MACHINE_NAME}-${MAJOR}.${MINOR}`;
// A platform replaces a library it holds only with a higher patch version: the project's version
// as one number (MAJOR * 10000 + MINOR * 100 + PATCH) rises with each release.
const versionParts = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
if (!versionParts) fail(`VERSION "${version}" is not MAJOR.MINOR.PATCH`);
const PATCH = Number(versionParts[1]) * 10000 + Number(versionParts[2]) * 100 + Number(versionParts[3]);
let runtimes;
try {
  // Each module's runtime by its file name in the library: attention_heads -> attention-heads.js.
  runtimes = inlineModules(widgetJs).map(({ file, code }) => ({ name: `${file.replace(/_/g, '-')}.js`, code }));
} catch (error) {
  fail(error.message);
}
const SCRIPTS = ['lesson-words.js', ...runtimes.map(({ name }) => name), 'embed.js', 'h5p-attention-lesson.js'];

const language = locale || 'en';
const read = (name) => readFileSync(join(site, name), 'utf8');

// [SECTION] The words

const lessonDir = join(site, 'lesson');
// The widget's languages: English, and each folder of the site's lesson/ with a lesson.txt (the
// build copies the translations there). The library carries every language's words: it is the
// same in every package (a platform keeps one copy of H5P.AttentionLesson-1.0 for all of them),
// and an author may change the content's language.
const locales = ['en', ...readdirSync(lessonDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(lessonDir, entry.name, 'lesson.txt')))
  .map((entry) => entry.name).sort()];
if (!locales.includes(language)) fail(`the site has no lesson/${language}/lesson.txt`);
const texts = {};
const questions = {};
let english;
try {
  english = lessonWords(join(lessonDir, 'lesson.txt'));
  for (const code of locales) {
    for (const name of ['lesson', 'further']) {
      const file = code === 'en' ? `lesson/${name}.txt` : `lesson/${code}/${name}.txt`;
      texts[file] = read(file);
    }
    questions[code] = quickCheck(lessonDir, code);
  }
} catch (error) {
  fail(error.message);
}
// The scenes, in the registry's order, as the lesson file names them (widget.scene.NAME): the
// widget warns about a name it does not know, so a list that drifted would show.
const scenes = [...english.keys()].filter((key) => key.startsWith('widget.scene.')).map((key) => ({
  value: key.slice('widget.scene.'.length), label: english.get(key),
}));
if (!scenes.length) fail('lesson/lesson.txt names no scene (widget.scene.NAME)');

// A string as a JavaScript literal in a script file: U+2028/U+2029 escaped for older engines.
const literal = (value) => JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const lessonWordsJs = `// The attention lesson's words for H5P.AttentionLesson (scripts/make-h5p.mjs): the lesson files by the
// name the widget loader would fetch, the quick check's questions for xAPI, and that the page
// carries what the loader would fetch (each module's wasm is in attention-widget.js, attention-heads.js).
window.attentionWidgetSingleFile = true;
window.attentionLessonTexts = ${literal(texts)};
window.attentionLessonQuiz = ${literal(questions)};
`;

// [SECTION] The library

const contentType = await bundleScript(h5pJs);

const libraryJson = {
  title: 'Attention lesson',
  description: 'The attention lesson\'s interactive widget: its scenes, predictions and quick check, reported as xAPI.',
  machineName: MACHINE_NAME,
  majorVersion: MAJOR,
  minorVersion: MINOR,
  patchVersion: PATCH,
  runnable: 1,
  author: 'Attention lesson widget',
  license: 'MIT',
  embedTypes: ['iframe'],
  fullscreen: 0,
  coreApi: { majorVersion: 1, minorVersion: 19 },
  preloadedJs: SCRIPTS.map((path) => ({ path })),
};

// Each language named in itself (English, español), as an author choosing it reads it.
const languageName = (code) => {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) || code;
  } catch (error) {
    return code;
  }
};
const localeOptions = locales.map((code) => ({ value: code, label: languageName(code) }));
const semantics = [
  {
    name: 'scenes', type: 'list', label: 'Scenes', entity: 'scene', min: 1, max: scenes.length, defaultNum: scenes.length,
    description: 'The scenes the widget\'s bar offers, in this order.',
    field: { name: 'scene', type: 'select', label: 'Scene', options: scenes, default: scenes[0].value },
  },
  {
    name: 'startScene', type: 'select', label: 'Opening scene', optional: true, options: scenes,
    description: 'The scene the widget opens on; the first of the list if none.',
  },
  {
    name: 'locale', type: 'select', label: 'Language of the widget', options: localeOptions, default: 'en',
  },
];

// [SECTION] The content

const titleMatch = /<title>([^<]*)<\/title>/.exec(read(locale ? join(locale, 'index.html') : 'index.html'));
if (!titleMatch) fail('the lesson page has no <title> to name the content by');
const title = titleMatch[1].replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
  .replace(/&amp;/g, '&').trim();
const h5pJson = {
  title,
  language,
  mainLibrary: MACHINE_NAME,
  embedTypes: ['iframe'],
  license: 'U',
  defaultLanguage: language,
  preloadedDependencies: [{ machineName: MACHINE_NAME, majorVersion: MAJOR, minorVersion: MINOR }],
};
const content = { scenes: scenes.map((scene) => scene.value), startScene: scenes[0].value, locale: language };

// [SECTION] The zip container

const json = (value) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const files = [
  { name: 'h5p.json', data: json(h5pJson) },
  { name: 'content/content.json', data: json(content) },
  { name: `${LIBRARY}/library.json`, data: json(libraryJson) },
  { name: `${LIBRARY}/semantics.json`, data: json(semantics) },
  { name: `${LIBRARY}/lesson-words.js`, data: Buffer.from(lessonWordsJs, 'utf8') },
  ...runtimes.map(({ name, code }) => ({ name: `${LIBRARY}/${name}`, data: Buffer.from(code, 'utf8') })),
  { name: `${LIBRARY}/embed.js`, data: readFileSync(join(site, 'embed.js')) },
  { name: `${LIBRARY}/h5p-attention-lesson.js`, data: Buffer.from(`${contentType}\n`, 'utf8') },
  { name: `${LIBRARY}/gpu-warmup.js`, data: readFileSync(join(site, 'gpu-warmup.js')) },
];
for (const { name } of files) {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const allowed = name.startsWith(`${LIBRARY}/`) ? [...CONTENT_WHITELIST, ...LIBRARY_WHITELIST_EXTRAS] : CONTENT_WHITELIST;
  if (!allowed.includes(extension)) fail(`${name}: H5P does not accept .${extension} files there`);
}

const archive = packageZip(files);
writeFileSync(output, archive);
console.log(`${output}: ${(archive.length / 1024).toFixed(0)} KiB`);
