// attention_lesson --record under Xvfb, at a small size and frame rate: it writes the number of
// frames its timeline's length asks for, the frames are pictures that change from step to step,
// and captions.vtt parses as WebVTT with increasing, non-overlapping cues whose words, step by
// step, are the narration in lesson.txt.
// usage: node native_record.mjs APP LESSON_TXT OUT_DIR
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkNotBlank } from './check_image.mjs';
import { normalize, readCaptions } from '../browser/lesson_words.mjs';

const [app, lessonFile, out] = process.argv.slice(2);
if (!app || !lessonFile || !out) { console.error('usage: node native_record.mjs APP LESSON_TXT OUT_DIR'); process.exit(2); }
const fps = 4;
const dir = join(out, 'frames');
rmSync(dir, { recursive: true, force: true });  // --record makes its folder
const fail = (message) => { console.log(`FAIL: ${message}`); process.exit(1); };

const log = execFileSync('xvfb-run', ['-a', '-s', '-screen 0 1280x800x24 -nolisten tcp', app, '--record', dir,
                                      '--fps', String(fps), '--size', '480x360'], { encoding: 'utf8', timeout: 300000 });
const said = /recorded (\d+) frames at (\d+) fps \(([\d.]+) s\)/.exec(log);
if (!said) fail(`no summary in the output:\n${log}`);
const duration = Number(said[3]);
if (duration < 90 || duration > 150) fail(`the lesson lasts ${duration} s, not about two minutes`);
const frames = readdirSync(dir).filter((name) => /^frame-\d{6}\.png$/.test(name)).sort();
// Frame k shows time k / fps from 0, and the last frame the end of the timeline.
const expected = Math.ceil(duration * fps - 1e-6) + 1;
if (frames.length !== expected || Number(said[1]) !== expected) {
  fail(`${frames.length} frames written (${said[1]} reported), ${expected} expected for ${duration} s at ${fps} fps`);
}

// captions.vtt: the header, then "N", "HH:MM:SS.mmm --> HH:MM:SS.mmm", the text.
const vtt = readFileSync(join(dir, 'captions.vtt'), 'utf8');
if (!vtt.startsWith('WEBVTT\n')) fail('captions.vtt does not start with WEBVTT');
const seconds = (stamp) => {
  const match = /^(\d{2}):(\d{2}):(\d{2})\.(\d{3})$/.exec(stamp);
  if (!match) fail(`"${stamp}" is not a WebVTT time`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
};
const cues = vtt.trim().split(/\n\n+/).slice(1).map((block) => {
  const lines = block.split('\n');
  const times = /^(\S+) --> (\S+)$/.exec(lines[1] || '');
  if (lines.length < 3 || !times) fail(`a malformed cue:\n${block}`);
  return { start: seconds(times[1]), end: seconds(times[2]), text: lines.slice(2).join(' ') };
});
let previous = 0;
for (const cue of cues) {
  if (cue.start < previous - 1e-9 || cue.end <= cue.start || cue.end > duration + 1e-3) {
    fail(`cue "${cue.text}" at ${cue.start}-${cue.end} s is out of order or out of the lesson (after ${previous} s)`);
  }
  previous = cue.end;
}
// Each step's narration, cut into sentences: the cues, in order, word for word.
const captions = readCaptions(lessonFile).map(normalize);
const told = normalize(cues.map((cue) => cue.text).join(' '));
if (told !== normalize(captions.join(' '))) fail(`the cues say:\n  ${told}\nthe narration is:\n  ${captions.join(' ')}`);

// A step starts with the cue of its first sentence. Each step's last frame (what its actions
// built) is a picture, and differs from the step's before it.
let at = 0;
const starts = captions.map((caption) => {
  const index = cues.findIndex((cue, i) => i >= at && caption.startsWith(normalize(cue.text)));
  if (index < 0) fail(`no cue starts the narration "${caption.slice(0, 40)}..."`);
  at = index + 1;
  return cues[index].start;
});
const ends = starts.slice(1).map((start) => start - 0.5).concat([duration]);
const pictures = ends.map((end) => {
  const file = join(dir, frames[Math.min(frames.length - 1, Math.floor(end * fps))]);
  const buffer = readFileSync(file);
  checkNotBlank(buffer, file);
  return buffer.toString('base64');
});
for (let i = 1; i < pictures.length; i++) {
  if (pictures[i] === pictures[i - 1]) fail(`step ${i + 1}'s frame is the same as step ${i}'s`);
}
console.log(`ok: ${frames.length} frames at ${fps} fps for ${duration} s, ${cues.length} cues, ${captions.length} steps' frames differ`);
rmSync(dir, { recursive: true, force: true });
