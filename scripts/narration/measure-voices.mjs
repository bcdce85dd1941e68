// Measures the English candidate voices (voices.mjs) by how well a speech recognizer understands
// them: each speaks every English cue, Debian's pocketsphinx (pocketsphinx_continuous, its en-us
// acoustic model and general language model) transcribes each cue, and the word error rate
// against the cue's text is printed per voice, for the voice as synthesized and after the site's
// encoding (audio.mjs: Opus at 11 kbit/s). The lowest rate chooses the English voice
// (voices.mjs's CHOSEN); docs/narration.md keeps the table.
//
// Word error rate: (substitutions + deletions + insertions) / words of the text, summed over every
// cue, by a word-level edit distance. Text and transcript are compared as words alone: lower case,
// punctuation dropped (an apostrophe inside a word kept: "let's"), a hyphen a space, and numbers
// as they are said: 10 "ten", 16 "sixteen", 0.8 "zero point eight". "softmax", which the
// recognizer's dictionary lacks, is compared as "soft max".
// usage: node scripts/narration/measure-voices.mjs [--tool ATTENTION_CUES] [--keep DIR] [VOICE...]
//        (default: build/native/attention_cues; every English candidate)
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENCODING, eachLimited, encode, gainTo, loudness, probeSeconds, run, speak, wordCount } from './audio.mjs';
import { readCues } from './cues.mjs';
import { ENGLISH_CANDIDATES, VOICES } from './voices.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
              'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

// A whole number below a million in words, as said: 300 "three hundred", 45 "forty five".
export function integerWords(n) {
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? ` ${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ` ${integerWords(n % 100)}` : '');
  if (n < 1e6) return `${integerWords(Math.floor(n / 1000))} thousand` + (n % 1000 ? ` ${integerWords(n % 1000)}` : '');
  return String(n).split('').map((d) => ONES[Number(d)]).join(' ');
}

// The words of `text` as they are said, for comparison (see the top of this file).
export function spokenWords(text) {
  const said = text.toLowerCase()
    .replace(/(\d+)\.(\d+)/g, (_, whole, decimals) => `${integerWords(Number(whole))} point ${decimals.split('').map((d) => ONES[Number(d)]).join(' ')}`)
    .replace(/\d+/g, (digits) => ` ${integerWords(Number(digits))} `)
    .replace(/[‘’]/g, "'")
    .replace(/\bsoftmax\b/g, 'soft max')
    .replace(/-/g, ' ')
    .replace(/[^a-z' ]+/g, ' ');
  return said.split(/\s+/).map((word) => word.replace(/^'+|'+$/g, '')).filter(Boolean);
}

// The word-level edit distance between `reference` and `hypothesis` (arrays of words).
export function wordEdits(reference, hypothesis) {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length];
}

// What pocketsphinx hears in an audio file (any format ffmpeg reads), as one line of words. The
// recognizer is sensitive to level (the same cue 7 dB louder was heard worse), so every file is
// brought to one loudness, -23 LUFS, before it listens: voices and encodings are compared on their
// words alone.
async function transcribe(audio, work) {
  const pcm = `${work}.16k.wav`;
  const gain = gainTo(-23, await loudness(audio, ''));
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', audio, '-af', `volume=${gain.toFixed(2)}dB`,
                       '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', pcm]);
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', pcm, '-logfn', '/dev/null']);
  return stdout.split('\n').map((line) => line.trim()).filter(Boolean).join(' ');
}

async function main() {
  const args = process.argv.slice(2);
  let tool = join(ROOT, 'build', 'native', 'attention_cues');
  let keep = null;
  const names = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--tool') tool = args[++i];
    else if (args[i] === '--keep') keep = args[++i];
    else if (args[i] === '-h' || args[i] === '--help') { console.log('usage: measure-voices.mjs [--tool ATTENTION_CUES] [--keep DIR] [VOICE...]'); return; }
    else if (VOICES[args[i]]) names.push(args[i]);
    else throw new Error(`unknown voice ${args[i]}: one of ${Object.keys(VOICES).join(', ')}`);
  }
  const cues = readCues(tool, join(ROOT, 'assets', 'lesson'), 'en');
  const words = cues.reduce((sum, cue) => sum + spokenWords(cue.text).length, 0);
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'measure-voices-'));
  mkdirSync(dir, { recursive: true });
  console.log(`${cues.length} English cues, ${words} words as said; transcribed by pocketsphinx_continuous (en-us)\n`);
  console.log(`| voice | WER, as synthesized | WER, ${ENCODING.describe} | speech (s) | words a second |`);
  console.log('|---|---|---|---|---|');
  try {
    for (const name of names.length ? names : ENGLISH_CANDIDATES) {
      const voice = VOICES[name];
      let raw = 0, encoded = 0, seconds = 0;
      const transcripts = await eachLimited(cues, async (cue) => {
        const base = join(dir, `${name}-${cue.id}`);
        await speak(voice, cue.text, `${base}.txt`, `${base}.wav`, writeFile);
        await encode(`${base}.wav`, `${base}.webm`);
        return { cue, raw: await transcribe(`${base}.wav`, `${base}.raw`), encoded: await transcribe(`${base}.webm`, `${base}.opus`),
                 seconds: await probeSeconds(`${base}.webm`) };
      });
      const log = [];
      for (const heard of transcripts) {
        const reference = spokenWords(heard.cue.text);
        raw += wordEdits(reference, spokenWords(heard.raw));
        encoded += wordEdits(reference, spokenWords(heard.encoded));
        seconds += heard.seconds;
        log.push(`${heard.cue.id}\n  text:  ${reference.join(' ')}\n  heard: ${heard.raw}\n  opus:  ${heard.encoded}`);
      }
      await writeFile(join(dir, `${name}.transcripts.txt`), log.join('\n') + '\n');
      const totalWords = cues.reduce((sum, cue) => sum + wordCount(cue.text), 0);
      console.log(`| ${voice.describe} | ${(raw / words).toFixed(3)} | ${(encoded / words).toFixed(3)} | ${seconds.toFixed(1)} | ${(totalWords / seconds).toFixed(2)} |`);
    }
  } finally {
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  if (keep) console.log(`\nEach voice's transcripts: ${keep}/VOICE.transcripts.txt`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => { console.error(`measure-voices: ${error.message}`); process.exit(1); });
}
