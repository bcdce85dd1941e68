// docs/performance.md, written from the bench's bench.json: what the bench measures, its budgets
// and the figures of the run that wrote the JSON, nothing older; and, from SOAK_DIR (build/soak),
// the last soak's figures. scripts/bench and scripts/soak run it after each run; report.mjs prints
// the same tables. Edit the words here, not in docs/performance.md.
// usage: node performance_doc.mjs BENCH_JSON OUT_MD [SOAK_DIR] [PREVIOUS_BENCH_JSON]
// (PREVIOUS_BENCH_JSON: the bench before, whose budget results the page shows beside the last's)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GOALS, firstScreenTable } from './first_screen_measure.mjs';
import { SETTLE_LIMIT_MS, SETTLE_MS } from './lesson_figures.mjs';

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value) => `${value} ms`;
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const spread = (samples) => samples && samples.length
  ? `${percentile(samples, 10).toFixed(0)}–${percentile(samples, 90).toFixed(0)} ms` : '';

// A sentence naming the run: "2030-01-02 03:04 UTC on 2 x CPU, 8 GiB (Debian ...), 15-minute load average
// 0.5 at the end; Chromium ...".
export function runLine(bench) {
  const when = bench.time ? `${bench.date} ${bench.time}` : bench.date;
  const os = bench.os ? ` (${bench.os})` : '';
  // Other work on the machine moves every timing: the load average over the 15 minutes before
  // the report says how much there was.
  const load = typeof bench.load_average_15min === 'number'
    ? `, 15-minute load average ${bench.load_average_15min} at the end` : '';
  const chromium = String(bench.chromium).replace(/ built on .*$/, '');
  return `${when} on ${bench.machine}${os}${load}; ${chromium}, headless with SwiftShader WebGL`;
}

// The figures of one run, widget beside baseline, as Markdown table lines.
export function measureTable(bench) {
  const { widget, baseline, offline_bytes: offline, offline_voice_bytes: voice = 0 } = bench.transfer;
  const { page, native } = bench;
  const ff = page.first_frame_ms;
  const idleOf = (who) => `${page.idle[who].idle_frames_3s} / ${page.idle[who].hidden_frames_3s} / ` +
                          `${page.idle[who].scrolled_frames_3s}`;
  const lines = [
    '| measure | widget | baseline |',
    '|---|---|---|',
    `| transfer, raw | ${kb(widget.raw)} | ${kb(baseline.raw)} |`,
    `| transfer, gzip -9 | ${kb(widget.gzip)} | ${kb(baseline.gzip)} |`,
    `| transfer, brotli 11 | ${kb(widget.brotli)} | ${kb(baseline.brotli)} |`,
    ...(bench.transfer.without_size_patches ? [
      `| transfer without the size patches to ImGui, brotli 11 (gzip -9) | ` +
        `${kb(bench.transfer.without_size_patches.brotli)} (${kb(bench.transfer.without_size_patches.gzip)}) | |`] : []),
    `| offline single file (whole lesson, its recorded voice ${kb(voice)} of it) | ${kb(offline)} | |`,
    `| first frame from navigation, median of ${page.runs} (floor ${ms(ff.median.floor)}) | ` +
      `${ms(ff.median.widget)} | ${ms(ff.median.baseline)} |`,
    `| first frame, single runs, 10th–90th percentile (floor ${spread(ff.samples?.floor)}) | ` +
      `${spread(ff.samples?.widget)} | ${spread(ff.samples?.baseline)} |`,
    `| overhead above the floor | ${ms(ff.overhead_above_floor.widget)} | ${ms(ff.overhead_above_floor.baseline)} |`,
    ...(ff.median.lesson === undefined ? [] : [
      `| lesson page (index.html): first widget's first frame, median (10th–90th percentile) | ` +
        `${ms(ff.median.lesson)} (${spread(ff.samples?.lesson)}) | |`]),
    ...(page.lesson_first_contentful_paint_ms?.median == null ? [] : [
      `| lesson page: its own text's first contentful paint, which the widget waits for, median | ` +
        `${ms(page.lesson_first_contentful_paint_ms.median)} | |`]),
    `| frames in 3 s untouched / tab hidden / scrolled away | ${idleOf('widget')} | ${idleOf('baseline')} |`,
    `| drag: frame CPU p50 / p95 (${page.drag.widget.frames} / ${page.drag.baseline.frames} frames) | ` +
      `${page.drag.widget.p50_ms} / ${ms(page.drag.widget.p95_ms)} | ` +
      `${page.drag.baseline.p50_ms} / ${ms(page.drag.baseline.p95_ms)} |`,
    ...(page.playback ? [
      `| playback: frame CPU p50 / p95 (${page.playback.frames} frames) / frames in 3 s paused | ` +
        `${page.playback.p50_ms} / ${ms(page.playback.p95_ms)} / ${page.playback.paused_frames_3s} | |`] : []),
    ...(page.learn ? [
      `| learn: a run of training (${page.learn.steps} steps): wall time / frames / frame CPU sum / p95 | ` +
        `${ms(page.learn.wall_ms)} / ${page.learn.frames} / ${ms(page.learn.cpu_ms)} / ${ms(page.learn.p95_ms)} | |`] : []),
    `| native: idle CPU over 5 s | ${native.idle_cpu_percent} % | ${native.baseline_idle_cpu_percent} % |`,
    `| native: launch to first frame, median of 5 | ${ms(native.first_frame_ms)} | |`,
    ...(native.record ? [
      `| native: --record of the whole lesson at 1280 × 720, ${native.record.fps} fps (${native.record.frames} frames, ` +
        `${native.record.lesson_s} s of lesson) | ${native.record.wall_s} s (${native.record.seconds_per_lesson_second} × real time) | |`] : []),
  ];
  for (const c of bench.core.sizes) {
    lines.push(`| core pass n = ${c.n}, d = 64: native / wasm (ratio) | ${c.native_ms.toFixed(3)} / ` +
               `${c.wasm_ms.toFixed(3)} ms (${c.ratio.toFixed(2)}) | |`);
  }
  const step = bench.core.learn_step;
  if (step) {
    lines.push(`| learn: one training step, median of 300 (fastest of 7 trainings): native / wasm (ratio) | ${step.native_ms.toFixed(3)} / ` +
               `${step.wasm_ms.toFixed(3)} ms (${step.ratio.toFixed(2)}) | |`);
  }
  return lines;
}

const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
const whole = (value) => `${Math.round(value).toLocaleString('en-US')} ms`;

// The lesson page's figures (bench.lesson, from lesson_bench.mjs) as Markdown lines: Lighthouse's
// medians beside each run, the long tasks of its median run, then the scroll-through per viewport.
export function lessonTables(bench) {
  const { lighthouse: lh, scroll } = bench.lesson;
  const runs = (key, format) => lh.samples.map((run) => format(run[key])).join(' / ');
  const row = (label, key, format) => `| ${label} | ${format(lh.median[key])} | ${runs(key, format)} |`;
  const score = (value) => value.toFixed(2);
  const cls = (value) => String(Number(value.toFixed(3)));
  const lines = [
    `| Lighthouse ${lh.version}, ${lh.form_factor}, ${lh.throttling_method} throttling | median of ${lh.runs} | each run |`,
    '|---|---|---|',
    row('performance score', 'score', score),
    row('First Contentful Paint', 'fcp_ms', seconds),
    row('Largest Contentful Paint', 'lcp_ms', seconds),
    row('Total Blocking Time', 'tbt_ms', whole),
    row('Time to Interactive', 'tti_ms', seconds),
    row('Cumulative Layout Shift', 'cls', cls),
    row('Speed Index', 'speed_index_ms', seconds),
    row('main-thread work', 'main_thread_ms', seconds),
    row('transfer, as served', 'transfer_bytes', kb),
    row('"Enable text compression": to save', 'text_compression_savings_bytes', kb),
    row("Lighthouse's CPU benchmark index of this machine", 'benchmark_index', String),
  ];
  const tasks = lh.long_tasks.slice(0, 8).map((t) => `${t.url} ${whole(t.duration_ms)} at ${seconds(t.start_ms)}`);
  lines.push('', `Long tasks of the median run (run ${lh.median_run + 1}; ${lh.long_tasks.length} in all, ` +
             `simulated 4x CPU, longest first): ${tasks.length ? tasks.join('; ') : 'none'}.`);

  const outsideStart = (v) => {
    const outside = v.long_tasks.filter((t) => !t.start_of);
    if (!outside.length) return 'none';
    const longest = outside.reduce((a, b) => (b.duration_ms > a.duration_ms ? b : a));
    const what = longest.frames_of.length ? `a frame of ${longest.frames_of.join(', ')}` : 'no widget frame';
    return `${whole(longest.duration_ms)} at ${seconds(longest.start_ms)} (${what})`;
  };
  const where = (first) => (first.distance_px ? `${first.distance_px} px below the screen` : 'on screen');
  const cell = (format) => scroll.map(format).join(' | ');
  lines.push(
    '',
    `| scrolled through, unthrottled | ${cell((v) => `${v.width} × ${v.height}, DPR ${v.device_scale_factor}`)} |`,
    `|---|${scroll.map(() => '---').join('|')}|`,
    `| first widget ready | ${cell((v) => `${whole(v.first_ready.ms)} after ${v.first_ready.after} (${v.first_ready.scene}, ${where(v.first_ready)})`)} |`,
    `| all ${scroll[0].widgets} ready, from navigation | ${cell((v) => `${whole(v.all_ready_ms)} (${v.scroll_stops} stops)`)} |`,
    `| longest step of a start (performance.measure) | ${cell((v) => `${ms(v.longest_start_step.duration_ms)} (${v.longest_start_step.scene}: ${v.longest_start_step.step})`)} |`,
    `| longest long task during a start | ${cell((v) => ms(v.longest_start_task_ms))} |`,
    `| long tasks: in all / in a start / a widget's frame after its start | ${cell((v) => [v.long_tasks.length,
      v.long_tasks.filter((t) => t.start_of).length, v.long_tasks.filter((t) => !t.start_of && t.frames_of.length).length].join(' / '))} |`,
    `| longest long task outside a start | ${cell(outsideStart)} |`,
    `| peak live WebGL contexts (of ${scroll[0].contexts_made} made) | ${cell((v) => `${v.peak_live_contexts} (${v.peak_at ? v.peak_at.scenes.join(', ') : ''})`)} |`,
    `| live WebGL contexts at the bottom | ${cell((v) => String(v.live_contexts_at_bottom))} |`,
    `| layout shift (CLS) | ${cell((v) => cls(v.cls))} |`,
  );
  return lines;
}

// Each scene's first screen (bench.first_screen, from first_screen.mjs) as Markdown lines: a table
// per width, a row per scene.
export function firstScreenTables(bench) {
  const first = bench.first_screen;
  if (!first) return ['This run did not measure the first screen (its bench.json has no first_screen).'];
  return first.views.flatMap((view, i) => [...(i ? [''] : []), ...firstScreenTable(view)]);
}

// The first screen's goals (first_screen_measure.mjs) as a sentence.
function firstScreenGoalsText() {
  const [phone, wide] = [GOALS[390], GOALS[1280]];
  const percent = (share) => `${Math.round(100 * share)} %`;
  return `median words at most ${phone.medianWords} at 390 px and ${wide.medianWords} at 1280 px, no scene over ` +
    `${phone.maxWords};\n  a median picture share of at least ${percent(phone.minPictureShare)} at 390 px and ` +
    `${percent(wide.minPictureShare)} at 1280 px; at 390 px, ${phone.maxChromeRows} row of chrome\n  and the hero's top ` +
    `within ${phone.maxHeroTopPx} px of the widget's top in every scene`;
}

// The first screen's method, with the run's settings.
function firstScreenMethod(bench) {
  const first = bench.first_screen;
  if (!first) return '';
  const tesseract = String(first.tesseract).replace(/^tesseract\s*/i, '');
  return `\`widget.html?scene=NAME\` for each scene as it opens, in headless Chromium at 390 × 844 and
1280 × 800 (DPR 2, light theme), once its frames have stopped: \`tests/bench/first_screen.mjs\`, which
also runs alone (\`node tests/bench/first_screen.mjs build/web/site\` prints the tables and keeps the
screenshots and tesseract's output in \`build/bench/first-screen/\`).

- **Words**: Debian's tesseract ${tesseract} reads the screenshot of the viewport in grey (in colour
  it skipped the labels of tinted buttons); a word counts when tesseract is at least ${first.min_confidence} sure of it
  and it holds a letter or a digit. What it cannot read (too small, too faint, drawn over a
  picture) is no word, and its pixels are picture.
- **Word boxes**: the share of the screen inside the counted words' boxes, each pixel once.
- **Picture**: the share of the screen outside those boxes whose colour differs from the
  background (the most common colour) by more than ${first.background_tolerance} in a channel: the pictures, and
  also the controls' fills and outlines.
- **Rows of chrome** and **the hero's top**, from the parallel DOM's rectangles: the distinct tops
  (within ${first.row_tolerance_px} px) of the controls laid out before the scene's first picture (its first
  element with role img), and that picture's top below the widget's, in CSS px; "none" where the
  scene announces no picture.
- **Goals**: ${firstScreenGoalsText()}.

`;
}

// With `previous` (the bench before this one), each budget's result in that run beside this run's:
// a budget is met when it passes in more than one run.
export function budgetTable(bench, previous) {
  const result = (b) => (b ? (b.pass ? 'PASS' : 'FAIL') : '-');
  if (!previous) {
    return [
      '| budget | measured | limit | result |',
      '|---|---|---|---|',
      ...bench.budgets.map((b) => `| ${b.name} | ${b.measured} | ${b.limit} | ${result(b)} |`),
    ];
  }
  const before = (name) => previous.budgets.find((b) => b.name === name);
  return [
    '| budget | measured | limit | result | the run before: measured | result |',
    '|---|---|---|---|---|---|',
    ...bench.budgets.map((b) => `| ${b.name} | ${b.measured} | ${b.limit} | ${result(b)} | ` +
                                `${before(b.name) ? before(b.name).measured : '-'} | ${result(before(b.name))} |`),
  ];
}

// The soak's long forms (scripts/soak), whose figures come from build/soak rather than the bench:
// each half says when it ran and on which commit (run.json beside its figures), or that it has not.
const soakMethod = `\`./scripts/soak\` runs two long sessions one after the other, each with its own
budgets; CI does not run it (it takes an hour and a half), and the suite runs short forms of both
(\`browser_soak\`, 2 minutes, and \`native_soak\`, 1 minute). It soaks the builds that are there
and writes \`build/soak/\`; this page shows its last figures.

- **The lesson page**, 60 minutes in headless Chromium (\`tests/browser/soak.mjs\`), at
  1280 × 800 with part of each pass at 390 × 844. Each pass scrolls through every section (each
  widget starts, or gets its context back, as it comes near), drives every widget (a state
  through the authors' API, the pointer over its canvas, Learn trained 300 steps), plays the
  walkthrough, switches every widget's language and theme, and loses and restores a widget's
  WebGL context. Every 30 s and at each pass's end, once the page is idle: the JS heap after a
  forced garbage collection, the wasm memory of all widgets, the DOM's nodes and listeners, the
  live WebGL contexts (and the most ever live), and the frames drawn in 3 idle seconds. At each
  pass's end a heap snapshot splits the JS heap into the objects the page's scripts hold (its
  objects, closures, arrays, strings and numbers) and the code V8 has compiled. Budgets: after
  the first pass, no measure more than 10 % above its value at that pass's end, except the heap
  as a whole and its code, which are reported: V8 goes on compiling and optimizing the page's
  functions for most of the hour, and that code is the engine's, not something the page keeps;
  at most three contexts live; no frame while idle; no console error.
- **The native app**, 30 minutes under Xvfb (\`tests/smoke/native_soak.sh\`):
  \`attention_replay --for 1800\` plays one seeded pass of 3,000 monkey events (mouse, touch,
  wheel, keys, typing, resizes, every scene) again and again, and its checks run at the end.
  Its resident memory is sampled every 30 s. Budget: no sample more than 10 % above the first
  sample after one pass.`;

const mb = (value) => `${value.toFixed(2)} MB`;

export function soakTables(soak) {
  const lines = [];
  const when = (run) => (run ? `${run.date} ${run.time}, commit ${run.commit}, ${run.minutes} minutes` : 'when not recorded');
  const browser = soak && soak.browser;
  if (!browser) {
    lines.push('The lesson page: no figures yet (`build/soak/browser/soak.json`).', '');
  } else {
    const after = browser.samples.slice(browser.samples.findIndex((row) => row.label === browser.baseline?.label) + 1);
    const last = browser.samples[browser.samples.length - 1];
    // The heap's parts come from the ends of passes only.
    const having = (key) => after.filter((r) => typeof r[key] === 'number');
    const most = (key) => Math.max(...having(key).map((r) => r[key]));
    const row = (name, key, show) => {
      const base = browser.baseline[key];
      if (typeof base !== 'number' || !having(key).length) return `| ${name} | - | - | - | - |`;
      const lastOf = having(key).pop()[key];
      const growth = base ? `${(((most(key) - base) / base) * 100).toFixed(1)} %` : '-';
      return `| ${name} | ${show(base)} | ${show(lastOf)} | ${show(most(key))} | ${growth} |`;
    };
    const count = (value) => String(Math.round(value));
    lines.push(`The lesson page (${when(soak.browserRun)}): ${browser.passes} passes, ${browser.samples.length} samples; ` +
               `${browser.broken.length ? `**budgets broken:** ${browser.broken.join('; ')}` : 'every budget held'}.`, '',
               '| measure | end of pass 1 | last sample | most after pass 1 | growth |', '|---|---|---|---|---|',
               row('JS heap after GC (reported)', 'heapMB', mb),
               row('… of it the code V8 compiled (reported)', 'codeMB', mb),
               row('… of it the objects of the page\'s scripts', 'scriptMB', mb), row('wasm memory, all widgets', 'wasmMB', mb),
               row('wasm instances', 'instances', count), row('DOM nodes', 'nodes', count),
               row('event listeners', 'listeners', count), '',
               `Live WebGL contexts: at most ${Math.max(...browser.samples.map((r) => r.peak))} at once ` +
               `(budget ${browser.budgets.maxLiveContexts}); frames drawn while idle: ` +
               `${browser.samples.reduce((sum, r) => sum + r.idleFrames, 0)} over all samples; console: ` +
               `${Object.entries(browser.consoleCounts).map(([type, n]) => `${n} ${type}`).join(', ') || 'nothing'}` +
               `${browser.problems.length ? ` (${browser.problems.length} problems)` : ', no error'}.`, '');
  }
  const native = soak && soak.native;
  if (!native) {
    lines.push('The native app: no figures yet (`build/soak/native/native_soak.json`).');
  } else {
    lines.push(`The native app (${when(soak.nativeRun)}): one pass of ${native.passEvents.toLocaleString('en-US')} events ` +
               `took ${(native.passMs / 1000).toFixed(1)} s and was played ${native.passes} times; RSS ${native.verdict}; ` +
               `the replay's checks ${native.replayExit === 0 ? 'passed' : `**failed** (exit ${native.replayExit})`}.`);
  }
  return lines;
}

export function performanceDoc(bench, soak, previous) {
  if (!bench.lesson || !bench.lesson.lighthouse || !bench.lesson.scroll) {
    throw new Error('bench.json has no lesson-page figures (lesson, written by tests/bench/lesson_bench.mjs)');
  }
  const failed = bench.budgets.filter((b) => !b.pass).map((b) => b.name);
  const lh = bench.lesson.lighthouse;
  return `<!-- Written by scripts/bench (tests/bench/performance_doc.mjs) from build/bench/bench.json.
     Do not edit: change the words in performance_doc.mjs and run the bench again. -->
# Performance

\`./scripts/bench\` builds what it needs, measures the widget beside a baseline, the lesson
page with its seven widgets and each scene's first screen, prints the tables below, writes
\`build/bench/bench.json\` (every sample included) and this page, and exits 1 if a budget fails.
\`BENCH_RUNS=N\` sets the first-frame runs per page (default 41), \`BENCH_LIGHTHOUSE_RUNS=N\` the
Lighthouse runs of the lesson page (default 3). It takes the machine for a while: run it when
nothing else is building. CI does not run it; the \`performance_doc\` and \`lesson_bench_figures\`
tests check this page's generator and the lesson bench's arithmetic on made-up runs, and
\`first_screen_measure\` the first screen's measure on a drawn image.

## What is compared

- **The widget**: \`widget.html?scene=compare\` from the web build (\`build/web/site/\`). Its wasm
  is built with five patches to Dear ImGui (\`third_party/patches/\`, each listed there with its
  bytes) that add switches to leave out parts the widget never uses (ImGui's own font and cursor
  pixels, .ini settings, window resizing, CFF fonts, legacy columns and more). The budget is met
  with them; the bench also builds the widget without them and reports that transfer.
- **The baseline**: Dear ImGui's stock SDL2 + OpenGL3 Emscripten example with its demo window
  compiled out, built by the same emcc from the same ImGui sources against SDL2 built for wasm
  (\`scripts/build-sdl2-wasm\`); natively, ImGui's SDL2 + OpenGL3 example likewise.
- **The floor**: a page that only makes a WebGL 2 context and clears it once; what no widget
  can go below on this machine.

## How

- **Transfer**: every file a page with one widget fetches (page, styles, loader, runtime, wasm
  with its fonts, the lesson text of its language), compressed as a server would send it; the
  largest of the languages' sets (Spanish's text is the longer), and the larger of widget.html's
  and a host page's.
- **First frame**: the time from navigation to the page's first WebGL \`clear\`, counted by an
  init script that wraps WebGL's \`clear\` and \`draw*\` and \`requestAnimationFrame\` before any
  page script runs. The three pages and the lesson page alternate, each run in a new tab (its own
  renderer process, nothing cached), after one uncounted round; single runs spread widely, so the
  budget uses the medians' overhead above the floor. The lesson page's first frame is its first
  widget's (the walkthrough, on the first screen at 1280 × 800). Its budget is on the widget's
  own start-up work, 1.3 times widget.html's, both medians of the same runs: the widget's steps
  (the loader's \`performance.measure\` entries) but those that wait on the page's thread for
  Chromium's GPU process (making the WebGL context, reading the program's link status,
  allocating the drawing buffer). Here that process is SwiftShader, on the CPU, so its waits
  measure the machine's load; they and the first frames' times are reported, not budgeted.
- **Idle**: frames drawn in 3 s untouched; then told it is hidden (\`visibilityState\` and a
  \`visibilitychange\` event, while animation frames keep coming); then scrolled out of view. In
  the last two the host page also sets a new state, which the widget may draw only once seen.
- **Drag**: CPU time per animation frame during one scripted drag of a key on the compare
  scene, the same pointer path on both pages.
- **Playback**: CPU time per animation frame while the widget plays the lesson's second step (the
  query turning toward the bus key: every frame moves it and recomputes the scene), on its
  captions' timing; then the frames drawn in 3 s paused. The budget is the baseline's drag p95
  of the same run.
- **Native**: the app's CPU over 5 idle seconds under Xvfb (Mesa llvmpipe), the time from
  launch to its first frame, and the wall time of \`attention_lesson --record\` of the whole
  lesson at 1280 × 720 and 30 fps (PNG frames and captions), which must not be slower than the
  lesson itself.
- **Core**: one causal attention pass, d = 64, in a Release build natively and compiled to wasm
  under Node; both must compute the same outputs. The wasm runs as V8's optimizing compiler makes
  it (\`--no-liftoff\`): with V8's default tiering the same binary timed a training step at 0.17
  or 0.27 ms from run to run, depending on when the optimized code arrived.

## The lesson page

\`index.html\` with its seven widgets, served from \`build/web/site/\` by \`scripts/serve.mjs\`
(compressed or not, as that server sends it), measured two ways.

- **Lighthouse** (the npm package, pinned in \`package.json\`) on Debian's Chromium, headless,
  ${lh.runs} runs, performance category only, in its default mobile profile: a
  ${lh.screen.width} × ${lh.screen.height} phone screen, simulated slow 4G
  (${lh.throttling.rttMs} ms round trip, ${Math.round(lh.throttling.throughputKbps)} kbit/s) and a ${lh.throttling.cpuSlowdownMultiplier}× slower CPU. Each figure is the
  median of the runs. Lighthouse scales the CPU down from this machine's as if it were a fast
  desktop; its CPU benchmark index says how fast this one is (it warns at 1,000 and below; on a
  slower machine every simulated time is longer). Nothing leaves the machine: error reporting
  and the full-page screenshot are off, Chromium resolves no name but 127.0.0.1, and a run whose
  page requested anything from another origin fails the bench.
- **Scrolled through**, unthrottled, in headless Chromium (as the first-frame runs), at
  390 × 844 (DPR 2, touch) and 1280 × 800, after one uncounted load. An init script records
  before any page script runs: each widget's \`attention-widget-ready\` event, every long task
  (\`PerformanceObserver\` \`longtask\`: over 50 ms), every layout shift, each frame a widget
  draws, and each WebGL context the page makes, counting those not lost whenever one is made,
  lost or restored. The page loads; the first widget's ready time is taken without scrolling;
  then the page scrolls down half a viewport at a time and, at each stop, waits until the
  widgets on screen are ready, to the bottom.
- **A widget's start** runs from its first step to its last frame before a pause of
  ${SETTLE_MS} ms, at most ${SETTLE_LIMIT_MS / 1000} s after its ready event (its first frames are part of it). Its
  steps are the loader's \`performance.measure\` entries, \`attention-widget SCENE: STEP\`; no
  step of the widget's own work may take over 50 ms. The steps that wait for the GPU process
  (above) and the long tasks overlapping a start are reported beside it.
- **At a 4× CPU slowdown** (the DevTools protocol's \`Emulation.setCPUThrottlingRate\`, the
  slowdown of Lighthouse's phone), at 1280 × 800: each widget in turn is scrolled into view at
  once, and its ready event must follow within 1 s (a widget that started with the one before
  counts 0).
- **Layout shift** is Chrome's CLS over the load and the scroll-through: the largest burst of
  shifts (each less than 1 s after the last, within 5 s). Lighthouse's CLS covers the load alone.
- **Budgets**: for Lighthouse, the lesson's goals on a phone (score at least 0.95, Total
  Blocking Time at most 150 ms, Largest Contentful Paint 2.0 s, Time to Interactive 3.0 s, CLS
  0.1); the first widget on the first screen doing its own start-up work within 1.3 times
  widget.html's (both medians of the alternating first-frame runs above); for the
  scroll-through, no step of a widget's own start-up work over 50 ms, no layout shift at all
  (the page keeps each widget's place from the start), and at most three live WebGL contexts at
  either width: the widget being read and one on either side.

## Budgets

Last run: ${runLine(bench)}.${previous ? `\nThe run before: ${runLine(previous)}.` : ''}
${failed.length ? `\n**Failed:** ${failed.join('; ')}.\n` : ''}
${budgetTable(bench, previous).join('\n')}

## Figures of the last run

${measureTable(bench).join('\n')}

The core ${bench.core.simd ? 'uses wasm SIMD in the wasm build' : 'runs as scalar code in the wasm build'}; ` +
`its native and wasm results ${bench.core.same_results ? 'agree' : '**differ**'}.

### The lesson page

${lessonTables(bench).join('\n')}
${bench.lesson.lighthouse.warnings.length ? `\nLighthouse warned: ${bench.lesson.lighthouse.warnings.map((w) => w.replace(/\s+/g, ' ').replace(/ Learn more.*$/, '')).join(' ')}\n` : ''}
## First screen

${firstScreenMethod(bench)}${firstScreenTables(bench).join('\n')}

## Long sessions (the soak)

${soakMethod}

${soakTables(soak).join('\n')}
`;
}

// build/soak's figures: each half's own file and its run.json, where they exist.
export function readSoak(dir) {
  const read = (path) => (existsSync(join(dir, path)) ? JSON.parse(readFileSync(join(dir, path), 'utf8')) : undefined);
  return { browser: read('browser/soak.json'), browserRun: read('browser/run.json'),
           native: read('native/native_soak.json'), nativeRun: read('native/run.json') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [benchJson, outMd, soakDir, previousJson] = process.argv.slice(2);
  if (!benchJson || !outMd) {
    console.error('usage: node performance_doc.mjs BENCH_JSON OUT_MD [SOAK_DIR] [PREVIOUS_BENCH_JSON]');
    process.exit(2);
  }
  const soak = soakDir ? readSoak(soakDir) : undefined;
  const previous = previousJson && existsSync(previousJson) ? JSON.parse(readFileSync(previousJson, 'utf8')) : undefined;
  writeFileSync(outMd, performanceDoc(JSON.parse(readFileSync(benchJson, 'utf8')), soak, previous));
  console.log(`performance page: ${outMd}`);
}
