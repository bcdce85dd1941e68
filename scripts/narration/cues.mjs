// A locale's narration cues (attention_cues, src/tools/, prints them from the lesson files) and the
// list the build writes for an author who records them (cues.txt).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from './audio.mjs';

// The kinds of recording an author may drop in, by extension.
export const RECORDING_EXTENSIONS = ['.wav', '.flac', '.ogg', '.opus', '.webm', '.mp3', '.m4a'];

// The lesson file(s) of `locale` under `lessonDir` (assets/lesson): English's alone, or English's
// and the locale's translation over it.
export function lessonFiles(lessonDir, locale) {
  const english = join(lessonDir, 'lesson.txt');
  if (locale === 'en') return [english];
  const translation = join(lessonDir, locale, 'lesson.txt');
  if (!existsSync(translation)) throw new Error(`no lesson file for locale "${locale}": ${translation} is missing`);
  return [english, translation];
}

// The cues [{id, step, text}] of `locale`, from `tool` (attention_cues natively, or attention_cues.js,
// built for Node by the web build).
export function readCues(tool, lessonDir, locale) {
  const files = lessonFiles(lessonDir, locale);
  const [program, args] = tool.endsWith('.js') ? [process.execPath, ['--no-experimental-fetch', tool, ...files]] : [tool, files];
  let output;
  try {
    output = execFileSync(program, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 << 20 });
  } catch (error) {
    throw new Error(`${tool} could not list the cues of ${locale} (exit ${error.status}): see its message above`);
  }
  const cues = JSON.parse(output);
  if (!Array.isArray(cues) || !cues.every((cue) => /^step\d{2,}-\d+$/.test(cue.id) && typeof cue.text === 'string')) {
    throw new Error(`${tool} printed no cue list`);
  }
  return cues;
}

// The short hash a cue's wording is known by in cues.txt: the first 8 hex digits of its text's SHA-256.
export function textHash(text) {
  return sha256(text).slice(0, 8);
}

// cues.txt: the cues an author records, one a line: ID, the hash of its wording, the wording.
export function cueList(locale, cues) {
  const head = [
    `# The narration's cues of locale "${locale}", one a line: ID  WORDING-HASH  TEXT.`,
    `# Record cue ID as assets/narration/${locale}/ID.wav (or ${RECORDING_EXTENSIONS.slice(1).join(', ')}) and keep`,
    '# a copy of this file beside the recordings as cues.txt: the build then knows which wording each',
    '# recording says, and speaks a cue whose wording changed since with the voice until it is recorded',
    '# again (docs/narration.md).',
  ];
  return head.concat(cues.map((cue) => `${cue.id}  ${textHash(cue.text)}  ${cue.text}`)).join('\n') + '\n';
}

// Reads a cues.txt back: id -> hash of the wording it listed.
export function parseCueList(contents) {
  const hashes = new Map();
  for (const line of contents.split('\n')) {
    const match = /^(step\d{2,}-\d+)\s+([0-9a-f]{8})\s/.exec(line);
    if (match) hashes.set(match[1], match[2]);
  }
  return hashes;
}
