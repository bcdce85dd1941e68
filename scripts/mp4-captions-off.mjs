// Marks an MP4's subtitle tracks as not enabled (tkhd flag 1 cleared), so players show them only
// when the viewer asks. ffmpeg's MP4 muxer always enables the first track of each kind, the
// subtitles included, whatever its -disposition says.
// usage: node scripts/mp4-captions-off.mjs FILE.mp4   (rewritten in place; prints what it changed)
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) { console.error('usage: node scripts/mp4-captions-off.mjs FILE.mp4'); process.exit(2); }
const data = readFileSync(file);

// The boxes in data[start, end): {type, start (of the header), body (of the contents), end}.
function boxes(start, end) {
  const found = [];
  let at = start;
  while (at + 8 <= end) {
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1) { size = Number(data.readBigUInt64BE(at + 8)); header = 16; }
    if (size === 0) size = end - at;
    if (size < header || at + size > end) throw new Error(`a malformed box at byte ${at}`);
    found.push({ type: data.toString('latin1', at + 4, at + 8), start: at, body: at + header, end: at + size });
    at += size;
  }
  return found;
}
const child = (box, type) => boxes(box.body, box.end).find((b) => b.type === type);

const moov = boxes(0, data.length).find((box) => box.type === 'moov');
if (!moov) throw new Error(`${file}: no moov box`);
let changed = 0;
for (const trak of boxes(moov.body, moov.end).filter((box) => box.type === 'trak')) {
  const mdia = child(trak, 'mdia');
  const hdlr = mdia && child(mdia, 'hdlr');
  const tkhd = child(trak, 'tkhd');
  if (!hdlr || !tkhd) continue;
  // hdlr: version and flags (4), pre_defined (4), handler type (4).
  const handler = data.toString('latin1', hdlr.body + 8, hdlr.body + 12);
  if (handler !== 'sbtl' && handler !== 'text' && handler !== 'subt') continue;
  // tkhd: version (1), flags (3): bit 0 is "enabled".
  data[tkhd.body + 3] &= ~1;
  ++changed;
}
writeFileSync(file, data);
console.log(`${file}: ${changed} subtitle track(s) off until asked for`);
