/**
 * The built portal (STATIC_DIR) at /, with the SPA fallback to index.html, and the translation files
 * (LOCALES_DIR) at /locales/{lng}/translation.json. Unknown /api and /auth paths answer 404 code 44.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

  app.get<{ Params: { lng: string } }>('/locales/:lng/translation.json', async (request, reply) => {
    const { lng } = request.params;
    if (!(LANGUAGES as readonly string[]).includes(lng)) return sendError(reply, request.lang, ErrorCode.NOT_FOUND);
    try {
      const text = await readFile(path.join(localesDir, lng, 'translation.json'), 'utf8');
      return reply.type('application/json; charset=utf-8').header('Cache-Control', 'public, max-age=60').send(text);
    } catch {
      return sendError(reply, request.lang, ErrorCode.NOT_FOUND);
    }
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
  const sendLogin = (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = /(?:^|;\s*)i18nextLng=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
    const query = (request.query as Record<string, unknown> | undefined)?.lng;
    const lng = /^en/.test(cookie ?? (typeof query === 'string' ? query : '')) ? 'en' : 'vi';
    if (!existsSync(loginPages[lng])) return sendIndex(reply);
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie').sendFile(path.relative(staticDir, loginPages[lng]), staticDir);
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
