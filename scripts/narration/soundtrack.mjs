// The film's narration (scripts/render-video): the cues' lengths for the app, and the soundtrack
// made of the cues' audio once the app has timed its captions by them.
//
//   node scripts/narration/soundtrack.mjs times NARRATION_DIR
//     prints NARRATION_DIR/cues.json (render.mjs) as the app's --narration-times lines,
//     "ID<TAB>SECONDS<TAB>TEXT", one cue a line
//   node scripts/narration/soundtrack.mjs track CAPTIONS.vtt NARRATION_DIR SECONDS OUT.m4a
//     writes one AAC track, SECONDS long, with each cue's audio starting where the caption cue of
//     the same id starts (the recorder names each WebVTT cue by its cue id): silence between them,
//     every cue at the loudness render.mjs gave it (nothing is mixed over anything else)
//
// Fails naming the cues when the captions and the narration do not pair up, or when a cue's audio
// is longer than its caption (the app did not time that cue by its audio: the voice would run
// into the next sentence).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './audio.mjs';

const RATE = 48000;  // the cues' Opus rate, and the track's
// How much longer than its caption a cue's audio may be: the recorder's times are to the
// millisecond, ffprobe's lengths to the millisecond too.
const SLACK_SECONDS = 0.05;
export const TRACK_ENCODING = ['-c:a', 'aac', '-b:a', '96k', '-ac', '1', '-ar', String(RATE)];

// "00:01:02.345" or "01:02.345" in seconds.
function vttSeconds(text) {
  const parts = text.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !Number.isFinite(part))) {
    throw new Error(`not a WebVTT time: ${text}`);
  }
  return parts.reduce((total, part) => total * 60 + part, 0);
}

// A WebVTT file's cues: [{id, start, end, text}] in the file's order (id '' for a cue without one).
export function parseVtt(contents) {
  const cues = [];
  for (const block of contents.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((line) => line !== '');
    const timing = lines.findIndex((line) => line.includes('-->'));
    if (timing < 0 || timing > 1) continue;  // the header, a NOTE or a STYLE block
    const [from, to] = lines[timing].split('-->').map((side) => side.trim().split(/\s+/)[0]);
    cues.push({ id: timing === 1 ? lines[0].trim() : '', start: vttSeconds(from), end: vttSeconds(to),
                text: lines.slice(timing + 1).join('\n') });
  }
  return cues;
}

export function readNarration(dir) {
  return JSON.parse(readFileSync(join(dir, 'cues.json'), 'utf8'));
}

// The app's --narration-times lines. A tab or a line break in a cue's text would break its line.
export function narrationTimes(narration) {
  return narration.map((cue) => `${cue.id}\t${cue.seconds}\t${cue.text.replace(/\s+/g, ' ')}\n`).join('');
}

// Each caption cue with its audio: [{id, start, file, seconds}]; throws naming what does not pair.
export function placeCues(captions, narration, narrationDir) {
  const audio = new Map(narration.map((cue) => [cue.id, cue]));
  const captioned = new Set(captions.map((cue) => cue.id));
  const problems = [];
  const unnamed = captions.filter((cue) => !audio.has(cue.id)).map((cue) => cue.id || `(a cue at ${cue.start} s)`);
  if (unnamed.length) problems.push(`caption cues with no narration audio: ${unnamed.join(', ')}`);
  const unsaid = narration.filter((cue) => !captioned.has(cue.id)).map((cue) => cue.id);
  if (unsaid.length) problems.push(`narration cues with no caption cue: ${unsaid.join(', ')}`);
  const placed = captions.filter((cue) => audio.has(cue.id)).map((cue) => ({
    id: cue.id, start: cue.start, caption: cue.end - cue.start,
    file: join(narrationDir, audio.get(cue.id).file), seconds: audio.get(cue.id).seconds }));
  const long = placed.filter((cue) => cue.seconds > cue.caption + SLACK_SECONDS);
  if (long.length) {
    problems.push('audio longer than its caption (the app did not time these cues by their audio): ' +
                  long.map((cue) => `${cue.id} ${cue.seconds} s in ${cue.caption.toFixed(3)} s`).join(', '));
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return placed;
}

// ffmpeg's arguments for the track: each cue delayed to its start (to the sample), the delayed
// cues summed without amix's scaling (they never overlap, so each keeps its loudness), then
// padded or cut to `seconds`.
export function trackArgs(placed, seconds, out) {
  const inputs = placed.flatMap((cue) => ['-i', cue.file]);
  const delayed = placed.map((cue, i) =>
    `[${i}:a]aresample=${RATE},adelay=delays=${Math.round(cue.start * RATE)}S:all=1[c${i}]`);
  const mix = `${placed.map((_, i) => `[c${i}]`).join('')}amix=inputs=${placed.length}:normalize=0:dropout_transition=0,` +
              `apad=whole_dur=${seconds},atrim=end=${seconds}[track]`;
  return ['-hide_banner', '-loglevel', 'error', '-y', ...inputs, '-filter_complex', [...delayed, mix].join(';'),
          '-map', '[track]', ...TRACK_ENCODING, '-movflags', '+faststart', out];
}

async function main([command, ...args]) {
  if (command === 'times' && args.length === 1) {
    process.stdout.write(narrationTimes(readNarration(args[0])));
  } else if (command === 'track' && args.length === 4) {
    const [vtt, narrationDir, seconds, out] = args;
    if (!(Number(seconds) > 0)) throw new Error(`the track's length must be a number of seconds, not ${seconds}`);
    const placed = placeCues(parseVtt(readFileSync(vtt, 'utf8')), readNarration(narrationDir), narrationDir);
    await run('ffmpeg', trackArgs(placed, Number(seconds), out));
    console.log(`soundtrack: ${placed.length} cues placed in ${seconds} s: ${out}`);
  } else {
    console.error('usage: soundtrack.mjs times NARRATION_DIR\n' +
                  '       soundtrack.mjs track CAPTIONS.vtt NARRATION_DIR SECONDS OUT.m4a');
    process.exit(2);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(`soundtrack: ${error.message}`);
    process.exit(1);
  });
}
