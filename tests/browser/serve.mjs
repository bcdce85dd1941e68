// The site as it is served: its precompressed copies and scripts/serve.mjs, checked with raw HTTP
// requests (Node's http, which neither decompresses nor tidies paths) and in headless Chromium.
// - every file of the site worth compressing has a .br and a .gz copy beside it that decompress to
//   the file byte for byte, the widget's files and the pages among them;
// - Accept-Encoding: Brotli when taken, else gzip, else the file as it is; q=0 refuses a coding;
//   each answer decompresses to the file and says Vary: Accept-Encoding and its Content-Length;
// - Content-Type per kind (application/wasm for the wasm), Cache-Control, ETag and 304, HEAD,
//   404 for unknown paths, 405 for other methods;
// - byte ranges of the narration's audio (206, Content-Range, 416, If-Range);
// - paths out of the folder (/../, %2e%2e, %2f, a symbolic link) are refused;
// - a file edited after its copies were made goes out as it is, not as its old copy; the bench's
//   options: noStore sends Cache-Control: no-store, pagePolicy: false no policy;
// - the pages carry a Content-Security-Policy that names widget.html's start script's hash; in
//   Chromium the lesson page, widget.html and the one-file lesson run under it with no violation,
//   arrive compressed, and the wasm arrives compressed as application/wasm and compiles.
// usage: node serve.mjs SITE_DIR OUT_DIR
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressFile, isCompressible } from '../../scripts/compress-site.mjs';
import { launch, serve, waitForFirstFrame, watchPage, passes } from './browser.mjs';

const [site, out] = process.argv.slice(2);
if (!site || !out) { console.error('usage: node serve.mjs SITE_DIR OUT_DIR'); process.exit(2); }
mkdirSync(out, { recursive: true });

let failures = 0;
async function check(name, fn) {
  if (!(await passes(name, fn))) failures++;
}

// One request exactly as given (the path is sent as written); the body as received.
function get(origin, path, headers = {}, method = 'GET') {
  const { hostname, port } = new URL(origin);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}
const DECODE = { br: brotliDecompressSync, gzip: gunzipSync, identity: (body) => body };

// The site's files as a server sees them. tests/ holds host pages other browser tests add.
function siteFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(base, 'tests') ? [] : siteFiles(path, base);
    return [relative(base, path)];
  });
}
const compressible = siteFiles(site).filter((name) => isCompressible(name, statSync(join(site, name)).size));
// What a page must never get uncompressed, whatever the policy's list says.
const MUST = ['attention_widget.wasm', 'attention_widget.js', 'attention_heads.wasm', 'attention_heads.js', 'embed.js', 'widget-page.js', 'index.html', 'widget.html', 'lesson.css',
              'lesson/lesson.txt'];

// [SECTION] The build's copies

await check('every file worth compressing has a .br and a .gz copy that decompress to it', async () => {
  const missing = MUST.filter((name) => !compressible.includes(name));
  if (missing.length) throw new Error(`not counted as worth compressing: ${missing.join(', ')}`);
  const problems = [];
  for (const name of compressible) {
    const data = readFileSync(join(site, name));
    for (const [suffix, decode] of [['.br', brotliDecompressSync], ['.gz', gunzipSync]]) {
      let copy;
      try { copy = readFileSync(join(site, name + suffix)); } catch { problems.push(`${name}${suffix} is missing`); continue; }
      let unpacked = null;
      try { unpacked = decode(copy); } catch (error) { problems.push(`${name}${suffix} does not decompress: ${error.message}`); continue; }
      if (!unpacked.equals(data)) problems.push(`${name}${suffix} is out of date (decompresses to ${unpacked.length} bytes, the file has ${data.length})`);
      else if (copy.length >= data.length) problems.push(`${name}${suffix} is not smaller than the file`);
    }
  }
  if (problems.length) throw new Error(problems.join('\n  '));
  console.log(`  ${compressible.length} files: ${compressible.join(', ')}`);
});

// [SECTION] The server, on the built site

const { server, origin } = await serve(site);

const TYPES = [
  ['attention_widget.wasm', /^application\/wasm$/], ['attention_widget.js', /^text\/javascript/],
  ['attention_heads.wasm', /^application\/wasm$/], ['attention_heads.js', /^text\/javascript/],
  ['embed.js', /^text\/javascript/], ['widget-page.js', /^text\/javascript/], ['index.html', /^text\/html/], ['widget.html', /^text\/html/],
  ['lesson.css', /^text\/css/], ['lesson/lesson.txt', /^text\/plain/],
];

await check('each coding asked for arrives, decompresses to the file, with Vary, Content-Type and Content-Length', async () => {
  const problems = [];
  for (const name of compressible) {
    const data = readFileSync(join(site, name));
    for (const [accept, expected] of [['br', 'br'], ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], [undefined, 'identity'],
                                      ['identity', 'identity'], ['br;q=0, gzip', 'gzip'], ['*', 'br'],
                                      ['gzip;q=1, br;q=0.5', 'gzip'], ['br;q=0, gzip;q=0', 'identity'], ['*;q=0', 'identity']]) {
      const res = await get(origin, `/${name}`, accept === undefined ? {} : { 'Accept-Encoding': accept });
      const where = `${name} with Accept-Encoding ${accept === undefined ? '(none)' : `"${accept}"`}`;
      const coding = res.headers['content-encoding'] || 'identity';
      if (res.status !== 200) { problems.push(`${where}: HTTP ${res.status}`); continue; }
      if (coding !== expected) { problems.push(`${where}: sent ${coding}, expected ${expected}`); continue; }
      if (!DECODE[coding](res.body).equals(data)) problems.push(`${where}: the body does not decompress to the file`);
      if (Number(res.headers['content-length']) !== res.body.length) problems.push(`${where}: Content-Length ${res.headers['content-length']}, body ${res.body.length}`);
      if (!/accept-encoding/i.test(res.headers.vary || '')) problems.push(`${where}: no Vary: Accept-Encoding`);
    }
  }
  for (const [name, type] of TYPES) {
    const res = await get(origin, `/${name}`, { 'Accept-Encoding': 'br' });
    if (!type.test(res.headers['content-type'] || '')) problems.push(`${name}: Content-Type ${res.headers['content-type']}`);
    if (res.headers['cache-control'] !== 'no-cache') problems.push(`${name}: Cache-Control ${res.headers['cache-control']}, expected no-cache`);
  }
  if (problems.length) throw new Error(problems.join('\n  '));
});

await check('ETag per coding, 304 for If-None-Match, HEAD, 404, 405', async () => {
  const brotli = await get(origin, '/attention_widget.wasm', { 'Accept-Encoding': 'br' });
  const plain = await get(origin, '/attention_widget.wasm');
  if (!brotli.headers.etag || !plain.headers.etag) throw new Error('no ETag');
  if (brotli.headers.etag === plain.headers.etag) throw new Error(`the Brotli and the plain wasm share the ETag ${plain.headers.etag}`);
  for (const tag of [brotli.headers.etag, `W/${brotli.headers.etag}`, `"other", ${brotli.headers.etag}`, '*']) {
    const again = await get(origin, '/attention_widget.wasm', { 'Accept-Encoding': 'br', 'If-None-Match': tag });
    if (again.status !== 304 || again.body.length) throw new Error(`If-None-Match: ${tag} gave HTTP ${again.status} with ${again.body.length} bytes`);
    if (again.headers.etag !== brotli.headers.etag) throw new Error(`the 304 names ETag ${again.headers.etag}`);
  }
  const otherCoding = await get(origin, '/attention_widget.wasm', { 'Accept-Encoding': 'br', 'If-None-Match': plain.headers.etag });
  if (otherCoding.status !== 200) throw new Error(`the plain file's ETag gave HTTP ${otherCoding.status} for the Brotli one`);
  const stale = await get(origin, '/index.html', { 'If-None-Match': '"not-this-one"' });
  if (stale.status !== 200) throw new Error(`an unknown ETag gave HTTP ${stale.status}`);

  const head = await get(origin, '/attention_widget.wasm', { 'Accept-Encoding': 'gzip' }, 'HEAD');
  const full = await get(origin, '/attention_widget.wasm', { 'Accept-Encoding': 'gzip' });
  if (head.status !== 200 || head.body.length) throw new Error(`HEAD gave HTTP ${head.status} with ${head.body.length} bytes`);
  for (const field of ['content-type', 'content-length', 'content-encoding', 'etag', 'vary', 'cache-control']) {
    if (head.headers[field] !== full.headers[field]) throw new Error(`HEAD's ${field} ${head.headers[field]} differs from GET's ${full.headers[field]}`);
  }
  for (const path of ['/no-such-file.js', '/lesson/', '/lesson/other.txt']) {
    const res = await get(origin, path);
    if (res.status !== 404) throw new Error(`${path}: HTTP ${res.status}, expected 404`);
  }
  const post = await get(origin, '/index.html', {}, 'POST');
  if (post.status !== 405) throw new Error(`POST gave HTTP ${post.status}, expected 405`);
  const root = await get(origin, '/', { 'Accept-Encoding': 'br' });
  if (root.status !== 200 || !/^text\/html/.test(root.headers['content-type'])) throw new Error(`/ gave HTTP ${root.status} ${root.headers['content-type']}`);
});

await check('the narration\'s audio comes in byte ranges: 206 with Content-Range, 416 beyond the file, whole otherwise', async () => {
  const path = '/narration/en/step01-1.webm';
  const data = readFileSync(join(site, path));
  const size = data.length;
  const whole = await get(origin, path);
  if (whole.status !== 200 || !whole.body.equals(data)) throw new Error(`without Range: HTTP ${whole.status}, ${whole.body.length} bytes`);
  if (whole.headers['accept-ranges'] !== 'bytes') throw new Error(`Accept-Ranges: ${whole.headers['accept-ranges']}`);
  if (whole.headers['content-type'] !== 'audio/webm') throw new Error(`Content-Type: ${whole.headers['content-type']}`);
  const problems = [];
  for (const [range, start, end] of [['bytes=0-', 0, size - 1], ['bytes=0-99', 0, 99], ['bytes=100-', 100, size - 1],
                                     ['bytes=-100', size - 100, size - 1], [`bytes=10-${size + 50}`, 10, size - 1]]) {
    const res = await get(origin, path, { Range: range });
    if (res.status !== 206) { problems.push(`${range}: HTTP ${res.status}`); continue; }
    if (res.headers['content-range'] !== `bytes ${start}-${end}/${size}`) problems.push(`${range}: Content-Range ${res.headers['content-range']}`);
    if (!res.body.equals(data.subarray(start, end + 1))) problems.push(`${range}: ${res.body.length} bytes, not bytes ${start}-${end}`);
    if (Number(res.headers['content-length']) !== res.body.length) problems.push(`${range}: Content-Length ${res.headers['content-length']}`);
  }
  const beyond = await get(origin, path, { Range: `bytes=${size}-` });
  if (beyond.status !== 416 || beyond.headers['content-range'] !== `bytes */${size}`) {
    problems.push(`beyond the file: HTTP ${beyond.status}, Content-Range ${beyond.headers['content-range']}`);
  }
  for (const headers of [{ Range: 'bytes=0-1,5-6' }, { Range: 'bytes=9-3' }, { Range: 'bytes=0-99', 'If-Range': '"another"' }]) {
    const res = await get(origin, path, headers);
    if (res.status !== 200 || !res.body.equals(data)) problems.push(`${JSON.stringify(headers)}: HTTP ${res.status}, ${res.body.length} bytes`);
  }
  const same = await get(origin, path, { Range: 'bytes=0-99', 'If-Range': whole.headers.etag });
  if (same.status !== 206) problems.push(`If-Range with the file's ETag: HTTP ${same.status}`);
  if (problems.length) throw new Error(problems.join('\n  '));
});

// The site's folder sits in the build tree beside CMakeCache.txt, which must stay out of reach.
await check('paths out of the folder are refused', async () => {
  const secret = readFileSync(join(site, '..', 'CMakeCache.txt'), 'utf8').slice(0, 200);
  for (const path of ['/../CMakeCache.txt', '/lesson/../../CMakeCache.txt', '/%2e%2e/CMakeCache.txt', '/%2E%2E/CMakeCache.txt',
                      '/%2e%2e%2fCMakeCache.txt', '/lesson/..%2f..%2fCMakeCache.txt', '/..%5c..%5cCMakeCache.txt',
                      '/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd', '//etc/passwd', '/%00index.html', '/%zz']) {
    const res = await get(origin, path);
    if (res.status === 200 || res.body.includes(secret.slice(0, 60)) || res.body.includes('root:')) {
      throw new Error(`${path}: HTTP ${res.status}, ${res.body.length} bytes`);
    }
    if (![400, 403, 404].includes(res.status)) throw new Error(`${path}: HTTP ${res.status}`);
  }
});

await check('the pages carry a Content-Security-Policy with widget.html\'s start script hash; other files none', async () => {
  const widget = await get(origin, '/widget.html');
  const named = /script-src ('sha256-[A-Za-z0-9+/=]+')/.exec(widget.body.toString('utf8'))?.[1];
  if (!named) throw new Error('widget.html names no script hash');
  const policy = widget.headers['content-security-policy'] || '';
  for (const part of [named, "'wasm-unsafe-eval'", "default-src 'self'", "object-src 'none'", "base-uri 'none'"]) {
    if (!policy.includes(part)) throw new Error(`widget.html's policy lacks ${part}: ${policy}`);
  }
  if (/unsafe-inline|'unsafe-eval'|\*|https?:/.test(policy)) throw new Error(`widget.html's policy is loose: ${policy}`);
  const page = await get(origin, '/index.html');
  if (!/script-src 'self' 'wasm-unsafe-eval'/.test(page.headers['content-security-policy'] || '')) {
    throw new Error(`index.html's policy: ${page.headers['content-security-policy']}`);
  }
  const script = await get(origin, '/embed.js');
  if (script.headers['content-security-policy']) throw new Error('embed.js carries a page policy');
});

// [SECTION] The server, on a folder of its own

await check('a file edited after its copies were made goes out as it is; a symbolic link out of the folder is refused; noStore, pagePolicy', async () => {
  const dir = join(out, 'edited');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'sub'), { recursive: true });
  const file = join(dir, 'words.txt');
  writeFileSync(file, 'the first words, long enough to compress\n'.repeat(100));
  compressFile(file);
  writeFileSync(join(out, 'outside.txt'), 'outside the folder\n');
  symlinkSync(join(out, 'outside.txt'), join(dir, 'sub', 'link.txt'));
  const local = await serve(dir);
  try {
    const first = await get(local.origin, '/words.txt', { 'Accept-Encoding': 'br' });
    if (first.headers['content-encoding'] !== 'br') throw new Error('the fresh copy was not sent');
    // The same size as before, so only the file's time and content tell the two apart.
    const edited = 'the other words, long enough to compress\n'.repeat(100);
    writeFileSync(file, edited);
    const after = await get(local.origin, '/words.txt', { 'Accept-Encoding': 'br, gzip' });
    const coding = after.headers['content-encoding'] || 'identity';
    if (!DECODE[coding](after.body).equals(Buffer.from(edited))) throw new Error(`an old copy was sent (${coding})`);
    if (after.headers.etag === first.headers.etag) throw new Error('the edited file kept its ETag');
    compressFile(file);
    const recompressed = await get(local.origin, '/words.txt', { 'Accept-Encoding': 'br' });
    if (recompressed.headers['content-encoding'] !== 'br') throw new Error('the new copy was not sent');
    const link = await get(local.origin, '/sub/link.txt');
    if (link.status !== 403) throw new Error(`a link out of the folder gave HTTP ${link.status}`);
  } finally {
    local.server.close();
  }
  // The bench's servers: browsers keep nothing; pages not the site's get no policy.
  writeFileSync(join(dir, 'page.html'), '<!doctype html><title>t</title><script>1</script>\n');
  const cold = await serve(dir, { noStore: true, pagePolicy: false });
  const warm = await serve(dir);
  try {
    const res = await get(cold.origin, '/words.txt');
    if (res.headers['cache-control'] !== 'no-store') throw new Error(`noStore: Cache-Control ${res.headers['cache-control']}`);
    const page = await get(cold.origin, '/page.html');
    if (page.headers['content-security-policy']) throw new Error('pagePolicy: false still sent a policy');
    const withPolicy = await get(warm.origin, '/page.html');
    if (!withPolicy.headers['content-security-policy']) throw new Error('a page at the top of the folder came without a policy');
  } finally {
    cold.server.close();
    warm.server.close();
  }
});

// [SECTION] In Chromium

const browser = await launch();
for (const [name, path, width, height] of [['the lesson page', '/index.html', 390, 844], ['widget.html', '/widget.html?scene=mask', 900, 700],
                                           ['the one-file lesson', '/attention-lesson-offline.html', 390, 844]]) {
  await check(`${name} runs under the server's Content-Security-Policy with its files compressed`, async () => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems = watchPage(page);
    page.on('console', (msg) => { if (/Content.Security.Policy/i.test(msg.text())) problems.push(`CSP: ${msg.text()}`); });
    const responses = new Map();
    page.on('response', async (res) => {
      responses.set(new URL(res.url()).pathname, await res.allHeaders());
    });
    await page.goto(`${origin}${path}`);
    if (!path.startsWith('/widget.html')) await page.locator('div[data-attention-widget]').first().scrollIntoViewIfNeeded();
    await waitForFirstFrame(page);
    const document = responses.get(new URL(`${origin}${path}`).pathname);
    if (!document['content-security-policy']) throw new Error('the page came without a Content-Security-Policy');
    if (!['br', 'gzip'].includes(document['content-encoding'])) throw new Error(`the page came with Content-Encoding ${document['content-encoding']}`);
    // The one-file lesson holds its modules' wasm; the others fetch it.
    const wasm = responses.get('/attention_widget.wasm');
    if (path.includes('offline')) {
      const fetched = [...responses.keys()].filter((name) => name.endsWith('.wasm'));
      if (fetched.length) throw new Error(`the one-file lesson fetched ${fetched.join(', ')}`);
    } else {
      if (!wasm) throw new Error('the wasm was not fetched');
      if (wasm['content-type'] !== 'application/wasm') throw new Error(`the wasm came as ${wasm['content-type']}`);
      if (!['br', 'gzip'].includes(wasm['content-encoding'])) throw new Error(`the wasm came with Content-Encoding ${wasm['content-encoding']}`);
    }
    if (problems.length) throw new Error(problems.join('\n  '));
    writeFileSync(join(out, `${name.replace(/\W+/g, '-')}.png`), await page.screenshot());
    const sent = [...responses].map(([file, headers]) => `${file} ${headers['content-encoding'] || 'identity'}`);
    console.log(`  ${sent.join(', ')}`);
    await context.close();
  });
}
await browser.close();

server.close();
console.log(failures ? `serve: ${failures} failed` : 'serve: all passed');
process.exit(failures ? 1 : 0);
