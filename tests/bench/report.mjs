// Turns the benchmark's measurements into one table and bench.json, with PASS/FAIL per budget.
// usage: node report.mjs SITE_DIR BENCH_DIR   (BENCH_DIR holds page.json, native.json,
// core-native.json, core-wasm.json and baseline-web/site/)   exits 1 when a budget fails
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { budgetTable, measureTable, runLine } from './performance_doc.mjs';

const [siteDir, benchDir] = process.argv.slice(2);
const read = (name) => JSON.parse(readFileSync(join(benchDir, name), 'utf8'));
const page = read('page.json');
const native = read('native.json');
const coreNative = read('core-native.json');
const coreWasm = read('core-wasm.json');

// Transfer: every file a page with one widget fetches, compressed as a server would send it.
function transfer(dir, files) {
  let raw = 0, gzip = 0, brotli = 0;
  for (const file of files) {
    const body = readFileSync(join(dir, file));
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
    brotli += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { files, raw, gzip, brotli };
}
const lessonFiles = readdirSync(join(siteDir, 'lesson')).map((name) => `lesson/${name}`);
const widget = transfer(siteDir, ['widget.html', 'widget.css', 'embed.js', 'attention_widget.js',
                                  'attention_widget.wasm', ...lessonFiles]);
const baselineDir = join(benchDir, 'baseline-web', 'site');
const baseline = transfer(baselineDir, ['index.html', 'index.js', 'index.wasm']);
const offlineBytes = statSync(join(siteDir, 'attention-lesson-offline.html')).size;

const coreAt = (report, n) => report.results.find((r) => r.n === n);
const core = [64, 256, 1024].map((n) => {
  const a = coreAt(coreNative, n), b = coreAt(coreWasm, n);
  return { n, native_ms: a.median_ms, wasm_ms: b.median_ms, ratio: b.median_ms / a.median_ms,
           checksum_native: a.checksum, checksum_wasm: b.checksum };
});
const core1024 = core.find((c) => c.n === 1024);
const sameResults = core.every((c) => Math.abs(c.checksum_native - c.checksum_wasm) <=
                                      1e-6 * Math.max(1, Math.abs(c.checksum_native)));

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ov = page.first_frame_ms.overhead_above_floor;
const budgets = [
  ['widget transfer, gzip -9', `${kb(widget.gzip)} (baseline ${kb(baseline.gzip)})`, '<= 256 KB', widget.gzip <= 256000],
  ['offline single file', kb(offlineBytes), '<= 1000 KB', offlineBytes <= 1000000],
  ['first-frame overhead above the floor', `${ov.widget} ms (baseline ${ov.baseline} ms)`,
   `<= 0.5 x baseline = ${(0.5 * ov.baseline).toFixed(1)} ms`, ov.widget <= 0.5 * ov.baseline],
  ['frames in 3 idle seconds', `${page.idle.widget.idle_frames_3s} (baseline ${page.idle.baseline.idle_frames_3s})`, '0',
   page.idle.widget.idle_frames_3s === 0],
  ['frames in 3 s, tab hidden', `${page.idle.widget.hidden_frames_3s} (baseline ${page.idle.baseline.hidden_frames_3s})`,
   '0', page.idle.widget.hidden_frames_3s === 0 && page.idle.widget.hidden_state === 'hidden'],
  ['frames in 3 s, scrolled out of view',
   `${page.idle.widget.scrolled_frames_3s} (baseline ${page.idle.baseline.scrolled_frames_3s})`, '0',
   page.idle.widget.scrolled_frames_3s === 0 && !page.idle.widget.scrolled_canvas_in_view],
  ['drag: frame CPU p95', `${page.drag.widget.p95_ms} ms (baseline ${page.drag.baseline.p95_ms} ms)`,
   '<= 1.0 x baseline', page.drag.widget.p95_ms <= page.drag.baseline.p95_ms],
  ['native idle CPU', `${native.idle_cpu_percent} % (baseline ${native.baseline_idle_cpu_percent} %)`, '<= 1 %',
   native.idle_cpu_percent !== null && native.idle_cpu_percent <= 1],
  ['core wasm/native at n = 1024', `${core1024.ratio.toFixed(2)}${sameResults ? '' : ' (results differ!)'}`, '<= 2.0',
   core1024.ratio <= 2.0 && sameResults],
];

const machine = `${cpus().length} x ${cpus()[0]?.model?.trim() || 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`;
let chromium = '';
try { chromium = execFileSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim(); } catch { chromium = '?'; }
let os = '';
try { os = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] || ''; } catch { os = ''; }
const now = new Date().toISOString();
const date = now.slice(0, 10);
const time = `${now.slice(11, 16)} UTC`;

const failed = budgets.filter((b) => !b[3]).map((b) => b[0]);
const bench = {
  date, time, machine, os, chromium, load_average_15min: Number(loadavg()[2].toFixed(2)), transfer: { widget, baseline, offline_bytes: offlineBytes }, page, native,
  core: { simd: coreWasm.simd, same_results: sameResults, sizes: core },
  budgets: budgets.map(([name, measured, limit, pass]) => ({ name, measured, limit, pass })),
};
writeFileSync(join(benchDir, 'bench.json'), JSON.stringify(bench, null, 2) + '\n');
console.log([`Benchmark ${runLine(bench)}`, '', ...measureTable(bench), '', ...budgetTable(bench)].join('\n'));
console.log(`\nbench.json: ${join(benchDir, 'bench.json')}`);
if (failed.length) {
  console.log(`FAILED budgets: ${failed.join('; ')}`);
  process.exit(1);
}
console.log('All budgets pass.');
