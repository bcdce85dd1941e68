// Writes one language's lesson page from the one template every language shares,
// web/lesson-page.html, and that language's page words: assets/lesson/page.txt for English, the
// lesson's first language, and assets/lesson/CODE/page.txt for each other one (a folder of
// assets/lesson/ holding a lesson.txt, as for the widget). Each {{key}} of the template becomes the
// key's text; {{key|url}} the text encoded for a URL. The build fills three placeholders itself:
//   {{build.locale}}          the language's code, for <html lang>
//   {{build.root}}            the way from the page to the site's top: "" for English at the top,
//                             "../" for CODE/index.html
//   {{build.language_links}}  a link to the page of each other language, named by its words'
//                             `language`
// A key the template uses that the words lack, a key of the words the template never uses (but
// `language`), a malformed line and a placeholder the template leaves unfilled each stop it with
// the file, the line and the key. The build then fills the widget slots' stills
// (scripts/fill-stills.mjs). docs/translating.md tells translators the format.
// usage: node scripts/make-lesson-page.mjs TEMPLATE_HTML LESSON_DIR LOCALE OUTPUT_HTML
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The lesson's first language: its words are at the top of LESSON_DIR, its page at the site's.
export const FIRST_LOCALE = 'en';
const KEY = /^[a-z0-9_.]+$/;
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const FILTERS = { '': (text) => text, url: encodeURIComponent };

export const wordsFile = (lessonDir, locale) =>
  join(lessonDir, locale === FIRST_LOCALE ? 'page.txt' : join(locale, 'page.txt'));

// The lesson's languages: the first, then each folder of `lessonDir` with a lesson.txt, by code.
export function locales(lessonDir) {
  const others = readdirSync(lessonDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(lessonDir, entry.name, 'lesson.txt')))
    .map((entry) => entry.name)
    .sort();
  return [FIRST_LOCALE, ...others];
}

// A page-words file: "key = text" lines, a text continued on the lines after it that start with
// spaces, # comments and blank lines skipped. Returns key -> { lines, line } (the text's lines,
// each trimmed; the 1-based line of its key) and the problems found, each "file:line: message".
export function parseWords(file, contents) {
  const words = new Map();
  const errors = [];
  let current = null;
  contents.split(/\r?\n/).forEach((line, index) => {
    const at = `${file}:${index + 1}`;
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    if (/^\s/.test(line)) {
      if (current) current.lines.push(trimmed);
      else errors.push(`${at}: an indented line continues no key`);
      return;
    }
    const match = /^([^=\s]+)\s*=(.*)$/.exec(line);
    if (!match || !KEY.test(match[1])) {
      errors.push(`${at}: expected "key = text" (a key is a-z, 0-9, "_" and ".")`);
      current = null;
      return;
    }
    const key = match[1];
    if (words.has(key)) {
      errors.push(`${at}: "${key}" appears twice (first at line ${words.get(key).line})`);
      current = null;
      return;
    }
    if (key.startsWith('build.')) {
      errors.push(`${at}: "${key}" is filled by the build, not by the words`);
      current = null;
      return;
    }
    const first = match[2].trim();
    current = { lines: first ? [first] : [], line: index + 1 };
    words.set(key, current);
  });
  for (const [key, { lines, line }] of words) {
    if (!lines.length) errors.push(`${file}:${line}: "${key}" has no text`);
    if (lines.some((text) => text.includes('{{') || text.includes('}}'))) {
      errors.push(`${file}:${line}: "${key}" holds "{{" or "}}", which only the template's placeholders may`);
    }
  }
  return { words, errors };
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

// The page of `locale` as HTML, or the problems that keep it from being written.
export function lessonPage({ template, templateFile, lessonDir, locale }) {
  const errors = [];
  const all = locales(lessonDir);
  if (!all.includes(locale)) {
    return { errors: [`"${locale}" is not a language of ${lessonDir} (it has ${all.join(', ')})`] };
  }
  const read = (code) => {
    const file = wordsFile(lessonDir, code);
    if (!existsSync(file)) {
      return { file, words: new Map(), errors: [`${file}: missing: each language needs its page words (docs/translating.md)`] };
    }
    return { file, ...parseWords(file, readFileSync(file, 'utf8')) };
  };
  const own = read(locale);
  if (!existsSync(own.file)) return { errors: own.errors };
  errors.push(...own.errors);

  const root = locale === FIRST_LOCALE ? '' : '../';
  const links = all.filter((code) => code !== locale).map((code) => {
    const other = read(code);
    const name = other.words.get('language');
    if (!name) {
      errors.push(existsSync(other.file) ? `${other.file}: no "language", the language's name that ${locale}'s page links to it with`
        : other.errors[0]);
    }
    const href = root + (code === FIRST_LOCALE ? '' : `${code}/`);
    return `<a href="${href}" hreflang="${code}" lang="${code}">${name ? name.lines.join(' ') : ''}</a>`;
  });
  const built = { 'build.locale': [locale], 'build.root': [root], 'build.language_links': [links.join(' ')] };

  const used = new Set(['language']);
  const html = template.replace(PLACEHOLDER, (whole, inside, offset) => {
    const at = `${templateFile}:${lineOf(template, offset)}`;
    const [key, filter = '', extra] = inside.split('|');
    if (!KEY.test(key) || extra !== undefined || !Object.hasOwn(FILTERS, filter)) {
      errors.push(`${at}: ${whole} is not a placeholder ({{key}} or {{key|url}}, a key being a-z, 0-9, "_" and ".")`);
      return whole;
    }
    used.add(key);
    const lines = built[key] ?? own.words.get(key)?.lines;
    if (!lines) {
      errors.push(`${own.file}: no "${key}" (${at} uses {{${key}}})`);
      return whole;
    }
    // A text's later lines go under its first, where the placeholder stands in its line.
    const column = offset - template.lastIndexOf('\n', offset - 1) - 1;
    return FILTERS[filter](lines.join(`\n${' '.repeat(column)}`));
  });
  for (const [key, { line }] of own.words) {
    if (!used.has(key)) errors.push(`${own.file}:${line}: "${key}" is a key the page does not use (${templateFile} has no {{${key}}})`);
  }
  // What the placeholders above did not take: a lone brace pair, or one around a brace.
  for (const match of template.replace(PLACEHOLDER, (whole) => ' '.repeat(whole.length)).matchAll(/\{\{|\}\}/g)) {
    errors.push(`${templateFile}:${lineOf(template, match.index)}: "${match[0]}" outside a placeholder would stay unfilled`);
  }
  if (!errors.length && /\{\{|\}\}/.test(html)) errors.push(`${templateFile}: a placeholder stays unfilled in ${locale}'s page`);
  return errors.length ? { errors } : { html, errors };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [templateFile, lessonDir, locale, output] = process.argv.slice(2);
  if (!templateFile || !lessonDir || !locale || !output) {
    console.error('usage: node scripts/make-lesson-page.mjs TEMPLATE_HTML LESSON_DIR LOCALE OUTPUT_HTML');
    process.exit(2);
  }
  const { html, errors } = lessonPage({ template: readFileSync(templateFile, 'utf8'), templateFile, lessonDir, locale });
  if (errors.length) {
    for (const error of errors) console.error(`make-lesson-page: ${error}`);
    process.exit(1);
  }
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, html);
}
