// The tiny static server of the comparison page: its build folder on a free loopback port, any path that is not
// a file answered with index.html (a single-page application), bodies brotli- or gzip-compressed at start (the
// gateway serves the portal's pre-compressed .br / .gz the same way), hashed assets cached for a year.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json']);

/** Serves `dir`, with `headers` added to every answer (say, the security headers another server sends); answers { url, stop }. */
export async function serveStatic(dir, { headers = {} } = {}) {
  const cache = new Map();
  const fileOf = (pathname) => {
    const file = normalize(join(dir, decodeURIComponent(pathname)));
    if (!file.startsWith(dir + sep) && file !== dir) return null;
    try {
      return statSync(file).isFile() ? file : null;
    } catch {
      return null;
    }
  };
  const encoded = (file, encoding) => {
    const key = `${encoding}:${file}`;
    if (!cache.has(key)) {
      const raw = readFileSync(file);
      cache.set(key, encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw);
    }
    return cache.get(key);
  };
  // compressed before the first request, so that no load pays for it
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
  for (const file of walk(dir)) if (COMPRESSIBLE.has(extname(file))) for (const encoding of ['br', 'gzip']) encoded(file, encoding);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    const file = fileOf(pathname) ?? join(dir, 'index.html');
    const ext = extname(file);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = !COMPRESSIBLE.has(ext) ? 'identity' : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
    const body = encoded(file, encoding);
    res.writeHead(200, {
      ...headers,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Content-Length': body.length,
      ...(encoding !== 'identity' ? { 'Content-Encoding': encoding, Vary: 'Accept-Encoding' } : {}),
      'Cache-Control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((ok) => server.close(ok)) };
}
