// Serves a folder (the built site) on 127.0.0.1 the way docs/embedding.md asks of a real server:
//  - a file's precompressed copy (NAME.br, NAME.gz, written by scripts/compress-site.mjs) when the
//    request's Accept-Encoding takes it (Brotli first), with Content-Encoding and
//    Vary: Accept-Encoding. A copy is sent only while it decompresses to its file (checked once
//    each time either changes), so a file edited in place goes out as it is, never an old copy;
//  - Content-Type (application/wasm, which WebAssembly.compileStreaming insists on),
//    Content-Length, an ETag per representation and 304 Not Modified for If-None-Match;
//  - Cache-Control: no-cache (see CACHE_CONTROL), or no-store for a bench that must time cold loads;
//  - the pages at the top of the folder (index.html, widget.html, the offline lesson) with a
//    Content-Security-Policy that allows their own inline scripts and styles by hash and nothing
//    from another origin; pages in subfolders (the tests' host pages) bring their own policy;
//  - byte ranges of the narration's audio (Range: bytes=..., 206 with Content-Range, Accept-Ranges),
//    which media elements read in parts;
//  - GET and HEAD only; a path outside the folder is refused (403), an unknown one is 404.
// usage: node scripts/serve.mjs DIR [PORT]   (PORT 0 picks a free port; the URL is printed)
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, normalize, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json; charset=utf-8',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
  '.otf': 'font/otf', '.woff2': 'font/woff2', '.ico': 'image/x-icon', '.webm': 'audio/webm',
};

// The precompressed copies, in order of preference when the request takes both equally.
const ENCODINGS = [
  { name: 'br', suffix: '.br', decompress: promisify(brotliDecompress) },
  { name: 'gzip', suffix: '.gz', decompress: promisify(gunzip) },
];

// No file name carries a hash of its content, so a browser must ask again each time (a 304 costs
// a round trip, no body). A max-age would let a browser keep, after an update, an old
// attention_widget.js beside a new attention_widget.wasm (they are fetched at different moments
// and expire apart), and the two halves of the widget must come from one build.
const CACHE_CONTROL = 'no-cache';

// [SECTION] Content negotiation

// The coding to send among `available` (names of ENCODINGS), or 'identity'. Codings the header
// gives q=0 are never chosen; without the header the file goes out as it is.
export function chooseEncoding(acceptEncoding, available) {
  if (acceptEncoding === undefined) return 'identity';
  const weights = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.split(';');
    const name = token.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  const weight = (name) => weights.get(name) ?? weights.get('*') ?? 0;
  let best = 'identity';
  let bestWeight = 0;
  for (const { name } of ENCODINGS) {
    if (available.includes(name) && weight(name) > bestWeight) {
      best = name;
      bestWeight = weight(name);
    }
  }
  return best;
}

// True when an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks) or is "*".
function matchesEtag(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

// [SECTION] Byte ranges of media

// Files a media element reads in ranges: Chromium asks for the narration's audio with
// Range: bytes=0-, and for a part of it to seek.
const MEDIA = new Set(['.webm']);

// {start, end} (inclusive) of a file of `size` bytes that a Range header asks for; undefined for the
// whole file (no header, one that is not a single byte range, or an If-Range naming another
// version); null when the range lies beyond the file (416).
export function byteRange(range, ifRange, etag, size) {
  if (!range || (ifRange !== undefined && ifRange !== etag)) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (!match[1] && !match[2])) return undefined;
  let start;
  let end;
  if (match[1]) {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (end < start && match[2]) return undefined;  // malformed: the whole file, as RFC 9110 allows
  } else {
    start = Math.max(0, size - Number(match[2]));   // the last N bytes
    end = size - 1;
  }
  return start < size && start <= end ? { start, end } : null;
}

// [SECTION] What is known about each file, kept until the file changes

// A file's size, time and inode tell that it changed, except for a write within the same tick of
// the file system's clock as the one before: what is learnt about a file changed less than a
// second ago is not kept (as Git treats its racily clean index entries).
const stamp = (info) => `${info.size}:${info.mtimeMs}:${info.ino}`;
const settled = (...infos) => infos.every((info) => Date.now() - info.mtimeMs > 1000);

// What one server has learnt: each file's hash and page policy, and whether each copy is current.
function fileFacts({ withPolicy }) {
  const known = new Map();  // path -> { stamp, hash, policy }
  const copies = new Map();  // copy path -> { stamp, current }

  async function describe(path, info, isPage) {
    const cached = known.get(path);
    if (cached?.stamp === stamp(info)) return cached;
    const body = await readFile(path);
    const entry = {
      stamp: stamp(info),
      hash: createHash('sha256').update(body).digest('base64url').slice(0, 22),
      policy: withPolicy && isPage ? pagePolicy(body.toString('utf8'), basename(path)) : null,
    };
    if (settled(info)) known.set(path, entry);
    return entry;
  }

  // The copies of `path` in each encoding that still decompress to it.
  async function currentCopies(path, info) {
    const found = [];
    for (const encoding of ENCODINGS) {
      const copyPath = path + encoding.suffix;
      const copyInfo = await stat(copyPath).catch(() => null);
      if (!copyInfo?.isFile()) continue;
      const key = `${stamp(info)}/${stamp(copyInfo)}`;
      let cached = copies.get(copyPath);
      if (cached?.stamp !== key) {
        const [data, packed] = await Promise.all([readFile(path), readFile(copyPath)]);
        const current = await encoding.decompress(packed).then((unpacked) => unpacked.equals(data), () => false);
        cached = { stamp: key, current };
        if (settled(info, copyInfo)) copies.set(copyPath, cached);
      }
      if (cached.current) found.push({ ...encoding, path: copyPath, size: copyInfo.size });
    }
    return found;
  }

  return { describe, currentCopies };
}

// [SECTION] Content-Security-Policy of a page

// Each inline <script> and <style> of the page by its hash; everything else from the page's own
// origin. 'wasm-unsafe-eval' lets the page compile the widget's WebAssembly (and nothing else:
// eval stays refused); worker-src covers the GPU warm-up worker (gpu-warmup.js). The one-file
// lesson's runtime fetches its inlined wasm from a data: URL, which connect-src must then allow,
// and plays its inlined recorded voice from data: URLs, which media-src must.
export function pagePolicy(html, name) {
  const oneFile = /^attention-lesson-offline(-[a-z]{2,3})?\.html$/.test(name);
  const connect = oneFile ? "'self' data:" : "'self'";
  const media = oneFile ? " media-src 'self' data:;" : '';
  const hashes = (tag) => {
    const found = [];
    const element = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`, 'gi');
    for (const [, attributes = '', text] of html.matchAll(element)) {
      if (/\ssrc\s*=/i.test(attributes)) continue;
      found.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
    }
    return [...new Set(found)].map((hash) => ` ${hash}`).join('');
  };
  return `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'${hashes('script')}; ` +
         `style-src 'self'${hashes('style')}; img-src 'self' data:; connect-src ${connect};${media} worker-src 'self'; ` +
         "frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'";
}

// [SECTION] The server

const STATUS_TEXT = { 400: 'bad request', 403: 'forbidden', 404: 'not found', 500: 'server error' };

// The file a request names, or a status to answer with instead.
async function locate(root, realRoot, rawUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(rawUrl, 'http://127.0.0.1').pathname);
  } catch {
    return { status: 400 };  // a malformed %-escape
  }
  if (pathname.includes('\0')) return { status: 400 };
  let path = normalize(join(root, pathname));
  if (path !== root && !path.startsWith(root + sep)) return { status: 403 };
  let info = await stat(path).catch(() => null);
  if (info?.isDirectory()) {
    path = join(path, 'index.html');
    info = await stat(path).catch(() => null);
  }
  if (!info?.isFile()) return { status: 404 };
  // A symbolic link inside the folder may point out of it.
  const real = await realpath(path);
  if (real !== realRoot && !real.startsWith(realRoot + sep)) return { status: 403 };
  return { path, info };
}

// options.noStore: tell browsers to keep nothing (Cache-Control: no-store), so each load is cold.
// options.pagePolicy: false sends no Content-Security-Policy (for pages that are not the site's,
// such as the bench's stock ImGui example). Rejects when `dir` is not a folder.
export async function startServer(dir, port = 0, { noStore = false, pagePolicy: withPolicy = true } = {}) {
  const root = resolve(dir);
  if (!(await stat(root).catch(() => null))?.isDirectory()) throw new Error(`${root} is not a folder`);
  const realRoot = await realpath(root);
  const cacheControl = noStore ? 'no-store' : CACHE_CONTROL;
  const facts = fileFacts({ withPolicy });
  const server = createServer(async (req, res) => {
    const refuse = (status) => {
      const body = `${STATUS_TEXT[status]}\n`;
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Length': 0 }).end();
        return;
      }
      const found = await locate(root, realRoot, req.url);
      if (!found.path) { refuse(found.status); return; }
      const { path, info } = found;
      const isPage = extname(path) === '.html' && dirname(relative(root, path)) === '.';
      const file = await facts.describe(path, info, isPage);
      const available = await facts.currentCopies(path, info);
      const coding = chooseEncoding(req.headers['accept-encoding'], available.map((copy) => copy.name));
      const copy = available.find((candidate) => candidate.name === coding);
      const etag = `"${file.hash}${copy ? `-${copy.name}` : ''}"`;
      const headers = {
        'Content-Type': TYPES[extname(path).toLowerCase()] || 'application/octet-stream',
        'Cache-Control': cacheControl,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
      };
      // The answer depends on Accept-Encoding whenever a copy exists, also when it sends none.
      if (available.length) headers.Vary = 'Accept-Encoding';
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        res.writeHead(304, { ETag: etag, 'Cache-Control': headers['Cache-Control'], ...(headers.Vary && { Vary: headers.Vary }) });
        res.end();
        return;
      }
      if (copy) headers['Content-Encoding'] = copy.name;
      if (file.policy) headers['Content-Security-Policy'] = file.policy;
      let body = await readFile(copy ? copy.path : path);
      let status = 200;
      if (MEDIA.has(extname(path).toLowerCase())) {
        headers['Accept-Ranges'] = 'bytes';
        const range = byteRange(req.headers.range, req.headers['if-range'], etag, body.length);
        if (range === null) {
          res.writeHead(416, { 'Content-Range': `bytes */${body.length}`, 'Content-Length': 0 }).end();
          return;
        }
        if (range) {
          status = 206;
          headers['Content-Range'] = `bytes ${range.start}-${range.end}/${body.length}`;
          body = body.subarray(range.start, range.end + 1);
        }
      }
      headers['Content-Length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      // A file removed between the look and the read is simply not there any more.
      if (!res.headersSent) refuse(error.code === 'ENOENT' ? 404 : 500);
      else res.destroy();
    }
  });
  return new Promise((done, fail) => {
    server.once('error', (error) => {
      if (error.code !== 'EADDRINUSE' || port === 0) { fail(error); return; }
      console.warn(`Port ${port} is busy; using a free one instead.`);
      server.listen(0, '127.0.0.1', () => done(server));
    });
    server.listen(port, '127.0.0.1', () => done(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, port] = process.argv.slice(2);
  if (!dir) { console.error('usage: node scripts/serve.mjs DIR [PORT]'); process.exit(2); }
  if (port !== undefined && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) {
    console.error(`serve: the port must be a number from 0 to 65535, not "${port}"`);
    process.exit(2);
  }
  const server = await startServer(dir, Number(port || 0)).catch((error) => {
    console.error(`serve: ${error.message}`);
    process.exit(1);
  });
  console.log(`Serving ${resolve(dir)} at http://127.0.0.1:${server.address().port}/`);
}
