/**
 * The built portal (STATIC_DIR) at /, with the SPA fallback to index.html, and the translation files
 * (LOCALES_DIR) at /locales/{lng}/translation.json. Unknown /api and /auth paths answer 404 code 44.
 *
 * The build's hashed assets (/assets/*: never changed once written) are answered from memory: each file is read
 * once, on its first request, with its brotli and gzip forms (the build's .br/.gz beside it, else compressed
 * then), and kept for the life of the process (the whole build is a few MB). The sign-in page asks for 34 of
 * them at once; @fastify/static opened, stat'ed and streamed each from disk per request. The pages of /login and
 * the translations are kept in memory as well, read again when the file changes.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGES } from '../../../contract/constants';
import { ErrorCode } from '../../../contract/errors';
import { sendError } from './protocol';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portal not built</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The portal has not been built yet</h1>
<p>The gateway is running, but it found no built portal to serve. Run <code>npm run build</code>, then restart the gateway
(or use <code>npm start</code>, which does both).</p>
<p>Giao diện chưa được build. Hãy chạy <code>npm run build</code> rồi khởi động lại gateway.</p>
</body></html>`;

function isApiPath(url: string): boolean {
  return /^\/(api|auth)(\/|\?|$)/.test(url);
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

export type ContentCoding = 'br' | 'gzip';

/**
 * The content coding to send for an Accept-Encoding header among the ones the file has (in the server's order
 * of preference): the one with the highest q-value above 0 (`*` stands for the codings not named), unless the
 * client names identity with a higher one; null for identity (no header, no acceptable coding).
 */
export function pickEncoding(acceptEncoding: string | undefined, available: readonly ContentCoding[]): ContentCoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const qOf = (coding: string) => q.get(coding) ?? q.get(coding === 'gzip' ? 'x-gzip' : coding) ?? q.get('*') ?? 0;
  let best: ContentCoding | null = null;
  for (const coding of available) if (qOf(coding) > 0 && (best === null || qOf(coding) > qOf(best))) best = coding;
  // identity, always acceptable, is preferred only when the client ranks it above that coding by name
  if (best === null) return null;
  const identity = q.get('identity');
  return identity !== undefined && identity > qOf(best) ? null : best;
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as for GET; `*` names any). */
export function etagMatches(ifNoneMatch: string | undefined, etags: readonly string[]): boolean {
  if (!ifNoneMatch) return false;
  const listed = ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return listed.includes('*') || listed.some((t) => etags.includes(t));
}

/** Content types of what a Vite build writes under assets/; anything else is left to @fastify/static. */
const ASSET_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
};
/** Worth compressing when the build did not (the build compresses text of 1 KB and more: vite.config.ts). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.svg']);
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A path under assets/: plain names, no dot segment (no traversal, no hidden file). */
const ASSET_PATH = /^(?!.*(?:^|\/)\.)[\w.@~-]+(?:\/[\w.@~-]+)*$/;

interface MemoryAsset {
  type: string;
  etag: string;
  lastModified: string;
  /** whole seconds, as Last-Modified carries it */
  mtime: number;
  /** what the file was when read (a page rewritten by a new build is read again) */
  version: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch {
    return undefined;
  }
}

const versionOf = (info: Stats) => `${info.size}-${info.mtimeMs}`;

interface KeptFile {
  version: string;
  file: Promise<MemoryAsset | undefined>;
}

/**
 * A file kept in memory while its size and time stay those of `info`: read (and compressed) again when they change,
 * and again on the next request when reading it failed.
 */
function keptFile(kept: Map<string, KeptFile>, file: string, info: Stats, load: () => Promise<MemoryAsset | undefined>): Promise<MemoryAsset | undefined> {
  let entry = kept.get(file);
  if (entry?.version !== versionOf(info)) {
    const loaded = load();
    const fresh: KeptFile = { version: versionOf(info), file: loaded };
    entry = fresh;
    kept.set(file, fresh);
    const forget = () => {
      if (kept.get(file) === fresh) kept.delete(file);
    };
    loaded.then((found) => found ?? forget(), forget);
  }
  return entry.file.catch(() => undefined);
}

/** A file's stat, undefined when it is not a file; synchronous: a few microseconds, no trip through libuv's thread pool. */
function statIfFile(file: string): Stats | undefined {
  try {
    const info = statSync(file);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One file read with its compressed forms (the build's .br/.gz beside it when `builtForms`, else or when missing
 * compressed here); undefined when it is not a file.
 */
async function loadFile(file: string, type: string, options: { compressible: boolean; builtForms: boolean; brotliQuality?: number }): Promise<MemoryAsset | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const body = await readFile(file);
  let [br, gz] = options.builtForms ? await Promise.all([readOptional(`${file}.br`), readOptional(`${file}.gz`)]) : [];
  if (options.compressible && body.length >= 1024) {
    br ??= await brotliAsync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    gz ??= await gzipAsync(body, { level: 9 });
  }
  return {
    type,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    lastModified: info.mtime.toUTCString(),
    mtime: Math.floor(info.mtimeMs / 1000) * 1000,
    version: versionOf(info),
    body,
    // a compressed form no smaller than the file is not worth its header
    br: br && br.length < body.length ? br : undefined,
    gzip: gz && gz.length < body.length ? gz : undefined,
  };
}

/**
 * A file from memory in the coding the client accepts, with its entity tag (one per coding: each is another
 * body) and Last-Modified; 304 when the client's copy is current (If-None-Match, else If-Modified-Since).
 */
function sendFromMemory(request: FastifyRequest, reply: FastifyReply, file: MemoryAsset, headers: { cacheControl: string; vary?: string }) {
  const coding = pickEncoding(request.headers['accept-encoding'], [...(file.br ? (['br'] as const) : []), ...(file.gzip ? (['gzip'] as const) : [])]);
  const etags = [file.etag, file.etag.replace(/"$/, '-br"'), file.etag.replace(/"$/, '-gz"')];
  reply.header('Content-Type', file.type).header('Cache-Control', headers.cacheControl).header('Last-Modified', file.lastModified);
  const vary = [...(file.br || file.gzip ? ['Accept-Encoding'] : []), ...(headers.vary ? [headers.vary] : [])].join(', ');
  if (vary) reply.header('Vary', vary);
  reply.header('ETag', coding === 'br' ? etags[1] : coding === 'gzip' ? etags[2] : etags[0]);
  const ifNoneMatch = request.headers['if-none-match'];
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  if (ifNoneMatch ? etagMatches(ifNoneMatch, etags) : Number.isFinite(since) && file.mtime <= since) return reply.code(304).send();
  const body = coding === 'br' ? file.br! : coding === 'gzip' ? file.gzip! : file.body;
  if (coding) reply.header('Content-Encoding', coding);
  return reply.header('Content-Length', body.length).send(body);
}

export async function registerStatic(app: FastifyInstance, staticDir: string, localesDir: string): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html');

  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: true,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts); they are served to clients that accept them.
    preCompressed: true,
    // STATIC_DIR may be missing (portal not built yet): the fallback below explains it.
    serve: true,
    setHeaders: (reply, filePath) => {
      // Hashed build assets never change; everything else is revalidated.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'no-cache');
    },
  });

  // The translations (160 KB each, i18n's first request on every first page, preloaded by the page of /login): from
  // memory too, brotli- or gzip-compressed (about 37 KB), with an entity tag for the revalidation max-age=60 asks
  // for. They may be edited while the gateway runs, so each request compares the file's size and time with what is
  // kept (as for the pages of /login), and both languages are read and compressed at start, not by a first visitor.
  // Brotli at quality 5: 15 ms for a file that can change, against half a second at 11 for 13 % less.
  const translations = new Map<string, KeptFile>();
  const translationFile = (lng: string) => path.join(localesDir, lng, 'translation.json');
  // (the file's size and time by a synchronous stat, as for the pages of /login below: no trip through the thread pool)
  const translation = async (lng: string) => {
    const file = translationFile(lng);
    const info = statIfFile(file);
    if (!info) return undefined;
    return keptFile(translations, file, info, () => loadFile(file, 'application/json; charset=utf-8', { compressible: true, builtForms: false, brotliQuality: 5 }));
  };
  for (const lng of LANGUAGES) void translation(lng);
  app.get<{ Params: { lng: string } }>('/locales/:lng/translation.json', async (request, reply) => {
    const { lng } = request.params;
    if (!(LANGUAGES as readonly string[]).includes(lng)) return sendError(reply, request.lang, ErrorCode.NOT_FOUND);
    const file = await translation(lng);
    if (!file) return sendError(reply, request.lang, ErrorCode.NOT_FOUND);
    return sendFromMemory(request, reply, file, { cacheControl: 'public, max-age=60' });
  });

  // --- the hashed assets, from memory (see the top of this file)
  const assetsDir = path.join(staticDir, 'assets');
  const assets = new Map<string, Promise<MemoryAsset | undefined>>();
  app.get<{ Params: { '*': string } }>('/assets/*', async (request, reply) => {
    const name = request.params['*'];
    if (!ASSET_PATH.test(name)) return reply.callNotFound();
    const ext = path.extname(name).toLowerCase();
    const type = ASSET_TYPES[ext];
    // another kind of file (none in a Vite build today): from disk, as every other static file
    if (!type) return reply.header('Cache-Control', IMMUTABLE).sendFile(name, assetsDir);
    let asset = assets.get(name);
    if (!asset) {
      asset = loadFile(path.join(assetsDir, name), type, { compressible: COMPRESSIBLE.has(ext), builtForms: true });
      assets.set(name, asset);
    }
    const found = await asset.catch(() => undefined);
    // a file that is not there (yet) is looked up again next time
    if (!found) {
      assets.delete(name);
      return reply.callNotFound();
    }
    return sendFromMemory(request, reply, found, { cacheControl: IMMUTABLE });
  });

  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(indexFile)) {
      return reply.code(503).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(NOT_BUILT_PAGE);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', staticDir);
  };

  // The root is a directory for @fastify/static (index: false), so it gets the portal explicitly.
  app.get('/', async (_request, reply) => sendIndex(reply));

  // --- the sign-in page's first paint: /login is sent as the build's page of /login in the user's language
  // (index.html with the static sign-in form already shown and in that language, its translations preloaded:
  // scripts/boot-shell.ts), so that the browser paints the form from the document alone, no script first.
  // The language: the i18nextLng cookie the portal keeps beside its stored choice, else ?lng=, else Vietnamese.
  const loginPages = { vi: path.join(staticDir, 'boot', 'login.vi.html'), en: path.join(staticDir, 'boot', 'login.en.html') };
  // Both pages from memory too (the document is the first thing the paint waits for), compressed here once per
  // version of the file: a new build rewrites them under the same name, so each request compares the file's size
  // and time with what is kept. That comparison is a synchronous stat (a few microseconds): an asynchronous one
  // is a trip through libuv's thread pool, which the gateway's other file and crypto work can hold, on the path of
  // the one request the first paint waits for. Both pages are read and compressed when the gateway starts, so the
  // first visitor does not wait for the brotli of a 32 KB page (about 50 ms).
  const loginCache = new Map<string, KeptFile>();
  const loginPage = async (file: string) => {
    const info = statIfFile(file);
    if (!info) return undefined;
    return keptFile(loginCache, file, info, () => loadFile(file, 'text/html; charset=utf-8', { compressible: true, builtForms: false }));
  };
  for (const file of Object.values(loginPages)) void loginPage(file);
  const sendLogin = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = /(?:^|;\s*)i18nextLng=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
    const query = (request.query as Record<string, unknown> | undefined)?.lng;
    const lng = /^en/.test(cookie ?? (typeof query === 'string' ? query : '')) ? 'en' : 'vi';
    const page = await loginPage(loginPages[lng]);
    if (!page) return sendIndex(reply);
    return sendFromMemory(request, reply, page, { cacheControl: 'no-cache', vary: 'Cookie' });
  };
  app.get('/login', async (request, reply) => (wantsHtml(request) ? sendLogin(request, reply) : sendError(reply, request.lang, ErrorCode.NOT_FOUND)));

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    if (isApiPath(url) || (request.method !== 'GET' && request.method !== 'HEAD') || !wantsHtml(request)) {
      return sendError(reply, request.lang, ErrorCode.NOT_FOUND);
    }
    return sendIndex(reply);
  });
}
