// scripts/make-lesson-page.mjs, the lesson page of each language from web/lesson-page.html and the
// language's page words: every language of assets/lesson/ gives a whole page (its lang, its way to
// the site's files, its links to the other languages, every widget slot); on a small template, the
// text's lines and the URL filter land as the docs say; and each kind of mistake stops it with
// exit 1, naming the file, the line where there is one, and the key, and writing no page.
// usage: node lesson_page_test.mjs WORK_DIR
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'make-lesson-page.mjs');
const TEMPLATE = join(ROOT, 'web', 'lesson-page.html');
const LESSON = join(ROOT, 'assets', 'lesson');
const work = process.argv[2];
if (!work) {
  console.error('usage: node lesson_page_test.mjs WORK_DIR');
  process.exit(2);
}
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

const failures = [];
const check = (what, ok, got = '') => {
  if (!ok) failures.push(`${what}${got ? `: ${got}` : ''}`);
};
const run = (template, lessonDir, locale, output) =>
  spawnSync(process.execPath, [SCRIPT, template, lessonDir, locale, output], { encoding: 'utf8' });
const write = (path, text) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

// Every language of the lesson, from the real template and words.
const { locales } = await import(SCRIPT);
const languages = locales(LESSON);
check('the lesson has English first and at least one other language', languages[0] === 'en' && languages.length > 1,
  languages.join(', '));
const slots = (readFileSync(TEMPLATE, 'utf8').match(/<!--attention-still-->/g) ?? []).length;
for (const locale of languages) {
  const output = join(work, 'pages', locale, 'index.html');
  const result = run(TEMPLATE, LESSON, locale, output);
  check(`${locale}: written without a word on stderr`, result.status === 0 && !result.stderr, result.stderr);
  if (result.status !== 0) continue;
  const html = readFileSync(output, 'utf8');
  const root = locale === 'en' ? '' : '../';
  check(`${locale}: <html lang="${locale}">`, html.includes(`<html lang="${locale}">`));
  check(`${locale}: its style sheet and loader at ${root || 'the top'}`,
    html.includes(`<link rel="stylesheet" href="${root}lesson.css">`) && html.includes(`<script src="${root}embed.js" defer></script>`));
  for (const other of languages.filter((code) => code !== locale)) {
    const href = root + (other === 'en' ? '' : `${other}/`);
    check(`${locale}: a link to the ${other} page`, new RegExp(`<a href="${href}" hreflang="${other}" lang="${other}">[^<]+</a>`).test(html));
  }
  check(`${locale}: no placeholder left`, !/\{\{|\}\}/.test(html));
  check(`${locale}: every widget slot's still placeholder`, (html.match(/<!--attention-still-->/g) ?? []).length === slots);
}

// A small template: a text's later lines under its first, the URL filter, the build's values.
{
  const dir = join(work, 'small');
  write(join(dir, 'lesson', 'page.txt'), '# a comment\nlanguage = English\n\ntitle = One & two\nbody = First line\n  second line\n' +
    '    third line\nsubject = A correction (ñ)\n');
  write(join(dir, 'lesson', 'fr', 'lesson.txt'), '');
  write(join(dir, 'lesson', 'fr', 'page.txt'), 'language = Français\ntitle = Un\nbody = Premier\nsubject = Une\n');
  write(join(dir, 'page.html'), '<html lang="{{build.locale}}"><link href="{{build.root}}a.css">\n' +
    '<p>{{build.language_links}}</p><h1>{{title}}</h1>\n  <!-- {{body}} -->\n<a href="mailto:?subject={{subject|url}}">{{title}}</a>\n');
  const result = run(join(dir, 'page.html'), join(dir, 'lesson'), 'en', join(dir, 'en.html'));
  check('the small template is written', result.status === 0, result.stderr);
  const expected = '<html lang="en"><link href="a.css">\n<p><a href="fr/" hreflang="fr" lang="fr">Français</a></p>' +
    '<h1>One & two</h1>\n  <!-- First line\n       second line\n       third line -->\n' +
    '<a href="mailto:?subject=A%20correction%20(%C3%B1)">One & two</a>\n';
  const written = existsSync(join(dir, 'en.html')) ? readFileSync(join(dir, 'en.html'), 'utf8') : '';
  check('a text\'s later lines go under its first; |url encodes; a key may be used twice', written === expected, JSON.stringify(written));
  const french = run(join(dir, 'page.html'), join(dir, 'lesson'), 'fr', join(dir, 'fr.html'));
  const page = existsSync(join(dir, 'fr.html')) ? readFileSync(join(dir, 'fr.html'), 'utf8') : '';
  check('another language\'s page goes a folder down', french.status === 0 &&
    page.startsWith('<html lang="fr"><link href="../a.css">\n<p><a href="../" hreflang="en" lang="en">English</a></p>'), french.stderr + page);
}

// Each mistake: the words (English's, changed), the template, what stderr must name.
const english = readFileSync(join(LESSON, 'page.txt'), 'utf8');
const template = readFileSync(TEMPLATE, 'utf8');
const mistakes = [
  { what: 'a key the words lack', words: english.replace(/^kicker = .*\n/m, ''),
    expect: [/page\.txt: no "kicker" \(.*lesson-page\.html:\d+ uses \{\{kicker\}\}\)/] },
  { what: 'a key the template does not use', words: english.replace(/^kicker = /m, 'kickr = '),
    expect: [/page\.txt:\d+: "kickr" is a key the page does not use/, /no "kicker"/] },
  { what: 'a malformed line', words: `${english}this line has no equals sign\n`,
    expect: [/page\.txt:\d+: expected "key = text"/] },
  { what: 'an indented line after no key', words: `  a continuation\n${english}`,
    expect: [/page\.txt:1: an indented line continues no key/] },
  { what: 'a key without text', words: english.replace(/^kicker = .*\n/m, 'kicker =\n'),
    expect: [/page\.txt:\d+: "kicker" has no text/] },
  { what: 'a key twice', words: `${english}title = Again\n`, expect: [/page\.txt:\d+: "title" appears twice \(first at line \d+\)/] },
  { what: 'a key the build fills', words: `${english}build.root = /\n`, expect: [/"build\.root" is filled by the build/] },
  { what: 'a placeholder inside a text', words: english.replace(/^kicker = /m, 'kicker = {{title}} '),
    expect: [/page\.txt:\d+: "kicker" holds "\{\{" or "\}\}"/] },
  { what: 'a malformed placeholder', template: template.replace('{{kicker}}', '{{ kicker }}'),
    expect: [/lesson-page\.html:\d+: \{\{ kicker \}\} is not a placeholder/] },
  { what: 'an unknown filter', template: template.replace('{{kicker}}', '{{kicker|upper}}'),
    expect: [/lesson-page\.html:\d+: \{\{kicker\|upper\}\} is not a placeholder/] },
  { what: 'a brace pair outside a placeholder', template: template.replace('{{kicker}}', '{{kicker}} }}'),
    expect: [/lesson-page\.html:\d+: "\}\}" outside a placeholder would stay unfilled/] },
  { what: 'a placeholder the words lack', template: template.replace('{{kicker}}', '{{kicker}} {{subtitle}}'),
    expect: [/page\.txt: no "subtitle" \(.*lesson-page\.html:\d+ uses \{\{subtitle\}\}\)/] },
];
mistakes.forEach((mistake, index) => {
  const dir = join(work, `mistake-${index}`);
  write(join(dir, 'lesson', 'page.txt'), mistake.words ?? english);
  write(join(dir, 'lesson-page.html'), mistake.template ?? template);
  const output = join(dir, 'index.html');
  const result = run(join(dir, 'lesson-page.html'), join(dir, 'lesson'), 'en', output);
  check(`${mistake.what}: exit 1`, result.status === 1, `exit ${result.status}`);
  for (const pattern of mistake.expect) check(`${mistake.what}: stderr says ${pattern}`, pattern.test(result.stderr), result.stderr);
  check(`${mistake.what}: no page written`, !existsSync(output));
});

// A language without page words, or whose words do not name it; a language the lesson lacks.
{
  const dir = join(work, 'languages');
  write(join(dir, 'lesson', 'page.txt'), english);
  write(join(dir, 'lesson', 'fr', 'lesson.txt'), '');
  let result = run(TEMPLATE, join(dir, 'lesson'), 'fr', join(dir, 'fr.html'));
  check('a language without page words: named, alone', result.status === 1 &&
    /^make-lesson-page: \S*fr\/page\.txt: missing[^\n]*\n$/.test(result.stderr), result.stderr);
  result = run(TEMPLATE, join(dir, 'lesson'), 'en', join(dir, 'en.html'));
  check('a link to a language without page words: named', result.status === 1 && /fr\/page\.txt: missing/.test(result.stderr), result.stderr);
  write(join(dir, 'lesson', 'fr', 'page.txt'), english.replace(/^language = .*\n/m, ''));
  result = run(TEMPLATE, join(dir, 'lesson'), 'en', join(dir, 'en.html'));
  check('a language whose words lack its name: named', result.status === 1 &&
    /fr\/page\.txt: no "language"/.test(result.stderr), result.stderr);
  result = run(TEMPLATE, join(dir, 'lesson'), 'de', join(dir, 'de.html'));
  check('a language the lesson lacks: named', result.status === 1 && /"de" is not a language of .* \(it has en, fr\)/.test(result.stderr),
    result.stderr);
}

if (failures.length) {
  for (const failure of failures) console.error(`FAIL ${failure}`);
  process.exit(1);
}
console.log(`lesson page: ${languages.length} languages written, ${mistakes.length + 4} kinds of mistake refused`);
