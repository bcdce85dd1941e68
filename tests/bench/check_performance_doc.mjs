// docs/performance.md comes from bench.json and the soak's files: from a made-up run, the page must name its date
// and machine, give each budget with its result, the first-frame medians and spread, the core
// ratios, the lesson page's Lighthouse medians beside each run and its scroll-through figures at
// both widths, each scene's first screen at both widths with the measure's settings and goals,
// and say which budgets failed; and the soak's figures, or that there are none. Times nothing.
// usage: node check_performance_doc.mjs
import { performanceDoc } from './performance_doc.mjs';

const bench = {
  date: '2030-01-02', time: '03:04 UTC', machine: '2 x Test CPU, 8 GiB', os: 'Debian GNU/Linux 12 (bookworm)',
  load_average_15min: 0.5, chromium: 'Chromium 999.0 built on Debian GNU/Linux 12 (bookworm)',
  transfer: { widget: { raw: 500000, gzip: 200400, brotli: 180000 }, without_size_patches: { raw: 550000, gzip: 226000, brotli: 203000 },
              baseline: { raw: 900000, gzip: 270000, brotli: 220000 },
              offline_bytes: 650000 },
  page: {
    runs: 3,
    first_frame_ms: { samples: { widget: [230, 220, 260], baseline: [270, 280, 290], floor: [200, 210, 205], lesson: [290, 280, 310] },
                      median: { widget: 230, baseline: 280, floor: 205, lesson: 290 },
                      overhead_above_floor: { widget: 25, baseline: 75 } },
    idle: { widget: { idle_frames_3s: 0, hidden_frames_3s: 0, scrolled_frames_3s: 0 },
            baseline: { idle_frames_3s: 180, hidden_frames_3s: 181, scrolled_frames_3s: 179 } },
    drag: { widget: { frames: 121, p50_ms: 0.9, p95_ms: 8.7 }, baseline: { frames: 121, p50_ms: 10.1, p95_ms: 15.2 } },
    playback: { frames: 150, p50_ms: 3.1, p95_ms: 9.4, paused_frames_3s: 0 },
    learn: { steps: 300, wall_ms: 1100, frames: 66, frames_per_second: 60, cpu_ms: 420.5, p95_ms: 9.1, frames_after_2s: 0 },
  },
  native: { idle_cpu_percent: 0, baseline_idle_cpu_percent: 144.5, first_frame_ms: 270,
            record: { frames: 3385, fps: 30, lesson_s: 112.783, wall_s: 82.3, seconds_per_lesson_second: 0.73 } },
  core: { simd: true, same_results: true, sizes: [64, 256, 1024].map((n, i) => ({ n, native_ms: 0.5 * (i + 1),
                                                                                 wasm_ms: 0.75 * (i + 1), ratio: 1.5 })),
          learn_step: { native_ms: 0.1, wasm_ms: 0.16, ratio: 1.6, same_model: true } },
  lesson: {
    page: 'index.html',
    lighthouse: {
      version: '12.2.3', runs: 3, form_factor: 'mobile', throttling_method: 'simulate',
      throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
      screen: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75 },
      median: { score: 0.75, fcp_ms: 1211, lcp_ms: 1707, tbt_ms: 1085.4, tti_ms: 5058, cls: 0.0123, speed_index_ms: 2213,
                main_thread_ms: 2815, transfer_bytes: 564373, text_compression_savings_bytes: 247094, requests: 7,
                benchmark_index: 658 },
      median_run: 1,
      long_tasks: [{ url: 'embed.js', start_ms: 1769, duration_ms: 188 }, { url: 'Unattributable', start_ms: 2353, duration_ms: 93 }],
      warnings: ['The tested device appears to have a slower CPU than  Lighthouse expects. This can negatively affect ' +
                 'your performance score. Learn more about [calibrating](https://example.org/throttling.md).'],
      samples: [0.72, 0.75, 0.79].map((score, i) => ({
        score, fcp_ms: 1200 + i, lcp_ms: 1700 + i, tbt_ms: 1000 + 50 * i, tti_ms: 5000 + 100 * i, cls: 0.0123,
        speed_index_ms: 2200, main_thread_ms: 2800, transfer_bytes: 564373, text_compression_savings_bytes: 247094,
        requests: 7, benchmark_index: 650 + i })),
    },
    scroll: [390, 1280].map((width, i) => ({
      name: i ? 'desktop' : 'phone', width, height: i ? 800 : 844, device_scale_factor: i ? 1 : 2, widgets: 6,
      first_ready: { scene: 'walkthrough', after: i ? 'navigation' : 'the first scroll', ms: i ? 1361.3 : 4560.9, distance_px: i ? 0 : 259 },
      all_ready_ms: i ? 5092.2 : 9209.7, scroll_start_ms: 1000, scroll_stops: i ? 28 : 46,
      peak_live_contexts: i ? 3 : 4, peak_at: { scrollY: 5200, scenes: ['compare', 'mask', 'caveats'] },
      live_contexts_at_bottom: i ? 2 : 1, contexts_made: 6,
      longest_start_step: { scene: 'caveats', step: 'main', duration_ms: i ? 82.1 : 152.9 },
      longest_start_task_ms: i ? 211 : 272, longest_task_ms: i ? 211 : 290,
      long_tasks: [{ start_ms: 4348.9, duration_ms: 50, start_of: 'walkthrough', frames_of: ['walkthrough'] },
                   { start_ms: 600, duration_ms: 79, start_of: null, frames_of: [] },
                   ...(i ? [] : [{ start_ms: 6876, duration_ms: 1470.2, start_of: null, frames_of: ['caveats'] }])],
      cls: i ? 0 : 0.0042, shifts: [], starts: [], console_errors: [],
    })),
  },
  first_screen: {
    page: 'widget.html?scene=NAME', tesseract: 'tesseract 9.9.9', min_confidence: 60, background_tolerance: 8,
    row_tolerance_px: 4,
    views: [[390, 844], [1280, 800]].map(([width, height], i) => ({
      width, height, device_scale_factor: 2,
      scenes: [{ scene: 'compare', words: 40 + i, word_box_share: 0.125, picture_share: 0.2, chrome_rows: 1, hero_top_px: 64 },
               { scene: 'quiz', words: 90, word_box_share: 0.2, picture_share: 0.05, chrome_rows: null, hero_top_px: null }],
    })),
  },
  budgets: [{ name: 'widget transfer, brotli', measured: '200.4 KB', limit: '<= 256 KB', pass: true },
            { name: 'native idle CPU', measured: '3 %', limit: '<= 1 %', pass: false }],
};

const page = performanceDoc(bench);
const expect = [
  '2030-01-02 03:04 UTC on 2 x Test CPU, 8 GiB (Debian GNU/Linux 12 (bookworm)), 15-minute load average 0.5 at the end; Chromium 999.0, headless with SwiftShader WebGL',
  '| widget transfer, brotli | 200.4 KB | <= 256 KB | PASS |',
  '| native idle CPU | 3 % | <= 1 % | FAIL |',
  '**Failed:** native idle CPU.',
  '| first frame from navigation, median of 3 (floor 205 ms) | 230 ms | 280 ms |',
  '| first frame, single runs, 10th–90th percentile (floor 200–210 ms) | 220–260 ms | 270–290 ms |',
  "| lesson page (index.html): first widget's first frame, median (10th–90th percentile) | 290 ms (280–310 ms) | |",
  '| transfer, gzip -9 | 200.4 KB | 270.0 KB |',
  '| transfer without the size patches to ImGui, brotli 11 (gzip -9) | 203.0 KB (226.0 KB) | |',
  '| frames in 3 s untouched / tab hidden / scrolled away | 0 / 0 / 0 | 180 / 181 / 179 |',
  '| playback: frame CPU p50 / p95 (150 frames) / frames in 3 s paused | 3.1 / 9.4 ms / 0 | |',
  '| learn: a run of training (300 steps): wall time / frames / frame CPU sum / p95 | 1100 ms / 66 / 420.5 ms / 9.1 ms | |',
  '| native: --record of the whole lesson at 1280 × 720, 30 fps (3385 frames, 112.783 s of lesson) | 82.3 s (0.73 × real time) | |',
  '| core pass n = 1024, d = 64: native / wasm (ratio) | 1.500 / 2.250 ms (1.50) | |',
  '| learn: one training step, median of 300 (fastest of 7 trainings): native / wasm (ratio) | 0.100 / 0.160 ms (1.60) | |',
  'uses wasm SIMD',
  'BENCH_LIGHTHOUSE_RUNS=N',
  '3 runs, performance category only, in its default mobile profile: a\n  412 × 823 phone screen, simulated slow 4G\n  (150 ms round trip, 1638 kbit/s) and a 4× slower CPU.',
  '| Lighthouse 12.2.3, mobile, simulate throttling | median of 3 | each run |',
  '| performance score | 0.75 | 0.72 / 0.75 / 0.79 |',
  '| First Contentful Paint | 1.2 s | 1.2 s / 1.2 s / 1.2 s |',
  '| Largest Contentful Paint | 1.7 s |',
  '| Total Blocking Time | 1,085 ms | 1,000 ms / 1,050 ms / 1,100 ms |',
  '| Time to Interactive | 5.1 s | 5.0 s / 5.1 s / 5.2 s |',
  '| Cumulative Layout Shift | 0.012 |',
  '| Speed Index | 2.2 s |',
  '| "Enable text compression": to save | 247.1 KB |',
  "| Lighthouse's CPU benchmark index of this machine | 658 | 650 / 651 / 652 |",
  'Long tasks of the median run (run 2; 2 in all, simulated 4x CPU, longest first): embed.js 188 ms at 1.8 s; Unattributable 93 ms at 2.4 s.',
  '| scrolled through, unthrottled | 390 × 844, DPR 2 | 1280 × 800, DPR 1 |',
  '| first widget ready | 4,561 ms after the first scroll (walkthrough, 259 px below the screen) | 1,361 ms after navigation (walkthrough, on screen) |',
  '| all 6 ready, from navigation | 9,210 ms (46 stops) | 5,092 ms (28 stops) |',
  '| longest step of a start (performance.measure) | 152.9 ms (caveats: main) | 82.1 ms (caveats: main) |',
  '| longest long task during a start | 272 ms | 211 ms |',
  "| long tasks: in all / in a start / a widget's frame after its start | 3 / 1 / 1 | 2 / 1 / 0 |",
  '| longest long task outside a start | 1,470 ms at 6.9 s (a frame of caveats) | 79 ms at 0.6 s (no widget frame) |',
  '| peak live WebGL contexts (of 6 made) | 4 (compare, mask, caveats) | 3 (compare, mask, caveats) |',
  '| live WebGL contexts at the bottom | 1 | 2 |',
  '| layout shift (CLS) | 0.004 | 0 |',
  'Lighthouse warned: The tested device appears to have a slower CPU than Lighthouse expects. This can negatively affect your performance score.',
  '## First screen',
  'Debian\'s tesseract 9.9.9 reads the screenshot of the viewport in grey',
  'a word counts when tesseract is at least 60 sure of it\n  and it holds a letter or a digit',
  'by more than 8 in a channel',
  '(within 4 px)',
  'median words at most 60 at 390 px and 90 at 1280 px, no scene over 100;\n  a median picture share of at least 16 % at ' +
    '390 px and 10 % at 1280 px; at 390 px, 1 row of chrome\n  and the hero\'s top within 120 px',
  '| 390 × 844, DPR 2 | words | word boxes | picture | rows of chrome | hero\'s top |',
  '| compare | 40 | 12.5 % | 20.0 % | 1 | 64 px |',
  '| quiz | 90 | 20.0 % | 5.0 % | none | none |',
  '| median | 65 | 16.3 % | 12.5 % | 1 | 64 px |',
  '| 1280 × 800, DPR 2 | words | word boxes | picture | rows of chrome | hero\'s top |',
  '| compare | 41 | 12.5 % | 20.0 % | 1 | 64 px |',
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
// A bench.json from before the first-screen measure says it did not measure it.
const older = performanceDoc({ ...bench, first_screen: undefined });
if (!older.includes('This run did not measure the first screen') || older.includes("Debian's tesseract")) {
  console.error('a bench.json without first_screen is not said to lack it');
  process.exit(1);
}
// A bench.json without the lesson page's figures is refused with a message naming them.
let refusal = '';
try {
  performanceDoc({ ...bench, lesson: undefined });
} catch (error) {
  refusal = error.message;
}
if (!/no lesson-page figures/.test(refusal)) {
  console.error(`a bench.json without the lesson page's figures gave ${refusal ? `"${refusal}"` : 'a page'}`);
  process.exit(1);
}
// The soak's figures: both halves from made-up files, one whose budget broke; none at all is said.
const sample = (label, seconds, heapMB, nodes, peak = 2) =>
  ({ label, seconds, heapMB, wasmMB: 112, instances: 7, nodes, listeners: 700, live: 1, peak, idleFrames: 0 });
// The heap's parts (the scripts' objects, the compiled code) come with the ends of passes only.
const baseline = { ...sample('end of pass 1', 60, 3.8, 1500), scriptMB: 1.2, codeMB: 0.6 };
const soak = {
  browser: { minutes: 60, passes: 38, budgets: { growth: 0.1, maxLiveContexts: 3, idleFrames: 0 }, baseline,
             samples: [sample('pass 1', 30, 3.5, 1400), baseline, sample('pass 2', 90, 4.0, 1520, 3),
                       { ...sample('end of pass 37', 3500, 3.85, 1495), scriptMB: 1.25, codeMB: 0.75 },
                       sample('pass 38', 3600, 3.9, 1490)],
             consoleCounts: { info: 7 }, problems: [], stacks: [], broken: [] },
  browserRun: { date: '2030-01-02', time: '04:00 UTC', commit: 'abc1234', minutes: 60 },
  native: { minutes: 30, passEvents: 3000, passMs: 25100, passes: 71, replayExit: 0,
            verdict: 'baseline 106000 kB at 32 s, last 107000 kB at 1800 s, most 108500 kB at 900 s (+2.4 %)' },
  nativeRun: { date: '2030-01-02', time: '05:00 UTC', commit: 'abc1234', minutes: 30 },
};
const soaked = performanceDoc(bench, soak);
const soakLines = [
  'The lesson page (2030-01-02 04:00 UTC, commit abc1234, 60 minutes): 38 passes, 5 samples; every budget held.',
  '| JS heap after GC (reported) | 3.80 MB | 3.90 MB | 4.00 MB | 5.3 % |',
  '| … of it the code V8 compiled (reported) | 0.60 MB | 0.75 MB | 0.75 MB | 25.0 % |',
  '| … of it the objects of the page\'s scripts | 1.20 MB | 1.25 MB | 1.25 MB | 4.2 % |',
  '| DOM nodes | 1500 | 1490 | 1520 | 1.3 % |',
  'Live WebGL contexts: at most 3 at once (budget 3); frames drawn while idle: 0 over all samples; console: 7 info, no error.',
  'The native app (2030-01-02 05:00 UTC, commit abc1234, 30 minutes): one pass of 3,000 events took 25.1 s and was played 71 times; ' +
    'RSS baseline 106000 kB at 32 s, last 107000 kB at 1800 s, most 108500 kB at 900 s (+2.4 %); the replay\'s checks passed.',
];
const soakMissing = soakLines.filter((line) => !soaked.includes(line));
if (soakMissing.length) {
  console.error(`the soak's figures lack:\n  ${soakMissing.join('\n  ')}\n--- page:\n${soaked}`);
  process.exit(1);
}
const broke = performanceDoc(bench, { ...soak, browser: { ...soak.browser, broken: ['JS heap (after GC) grew'] } });
if (!broke.includes('**budgets broken:** JS heap (after GC) grew')) {
  console.error('a soak whose budget broke is not said to have');
  process.exit(1);
}
// With the run before: its budget results beside this run's, matched by name, and its run line.
const before = { ...bench, date: '2030-01-01', budgets: [{ name: 'widget transfer, brotli', measured: '201.0 KB', limit: '<= 256 KB', pass: false }] };
const twice = performanceDoc(bench, undefined, before);
for (const line of ['The run before: 2030-01-01 03:04 UTC on 2 x Test CPU',
                    '| widget transfer, brotli | 200.4 KB | <= 256 KB | PASS | 201.0 KB | FAIL |']) {
  if (!twice.includes(line)) {
    console.error(`with the run before, the page lacks "${line}"`);
    process.exit(1);
  }
}
if (!page.includes('The lesson page: no figures yet') || !page.includes('The native app: no figures yet')) {
  console.error('a page without soak figures does not say so');
  process.exit(1);
}
console.log('performance page: every figure of the run is on it');
