/**
 * Security headers on every answer, through @fastify/helmet: a Content-Security-Policy for the portal
 * (scripts only from the portal's own origin, no inline script, no plugins, never framed), nosniff, a
 * Referrer-Policy; and `Cache-Control: no-store` on every /api answer that does not set its own caching.
 * Styles allow 'unsafe-inline' because Ant Design injects its CSS-in-JS as <style> elements at run time;
 * images allow data: and blob: (captcha and QR images, receipts previews); media only data: beside 'self' (the
 * audio captcha, a WAV data URL).
 * The API documentation (swagger UI) keeps its own policy, set by its plugin.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function installSecurityHeaders(app: FastifyInstance, docsPrefix: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // the swagger UI needs inline scripts; it is the documentation, not the portal
    global: true,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if (url.startsWith(docsPrefix)) reply.removeHeader('content-security-policy');
    if ((url === '/api' || url.startsWith('/api/')) && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
