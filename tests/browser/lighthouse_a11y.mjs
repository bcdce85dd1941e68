// Lighthouse's accessibility category on the lesson page and on widget.html, in English and in
// Spanish: each scores 100 (every audit that applies passes). Lighthouse loads each page in a
// Chromium of its own, in its default mobile profile.
// usage: node lighthouse_a11y.mjs SITE_DIR OUT_DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from './browser.mjs';
import { lighthouse } from './lighthouse.mjs';

const [dir, out] = process.argv.slice(2);
if (!dir || !out) { console.error('usage: node lighthouse_a11y.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });
const { server, origin } = await serve(dir);
let failures = 0;
for (const page of ['index.html', 'es/index.html', 'widget.html?scene=compare', 'widget.html?scene=mask&locale=es']) {
  const name = page.replace(/[^a-z0-9]+/gi, '-');
  try {
    const report = await lighthouse(`${origin}/${page}`, 'accessibility', page);
    writeFileSync(join(out, `${name}.json`), JSON.stringify(report.audits, null, 1));
    const score = report.categories?.accessibility?.score;
    const failed = Object.values(report.audits).filter((a) => a.score === 0 && a.scoreDisplayMode === 'binary');
    if (report.runtimeError) throw new Error(`${report.runtimeError.code}: ${report.runtimeError.message}`);
    if (score !== 1) {
      throw new Error(`score ${Math.round(score * 100)}; failed: ` + failed.map((a) => `${a.id} (${a.title}): ` +
        (a.details?.items || []).slice(0, 3).map((i) => i.node?.selector || i.node?.snippet || '').join(', ')).join('; '));
    }
    console.log(`ok - Lighthouse accessibility 100 on ${page}`);
  } catch (error) {
    failures++;
    console.log(`not ok - Lighthouse accessibility 100 on ${page}\n  ${error.message}`);
  }
}
server.close();
console.log(failures ? `lighthouse accessibility: ${failures} failed` : 'lighthouse accessibility: all passed');
process.exit(failures ? 1 : 0);
