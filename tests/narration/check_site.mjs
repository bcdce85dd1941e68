// The narration in the built site (cmake/Narration.cmake): for every locale, every cue that
// attention_cues lists has its audio in site/narration/LOCALE/, in order and with the cue's words;
// each cues.json `seconds` is its file's length within 50 ms, as ffprobe gives it and as the samples
// decoded count it; each cue is at the narration's loudness (-16 LUFS) within 1.5 LU; the audio takes
// at most 100 kB a minute of speech. Then the same check on a copy with one file missing, one length
// wrong, one file 6 dB quieter and every file swapped for a bulky one must fail on each.
// usage: node check_site.mjs SITE_DIR ATTENTION_CUES LESSONS_DIR WORK_DIR
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENCODING, decodedSeconds, loudness, probeSeconds, run } from '../../scripts/narration/audio.mjs';
import { readCues } from '../../scripts/narration/cues.mjs';

const TOLERANCE = 0.05;           // seconds
const BUDGET = 100 * 1000;        // bytes a minute of speech
const LEVEL_TOLERANCE = 1.5;      // LU around ENCODING.loudness
const [site, tool, lessons, work] = process.argv.slice(2);
if (!work) {
  console.error('usage: node check_site.mjs SITE_DIR ATTENTION_CUES LESSONS_DIR WORK_DIR');
  process.exit(2);
}

// What is wrong with the narration in `dir` for `cues`; its size and length.
export async function checkNarration(dir, cues) {
  const problems = [];
  const list = join(dir, 'cues.json');
  if (!existsSync(list)) return { problems: [`${list} is missing`], bytes: 0, seconds: 0 };
  const entries = JSON.parse(readFileSync(list, 'utf8'));
  const listed = entries.map((entry) => entry.id).join(' ');
  if (listed !== cues.map((cue) => cue.id).join(' ')) problems.push(`cues.json lists ${listed}; the cues are ${cues.map((cue) => cue.id).join(' ')}`);
  let bytes = 0, seconds = 0;
  const levels = [];
  for (const cue of cues) {
    const entry = entries.find((candidate) => candidate.id === cue.id);
    if (!entry) { problems.push(`${cue.id} has no entry`); continue; }
    if (entry.text !== cue.text || entry.step !== cue.step) problems.push(`${cue.id}'s entry says "${entry.text}" (step ${entry.step}); the cue is "${cue.text}" (step ${cue.step})`);
    const file = join(dir, entry.file ?? '');
    if (!entry.file || !existsSync(file)) { problems.push(`${cue.id} has no audio: ${file} is missing`); continue; }
    const probed = await probeSeconds(file).catch(() => NaN);
    const decoded = await decodedSeconds(file).catch(() => NaN);
    if (!(Math.abs(probed - entry.seconds) <= TOLERANCE)) problems.push(`${cue.id}: cues.json says ${entry.seconds} s, ffprobe ${probed} s`);
    if (!(Math.abs(decoded - entry.seconds) <= TOLERANCE)) problems.push(`${cue.id}: cues.json says ${entry.seconds} s, its samples ${decoded} s`);
    if (!(decoded > 0.2)) problems.push(`${cue.id}: ${file} holds ${decoded} s of audio`);
    const level = await loudness(file, '').catch(() => ({ integrated: NaN }));
    if (!(Math.abs(level.integrated - ENCODING.loudness) <= LEVEL_TOLERANCE)) {
      problems.push(`${cue.id}: ${level.integrated} LUFS, not ${ENCODING.loudness} within ${LEVEL_TOLERANCE}`);
    }
    levels.push(level.integrated);
    bytes += statSync(file).size;
    seconds += Number.isFinite(decoded) ? decoded : 0;
  }
  const perMinute = bytes / (seconds / 60);
  if (!(perMinute <= BUDGET)) problems.push(`${(perMinute / 1000).toFixed(1)} kB a minute of speech, over ${BUDGET / 1000} kB`);
  return { problems, bytes, seconds, levels };
}

const failures = [];
const locales = ['en', ...readdirSync(lessons, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(lessons, entry.name, 'lesson.txt'))).map((entry) => entry.name).sort()];
const report = [];
for (const locale of locales) {
  const cues = readCues(tool, lessons, locale);
  const { problems, bytes, seconds, levels } = await checkNarration(join(site, 'narration', locale), cues);
  for (const problem of problems) failures.push(`${locale}: ${problem}`);
  report.push(`${locale}: ${cues.length} cues, ${seconds.toFixed(1)} s, ${(bytes / 1000).toFixed(1)} kB (${(bytes / 1000 / (seconds / 60)).toFixed(1)} kB a minute), ` +
              `cues from ${Math.min(...levels).toFixed(1)} to ${Math.max(...levels).toFixed(1)} LUFS`);
}

// The check fails where it should: one file gone, one length off by 0.2 s, one file replaced by
// the same speech at 64 kbit/s (over the budget).
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const copy = join(work, 'en');
cpSync(join(site, 'narration', 'en'), copy, { recursive: true });
const cues = readCues(tool, lessons, 'en');
const entries = JSON.parse(readFileSync(join(copy, 'cues.json'), 'utf8'));
rmSync(join(copy, entries[0].file));
entries[1].seconds += 0.2;
writeFileSync(join(copy, 'cues.json'), JSON.stringify(entries));
const quiet = join(copy, entries[2].file);
await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(site, 'narration', 'en', entries[2].file), '-af', 'volume=-6dB',
                     '-c:a', 'libopus', '-b:a', '11k', '-f', 'webm', `${quiet}.quiet`]);
cpSync(`${quiet}.quiet`, quiet);
const broken = await checkNarration(copy, cues);
const expect = (what, pattern) => {
  if (!broken.problems.some((problem) => pattern.test(problem))) failures.push(`the check misses ${what}: it says ${JSON.stringify(broken.problems)}`);
};
expect('a missing file', new RegExp(`${entries[0].id} has no audio`));
expect('a wrong length', new RegExp(`${entries[1].id}: cues.json says`));
expect('a quiet file', new RegExp(`${entries[2].id}: -[\\d.]+ LUFS`));
for (const entry of entries.slice(2)) {
  const file = join(copy, entry.file);
  await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(site, 'narration', 'en', entry.file), '-c:a', 'libopus', '-b:a', '64k', '-f', 'webm', `${file}.big`]);
  cpSync(`${file}.big`, file);
}
const bulky = await checkNarration(copy, cues);
if (!bulky.problems.some((problem) => /kB a minute of speech, over/.test(problem))) failures.push(`the check misses audio over the budget: ${JSON.stringify(bulky.problems)}`);

if (failures.length) {
  for (const failure of failures) console.log(`FAIL ${failure}`);
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
for (const line of report) console.log(line);
console.log(`ok: every cue of ${locales.length} locales has its audio, lengths within ${TOLERANCE * 1000} ms, ` +
            `${ENCODING.loudness} LUFS within ${LEVEL_TOLERANCE}, at most ${BUDGET / 1000} kB a minute`);
