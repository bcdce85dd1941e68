// The pictures in docs/screenshots/: every scene of widget.html at 1280 × 800 and 390 × 844, in the
// light and the dark theme and in Spanish, at CSS-pixel size (DPR 1), the Learn scene after 300
// training steps, and the Heads scene trained (2,000 steps, the heads formed) and with a head
// knocked out. Needs the web build (scripts/build web).
// usage: node scripts/screenshots.mjs [SITE_DIR] [OUT_DIR]   (defaults: build/web/site docs/screenshots)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { everySceneName, launch, serve, waitForFirstFrame } from '../tests/browser/browser.mjs';

const [dir = 'build/web/site', out = 'docs/screenshots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const { server, origin } = await serve(dir);
const browser = await launch();
const scenes = await everySceneName(browser, origin);

const looks = [
  { suffix: '', query: '' },
  { suffix: '-dark', query: '&theme=dark', scheme: 'dark' },
  { suffix: '-es', query: '&locale=es' },
];
let written = 0;
for (const [width, height] of [[1280, 800], [390, 844]]) {
  for (const look of looks) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme: look.scheme || 'light' });
    for (const scene of scenes) {
      const page = await context.newPage();
      await page.goto(`${origin}/widget.html?scene=${scene}${look.query}`);
      await waitForFirstFrame(page);
      await page.waitForTimeout(400);  // eased values settle
      await page.screenshot({ path: join(out, `${scene}-${width}${look.suffix}.png`) });
      written++;
      await page.close();
    }
    await context.close();
  }
}
// The Learn scene after 300 steps of training, as a link opens it.
{
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html#scene=learn&learn.steps=300`);
  await waitForFirstFrame(page);
  await page.waitForTimeout(1500);  // trained again in the browser
  await page.screenshot({ path: join(out, 'learn-1280-trained.png') });
  written++;
  await context.close();
}
// The Heads scene as links open it: trained in the browser to step 2,000, where the heads have
// formed, then with layer 1's head 1 knocked out (seed 1: the head that carries the copy).
for (const [name, width, height, state] of [
  ['heads-1280-trained', 1280, 800, 'heads.steps=2000'],
  ['heads-390-trained', 390, 844, 'heads.steps=2000'],
  ['heads-1280-knocked', 1280, 800, 'heads.steps=2000&heads.off=1'],
]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(`${origin}/widget.html?scene=heads#scene=heads&${state}`);
  await waitForFirstFrame(page);
  await page.waitForFunction(() => /After 2000 steps/.test(document.querySelector('[aria-live]')?.textContent || ''),
                             null, { timeout: 180000 });
  await page.waitForTimeout(600);  // the last measures drawn
  await page.screenshot({ path: join(out, `${name}.png`) });
  written++;
  await context.close();
}
await browser.close();
server.close();
console.log(`${written} screenshots in ${out}`);
