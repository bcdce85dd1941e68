// docs/performance.md, written from the bench's bench.json: what the bench measures, its budgets
// and the figures of the run that wrote the JSON, nothing older. scripts/bench runs it after each
// bench; report.mjs prints the same tables. Edit the words here, not in docs/performance.md.
// usage: node performance_doc.mjs BENCH_JSON OUT_MD
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  const { widget, baseline, offline_bytes: offline } = bench.transfer;
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
    `| offline single file (whole lesson) | ${kb(offline)} | |`,
    `| first frame from navigation, median of ${page.runs} (floor ${ms(ff.median.floor)}) | ` +
      `${ms(ff.median.widget)} | ${ms(ff.median.baseline)} |`,
    `| first frame, single runs, 10th–90th percentile (floor ${spread(ff.samples?.floor)}) | ` +
      `${spread(ff.samples?.widget)} | ${spread(ff.samples?.baseline)} |`,
    `| overhead above the floor | ${ms(ff.overhead_above_floor.widget)} | ${ms(ff.overhead_above_floor.baseline)} |`,
    `| frames in 3 s untouched / tab hidden / scrolled away | ${idleOf('widget')} | ${idleOf('baseline')} |`,
    `| drag: frame CPU p50 / p95 (${page.drag.widget.frames} / ${page.drag.baseline.frames} frames) | ` +
      `${page.drag.widget.p50_ms} / ${ms(page.drag.widget.p95_ms)} | ` +
      `${page.drag.baseline.p50_ms} / ${ms(page.drag.baseline.p95_ms)} |`,
    `| native: idle CPU over 5 s | ${native.idle_cpu_percent} % | ${native.baseline_idle_cpu_percent} % |`,
    `| native: launch to first frame, median of 5 | ${ms(native.first_frame_ms)} | |`,
  ];
  for (const c of bench.core.sizes) {
    lines.push(`| core pass n = ${c.n}, d = 64: native / wasm (ratio) | ${c.native_ms.toFixed(3)} / ` +
               `${c.wasm_ms.toFixed(3)} ms (${c.ratio.toFixed(2)}) | |`);
  }
  return lines;
}

export function budgetTable(bench) {
  return [
    '| budget | measured | limit | result |',
    '|---|---|---|---|',
    ...bench.budgets.map((b) => `| ${b.name} | ${b.measured} | ${b.limit} | ${b.pass ? 'PASS' : 'FAIL'} |`),
  ];
}

export function performanceDoc(bench) {
  const failed = bench.budgets.filter((b) => !b.pass).map((b) => b.name);
  return `<!-- Written by scripts/bench (tests/bench/performance_doc.mjs) from build/bench/bench.json.
     Do not edit: change the words in performance_doc.mjs and run the bench again. -->
# Performance

\`./scripts/bench\` builds what it needs, measures the widget beside a baseline, prints the tables
below, writes \`build/bench/bench.json\` (every sample included) and this page, and exits 1 if a
budget fails. \`BENCH_RUNS=N\` sets the first-frame runs per page (default 41). It takes the
machine for a while: run it when nothing else is building.

## What is compared

- **The widget**: \`widget.html?scene=compare\` from the web build (\`build/web/site/\`).
- **The baseline**: Dear ImGui's stock SDL2 + OpenGL3 Emscripten example with its demo window
  compiled out, built by the same emcc from the same ImGui sources against SDL2 built for wasm
  (\`scripts/build-sdl2-wasm\`); natively, ImGui's SDL2 + OpenGL3 example likewise.
- **The floor**: a page that only makes a WebGL 2 context and clears it once; what no widget
  can go below on this machine.

## How

- **Transfer**: every file a page with one widget fetches (page, styles, loader, runtime, wasm
  with its fonts, lesson text), compressed as a server would send it.
- **First frame**: the time from navigation to the page's first WebGL \`clear\`, counted by an
  init script that wraps WebGL's \`clear\` and \`draw*\` and \`requestAnimationFrame\` before any
  page script runs. The three pages alternate, each run in a new tab (its own renderer process,
  nothing cached), after one uncounted round; single runs spread widely, so the budget uses the
  medians' overhead above the floor.
- **Idle**: frames drawn in 3 s untouched; then told it is hidden (\`visibilityState\` and a
  \`visibilitychange\` event, while animation frames keep coming); then scrolled out of view. In
  the last two the host page also sets a new state, which the widget may draw only once seen.
- **Drag**: CPU time per animation frame during one scripted drag of a key on the compare
  scene, the same pointer path on both pages.
- **Native**: the app's CPU over 5 idle seconds under Xvfb (Mesa llvmpipe), and the time from
  launch to its first frame.
- **Core**: one causal attention pass, d = 64, in a Release build natively and compiled to wasm
  under Node; both must compute the same outputs.

## Budgets

Last run: ${runLine(bench)}.
${failed.length ? `\n**Failed:** ${failed.join('; ')}.\n` : ''}
${budgetTable(bench).join('\n')}

## Figures of the last run

${measureTable(bench).join('\n')}

The core ${bench.core.simd ? 'uses wasm SIMD in the wasm build' : 'runs as scalar code in the wasm build'}; ` +
`its native and wasm results ${bench.core.same_results ? 'agree' : '**differ**'}.
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [benchJson, outMd] = process.argv.slice(2);
  if (!benchJson || !outMd) {
    console.error('usage: node performance_doc.mjs BENCH_JSON OUT_MD');
    process.exit(2);
  }
  writeFileSync(outMd, performanceDoc(JSON.parse(readFileSync(benchJson, 'utf8'))));
  console.log(`performance page: ${outMd}`);
}
