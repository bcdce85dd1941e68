// Fails unless a PNG shows more than a blank screen: enough pixels differ from the most common
// colour and enough distinct colours appear (text, controls, the number line).
// usage: node check_image.mjs FILE.png [MIN_WIDTH]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { PNG } = require('pngjs');

export function imageStats(buffer) {
  const png = PNG.sync.read(buffer);
  const counts = new Map();
  for (let i = 0; i < png.data.length; i += 4) {
    const key = (png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2];
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const pixels = png.width * png.height;
  const background = Math.max(...counts.values());
  return { width: png.width, height: png.height, colors: counts.size, nonBackground: 1 - background / pixels };
}

export function checkNotBlank(buffer, label) {
  const stats = imageStats(buffer);
  const problems = [];
  if (stats.nonBackground < 0.01) problems.push(`only ${(stats.nonBackground * 100).toFixed(2)}% of pixels differ from the background`);
  if (stats.colors < 16) problems.push(`only ${stats.colors} distinct colours`);
  if (problems.length) throw new Error(`${label} looks blank: ${problems.join('; ')}`);
  return stats;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  const minWidth = Number(process.argv[3] || 1);
  try {
    const stats = checkNotBlank(readFileSync(file), file);
    if (stats.width < minWidth) throw new Error(`${file} is ${stats.width} px wide, expected at least ${minWidth}`);
    console.log(`${file}: ${stats.width}x${stats.height}, ${stats.colors} colours, ` +
                `${(stats.nonBackground * 100).toFixed(1)}% non-background`);
  } catch (error) {
    console.error(`FAIL: ${error.message}`);
    process.exit(1);
  }
}
