// The author's own voice (scripts/narration/render.mjs, docs/narration.md), on a copy of the
// recordings' folder in WORK_DIR (nothing is written to assets/): a recording replaces its cue's
// synthesized audio, encoded as the voice is; a recording much shorter or longer than its words,
// a file that is no cue's and recordings without the list they were made from are warned about;
// a recording whose wording has changed since (cues.txt beside it says so) gives way to the voice;
// and without a voice every cue without a recording is named and the locale fails.
// usage: node recordings_test.mjs ATTENTION_CUES LESSONS_DIR CACHE_DIR WORK_DIR
//   CACHE_DIR: the build's narration cache, copied to start warm (may be missing)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodedSeconds, encode, run } from '../../scripts/narration/audio.mjs';
import { render } from '../../scripts/narration/render.mjs';
import { readCues, textHash } from '../../scripts/narration/cues.mjs';

const [tool, lessons, buildCache, work] = process.argv.slice(2);
if (!work) {
  console.error('usage: node recordings_test.mjs ATTENTION_CUES LESSONS_DIR CACHE_DIR WORK_DIR');
  process.exit(2);
}
rmSync(work, { recursive: true, force: true });
const recordings = join(work, 'assets', 'narration');
const folder = join(recordings, 'en');
const cache = join(work, 'cache');
const out = join(work, 'out', 'en');
mkdirSync(folder, { recursive: true });
if (existsSync(buildCache)) cpSync(buildCache, cache, { recursive: true });

const failures = [];
const check = (what, ok, got = '') => { if (!ok) failures.push(`${what}${got ? `: ${got}` : ''}`); };
const quiet = { lines: [], log(line) { this.lines.push(line); }, warn(line) { this.lines.push(line); } };
const renderEn = (extra = {}) => render({ locale: 'en', out, tool, lessons, recordings, cache, ...extra }, quiet);
const entry = (result, id) => result.entries.find((candidate) => candidate.id === id);

const cues = readCues(tool, lessons, 'en');
const [first, second, third] = cues;
// The author's recording of the first cue: another voice saying its words (espeak-ng), as a WAV
// with half a second of silence before and after, which the build cuts.
await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', join(work, 'said.wav'), first.text]);
await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(work, 'said.wav'), '-af', 'adelay=500,apad=pad_dur=0.5', '-ar', '44100',
                     join(folder, `${first.id}.wav`)]);
// The second: a 0.4 s tone as FLAC, far too short for its words; a file that is no cue's.
await run('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=0.4', join(folder, `${second.id}.flac`)]);
writeFileSync(join(folder, 'step99-1.wav'), readFileSync(join(folder, `${first.id}.wav`)));

const synthesized = await renderEn({ recordings: join(work, 'none') });
check('without recordings every cue is synthesized', synthesized.entries.every((e) => e.voice !== 'recording'));
const voiceFirst = readFileSync(join(out, `${first.id}.webm`));

const recorded = await renderEn();
check('the recording replaces its cue', entry(recorded, first.id).voice === 'recording', JSON.stringify(entry(recorded, first.id)));
const expected = join(work, 'expected.webm');
await encode(join(folder, `${first.id}.wav`), expected);
const built = readFileSync(join(out, `${first.id}.webm`));
check('the recording is encoded as the voice is', built.equals(readFileSync(expected)) && !built.equals(voiceFirst));
const said = await decodedSeconds(join(work, 'said.wav'));
const kept = await decodedSeconds(join(out, `${first.id}.webm`));
check('the silence around the recording is cut', kept < said + 0.3 && kept > said - 0.5, `${kept} s from ${said} s of speech and 1 s of silence`);
check('its length is in cues.json', Math.abs(entry(recorded, first.id).seconds - kept) <= 0.05, `${entry(recorded, first.id).seconds} against ${kept}`);
check('the other cues keep the voice', entry(recorded, third.id).voice === synthesized.entries[2].voice);
const warned = (pattern) => recorded.warnings.some((warning) => pattern.test(warning));
check('a recording much shorter than its words is warned about', warned(new RegExp(`${second.id}\\.flac lasts 0\\.\\d s, much shorter`)),
      recorded.warnings.join('\n'));
check('a recording of the right length is not', !warned(new RegExp(`${first.id}\\.wav lasts`)), recorded.warnings.join('\n'));
check('a file that is no cue\'s is warned about', warned(/step99-1 is no cue/), recorded.warnings.join('\n'));
check('recordings without their list are warned about', warned(/has no cues\.txt/), recorded.warnings.join('\n'));

// A recording much longer than its words.
rmSync(join(folder, `${second.id}.flac`));
await run('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=40', join(folder, `${second.id}.ogg`)]);
const long = await renderEn();
check('a recording much longer than its words is warned about',
      long.warnings.some((warning) => new RegExp(`${second.id}\\.ogg lasts 40\\.0 s, much longer`).test(warning)), long.warnings.join('\n'));
rmSync(join(folder, `${second.id}.ogg`));

// The list the author recorded from, beside the recordings: the current wording uses the recording
// with no warning; a changed wording gives the cue back to the voice.
const list = readFileSync(join(out, 'cues.txt'), 'utf8');
check('cues.txt lists every cue with its wording\'s hash', cues.every((cue) => list.includes(`${cue.id}  ${textHash(cue.text)}  ${cue.text}\n`)), list);
writeFileSync(join(folder, 'cues.txt'), list);
const current = await renderEn();
check('a recording of the current wording is used', entry(current, first.id).voice === 'recording');
check('with its list, no warning about the wording', !current.warnings.some((w) => /has no cues\.txt|other words|not in the cues/.test(w)),
      current.warnings.join('\n'));
writeFileSync(join(folder, 'cues.txt'), list.replace(`${first.id}  ${textHash(first.text)}`, `${first.id}  0badc0de`));
const stale = await renderEn();
check('a recording of other words gives way to the voice', entry(stale, first.id).voice !== 'recording' &&
      readFileSync(join(out, `${first.id}.webm`)).equals(voiceFirst));
check('and is warned about', stale.warnings.some((w) => new RegExp(`${first.id}\\.wav says other words`).test(w)), stale.warnings.join('\n'));
rmSync(join(folder, 'cues.txt'));

// Without a voice, the cues without a recording are named and nothing is listed.
let failed = null;
try {
  await renderEn({ voice: 'none' });
} catch (error) {
  failed = error.message;
}
check('without a voice, a locale with cues unrecorded fails', failed !== null);
check('naming each cue without audio', failed !== null && failed.startsWith(`${cues.length - 1} of ${cues.length} cues`) &&
      failed.includes(`${second.id} (.wav`) && !failed.includes(`${first.id} (.wav`), failed ?? '');
check('and leaving no cues.json', !existsSync(join(out, 'cues.json')));

if (failures.length) {
  for (const failure of failures) console.log(`FAIL ${failure}`);
  console.log(quiet.lines.join('\n'));
  process.exit(1);
}
rmSync(work, { recursive: true, force: true });
console.log('ok: a recording replaces its cue, encoded as the voice; short, long, stray, unlisted and reworded recordings are ' +
            'warned about; a cue without audio fails its locale');
