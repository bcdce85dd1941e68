// docs/performance.md comes from bench.json alone: from a made-up run, the page must name its date
// and machine, give each budget with its result, the first-frame medians and spread and the core
// ratios, and say which budgets failed. Times nothing.
// usage: node check_performance_doc.mjs
import { performanceDoc } from './performance_doc.mjs';

const bench = {
  date: '2030-01-02', time: '03:04 UTC', machine: '2 x Test CPU, 8 GiB', os: 'Debian GNU/Linux 12 (bookworm)',
  load_average_15min: 0.5, chromium: 'Chromium 999.0 built on Debian GNU/Linux 12 (bookworm)',
  transfer: { widget: { raw: 500000, gzip: 200400, brotli: 180000 }, baseline: { raw: 900000, gzip: 270000, brotli: 220000 },
              offline_bytes: 650000 },
  page: {
    runs: 3,
    first_frame_ms: { samples: { widget: [230, 220, 260], baseline: [270, 280, 290], floor: [200, 210, 205] },
                      median: { widget: 230, baseline: 280, floor: 205 }, overhead_above_floor: { widget: 25, baseline: 75 } },
    idle: { widget: { idle_frames_3s: 0, hidden_frames_3s: 0, scrolled_frames_3s: 0 },
            baseline: { idle_frames_3s: 180, hidden_frames_3s: 181, scrolled_frames_3s: 179 } },
    drag: { widget: { frames: 121, p50_ms: 0.9, p95_ms: 8.7 }, baseline: { frames: 121, p50_ms: 10.1, p95_ms: 15.2 } },
  },
  native: { idle_cpu_percent: 0, baseline_idle_cpu_percent: 144.5, first_frame_ms: 270 },
  core: { simd: true, same_results: true, sizes: [64, 256, 1024].map((n, i) => ({ n, native_ms: 0.5 * (i + 1),
                                                                                 wasm_ms: 0.75 * (i + 1), ratio: 1.5 })) },
  budgets: [{ name: 'widget transfer, gzip -9', measured: '200.4 KB', limit: '<= 256 KB', pass: true },
            { name: 'native idle CPU', measured: '3 %', limit: '<= 1 %', pass: false }],
};

const page = performanceDoc(bench);
const expect = [
  '2030-01-02 03:04 UTC on 2 x Test CPU, 8 GiB (Debian GNU/Linux 12 (bookworm)), 15-minute load average 0.5 at the end; Chromium 999.0, headless with SwiftShader WebGL',
  '| widget transfer, gzip -9 | 200.4 KB | <= 256 KB | PASS |',
  '| native idle CPU | 3 % | <= 1 % | FAIL |',
  '**Failed:** native idle CPU.',
  '| first frame from navigation, median of 3 (floor 205 ms) | 230 ms | 280 ms |',
  '| first frame, single runs, 10th–90th percentile (floor 200–210 ms) | 220–260 ms | 270–290 ms |',
  '| transfer, gzip -9 | 200.4 KB | 270.0 KB |',
  '| frames in 3 s untouched / tab hidden / scrolled away | 0 / 0 / 0 | 180 / 181 / 179 |',
  '| core pass n = 1024, d = 64: native / wasm (ratio) | 1.500 / 2.250 ms (1.50) | |',
  'uses wasm SIMD',
];
const missing = expect.filter((line) => !page.includes(line));
if (missing.length) {
  console.error(`performance page lacks:\n  ${missing.join('\n  ')}\n--- page:\n${page}`);
  process.exit(1);
}
const passing = performanceDoc({ ...bench, budgets: [bench.budgets[0]] });
if (passing.includes('Failed')) {
  console.error('a run with every budget passing is reported as failed');
  process.exit(1);
}
console.log('performance page: every figure of the run is on it');
