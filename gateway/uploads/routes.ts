/** The upload endpoints: POST /api/uploads (checked and stored by service.ts) and GET /api/uploads/{id}. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_API } from '../../contract/admin-paths';
import { uploadRequest, uploadResult } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { uploads } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { requireAuth } from '../platform/tenancy/scope';
import { storeUpload } from './service';

const INLINE = new Set(['image/jpeg', 'image/png', 'image/gif', 'application/pdf']);
/** Upload bodies: 5 MB as base64 (×4/3) inside the JSON, encrypted and base64-encoded again (×4/3), plus slack. */
const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

export function registerUploadRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['uploads'];

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.uploads,
    tags,
    summary: 'Upload an image or file (base64 in the envelope; at most 5 MB)',
    description:
      'Images: jpg, jpeg, png, gif. Files: jpg, png, jpeg, pdf, svg, gif, doc, docx, xls, xlsx. The bytes must be of the type the ' +
      'extension names. Errors: 400/61 with data.reason tooLarge, badExtension, empty or badContent. Nothing is stored when refused.',
    bodyLimit: UPLOAD_BODY_LIMIT,
    body: uploadRequest,
    response: uploadResult,
    handler: ({ auth, body, meta }) => storeUpload(deps.db, requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.upload,
    tags,
    summary: 'The uploaded bytes, with their Content-Type (no token: the id is unguessable)',
    params: z.object({ id: z.uuid() }),
    response: z.string().describe('The bytes of the file.'),
    handler: async ({ params, reply }) => {
      const [row] = await deps.db.select().from(uploads).where(eq(uploads.id, params.id));
      if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
      const inline = INLINE.has(row.contentType);
      const encoded = encodeURIComponent(row.fileName);
      reply
        .type(row.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('ETag', `"${row.sha256}"`)
        .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`);
      return reply.send(row.data) as never;
    },
  });
}
