// Writes a Brotli copy (NAME.br, quality 11) and a gzip copy (NAME.gz, level 9) beside each named
// file of the site, so a server sends them as they are instead of compressing on every request:
// scripts/serve.mjs does, nginx does with brotli_static and gzip_static (docs/embedding.md).
// A copy is rewritten only when it no longer decompresses to its file, so a rebuild that changed
// one file costs that file's compression alone (Brotli at quality 11 takes seconds on the wasm).
// Which files get copies (isCompressible): HTML, JavaScript, CSS, text and wasm of MIN_BYTES or
// more; images and fonts are compressed already, and a smaller file is one network packet either
// way. The build names them (web/CMakeLists.txt); browser_serve checks it named them all.
// usage: node scripts/compress-site.mjs SITE_DIR FILE...   (FILE relative to SITE_DIR)
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

const COMPRESSIBLE_TYPES = ['.html', '.js', '.mjs', '.css', '.txt', '.wasm', '.svg', '.json'];
const MIN_BYTES = 1024;

// The encodings a copy is made in, by the suffix its file name gets.
const ENCODINGS = [
  {
    name: 'br', suffix: '.br', decompress: brotliDecompressSync,
    compress: (data, path) => brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: extname(path) === '.wasm' ? constants.BROTLI_MODE_GENERIC
                                                                  : constants.BROTLI_MODE_TEXT,
      },
    }),
  },
  { name: 'gzip', suffix: '.gz', decompress: gunzipSync, compress: (data) => gzipSync(data, { level: 9 }) },
];

// True for a file of a kind that compresses, large enough for it to pay.
export function isCompressible(path, size) {
  return COMPRESSIBLE_TYPES.includes(extname(path).toLowerCase()) && size >= MIN_BYTES;
}

// True when the copy at `copyPath` exists and decompresses to `data`.
function copyIsCurrent(encoding, copyPath, data) {
  if (!existsSync(copyPath)) return false;
  try {
    return encoding.decompress(readFileSync(copyPath)).equals(data);
  } catch {
    return false;  // truncated or not that encoding at all
  }
}

// Brings one file's copies up to date; returns their sizes and how many it wrote.
export function compressFile(path) {
  const data = readFileSync(path);
  const sizes = { raw: data.length };
  let written = 0;
  for (const encoding of ENCODINGS) {
    const copyPath = path + encoding.suffix;
    if (!copyIsCurrent(encoding, copyPath, data)) {
      // Renamed into place whole, so a server running beside the build never reads half a copy.
      writeFileSync(`${copyPath}.tmp`, encoding.compress(data, path));
      renameSync(`${copyPath}.tmp`, copyPath);
      written++;
    }
    sizes[encoding.name] = statSync(copyPath).size;
  }
  return { written, sizes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [site, ...files] = process.argv.slice(2);
  if (!site || !files.length) {
    console.error('usage: node scripts/compress-site.mjs SITE_DIR FILE...');
    process.exit(2);
  }
  const totals = { raw: 0, br: 0, gzip: 0 };
  let written = 0;
  for (const file of files) {
    const path = join(site, file);
    if (!COMPRESSIBLE_TYPES.includes(extname(file).toLowerCase())) {
      console.error(`compress-site: ${file} is not of a kind that compresses (${COMPRESSIBLE_TYPES.join(' ')})`);
      process.exit(1);
    }
    if (!existsSync(path)) {
      console.error(`compress-site: ${path} does not exist (is it still part of the site?)`);
      process.exit(1);
    }
    const result = compressFile(path);
    written += result.written;
    for (const key of Object.keys(totals)) totals[key] += result.sizes[key];
  }
  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`compress-site: ${files.length} files, ${kib(totals.raw)} as they are, ${kib(totals.gzip)} gzip, ` +
              `${kib(totals.br)} Brotli; copies written: ${written}`);
}
