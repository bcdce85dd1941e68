// The films scripts/render-video wrote for every locale (video_render.sh: 960x540, 2 fps), each
// checked as a viewer meets it:
//  - streams: exactly one H.264 video, one AAC audio and one mov_text subtitle track, the last
//    off by default, both tagged with the locale's language; as long as the recorded lesson;
//  - the voice: ffmpeg's silencedetect finds speech starting within 0.3 s of every caption cue's
//    start (the MP4's own subtitle track); the same audio 0.6 s late must fail that check;
//  - the frames: tesseract reads the first and last frames and one in the middle of every cue;
//    none shows a word of the widget's chrome (the bar's and its menu's: Reset, Copy link, Keys,
//    More, the scene choice's Walkthrough and Quick check, in the locale's words), and each shows
//    the heading of the step its cue belongs to ("Step 3 of 8"), so the reading finds words at
//    all. A screenshot of a scene with its chrome, at the same size and zoom, must show tesseract
//    reading the chrome's words;
//  - the text's size: the app's own report of the zoom render-video chose, its layout (853x480,
//    as at 1920x1080) and the body font's size in the frame's pixels: at 1920x1080, twice that
//    (the same layout at twice the zoom) is at least 36 px.
// usage: node video_film.mjs APP LESSON_DIR OUT_DIR
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eachLimited } from '../../scripts/narration/audio.mjs';
import { parseVtt } from '../../scripts/narration/soundtrack.mjs';
import { readCaptions, readLessonText } from '../browser/lesson_words.mjs';

const [app, lessonDir, out] = process.argv.slice(2);
if (!out) { console.error('usage: node video_film.mjs APP LESSON_DIR OUT_DIR'); process.exit(2); }
const run = promisify(execFile);
const failures = [];
const fail = (message) => { failures.push(message); console.log(`FAIL: ${message}`); };

const SIZE = [960, 540];
const FILM_HEIGHT = 1080;
const LEAST_BODY_PIXELS = 36;       // at FILM_HEIGHT
const SPEECH_WITHIN = 0.3;          // seconds between a cue's start and its speech
const LATE_BY = 0.6;                // the control: the voice this late must fail
// Quieter than this for this long is a pause; the cues sit at -16 LUFS on digital silence, and
// the shortest gap between two cues is 0.4 s.
const SILENCE = 'silencedetect=noise=-40dB:d=0.15';
const LANGUAGES = { en: ['eng', 'eng'], es: ['spa', 'spa'] };  // [MP4 tag, tesseract's language]

const locales = ['en', ...readLessonFolders()];
function readLessonFolders() {
  return execFileSync('find', [lessonDir, '-mindepth', '2', '-maxdepth', '2', '-name', 'lesson.txt'], { encoding: 'utf8' })
    .split('\n').filter(Boolean).map((file) => file.split('/').slice(-2)[0]).sort();
}
const lessonFile = (locale) => (locale === 'en' ? join(lessonDir, 'lesson.txt') : join(lessonDir, locale, 'lesson.txt'));
const suffix = (locale) => (locale === 'en' ? '' : `-${locale}`);

// The locale's words, its missing keys in English, as the app shows them.
function words(locale) {
  const english = readLessonText(lessonFile('en'));
  return locale === 'en' ? english : { ...english, ...readLessonText(lessonFile(locale)) };
}

// The chrome's words in the locale: the bar's menu button and scene choice, and what the menu holds.
function chromeWords(text) {
  return {
    reset: text['widget.reset_all'].split(' ')[0],
    copyLink: text['widget.copy_link'],
    keys: text['widget.keys'],
    more: text['widget.more'],
    walkthrough: text['widget.scene.walkthrough'],
    quiz: text['widget.scene.quiz'],
  };
}

// Whether `phrase` is in `ocr` as whole words, as written (case and accents).
function reads(ocr, phrase) {
  const escaped = phrase.split(/\s+/).map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, 'u').test(ocr);
}

// "Step 3 of 8", as the stage's heading starts.
function stepHeading(text, step, count) {
  return text['walkthrough.step_caption'].split(':')[0].replace('{step}', step).replace('{count}', count);
}

// Sparse text (--psm 11): tesseract looks for words anywhere rather than for a page's columns,
// which a hatched heatmap beside the heading can throw off.
async function ocr(image, language) {
  const { stdout } = await run('tesseract', [image, '-', '-l', language, '--psm', '11'], { maxBuffer: 16 << 20 });
  return stdout.replace(/\s+/g, ' ');
}

function probeStreams(file) {
  const json = execFileSync('ffprobe', ['-v', 'error', '-show_entries',
    'stream=codec_name,codec_type,width,height:stream_disposition=default:stream_tags=language:format=duration',
    '-of', 'json', file], { encoding: 'utf8' });
  return JSON.parse(json);
}

// Where speech starts in the file's audio delayed by `late` seconds: where each silence ends, and
// 0 when the audio does not start silent.
function speechOnsets(file, late = 0) {
  const filter = late > 0 ? `adelay=${Math.round(late * 1000)}:all=1,${SILENCE}` : SILENCE;
  const result = spawnSync('ffmpeg', ['-nostdin', '-hide_banner', '-i', file, '-map', '0:a', '-af', filter, '-f', 'null', '-'],
                           { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (result.status !== 0) throw new Error(`ffmpeg's silencedetect failed on ${file}: ${result.stderr.slice(-500)}`);
  const starts = [...result.stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...result.stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.length === 0 || starts[0] > 0.01 ? [0, ...ends] : ends;
}

// Each cue's offset from its nearest onset of speech.
function offsets(cues, onsets) {
  return cues.map((cue) => Math.min(...onsets.map((onset) => Math.abs(onset - cue.start))));
}

async function checkLocale(locale) {
  const text = words(locale);
  const video = join(out, `attention-lesson${suffix(locale)}.mp4`);
  const vttFile = join(out, `attention-lesson.${locale}.vtt`);
  if (!existsSync(video) || !existsSync(vttFile)) { fail(`${locale}: no ${video} or ${vttFile} (video_render.sh writes them)`); return; }
  const log = readFileSync(join(out, `render-${locale}.log`), 'utf8');
  console.log(`\n${locale}: ${video}`);

  // Streams and length.
  const probe = probeStreams(video);
  const [tag, ocrLanguage] = LANGUAGES[locale] ?? ['und', 'eng'];
  const kinds = probe.streams.map((s) => s.codec_type);
  const only = (type) => probe.streams.filter((s) => s.codec_type === type);
  console.log(`streams: ${probe.streams.map((s) => `${s.codec_type} ${s.codec_name} ${s.tags?.language ?? ''} default=${s.disposition.default}`).join('; ')}`);
  if (kinds.length !== 3 || only('video').length !== 1 || only('audio').length !== 1 || only('subtitle').length !== 1) {
    fail(`${locale}: streams ${kinds.join(', ')}, not one video, one audio and one subtitle track`);
  }
  const [v] = only('video');
  const [a] = only('audio');
  const [s] = only('subtitle');
  if (v?.codec_name !== 'h264' || v.width !== SIZE[0] || v.height !== SIZE[1] || v.tags?.language !== tag) {
    fail(`${locale}: the video is not H.264 at ${SIZE.join('x')} tagged ${tag} (its words are the locale's)`);
  }
  if (a?.codec_name !== 'aac' || a.tags?.language !== tag) fail(`${locale}: the audio is not AAC tagged ${tag}`);
  if (s?.codec_name !== 'mov_text' || s.tags?.language !== tag || s.disposition.default !== 0) {
    fail(`${locale}: the captions are not a mov_text track tagged ${tag} and off by default`);
  }
  const recorded = /recorded \d+ frames at (\d+) fps \(([\d.]+) s\)/.exec(log);
  const duration = Number(probe.format.duration);
  if (!recorded) fail(`${locale}: no recording summary in render-${locale}.log`);
  // Frame k shows time k / fps and the last one the lesson's end (native_record): up to two frames more.
  else if (duration < Number(recorded[2]) - 0.01 || duration > Number(recorded[2]) + 2 / Number(recorded[1]) + 0.05) {
    fail(`${locale}: the video lasts ${duration} s, the lesson ${recorded[2]} s`);
  }

  // The captions: the MP4's own track, cue for cue the WebVTT beside it.
  const beside = parseVtt(readFileSync(vttFile, 'utf8'));
  const muxed = parseVtt(execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', video, '-map', '0:s:0', '-f', 'webvtt', '-'],
                                      { encoding: 'utf8' }));
  if (muxed.length !== beside.length || muxed.some((cue, i) => Math.abs(cue.start - beside[i].start) > 0.002)) {
    fail(`${locale}: the MP4's captions (${muxed.length} cues) are not the .vtt's (${beside.length})`);
  }
  if (!beside.every((cue) => /^step\d\d-\d+$/.test(cue.id))) fail(`${locale}: the .vtt's cues are not named by their cue ids`);

  // The voice where the captions are.
  const near = offsets(muxed, speechOnsets(video));
  const worst = Math.max(...near);
  const missed = muxed.filter((_, i) => near[i] > SPEECH_WITHIN);
  console.log(`speech starts within ${worst.toFixed(3)} s of each of ${muxed.length} cue starts ` +
              `(mean ${(near.reduce((x, y) => x + y, 0) / near.length).toFixed(3)} s)`);
  if (missed.length) fail(`${locale}: no speech within ${SPEECH_WITHIN} s of ${missed.map((c) => `${c.start} s`).join(', ')}`);
  const late = offsets(muxed, speechOnsets(video, LATE_BY));
  const lateMissed = late.filter((offset) => offset > SPEECH_WITHIN).length;
  console.log(`control: the voice ${LATE_BY} s late misses ${lateMissed} of ${muxed.length} cue starts`);
  if (lateMissed === 0) fail(`${locale}: the check of the voice's timing passes a voice ${LATE_BY} s late`);

  // The frames.
  const frames = join(out, `frames-${locale}`);
  mkdirSync(frames, { recursive: true });
  const count = readCaptions(lessonFile(locale)).length;
  const stepOf = (cue) => Number(cue.id.slice(4, 6));
  // Each sample: where ffmpeg starts reading, and how many frames it writes over the same file
  // (the last frame: every frame of the last second, the last one staying).
  const one = ['-frames:v', '1'];
  const samples = [{ name: 'first', at: ['-ss', '0'], frames: one, step: 1 },
                   ...beside.map((cue) => ({ name: cue.id, at: ['-ss', ((cue.start + cue.end) / 2).toFixed(3)], frames: one,
                                             step: stepOf(cue) })),
                   { name: 'last', at: ['-sseof', '-1'], frames: [], step: count }];
  const chrome = chromeWords(text);
  // Two at a time: the machine's two cores.
  const results = await eachLimited(samples, async (sample) => {
    const image = join(frames, `${sample.name}.png`);
    // In grey: tesseract skips the labels of tinted buttons in colour (docs/performance.md).
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...sample.at, '-i', video, ...sample.frames, '-update', '1',
                         '-vf', 'format=gray', image]);
    return { ...sample, text: await ocr(image, ocrLanguage) };
  }, 2);
  let headings = 0;
  for (const result of results) {
    const shown = Object.values(chrome).filter((phrase) => reads(result.text, phrase));
    if (shown.length) fail(`${locale}: the frame at ${result.name} shows the chrome's ${shown.join(', ')}: ${result.text}`);
    const heading = stepHeading(text, result.step, count);
    if (reads(result.text, heading)) ++headings;
    else fail(`${locale}: tesseract read no "${heading}" in the frame at ${result.name}: ${result.text}`);
  }
  console.log(`OCR of ${results.length} frames: no chrome word (${Object.values(chrome).join(', ')}); ` +
              `the step's heading read in ${headings}; e.g. ${results[Math.floor(results.length / 2)].name}: ` +
              `"${results[Math.floor(results.length / 2)].text.slice(0, 100)}"`);

  // The control: the chrome on screen, read by the same OCR at the same size and zoom.
  const zoom = /zoom ([\d.]+): laid out at (\d+)x(\d+), body text ([\d.]+) px/.exec(log);
  if (!zoom) { fail(`${locale}: render-video's log has no zoom report`); return; }
  const control = join(frames, 'control.png');
  execFileSync('xvfb-run', ['-a', '-s', `-screen 0 ${SIZE[0] + 64}x${2 * SIZE[1] + 64}x24 -nolisten tcp`, app,
                            '--locale', locale, '--scene', 'compare', '--size', `${SIZE[0]}x${2 * SIZE[1]}`, '--zoom', zoom[1],
                            '--frames', '3', '--screenshot', control], { stdio: 'ignore' });
  execFileSync('convert', [control, '-colorspace', 'gray', control]);
  const controlText = await ocr(control, ocrLanguage);
  const expected = [chrome.reset, chrome.more, chrome.walkthrough, chrome.quiz];
  const unread = expected.filter((phrase) => !reads(controlText, phrase));
  console.log(`control: a screenshot of the compare scene with its chrome reads ${expected.filter((p) => !unread.includes(p)).join(', ')}`);
  if (unread.length) fail(`${locale}: tesseract did not read the chrome's ${unread.join(', ')} where it is shown: ${controlText}`);

  // The text's size.
  const [, factor, layoutWidth, layoutHeight, body] = zoom;
  const atFilm = Number(body) * FILM_HEIGHT / SIZE[1];
  console.log(`zoom ${factor}: laid out at ${layoutWidth}x${layoutHeight}, body text ${body} px; at ${FILM_HEIGHT} rows ${atFilm} px`);
  if (`${layoutWidth}x${layoutHeight}` !== '853x480') fail(`${locale}: laid out at ${layoutWidth}x${layoutHeight}, not the film's 853x480`);
  if (atFilm < LEAST_BODY_PIXELS) fail(`${locale}: body text ${atFilm} px at ${FILM_HEIGHT} rows, under ${LEAST_BODY_PIXELS}`);
}

const started = Date.now();
for (const locale of locales) await checkLocale(locale);
console.log(`\n${locales.length} films checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) process.exit(1);
console.log('ok');
