// Browser smoke test: the web build loads in headless Chromium, draws its first frame, logs no
// error and loads nothing it cannot find; screenshots of the widget and the lesson page at
// phone and desktop widths must show more than a blank canvas.
// usage: node smoke.mjs WEB_BUILD_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, serve, watchPage, waitForFirstFrame, passes } from './browser.mjs';
import { checkNotBlank } from '../smoke/check_image.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node smoke.mjs WEB_BUILD_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

const { server, origin } = await serve(dir);
const browser = await launch();
let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

for (const [width, height, scale] of [[1280, 800, 1], [390, 844, 2], [360, 740, 3], [1600, 900, 1]]) {
  await check(`widget renders its first frame at ${width}px, DPR ${scale}`, async () => {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale });
    const page = await context.newPage();
    const problems = watchPage(page);
    const started = Date.now();
    await page.goto(`${origin}/widget.html`);
    await waitForFirstFrame(page);
    const firstFrameMs = Date.now() - started;
    const canvas = await page.evaluate(() => {
      const c = document.querySelector('canvas');
      return { w: c.width, h: c.height, cssW: c.getBoundingClientRect().width };
    });
    if (Math.abs(canvas.w - canvas.cssW * scale) > 2) throw new Error(`canvas backing store ${canvas.w}px does not match CSS width ${canvas.cssW} × DPR ${scale}`);
    const png = await page.screenshot();
    writeFileSync(join(out, `widget-${width}.png`), png);
    const stats = checkNotBlank(png, `widget at ${width}px`);
    if (problems.length) throw new Error(problems.join('\n  '));
    console.log(`  first frame after ${firstFrameMs} ms; ${stats.colors} colours, ${(stats.nonBackground * 100).toFixed(1)}% non-background`);
    await context.close();
  });
}

await check('lesson page embeds the widget and it draws', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = watchPage(page);
  await page.goto(`${origin}/index.html`);
  const slot = await page.waitForSelector('div[data-attention-widget] canvas', { timeout: 30000 });
  await slot.scrollIntoViewIfNeeded();
  await waitForFirstFrame(page);
  const heading = await page.textContent('h1');
  if (!/Attention/.test(heading)) throw new Error(`unexpected heading: ${heading}`);
  writeFileSync(join(out, 'lesson-1280.png'), await page.screenshot({ fullPage: true }));
  if (problems.length) throw new Error(problems.join('\n  '));
  await context.close();
});

await browser.close();
server.close();
console.log(failures ? `browser smoke: ${failures} failed` : 'browser smoke: all passed');
process.exit(failures ? 1 : 0);
