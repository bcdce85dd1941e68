// The lesson file's words as the tests read them: "key = text" with indented continuation lines
// (the format of src/lesson/text_store.h).
import { readFileSync } from 'node:fs';

export function readLessonText(path) {
  const entries = {};
  let key = null;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('#') || !line.trim()) { key = null; continue; }
    const match = /^(\S+)\s*=\s*(.*)$/.exec(line);
    if (match && !/^\s/.test(line)) { key = match[1]; entries[key] = match[2]; } else if (key) entries[key] += ` ${line.trim()}`;
  }
  return entries;
}

// walkthrough.stepN.caption, in order: the narration, step by step.
export function readCaptions(path) {
  const entries = readLessonText(path);
  const captions = [];
  for (let i = 1; entries[`walkthrough.step${i}.caption`] !== undefined; i++) captions.push(entries[`walkthrough.step${i}.caption`]);
  return captions;
}

export function normalize(text) { return text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim(); }
