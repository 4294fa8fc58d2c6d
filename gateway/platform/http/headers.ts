/**
 * Security headers on every answer, through helmet: a Content-Security-Policy for the portal
 * (scripts only from the portal's own origin, no inline script, no plugins, never framed), nosniff, a
 * Referrer-Policy; and `Cache-Control: no-store` on every /api answer that does not set its own caching.
 * Styles allow 'unsafe-inline' because Ant Design injects its CSS-in-JS as <style> elements at run time;
 * images allow data: and blob: (captcha and QR images, receipts previews); media only data: beside 'self' (the
 * audio captcha, a WAV data URL).
 * The API documentation (swagger UI) keeps its own policy, set by its plugin.
 *
 * helmet's middleware is made once, at start, and run on every answer. (@fastify/helmet made it again on every
 * request: its option parsing, the policy's directives written and checked, two hooks, one of them async; a few
 * percent of a flight search's gateway CPU, bench:search-throughput.) The headers are the same.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export function installSecurityHeaders(app: FastifyInstance, docsPrefix: string): void {
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const url = request.url;
    if (url.startsWith(docsPrefix)) reply.removeHeader('content-security-policy');
    if ((url === '/api' || url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}
