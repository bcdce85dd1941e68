// The first-screen measure (first_screen_measure.mjs) on made-up input, without a browser: tesseract's
// TSV read as it writes it, words counted by confidence and by having a letter or digit, word boxes
// counted once where they overlap, the background and its tolerance, the bar's rows and the hero's
// top from made-up rectangles, the goals' PASS and FAIL; then an image drawn by ImageMagick with
// known words and shapes of known area, read by tesseract as the bench reads a screenshot.
// usage: node check_first_screen_measure.mjs [OUT_DIR]   (needs tesseract-ocr and imagemagick)
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACKGROUND_TOLERANCE, chromeAndHero, decodeImage, firstScreenGoals, firstScreenTable, greyForReading,
         measureFirstScreen, tesseractCommand, tesseractWords, wordsRead } from './first_screen_measure.mjs';
const { PNG } = createRequire(import.meta.url)('pngjs');

const out = process.argv[2] || mkdtempSync(join(tmpdir(), 'first-screen-measure-'));
mkdirSync(out, { recursive: true });
const failures = [];
const near = (a, b, within = 1e-9) => Math.abs(a - b) <= within;
function check(what, ok, got) {
  if (!ok) failures.push(`${what}: got ${typeof got === 'string' ? got : JSON.stringify(got)}`);
}

// [SECTION] tesseract's TSV

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const row = (level, left, top, width, height, conf, text) =>
  [level, 1, 1, 1, 1, 1, left, top, width, height, conf, text].join('\t');
const tsv = (...rows) => [HEADER, ...rows, ''].join('\n');
const sample = tsv(row(1, 0, 0, 100, 100, -1, ''), row(4, 0, 0, 50, 10, -1, ''),
                   row(5, 10, 10, 20, 10, 96.5, 'Query'), row(5, 40, 10, 5, 10, 93, '+'), row(5, 50, 10, 10, 10, 91, '0.8'),
                   row(5, 70, 10, 10, 10, 59.9, 'sid'), row(5, 0, 0, 1, 1, 95, ''), row(5, 0, 30, 10, 10, 60, 'número'));
const words = tesseractWords(sample);
check('only level-5 rows are words', words.length === 6, words.length);
check('a word keeps its box and confidence', JSON.stringify(words[0]) ===
      '{"text":"Query","conf":96.5,"left":10,"top":10,"width":20,"height":10}', words[0]);
const read = wordsRead(words).map((w) => w.text);
check('read: conf >= 60 with a letter or digit ("+" and "" are not words, "sid" at 59.9 not read; letters beyond ASCII are)',
      JSON.stringify(read) === '["Query","0.8","número"]', read);
check('columns are found by name', tesseractWords(['text\tconf\tlevel\tleft\ttop\twidth\theight', 'key\t88\t5\t1\t2\t3\t4', ''].join('\n'))[0].text === 'key',
      'a reordered header is misread');
let refused = '';
try { tesseractWords('level\tleft\n5\t3\n'); } catch (error) { refused = error.message; }
check('a TSV without the columns is refused by name', /no "top" column/.test(refused), refused);

// [SECTION] shares on a made-up image

// 100 × 100 of #ffffff; a 10 × 10 red square at (20, 20); a patch 5 levels off white at (60, 60),
// 10 × 10 (background within the tolerance); a patch 20 off at (80, 0), 10 × 10 (picture).
function image(width, height, fill, rects) {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; ++i) png.data.set([...fill, 255], 4 * i);
  for (const [x, y, w, h, colour] of rects) {
    for (let yy = y; yy < y + h; ++yy) for (let xx = x; xx < x + w; ++xx) png.data.set([...colour, 255], 4 * (yy * width + xx));
  }
  return png;
}
const white = [255, 255, 255];
const small = image(100, 100, white, [[20, 20, 10, 10, [220, 30, 30]], [60, 60, 10, 10, [250, 250, 250]],
                                      [80, 0, 10, 10, [235, 235, 235]]]);
check('the tolerance is what the patches assume', BACKGROUND_TOLERANCE >= 5 && BACKGROUND_TOLERANCE < 20, BACKGROUND_TOLERANCE);
let m = measureFirstScreen(small, tsv());
check('no words: nothing in word boxes', m.words === 0 && m.word_box_share === 0, m);
check('picture: the square and the patch 20 off, not the one 5 off', near(m.picture_share, 200 / 10000), m.picture_share);
check('the background is the most common colour', m.background === '#ffffff', m.background);
// Two overlapping boxes (20..40 × 20..30 and 30..50 × 20..30: 300 px together, 400 if counted
// twice) over the square, and one of a symbol that is no word over the patch 20 off.
m = measureFirstScreen(small, tsv(row(5, 20, 20, 20, 10, 90, 'ab'), row(5, 30, 20, 20, 10, 90, 'cd'),
                                  row(5, 80, 0, 10, 10, 95, '=')));
check('overlapping word boxes count once', near(m.word_box_share, 300 / 10000) && m.words === 2, m);
check('the square inside a word box is no picture; under a symbol the patch still is', near(m.picture_share, 100 / 10000),
      m.picture_share);
m = measureFirstScreen(small, tsv(row(5, 95, 95, 20, 20, 90, 'edge')));
check('a box past the edge is cut at it', near(m.word_box_share, 25 / 10000), m.word_box_share);
const dark = image(50, 40, [30, 30, 40], [[0, 0, 50, 10, [240, 240, 240]]]);
m = measureFirstScreen(PNG.sync.write(dark), tsv());
check('a dark background, from PNG bytes', m.background === '#1e1e28' && near(m.picture_share, 0.25), m);

// What tesseract reads: the luma of each pixel, same size.
const greyed = decodeImage(greyForReading(image(3, 1, white, [[0, 0, 1, 1, [255, 0, 0]], [1, 0, 1, 1, [0, 0, 255]]])));
check('grey: Rec. 709 luma, red 54, blue 18, white 255', greyed.width === 3 &&
      JSON.stringify(Array.from(greyed.data)) === '[54,54,54,255,18,18,18,255,255,255,255,255]', Array.from(greyed.data));

// [SECTION] the bar and the hero

const el = (role, top, left = 0, width = 40, height = 30) => ({ role, top, left, width, height });
let ch = chromeAndHero([el('button', 8), el('button', 10, 50), el('radio', 9, 100), el('button', 44), el('img', 90.4),
                        el('slider', 400), el('img', 600)]);
check('tops within 4 px make a row; the hero is the first picture', ch.chrome_rows === 2 && ch.hero_top_px === 90 &&
      ch.bar_controls === 4, ch);
ch = chromeAndHero([el('button', 8), el('button', 8, 0, 0, 0), el('img', 40)]);
check('an element of no size is not in the bar', ch.chrome_rows === 1 && ch.bar_controls === 1, ch);
ch = chromeAndHero([el('img', 0), el('button', 300)]);
check('a hero first: no chrome above it', ch.chrome_rows === 0 && ch.hero_top_px === 0, ch);
ch = chromeAndHero([el('button', 8), el('slider', 200)]);
check('no picture: neither is known', ch.chrome_rows === null && ch.hero_top_px === null, ch);

// [SECTION] the goals

const scene = (name, words, picture, rows = 1, top = 100) =>
  ({ scene: name, words, word_box_share: 0.1, picture_share: picture, chrome_rows: rows, hero_top_px: top });
const good = ['a', 'b', 'c'].map((name, i) => scene(name, 50 + i * 10, 0.2));
let goals = firstScreenGoals(390, good);
check('at 390 px five goals, all met (median 60 words, 70 at most, 20 % picture, 1 row, hero at 100 px)',
      goals.length === 5 && goals.every((g) => g.pass), goals);
goals = firstScreenGoals(390, [...good, scene('d', 101, 0.2), scene('e', 61, 0.1, 2, null)]);
const failed = goals.filter((g) => !g.pass).map((g) => `${g.name}: ${g.measured}`);
check('61 words in the median, a scene of 101, two rows, no hero: each fails and says where',
      JSON.stringify(failed) === JSON.stringify(['first screen at 390 px: words read, median of 5 scenes: 61',
        'first screen at 390 px: words read, most in a scene: 101 (d)', 'first screen at 390 px: rows of chrome: e 2',
        "first screen at 390 px: the hero's top: e none"]), failed);
goals = firstScreenGoals(1280, [scene('a', 90, 0.1), scene('b', 90, 0.099), scene('c', 20, 0.05)]);
check('at 1280 px three goals: 90 words passes, a median picture of 9.9 % fails',
      goals.length === 3 && goals[0].pass && goals[1].pass && !goals[2].pass && goals[2].measured === '9.9 %', goals);
const table = firstScreenTable({ width: 390, height: 844, device_scale_factor: 2,
                                 scenes: [scene('a', 50, 0.2), scene('b', 70, 0.3, null, null)] });
check('the table: a row per scene, "none" for no picture, then the medians',
      table[2] === '| a | 50 | 10.0 % | 20.0 % | 1 | 100 px |' && table[3] === '| b | 70 | 10.0 % | 30.0 % | none | none |' &&
      table[4] === '| median | 60 | 10.0 % | 25.0 % | 1 | 100 px |', table);

// [SECTION] a drawn image, read by tesseract

// 1200 × 800 on #f7f7f5, the widget's font (Inter, assets/fonts) at 40 pt, as text on the widget
// at DPR 2 is: three lines of 5, 7 and 5 words, of which "+" and "=" are not words: 15 to read.
// Shapes drawn without antialiasing, so their areas are exact: rectangles of 300 × 200, 400 × 100
// and 500 × 4 (an axis), a tint 9 levels off the background (picture) of 200 × 50, and a patch
// 3 levels off (background) of 200 × 100.
const here = dirname(fileURLToPath(import.meta.url));
const FONT = join(here, '..', '..', 'assets', 'fonts', 'lesson-regular.ttf');
const W = 1200, H = 800, BG = '#f7f7f5';
const LINES = [['+60+100', 'The bus leaves at 10.'], ['+60+170', 'Attention compares a query with each key'],
               ['+60+240', '10 + 20 = 30']];
const SHAPES = [['#2f6fdf', 100, 400, 300, 200], ['#e07b00', 600, 450, 400, 100], ['#555555', 100, 700, 500, 4],
                ['#eeeeec', 700, 300, 200, 50]];
const NEAR_BACKGROUND = ['#f4f4f2', 700, 620, 200, 100];
const SHAPE_AREA = SHAPES.reduce((sum, [, , , w, h]) => sum + w * h, 0);  // 112,000 of 960,000 px
const convert = (args, file) => { execFileSync('convert', [...args, file], { stdio: 'pipe' }); return file; };
const rectangle = ([colour, x, y, w, h]) => ['-fill', colour, '-draw', `rectangle ${x},${y} ${x + w - 1},${y + h - 1}`];
const text = ['-font', FONT, '-pointsize', '40', '-fill', '#222222', ...LINES.flatMap(([at, line]) => ['-annotate', at, line])];
const shapes = ['+antialias', ...[NEAR_BACKGROUND, ...SHAPES].flatMap(rectangle)];
const canvas = ['-size', `${W}x${H}`, `xc:${BG}`];
const drawn = convert([...canvas, ...text, ...shapes], join(out, 'drawn.png'));
const textOnly = decodeImage(readFileSync(convert([...canvas, ...text], join(out, 'text-only.png'))));
const shapesOnly = decodeImage(readFileSync(convert([...canvas, ...shapes], join(out, 'shapes-only.png'))));

// The text's ink: pixels of the text-only image off the background as the measure sees it, and the
// box around each line's ink.
const bg = [0xf7, 0xf7, 0xf5];
const off = (img, p) => [0, 1, 2].some((c) => Math.abs(img.data[4 * p + c] - bg[c]) > BACKGROUND_TOLERANCE);
let ink = 0, shapePixels = 0;
for (let p = 0; p < W * H; ++p) { if (off(textOnly, p)) ++ink; if (off(shapesOnly, p)) ++shapePixels; }
check('ImageMagick drew the shapes to their areas exactly', shapePixels === SHAPE_AREA, shapePixels);
let lineBoxes = 0;
for (let y0 = 0; y0 < H;) {
  const inked = (y) => { for (let x = 0; x < W; ++x) if (off(textOnly, y * W + x)) return true; return false; };
  if (!inked(y0)) { ++y0; continue; }
  let y1 = y0;
  while (y1 < H && inked(y1)) ++y1;
  let x0 = W, x1 = 0;
  for (let y = y0; y < y1; ++y) for (let x = 0; x < W; ++x) if (off(textOnly, y * W + x)) { x0 = Math.min(x0, x); x1 = Math.max(x1, x + 1); }
  lineBoxes += (x1 - x0) * (y1 - y0);
  y0 = y1;
}
check('the text drew three lines of ink', ink > 5000 && lineBoxes > ink, { ink, lineBoxes });

const drawnGrey = join(out, 'drawn-grey.png');
writeFileSync(drawnGrey, greyForReading(readFileSync(drawn)));
const [command, args, options] = tesseractCommand(drawnGrey);
const drawnTsv = execFileSync(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
m = measureFirstScreen(readFileSync(drawn), drawnTsv);
console.log(`  drawn image: ${m.words} words read (${m.text.join(' ')}), word boxes ${(100 * m.word_box_share).toFixed(2)} %, ` +
            `picture ${(100 * m.picture_share).toFixed(2)} % (shapes ${(100 * SHAPE_AREA / (W * H)).toFixed(2)} %, ` +
            `text ink ${(100 * ink / (W * H)).toFixed(2)} %)`);
check('the 15 words are read, not "+" nor "="', m.words === 15 && !m.text.includes('+') && !m.text.includes('='), m.text);
check('the background found is the one drawn', m.background === BG, m.background);
// Picture: every shape pixel (none lies under a word box), plus the text's ink outside its word
// boxes. Tesseract's boxes hold each glyph whole, so at most the antialiased fringe is outside:
// allow a quarter of the ink, well below the whole ink a measure that kept word boxes in would add.
const picture = m.picture_share * W * H;
check('picture: the shapes, and no more than a quarter of the text\'s ink',
      picture >= SHAPE_AREA && picture <= SHAPE_AREA + 0.25 * ink, { picture, SHAPE_AREA, ink });
// Word boxes: they hold most of the ink (all but the fringe), and lie within the lines' boxes
// (the spaces between words are in a line's box and in no word's), give or take a pixel all round.
const boxes = m.word_box_share * W * H;
check('word boxes: at least three quarters of the ink, at most the lines\' boxes',
      boxes >= 0.75 * ink && boxes <= lineBoxes * 1.05, { boxes, ink, lineBoxes });

if (failures.length) {
  console.error(`first-screen measure:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('first-screen measure: words, word boxes, picture, bar rows and hero top as defined');
