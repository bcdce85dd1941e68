// The recipes of docs/embedding.md, tried as an author would use them, in headless Chromium:
// - docs/recipes/plain.html: custom elements in a plain page;
// - docs/recipes/mkdocs-page.md: a Markdown page turned into HTML by Python-Markdown (what MkDocs
//   uses; Debian's python3-markdown), its raw HTML passed through;
// - docs/recipes/iframe-csp.html: widget.html framed by a page with a strict Content-Security-Policy.
// Each page's widgets start, with no console error, no policy violation and nothing fetched from
// another origin. The recipes name the widget's folder /widgets/attention/; here it is the site's root.
// usage: node recipes.mjs SITE_DIR OUT_DIR
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, serve, watchPage, passes } from './browser.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const recipes = join(here, '..', '..', 'docs', 'recipes');
const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node recipes.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
const served = join(dir, 'tests', 'recipes');
mkdirSync(served, { recursive: true });
const place = (text) => text.replaceAll('/widgets/attention/', '/');

writeFileSync(join(served, 'plain.html'), place(readFileSync(join(recipes, 'plain.html'), 'utf8')));
writeFileSync(join(served, 'iframe-csp.html'), place(readFileSync(join(recipes, 'iframe-csp.html'), 'utf8')));
// MkDocs wraps the Markdown's HTML in its theme's page; a bare page stands in for it.
const body = execFileSync('/usr/bin/python3', ['-m', 'markdown', join(recipes, 'mkdocs-page.md')], { encoding: 'utf8' });
writeFileSync(join(served, 'mkdocs-page.html'), '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
  `<title>A Markdown page</title>\n<link rel="icon" href="data:,">\n</head>\n<body>\n<main>\n${place(body)}</main>\n</body>\n</html>\n`);

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// Opens a recipe page, scrolls to each of its widgets in turn and waits for it to draw.
async function tryRecipe(name, expected) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) problems.push(`request to ${request.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(`${origin}/tests/recipes/${name}`);
  const widgets = await page.$$('attention-widget, div[data-attention-widget], iframe[data-attention-widget-frame]');
  if (widgets.length !== expected) throw new Error(`${widgets.length} widgets on the page, expected ${expected}`);
  for (const widget of widgets) {
    await widget.scrollIntoViewIfNeeded();
    const target = (await widget.evaluate((node) => node.tagName)) === 'IFRAME' ? await widget.contentFrame() : null;
    const where = target || page;
    await where.waitForFunction((node) => {
      const canvas = node ? node.querySelector('canvas') : document.querySelector('canvas');
      return canvas && Number(canvas.dataset.frames) >= 1;
    }, target ? null : widget, { timeout: 60000 }).catch(() => { throw new Error(`a widget of ${name} did not start`); });
  }
  writeFileSync(join(out, name.replace(/\.html$/, '.png')), await page.screenshot({ fullPage: true }));
  await context.close();
  if (problems.length) throw new Error(problems.join('\n  '));
}

await check('plain HTML: two custom elements start', () => tryRecipe('plain.html', 2));
await check('a Markdown page through Python-Markdown: the element passes through and starts', async () => {
  const html = readFileSync(join(served, 'mkdocs-page.html'), 'utf8');
  if (!/<div class="attention-figure">\s*<attention-widget scene="combine"/.test(html)) {
    throw new Error(`Python-Markdown did not pass the element through:\n${html}`);
  }
  await tryRecipe('mkdocs-page.html', 1);
});
await check('an iframe under a strict Content-Security-Policy starts and follows its height', () => tryRecipe('iframe-csp.html', 1));

await browser.close();
server.close();
process.exit(failures ? 1 : 0);
