// The pictures in docs/screenshots/: every scene of widget.html at 1280 × 800 and 390 × 844, in the
// light and the dark theme and in Spanish, at CSS-pixel size (DPR 1), and the Learn scene after
// 300 training steps. Needs the web build (scripts/build web).
// usage: node scripts/screenshots.mjs [SITE_DIR] [OUT_DIR]   (defaults: build/web/site docs/screenshots)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, sceneNames, serve, waitForFirstFrame } from '../tests/browser/browser.mjs';

const [dir = 'build/web/site', out = 'docs/screenshots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });

const { server, origin } = await serve(dir);
const browser = await launch();
const scenes = await sceneNames(browser, origin);

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
await browser.close();
server.close();
console.log(`${written} screenshots in ${out}`);
