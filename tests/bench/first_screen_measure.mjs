// The first-screen measure's arithmetic (first_screen.mjs runs it on each scene), kept apart from
// the browser so a test can check it on made-up input (check_first_screen_measure.mjs): from
// a screenshot and tesseract's TSV of it, the words read, the share of the screen inside their
// boxes and the share that is picture; from the parallel DOM's rectangles, the rows of chrome and
// where the hero picture starts; and the lesson's goals for them. Pure: no browser, no tesseract.
import { createRequire } from 'node:module';
const { PNG } = createRequire(import.meta.url)('pngjs');

// A word counts when tesseract is at least this sure of it. On the scenes' first screens (Inter at
// DPR 2) it read 2,499 of 2,704 words with a letter or digit at 90 or more; the 86 below 60 are
// mostly pieces of pictures read as letters ("rainhtes", "—_____e—__4@-"), sums and roots it cannot
// read ("10x0.5+4x0.25+...", "vd_k") and a few labels of selected, light-on-dark buttons ("“Caveats”");
// from 60 up nearly all are real words, some misread ("tha", "arraw"), which still count: they are
// on screen and a person reads them.
export const MIN_CONFIDENCE = 60;
// A pixel is background when no channel differs from the background colour by more than this: a
// flat fill stays one colour; the lightest tints the widget paints (a bar, a panel) differ by more.
export const BACKGROUND_TOLERANCE = 8;
// Controls whose tops are this close (CSS px) are on one row.
export const ROW_TOLERANCE_PX = 4;

// The goals (issue: "Measure"): per width, the median of the scenes' words at most `medianWords`,
// no scene over `maxWords`, the median picture share at least `minPictureShare`; at 390 px one row
// of chrome and the hero within 120 CSS px of the widget's top, in every scene.
export const GOALS = {
  390: { medianWords: 60, maxWords: 100, minPictureShare: 0.16, maxChromeRows: 1, maxHeroTopPx: 120 },
  1280: { medianWords: 90, maxWords: 100, minPictureShare: 0.10 },
};

// What tesseract reads: the screenshot in grey, its luma (Rec. 709, sRGB's primaries). Given the
// colour screenshot, tesseract's page layout dropped the labels of tinted buttons: none of the Mask
// scene's bar at 1280 px, none of the walkthrough's player buttons at either width; in grey it read
// them (24, 25 and 16 words more). The other first screens read the same words either way, give or
// take 3.
export function greyForReading(png) {
  const image = decodeImage(png);
  const grey = new PNG({ width: image.width, height: image.height });
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const y = Math.round(0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]);
    grey.data[i] = grey.data[i + 1] = grey.data[i + 2] = y;
    grey.data[i + 3] = 255;
  }
  return PNG.sync.write(grey, { colorType: 0, inputColorType: 6 });
}

// How tesseract reads a screenshot, the same for the bench and its test: [command, args, options]
// for execFile. One thread each (OMP_THREAD_LIMIT=1): tesseract's own threads made a 780 × 1688
// screenshot take 3.4 s instead of 0.9 s on 2 cores, and the bench reads two at a time.
export function tesseractCommand(pngFile) {
  return ['tesseract', [pngFile, '-', '-l', 'eng', 'tsv'],
          { encoding: 'utf8', env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 64 << 20 }];
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (!sorted.length) return null;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The word rows (level 5) of `tesseract IMAGE - tsv`: {text, conf, left, top, width, height}.
export function tesseractWords(tsv) {
  const lines = tsv.split(/\r?\n/);
  const header = lines[0].split('\t');
  const column = (name) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`tesseract's TSV has no "${name}" column (header: ${lines[0]})`);
    return at;
  };
  const [level, left, top, width, height, conf, text] =
    ['level', 'left', 'top', 'width', 'height', 'conf', 'text'].map(column);
  const words = [];
  for (const line of lines.slice(1)) {
    if (!line) continue;
    const f = line.split('\t');
    if (f[level] !== '5') continue;
    words.push({ text: (f[text] ?? '').trim(), conf: Number(f[conf]), left: Number(f[left]), top: Number(f[top]),
                 width: Number(f[width]), height: Number(f[height]) });
  }
  return words;
}

// The words a reader would count: tesseract sure enough, and a letter or a digit in them (not a
// lone "+", "=" or "|", nor the empty words tesseract reports for blocks).
export function wordsRead(words, minConfidence = MIN_CONFIDENCE) {
  return words.filter((w) => w.conf >= minConfidence && /[\p{L}\p{N}]/u.test(w.text));
}

// {width, height, data: RGBA bytes} from a PNG's bytes, or the image itself if already decoded.
export function decodeImage(image) {
  if (image && image.data && image.width && image.height) return image;
  return PNG.sync.read(image);
}

// The most common colour, [r, g, b].
export function backgroundColour(image) {
  const counts = new Map();
  const { data } = image;
  let best = 0, bestCount = 0;
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    const count = (counts.get(key) || 0) + 1;
    counts.set(key, count);
    if (count > bestCount) { best = key; bestCount = count; }
  }
  return [(best >> 16) & 255, (best >> 8) & 255, best & 255];
}

// One screenshot and tesseract's TSV of it: the words read, the share of the screen inside their
// boxes (each pixel once, however many boxes hold it) and the share of it that is picture: pixels
// outside those boxes that differ from the background. Nothing else is left out.
export function measureFirstScreen(png, tsv, { minConfidence = MIN_CONFIDENCE, tolerance = BACKGROUND_TOLERANCE } = {}) {
  const image = decodeImage(png);
  const { width, height, data } = image;
  const words = wordsRead(tesseractWords(tsv), minConfidence);
  const inWord = new Uint8Array(width * height);
  for (const w of words) {
    const x0 = Math.max(0, w.left), x1 = Math.min(width, w.left + w.width);
    const y0 = Math.max(0, w.top), y1 = Math.min(height, w.top + w.height);
    for (let y = y0; y < y1; ++y) inWord.fill(1, y * width + x0, y * width + Math.max(x0, x1));
  }
  const [r, g, b] = backgroundColour(image);
  let wordPixels = 0, picturePixels = 0;
  for (let p = 0, i = 0; p < inWord.length; ++p, i += 4) {
    if (inWord[p]) { ++wordPixels; continue; }
    if (Math.abs(data[i] - r) > tolerance || Math.abs(data[i + 1] - g) > tolerance ||
        Math.abs(data[i + 2] - b) > tolerance) ++picturePixels;
  }
  const pixels = width * height;
  return {
    width, height, background: `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`,
    words: words.length, word_box_share: wordPixels / pixels, picture_share: picturePixels / pixels,
    text: words.map((w) => w.text),
  };
}

// The parallel DOM's elements in their order (role, and top/left/width/height in CSS px from the
// widget's top left): the bar is what comes before the first picture (role img), its rows the
// distinct tops among those controls; the hero's top is that picture's. Without a picture both
// are null: nothing says where the bar ends.
export function chromeAndHero(elements, rowTolerance = ROW_TOLERANCE_PX) {
  const hero = elements.findIndex((e) => e.role === 'img');
  if (hero < 0) return { chrome_rows: null, hero_top_px: null, bar_controls: null };
  const bar = elements.slice(0, hero).filter((e) => e.width > 0 && e.height > 0);
  const rows = [];
  for (const top of bar.map((e) => e.top).sort((a, b) => a - b)) {
    if (!rows.length || top - rows[rows.length - 1] > rowTolerance) rows.push(top);
  }
  return { chrome_rows: rows.length, hero_top_px: Math.round(elements[hero].top), bar_controls: bar.length };
}

const pct = (share) => `${(100 * share).toFixed(1)} %`;

// The goals for one width's scenes ([{scene, words, picture_share, chrome_rows, hero_top_px}]):
// [{name, measured, limit, pass}], as the bench's budgets are written.
export function firstScreenGoals(width, scenes) {
  const goal = GOALS[width];
  if (!goal) return [];
  const words = scenes.map((s) => s.words);
  const most = scenes.reduce((a, b) => (b.words > a.words ? b : a));
  const pictures = median(scenes.map((s) => s.picture_share));
  const at = `first screen at ${width} px`;
  const goals = [
    { name: `${at}: words read, median of ${scenes.length} scenes`, measured: String(median(words)),
      limit: `<= ${goal.medianWords}`, pass: median(words) <= goal.medianWords },
    { name: `${at}: words read, most in a scene`, measured: `${most.words} (${most.scene})`,
      limit: `<= ${goal.maxWords}`, pass: most.words <= goal.maxWords },
    { name: `${at}: picture share, median`, measured: pct(pictures),
      limit: `>= ${Math.round(100 * goal.minPictureShare)} %`, pass: pictures >= goal.minPictureShare },
  ];
  const over = (key, limit) => scenes.filter((s) => s[key] === null || s[key] > limit);
  const list = (found, key) => found.map((s) => `${s.scene} ${s[key] === null ? 'none' : s[key]}`).join(', ');
  if (goal.maxChromeRows !== undefined) {
    const rows = Math.max(...scenes.map((s) => s.chrome_rows ?? 0));
    const bad = over('chrome_rows', goal.maxChromeRows);
    goals.push({ name: `${at}: rows of chrome`, measured: bad.length ? list(bad, 'chrome_rows') : `at most ${rows}`,
                 limit: `<= ${goal.maxChromeRows} in every scene`, pass: !bad.length });
  }
  if (goal.maxHeroTopPx !== undefined) {
    const bad = over('hero_top_px', goal.maxHeroTopPx);
    const top = Math.max(...scenes.map((s) => s.hero_top_px ?? 0));
    goals.push({ name: `${at}: the hero's top`, measured: bad.length ? list(bad, 'hero_top_px') : `at most ${top} px`,
                 limit: `<= ${goal.maxHeroTopPx} px in every scene`, pass: !bad.length });
  }
  return goals;
}

// One width's figures as a Markdown table: a row per scene, then the medians.
export function firstScreenTable(view) {
  const cell = (value, unit = '') => (value === null || value === undefined ? 'none' : `${value}${unit}`);
  const rows = view.scenes.map((s) => `| ${s.scene} | ${s.words} | ${pct(s.word_box_share)} | ${pct(s.picture_share)} | ` +
                                      `${cell(s.chrome_rows)} | ${cell(s.hero_top_px, ' px')} |`);
  const med = (key) => median(view.scenes.map((s) => s[key]));
  const known = (key) => view.scenes.filter((s) => s[key] !== null).map((s) => s[key]);
  const medKnown = (key, unit = '') => (known(key).length ? `${median(known(key))}${unit}` : 'none');
  return [
    `| ${view.width} × ${view.height}, DPR ${view.device_scale_factor} | words | word boxes | picture | rows of chrome | hero's top |`,
    '|---|---|---|---|---|---|',
    ...rows,
    `| median | ${med('words')} | ${pct(med('word_box_share'))} | ${pct(med('picture_share'))} | ` +
      `${medKnown('chrome_rows')} | ${medKnown('hero_top_px', ' px')} |`,
  ];
}
