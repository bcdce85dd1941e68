// What the narration scripts share: running a program, speaking a cue with a voice, encoding audio
// the one way the site carries it, and measuring a file's length.
//
// The encoding (ENCODING): Opus in WebM, mono, 11 kbit/s VBR in Opus's speech mode, 60 ms frames:
// about 94 kB a minute of festival's speech, inside the narration's 100 kB a minute (12 kbit/s gave
// 101 kB once the silences were cut; 20 ms frames cost 15 % more for the same rate); what it costs
// the voice's intelligibility is in docs/narration.md. Chromium, Firefox and Safari (since 15)
// play Opus in WebM; WebKit played WebM audio years before it took Ogg.
// Before encoding, the silence before the first word and after the last is cut (each cue's length
// is what the voice takes to say it) and the loudness brought to -16 LUFS (EBU R128, as ffmpeg's
// ebur128 measures it) by one gain, for a synthesized cue and an author's recording alike. Peaks
// the gain takes above -1.5 dBFS are limited, by at most MAX_LIMIT_DB (espeak-ng's voices have
// peaks at full scale 20 dB above their loudness: without it, Spanish stayed 4 dB too quiet).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';

export const ENCODING = {
  extension: '.webm',
  describe: 'Opus 11 kbit/s',
  loudness: -16,  // LUFS
  ffmpeg: ['-ac', '1', '-ar', '48000', '-c:a', 'libopus', '-b:a', '11k', '-vbr', 'on', '-application', 'voip',
           '-frame_duration', '60', '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'webm'],
};
// Cut at the start and at the end, down to this much silence (seconds) below -45 dBFS.
const TRIM = 'silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.05';
const TRIMMED = `${TRIM},areverse,${TRIM},areverse`;
// Peaks above -1.5 dBFS (0.84) are brought down over 5 ms and let go over 50 ms, at most this far.
const LIMITER = 'alimiter=limit=0.84:attack=5:release=50:level=disabled';
export const MAX_LIMIT_DB = 6;
// The audio must be encoded again when this changes (it is part of every cached file's key).
export const ENCODING_KEY = JSON.stringify([ENCODING, TRIMMED, LIMITER, MAX_LIMIT_DB, 'ebur128 gain, made up after limiting']);

// Words a second at the captions' pace (lesson::kNarrationWordsPerSecond).
export const WORDS_PER_SECOND = 2.3;

export function sha256(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

// Runs `program` with `args`; resolves to { stdout, stderr } or rejects with an error naming the
// command and what it wrote to stderr.
export function run(program, args, options = {}) {
  return new Promise((resolve, reject) => {
    execFile(program, args, { maxBuffer: 64 << 20, encoding: options.encoding ?? 'utf8', ...options }, (error, stdout, stderr) => {
      if (error) {
        const said = String(stderr || '').trim().split('\n').slice(-6).join('\n');
        reject(new Error(`${program} ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')} failed` +
                         `${error.code !== undefined ? ` (exit ${error.code})` : ''}${said ? `:\n${said}` : ''}`));
      } else {
        resolve({ stdout, stderr });
      }
    });
  });
}

// The text as a voice that reads only ASCII should get it: typographic quotes, dashes and a few
// signs as words or their ASCII look-alikes; anything else left for the voice to spell.
export function asciiSpeech(text) {
  return text.replace(/[‘’]/g, "'").replace(/[“”«»]/g, '"').replace(/[–—]/g, ', ').replace(/…/g, '...')
    .replace(/×/g, ' times ').replace(/−/g, ' minus ').replace(/√/g, ' square root of ').replace(/\u00a0/g, ' ');
}

// The integrated loudness (LUFS) and the sample peak (dBFS) of an audio file after `filters`, as
// ffmpeg's ebur128 filter gives them.
export async function loudness(input, filters = TRIMMED) {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', input, '-af',
                                          `${filters ? `${filters},` : ''}ebur128=peak=sample:framelog=verbose`, '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (!integrated || !peak || integrated[1] === '-inf' || peak[1] === '-inf') throw new Error(`${input} is silent: no loudness measured`);
  return { integrated: Number(integrated[1]), peak: Number(peak[1]) };
}

// The gain in dB that brings audio of `measured` loudness to `target` LUFS, or as near as
// limiting its peaks by MAX_LIMIT_DB allows: the narration is made louder or softer as a whole,
// and only its loudest instants are held down, not its words compressed. At most +30 dB: a whisper
// of a recording is not made loud noise.
export function gainTo(target, measured) {
  return Math.min(30, target - measured.integrated, MAX_LIMIT_DB - 1 - measured.peak);
}

// Encodes `input` (any audio ffmpeg reads) as the site carries narration, into `output`.
export async function encode(input, output) {
  let gain = gainTo(ENCODING.loudness, await loudness(input));
  // Holding peaks down takes a little loudness with them: measured once more, and made up for.
  const limited = await loudness(input, `${TRIMMED},volume=${gain.toFixed(2)}dB,${LIMITER}`);
  gain = Math.min(30, gain + Math.max(-3, Math.min(3, ENCODING.loudness - limited.integrated)));
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-af', `${TRIMMED},volume=${gain.toFixed(2)}dB,${LIMITER}`,
                       ...ENCODING.ffmpeg, output]);
}

// The length in seconds of an audio file as ffprobe gives it (its container's duration).
export async function probeSeconds(file) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds)) throw new Error(`ffprobe gives no length for ${file}`);
  return seconds;
}

// The length in seconds of an audio file as decoded: every sample counted, at 48 kHz mono.
export async function decodedSeconds(file) {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', file, '-ac', '1', '-ar', '48000',
                                          '-f', 's16le', '-'], { encoding: 'buffer' });
  return stdout.length / 2 / 48000;
}

// Speaks `text` with `voice` (voices.mjs) into the WAV file `wav`, through the text file `textFile`.
export async function speak(voice, text, textFile, wav, writeFile) {
  await writeFile(textFile, (voice.ascii ? asciiSpeech(text) : text) + '\n');
  const [program, args] = voice.command(textFile, wav);
  await run(program, args);
}

// Runs `work(item, i)` for every item, `limit` at a time (the machine's cores, at most 4).
export async function eachLimited(items, work, limit = Math.max(1, Math.min(4, cpus().length))) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// The words of a cue, as the timeline counts them (separated by spaces).
export function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}
