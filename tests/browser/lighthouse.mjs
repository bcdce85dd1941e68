// Runs Lighthouse's CLI (npm lighthouse) on a URL in a Chromium of its own, with a fresh profile,
// kept off the network: no error reports (Sentry), no full-page screenshot; Chromium resolves no
// name but 127.0.0.1, so its own background requests (component updates, account checks, network
// time) fail on the machine instead of going out. Used by the bench (performance) and by
// browser_lighthouse (accessibility).
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
export const lighthouseDir = dirname(require.resolve('lighthouse/package.json'));
export const lighthouseVersion = JSON.parse(readFileSync(join(lighthouseDir, 'package.json'), 'utf8')).version;

const CHROME_FLAGS = [
  '--headless=new', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist', '--disable-quic', '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"',
];

// The report (parsed JSON) of one run of `category` on `url`; `label` names the run in errors.
export async function lighthouse(url, category, label, extraArgs = []) {
  const dir = mkdtempSync(join(tmpdir(), 'attention-lighthouse-'));
  const out = join(dir, 'report.json');
  try {
    await promisify(execFile)(process.execPath, [
      join(lighthouseDir, 'cli', 'index.js'), url, `--only-categories=${category}`, '--output=json',
      `--output-path=${out}`, '--quiet', '--no-enable-error-reporting', '--disable-full-page-screenshot',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`, ...extraArgs,
    ], { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM || '/usr/bin/chromium' }, timeout: 240000,
         maxBuffer: 16 << 20 }).catch((error) => {
      // Lighthouse exits non-zero on a runtime error but still writes the report that names it.
      if (!existsSync(out)) throw new Error(`Lighthouse ${label} failed: ${error.stderr || error.message}`);
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
