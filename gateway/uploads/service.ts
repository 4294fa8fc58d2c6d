/**
 * Uploads: an image or file sent inside the normal encrypted envelope as base64, checked by size and
 * extension (spec point 5, contract/validators.ts checkUpload) and BY CONTENT (the magic bytes must be those
 * of the extension), stored in the uploads table (bytea). Served at GET /api/uploads/{id} without a token
 * (the id is a random UUID, so news and banner images load in <img>), with its own Content-Type, nosniff,
 * a sandboxing Content-Security-Policy and long caching (an id's bytes never change). SVG is accepted only
 * as a file and always served as an attachment under that CSP, so a script inside it never runs.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ADMIN_API } from '../../contract/admin-paths';
import type { UploadRequest, UploadResult } from '../../contract/content';
import { ErrorCode } from '../../contract/errors';
import { checkUpload } from '../../contract/validators';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { uploads } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';

export const uploadUrl = (id: string) => ADMIN_API.upload.replace(':id', id);

const startsWith = (buf: Buffer, bytes: number[] | string) =>
  typeof bytes === 'string' ? buf.subarray(0, bytes.length).toString('latin1') === bytes : bytes.every((b, i) => buf[i] === b);

const isZip = (b: Buffer) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]);
const isOle = (b: Buffer) => startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const zipHas = (b: Buffer, prefix: string) => b.includes(Buffer.from(prefix, 'latin1'));

/** An SVG document: UTF-8 text without NUL whose root element is <svg> (after an XML declaration, comments or a doctype). */
function isSvg(b: Buffer): boolean {
  if (b.includes(0)) return false;
  const head = b.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}

/** Extension → its content type and the check of its bytes. */
const TYPES: Record<string, { type: string; matches: (b: Buffer) => boolean }> = {
  jpg: { type: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  jpeg: { type: 'image/jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  png: { type: 'image/png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { type: 'image/gif', matches: (b) => startsWith(b, 'GIF87a') || startsWith(b, 'GIF89a') },
  pdf: { type: 'application/pdf', matches: (b) => startsWith(b, '%PDF-') },
  svg: { type: 'image/svg+xml', matches: isSvg },
  doc: { type: 'application/msword', matches: isOle },
  xls: { type: 'application/vnd.ms-excel', matches: isOle },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', matches: (b) => isZip(b) && zipHas(b, 'word/') },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: (b) => isZip(b) && zipHas(b, 'xl/') },
};

export type UploadRefusal = 'tooLarge' | 'badExtension' | 'empty' | 'badContent';

/** Pure check of a decoded upload: the content type to store, or why it is refused. */
export function inspectUpload(fileName: string, bytes: Buffer, kind: 'image' | 'file'): { contentType: string } | { refused: UploadRefusal } {
  const problem = checkUpload({ name: fileName, size: bytes.length }, kind);
  if (problem) return { refused: problem };
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const t = TYPES[ext];
  if (!t) return { refused: 'badExtension' };
  if (!t.matches(bytes)) return { refused: 'badContent' };
  return { contentType: t.type };
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

export async function storeUpload(db: Db, ctx: UserContext, input: UploadRequest, meta: RequestMeta): Promise<UploadResult> {
  const clean = input.contentBase64.replace(/\s+/g, '');
  if (!BASE64_RE.test(clean) || clean.length % 4 === 1) throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: 'badContent' });
  const bytes = Buffer.from(clean, 'base64');
  const verdict = inspectUpload(input.fileName, bytes, input.kind);
  if ('refused' in verdict) throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: verdict.refused });
  const id = randomUUID();
  // Path separators, quotes and control characters never reach a Content-Disposition header.
  const fileName = [...input.fileName].map((c) => (c.charCodeAt(0) < 0x20 || c === '/' || c === '\\' || c === '"' ? '_' : c)).join('');
  await db.transaction(async (tx) => {
    await tx.insert(uploads).values({
      id,
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      kind: input.kind,
      fileName,
      contentType: verdict.contentType,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      data: bytes,
    });
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'upload.created', target: id, detail: { fileName, size: bytes.length, contentType: verdict.contentType } }, meta);
  });
  return { id, url: uploadUrl(id), fileName, contentType: verdict.contentType, size: bytes.length, kind: input.kind };
}

/** An image upload of the agency (404 otherwise). */
export async function assertOwnImage(conn: Conn, agencyId: number, uploadId: string): Promise<void> {
  const [row] = await conn
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.agencyId, agencyId), eq(uploads.kind, 'image')));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'upload' });
}
