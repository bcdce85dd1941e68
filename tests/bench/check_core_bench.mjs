// Runs the core bench with --quick and checks that it exits 0 and prints one JSON object of the
// documented shape. A smoke test that the bench runs: no timing is asserted.
// Usage: node check_core_bench.mjs COMMAND [ARG...]   (COMMAND is the bench, or node + its .js)
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node check_core_bench.mjs COMMAND [ARG...]');
  process.exit(2);
}
const run = spawnSync(command, [...args, '--quick'], { encoding: 'utf8' });
const fail = (why) => {
  console.error(`core bench: ${why}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`);
  process.exit(1);
};
if (run.error) fail(String(run.error));
if (run.status !== 0) fail(`exit status ${run.status}`);

let report;
try {
  report = JSON.parse(run.stdout);
} catch (error) {
  fail(`stdout is not JSON: ${error.message}`);
}
if (report.platform !== 'native' && report.platform !== 'wasm') fail(`platform is ${report.platform}`);
if (typeof report.simd !== 'boolean') fail('simd is not a boolean');
if (!Array.isArray(report.results)) fail('results is not an array');
const sizes = report.results.map((r) => r.n);
if (JSON.stringify(sizes) !== JSON.stringify([8, 16])) fail(`--quick measured n = ${sizes}, expected 8, 16`);
for (const r of report.results) {
  if (r.d !== 64) fail(`n = ${r.n}: d is ${r.d}`);
  if (!(Number.isInteger(r.runs) && r.runs >= 1)) fail(`n = ${r.n}: runs is ${r.runs}`);
  if (!(Number.isFinite(r.median_ms) && r.median_ms >= 0)) fail(`n = ${r.n}: median_ms is ${r.median_ms}`);
  // Causal attention over nonzero random values cannot give all-zero outputs.
  if (!(Number.isFinite(r.checksum) && r.checksum > 0)) fail(`n = ${r.n}: checksum is ${r.checksum}`);
}
const learn = report.learn_step;
if (!learn || learn.runs !== 3) fail(`--quick timed ${learn && learn.runs} training steps, expected 3`);
if (!(Number.isFinite(learn.median_ms) && learn.median_ms >= 0)) fail(`learn_step: median_ms is ${learn.median_ms}`);
if (!(Number.isFinite(learn.checksum) && learn.checksum > 0)) fail(`learn_step: checksum is ${learn.checksum}`);
console.log(`core bench ran on ${report.platform}: ${run.stdout.trim()}`);
