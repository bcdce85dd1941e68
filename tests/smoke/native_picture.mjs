// "Save picture" natively, through --save-picture (the button pressed on the last frame of
// --frames N), under Xvfb:
// - the picture is attention-SCENE.png in the working directory, a PNG at twice the window's size
//   that is not blank, with the mirror's sentence as its Description;
// - a second picture of the same scene is attention-SCENE-2.png and leaves the first as it was;
// - in the dark theme its background is dark;
// - a window too large for a picture at 2x gives a smaller one (no side over 8192 px, at most 16 Mi
//   pixels, the window's proportions) and says so;
// - a working directory where nothing can be written gives a clear message and exit code 1, no crash;
// - --save-picture without --frames is refused.
// usage: node native_picture.mjs APP OUT_DIR
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { checkNotBlank, imageStats } from './check_image.mjs';
import { readLessonText } from '../browser/lesson_words.mjs';
const { PNG } = createRequire(import.meta.url)('pngjs');

const [appArg, outArg] = process.argv.slice(2);
if (!appArg || !outArg) { console.error('usage: node native_picture.mjs APP OUT_DIR'); process.exit(2); }
const app = resolve(appArg);  // the runs below start in folders of their own
const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const here = dirname(fileURLToPath(import.meta.url));
const words = readLessonText(join(here, '../../assets/lesson/lesson.txt'));

let failures = 0;
function check(name, fn) {
  try { fn(); console.log(`ok - ${name}`); } catch (error) { failures++; console.log(`not ok - ${name}\n  ${error.message}`); }
}

// Runs the app in `cwd` under Xvfb; returns {status, signal, stdout, stderr}.
// xvfb-run itself starts in `out` (it may be asked to run the app in a folder where nothing can be
// written), and a run that xvfb-run ends with its own "problem while cleaning up" (exit 5, its
// temporary folder, not the app) is tried again, up to three times.
function run(cwd, args) {
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1280x800x24 -nolisten tcp',
                                          'sh', '-c', 'cd "$0" && exec "$@"', cwd, app, ...args],
                             { cwd: out, encoding: 'utf8', timeout: 120000 });
    const stderr = result.stderr || '';
    if (result.status === 5 && stderr.includes('xvfb-run: error: problem while cleaning up') && attempt < 3) {
      console.log(`  xvfb-run could not clean up its temporary folder; running again (${attempt})`);
      continue;
    }
    return { status: result.status, signal: result.signal, stdout: result.stdout || '', stderr };
  }
}

function freshDir(name) {
  const dir = join(out, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

// The text of a PNG's Description (an uncompressed iTXt chunk), or null.
function description(buffer) {
  for (let at = 8; at + 8 <= buffer.length;) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString('latin1', at + 4, at + 8);
    if (type === 'iTXt') {
      const body = buffer.subarray(at + 8, at + 8 + length);
      const keywordEnd = body.indexOf(0);
      // keyword NUL, compression flag and method, language tag NUL, translated keyword NUL, text
      const language = keywordEnd + 3;
      const translated = body.indexOf(0, language) + 1;
      const text = body.indexOf(0, translated) + 1;
      if (body.toString('latin1', 0, keywordEnd) === 'Description') return body.subarray(text).toString('utf8');
    }
    at += 12 + length;
  }
  return null;
}

function expectExit(result, status, what) {
  if (result.signal || result.status !== status) {
    throw new Error(`${what}: exit ${result.status} (signal ${result.signal}), expected ${status}\n` +
                    `  stdout: ${result.stdout.trim()}\n  stderr: ${result.stderr.trim()}`);
  }
}

// The words of `key` with its {placeholders} filled by anything: what a line made from it matches.
const filled = (key) => new RegExp(words[key].split(/\{\w+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('.+?'));

check('the picture is attention-mask.png at twice the window size, not blank, with its alt text', () => {
  const dir = freshDir('mask');
  const result = run(dir, ['--frames', '8', '--size', '1024x760', '--scene', 'mask', '--save-picture']);
  expectExit(result, 0, 'the app');
  const file = join(dir, 'attention-mask.png');
  if (!existsSync(file)) throw new Error(`no attention-mask.png; stdout: ${result.stdout}`);
  const buffer = readFileSync(file);
  const png = PNG.sync.read(buffer);
  if (png.width !== 2048 || png.height !== 1520) throw new Error(`${png.width} x ${png.height}, expected 2048 x 1520`);
  const stats = checkNotBlank(buffer, file);
  if (!filled('widget.picture_saved').test(result.stdout) || !result.stdout.includes('attention-mask.png')) {
    throw new Error(`stdout does not say where the picture went: ${result.stdout}`);
  }
  const alt = description(buffer);
  if (!alt || alt.length < 20 || /\[|nan|inf/.test(alt)) throw new Error(`its Description is "${alt}"`);
  console.log(`  ${png.width} x ${png.height}, ${stats.colors} colours, ${(buffer.length / 1024).toFixed(0)} KB; alt text: ${alt}`);

  const again = run(dir, ['--frames', '8', '--size', '1024x760', '--scene', 'mask', '--save-picture']);
  expectExit(again, 0, 'the second run');
  if (!existsSync(join(dir, 'attention-mask-2.png'))) throw new Error(`the second picture is not attention-mask-2.png: ${again.stdout}`);
  if (!readFileSync(file).equals(buffer)) throw new Error('the second picture changed the first');
});

check('a picture in the dark theme has a dark background', () => {
  const dir = freshDir('dark');
  const result = run(dir, ['--frames', '8', '--size', '900x700', '--scene', 'compare', '--theme', 'dark', '--save-picture']);
  expectExit(result, 0, 'the app');
  const buffer = readFileSync(join(dir, 'attention-compare.png'));
  const png = PNG.sync.read(buffer);
  if (png.width !== 1800 || png.height !== 1400) throw new Error(`${png.width} x ${png.height}, expected 1800 x 1400`);
  checkNotBlank(buffer, 'the dark picture');
  const at = ((png.height - 4) * png.width + 4) * 4;
  const corner = Array.from(png.data.subarray(at, at + 3));
  if (corner[0] + corner[1] + corner[2] > 3 * 80) throw new Error(`the corner is not dark: rgb(${corner})`);
});

check('a window too large for 2x gives a smaller picture in proportion, and says so', () => {
  const dir = freshDir('large');
  const result = run(dir, ['--frames', '3', '--size', '6000x4000', '--scene', 'quiz', '--save-picture']);
  expectExit(result, 0, 'the app');
  const buffer = readFileSync(join(dir, 'attention-quiz.png'));
  const png = PNG.sync.read(buffer);
  if (png.width > 8192 || png.height > 8192 || png.width * png.height > 16 * 1024 * 1024) {
    throw new Error(`${png.width} x ${png.height} is over the limits`);
  }
  if (png.width >= 12000 || Math.abs(png.width / png.height - 1.5) > 0.01) {
    throw new Error(`${png.width} x ${png.height} is not a scaled-down 6000 x 4000`);
  }
  // The widget's words take a small part of so wide a window: fewer pixels differ from the background.
  const stats = imageStats(buffer);
  if (stats.colors < 16 || stats.nonBackground < 0.002) throw new Error(`the large picture looks blank: ${JSON.stringify(stats)}`);
  if (!filled('widget.picture_smaller').test(result.stdout)) throw new Error(`stdout does not say it is smaller: ${result.stdout}`);
  console.log(`  ${result.stdout.trim()}`);
});

check('a working directory where nothing can be written: a clear message and exit 1', () => {
  // Even root cannot make a file in /proc.
  const result = run('/proc', ['--frames', '3', '--save-picture']);
  expectExit(result, 1, 'the app');
  if (!result.stderr.includes('error: could not write the picture attention-compare.png in /proc')) {
    throw new Error(`stderr does not say what could not be written: ${result.stderr}`);
  }
  if (!filled('widget.picture_not_saved').test(result.stdout)) throw new Error(`stdout: ${result.stdout}`);
});

check('--save-picture without --frames is refused', () => {
  const dir = freshDir('refused');
  const result = spawnSync(app, ['--save-picture'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 2 || !result.stderr.includes('--save-picture needs --frames')) {
    throw new Error(`exit ${result.status}: ${result.stderr}`);
  }
  if (existsSync(join(dir, 'attention-compare.png'))) throw new Error('a picture was saved');
});

console.log(failures ? `native picture: ${failures} failed` : 'native picture: all passed');
process.exit(failures ? 1 : 0);
