// Writes the lesson page a server serves: one language's page (written from web/lesson-page.html
// by make-lesson-page.mjs) with each widget slot's still filled in.
// A slot is a <div ... data-attention-widget data-scene="NAME"> whose first content is the
// placeholder <!--attention-still-->; it becomes the still of scene NAME as it opens, an inline
// <svg> from STILLS_JSON (written by the build's attention_stills, src/tools/). The still stays in
// the slot until the widget runs, and for good without JavaScript or WebGL 2. The stills' shared
// style sheet (STILLS_JSON's "stylesheet") goes beside OUTPUT_HTML as stills.css, linked after the
// page's own: an inline <style> would break a Content-Security-Policy without 'unsafe-inline'.
// usage: node scripts/fill-stills.mjs INDEX_HTML STILLS_JSON OUTPUT_HTML
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const [input, stillsFile, output] = process.argv.slice(2);
if (!input || !stillsFile || !output) {
  console.error('usage: node scripts/fill-stills.mjs INDEX_HTML STILLS_JSON OUTPUT_HTML');
  process.exit(2);
}
const fail = (message) => {
  console.error(`fill-stills: ${input}: ${message}`);
  process.exit(1);
};

const PLACEHOLDER = '<!--attention-still-->';
const stills = JSON.parse(readFileSync(stillsFile, 'utf8'));
const stylesheet = stills.stylesheet ?? '';
delete stills.stylesheet;
let html = readFileSync(input, 'utf8');
const LESSON_CSS = /<link rel="stylesheet" href="([^"]*)lesson\.css">/;
if (stylesheet) {
  if (!LESSON_CSS.test(html)) fail('no <link rel="stylesheet" href="…lesson.css"> to put stills.css after');
  html = html.replace(LESSON_CSS, (link) => `${link}\n<link rel="stylesheet" href="stills.css">`);
}

const SLOT = /<div\b[^>]*\bdata-attention-widget\b[^>]*>/g;
const filled = new Set();
let page = '';
let at = 0;
for (const match of html.matchAll(SLOT)) {
  const scene = /\bdata-scene="([^"]*)"/.exec(match[0])?.[1];
  const after = match.index + match[0].length;
  const gap = /^\s*/.exec(html.slice(after))[0];
  if (!html.startsWith(PLACEHOLDER, after + gap.length)) continue;  // a slot that keeps its own fallback
  if (!scene || !Object.hasOwn(stills, scene)) {
    fail(`a slot asks for the still of scene "${scene ?? ''}", which the build drew none of (it drew ${Object.keys(stills).join(', ')})`);
  }
  // Each still's <title> and <desc> have ids named after its scene, which a page may hold once.
  if (filled.has(scene)) fail(`two slots ask for the still of scene "${scene}"`);
  filled.add(scene);
  page += html.slice(at, after + gap.length) + stills[scene];
  at = after + gap.length + PLACEHOLDER.length;
}
page += html.slice(at);
if (page.includes(PLACEHOLDER)) fail(`${PLACEHOLDER} stands outside a widget slot or not first in it`);
if (!filled.size) fail(`no widget slot holds ${PLACEHOLDER}`);
writeFileSync(output, page);
if (stylesheet) writeFileSync(join(dirname(output), 'stills.css'), `${stylesheet}\n`);
