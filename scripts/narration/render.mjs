// Renders a locale's narration: one audio file per cue (cues.mjs), spoken by the locale's voice
// (voices.mjs) or, where the author recorded it, the author's recording, each encoded the one way
// the site carries narration (audio.mjs: Opus in WebM). Writes into OUT:
//   CUE_ID.webm   each cue's audio
//   cues.json     [{id, step, text, file, seconds, voice}]: seconds is the file's length (ffprobe);
//                 voice is the voice's id or "recording"
//   cues.txt      the list an author records from: ID, the hash of its wording, the wording
// Fails (exit 1, naming each) when a cue has no audio: no recording and no voice for the locale.
// Warns when a recording is much shorter or longer than its words suggest (outside 0.5 to 2 times
// the words at 2.3 a second), when a recording's wording has changed since it was recorded (then
// the voice speaks the cue), and when a file in the recordings' folder is no cue's.
//
// Incremental: each audio file is kept in CACHE under a hash of what made it (the voice and the
// text, or the recording's bytes, and the encoding), so only a cue whose words, voice or recording
// changed is spoken and encoded again. The web build runs it for every locale into
// site/narration/LOCALE (cmake/Narration.cmake); scripts/render-video can run it natively.
//
// usage: node scripts/narration/render.mjs --locale LOCALE [--out DIR] [--tool ATTENTION_CUES]
//          [--lessons DIR] [--recordings DIR] [--cache DIR] [--voice VOICE|none] [--compressed-copies]
//   --out          default build/narration/LOCALE
//   --tool         attention_cues (native) or attention_cues.js (for Node); default build/native/attention_cues
//   --lessons      the lesson files' folder; default assets/lesson
//   --recordings   the author's recordings, in a folder per locale; default assets/narration
//   --cache        default build/narration-cache
//   --voice        another voice of voices.mjs, or none: recordings only
//   --compressed-copies  also write .br and .gz copies of cues.json and cues.txt (for the site)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync,
         writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressFile, isCompressible } from '../compress-site.mjs';
import { ENCODING, ENCODING_KEY, WORDS_PER_SECOND, eachLimited, encode, probeSeconds, sha256, speak, wordCount } from './audio.mjs';
import { RECORDING_EXTENSIONS, cueList, parseCueList, readCues, textHash } from './cues.mjs';
import { VOICES, voiceFor } from './voices.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// A recording this much shorter or longer than its words at the captions' pace is warned about.
export const LENGTH_RANGE = [0.5, 2];

function parseArgs(argv) {
  const options = { lessons: join(ROOT, 'assets', 'lesson'), recordings: join(ROOT, 'assets', 'narration'),
                    cache: join(ROOT, 'build', 'narration-cache'), tool: join(ROOT, 'build', 'native', 'attention_cues'),
                    compressedCopies: false };
  const valued = { '--locale': 'locale', '--out': 'out', '--tool': 'tool', '--lessons': 'lessons', '--recordings': 'recordings',
                   '--cache': 'cache', '--voice': 'voice' };
  for (let i = 0; i < argv.length; i++) {
    if (valued[argv[i]] && i + 1 < argv.length) options[valued[argv[i]]] = argv[++i];
    else if (argv[i] === '--compressed-copies') options.compressedCopies = true;
    else if (argv[i] === '-h' || argv[i] === '--help') { options.help = true; }
    else throw new Error(`unknown argument ${argv[i]} (--help says what it takes)`);
  }
  if (!options.help && !options.locale) throw new Error('--locale LOCALE is needed');
  options.out ??= join(ROOT, 'build', 'narration', options.locale ?? '');
  return options;
}

// Whether espeak-ng has a voice of `language`.
function espeakHas(language) {
  try {
    const listed = execFileSync('espeak-ng', [`--voices=${language}`], { encoding: 'utf8' });
    return listed.split('\n').slice(1).some((line) => line.trim().split(/\s+/)[1] === language);
  } catch {
    return false;
  }
}

// The author's recordings of a locale: cue id -> file; problems with the folder as warnings.
function findRecordings(folder, ids, warn) {
  const recordings = new Map();
  if (!existsSync(folder)) return recordings;
  for (const name of readdirSync(folder).sort()) {
    const dot = name.lastIndexOf('.');
    const [id, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot).toLowerCase()] : [name, ''];
    if (name === 'cues.txt' || name.startsWith('.') || /^readme/i.test(name)) continue;
    if (!RECORDING_EXTENSIONS.includes(extension)) {
      warn(`${join(folder, name)}: not a recording (${RECORDING_EXTENSIONS.join(' ')}); ignored`);
    } else if (!ids.has(id)) {
      warn(`${join(folder, name)}: ${id} is no cue of this locale (cues.txt lists them); ignored`);
    } else if (recordings.has(id)) {
      throw new Error(`two recordings of ${id}: ${recordings.get(id)} and ${join(folder, name)}; keep one`);
    } else {
      recordings.set(id, join(folder, name));
    }
  }
  return recordings;
}

// Writes `data` to `path` unless it holds it already (an unchanged file keeps its time).
function writeIfChanged(path, data) {
  if (existsSync(path) && readFileSync(path).equals(Buffer.from(data))) return;
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

export async function render(options, log = console) {
  const warnings = [];
  const warn = (message) => { warnings.push(message); log.warn(`warning: ${message}`); };
  const { locale } = options;
  const cues = readCues(options.tool, options.lessons, locale);
  let voice = null;
  if (options.voice === 'none') voice = null;
  else if (options.voice) {
    if (!VOICES[options.voice]) throw new Error(`unknown voice ${options.voice}: one of ${Object.keys(VOICES).join(', ')}, or none`);
    voice = { id: options.voice, ...VOICES[options.voice] };
  } else {
    voice = voiceFor(locale, espeakHas);
  }

  const folder = join(options.recordings, locale);
  const recordings = findRecordings(folder, new Set(cues.map((cue) => cue.id)), warn);
  const listFile = join(folder, 'cues.txt');
  const recorded = existsSync(listFile) ? parseCueList(readFileSync(listFile, 'utf8')) : null;
  if (recordings.size && !recorded) {
    warn(`${folder} has no cues.txt (the list the recordings were made from): whether each recording says its cue's ` +
         'current words cannot be checked');
  }

  // What each cue is made from.
  const plans = [];
  const missing = [];
  for (const cue of cues) {
    let recording = recordings.get(cue.id);
    if (recording && recorded && recorded.get(cue.id) !== textHash(cue.text)) {
      const why = recorded.has(cue.id) ? `says other words than the cue's now (${recorded.get(cue.id)} in cues.txt, ${textHash(cue.text)} now)`
                                       : 'is not in the cues.txt beside it';
      if (voice) {
        warn(`${recording} ${why}: record it again; until then ${voice.id} speaks "${cue.text}"`);
        recording = null;
      } else {
        warn(`${recording} ${why}: record it again; it is used until then, as ${locale} has no voice`);
      }
    }
    if (recording) {
      plans.push({ cue, source: 'recording', input: recording, key: sha256('recording', readFileSync(recording), ENCODING_KEY) });
    } else if (voice) {
      const [program, args] = voice.command('TEXT', 'WAV');
      plans.push({ cue, source: voice.id, key: sha256('voice', voice.id, program, ...args, cue.text, ENCODING_KEY) });
    } else {
      missing.push(cue);
    }
  }
  mkdirSync(options.out, { recursive: true });
  if (missing.length) {
    // No cue list for a locale with a gap: the build step runs again next time, the widget finds no half list.
    for (const name of ['cues.json', 'cues.json.br', 'cues.json.gz']) rmSync(join(options.out, name), { force: true });
    const extensions = RECORDING_EXTENSIONS.join(', ');
    throw new Error(`${missing.length} of ${cues.length} cues of locale "${locale}" have no audio: no voice speaks ${locale} ` +
                    `and there is no recording of\n${missing.map((cue) => `  ${join(folder, cue.id)} (${extensions}): "${cue.text}"`).join('\n')}`);
  }

  mkdirSync(options.cache, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), `narration-${locale}-`));
  let made = 0;
  try {
    await eachLimited(plans, async (plan) => {
      const cached = join(options.cache, `${plan.key}${ENCODING.extension}`);
      if (existsSync(cached)) return;
      const base = join(work, plan.cue.id);
      let input = plan.input;
      if (plan.source !== 'recording') {
        input = `${base}.wav`;
        await speak(voice, plan.cue.text, `${base}.txt`, input, writeFile);
      }
      try {
        await encode(input, `${base}${ENCODING.extension}`);
      } catch (error) {
        throw new Error(`cue ${plan.cue.id} ("${plan.cue.text}") from ${plan.source === 'recording' ? input : plan.source}: ${error.message}`);
      }
      renameSync(`${base}${ENCODING.extension}`, cached);
      made++;
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const entries = [];
  for (const plan of plans) {
    const file = `${plan.cue.id}${ENCODING.extension}`;
    const target = join(options.out, file);
    const cached = join(options.cache, `${plan.key}${ENCODING.extension}`);
    if (!existsSync(target) || !readFileSync(target).equals(readFileSync(cached))) copyFileSync(cached, target);
    const seconds = Number((await probeSeconds(target)).toFixed(3));
    if (!(seconds > 0)) throw new Error(`${target} holds no audio`);
    if (plan.source === 'recording') {
      const expected = Math.max(1, wordCount(plan.cue.text)) / WORDS_PER_SECOND;
      if (seconds < LENGTH_RANGE[0] * expected || seconds > LENGTH_RANGE[1] * expected) {
        warn(`${plan.input} lasts ${seconds.toFixed(1)} s, ${seconds < expected ? 'much shorter' : 'much longer'} than its ` +
             `${wordCount(plan.cue.text)} words suggest (about ${expected.toFixed(1)} s): "${plan.cue.text}"`);
      }
    }
    entries.push({ id: plan.cue.id, step: plan.cue.step, text: plan.cue.text, file, seconds, voice: plan.source });
  }
  // A cue that is gone (its sentence removed) leaves no file behind.
  const kept = new Set(entries.map((entry) => entry.file));
  for (const name of readdirSync(options.out)) {
    if (name.endsWith(ENCODING.extension) && !kept.has(name)) rmSync(join(options.out, name));
  }
  const listed = { 'cues.json': JSON.stringify(entries, null, 1) + '\n', 'cues.txt': cueList(locale, cues) };
  for (const [name, contents] of Object.entries(listed)) {
    const path = join(options.out, name);
    writeIfChanged(path, contents);
    if (options.compressedCopies && isCompressible(name, statSync(path).size)) compressFile(path);
    else for (const suffix of ['.br', '.gz']) rmSync(path + suffix, { force: true });
  }
  const seconds = entries.reduce((sum, entry) => sum + entry.seconds, 0);
  const bytes = entries.reduce((sum, entry) => sum + statSync(join(options.out, entry.file)).size, 0);
  const recordingsUsed = entries.filter((entry) => entry.voice === 'recording').length;
  log.log(`narration ${locale}: ${entries.length} cues (${recordingsUsed} recorded, ${entries.length - recordingsUsed} by ` +
          `${voice ? voice.id : 'no voice'}; ${made} made now), ${seconds.toFixed(1)} s, ${(bytes / 1000).toFixed(1)} kB ` +
          `(${(bytes / 1000 / (seconds / 60)).toFixed(1)} kB a minute) in ${options.out}`);
  return { entries, warnings, made, seconds, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const options = parseArgs(process.argv.slice(2));
    if (options.help) {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').filter((line) => line.startsWith('//'))
        .map((line) => line.slice(3)).join('\n'));
    } else {
      await render(options);
    }
  } catch (error) {
    console.error(`render.mjs: error: ${error.message}`);
    process.exit(1);
  }
}
