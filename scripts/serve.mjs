// Serves a folder on 127.0.0.1 with correct MIME types (application/wasm) and no caching.
// usage: node scripts/serve.mjs DIR [PORT]   (PORT 0 picks a free port; the URL is printed)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json; charset=utf-8',
  '.png': 'image/png', '.svg': 'image/svg+xml', '.txt': 'text/plain; charset=utf-8',
  '.otf': 'font/otf', '.ico': 'image/x-icon',
};

export function startServer(dir, port = 0) {
  const root = resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://127.0.0.1');
      let path = normalize(join(root, decodeURIComponent(url.pathname)));
      if (path !== root && !path.startsWith(root + sep)) { res.writeHead(403).end(); return; }
      if ((await stat(path).catch(() => null))?.isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      res.writeHead(200, {
        'Content-Type': TYPES[extname(path)] || 'application/octet-stream',
        'Cache-Control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
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
  const server = await startServer(dir, Number(port || 0));
  console.log(`Serving ${resolve(dir)} at http://127.0.0.1:${server.address().port}/`);
}
