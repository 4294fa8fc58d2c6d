/** Small real PNG images drawn in code for the demo banners and news covers (no binary files in the repository). */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Conn } from '../platform/db/client';
import { uploads } from '../platform/db/schema';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/** A horizontal gradient from `left` to `right`, as an RGB PNG. */
export function gradientPng(width: number, height: number, left: Rgb, right: Rgb): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) {
    const t = width === 1 ? 0 : x / (width - 1);
    for (let c = 0; c < 3; c += 1) row[1 + x * 3 + c] = Math.round(left[c] + (right[c] - left[c]) * t);
  }
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Stores a demo image as an upload of the agency under its fixed id (idempotent). */
export async function storeDemoImage(conn: Conn, agencyId: number, img: { id: string; fileName: string; png: () => Buffer }): Promise<void> {
  const data = img.png();
  await conn
    .insert(uploads)
    .values({ id: img.id, agencyId, userId: null, kind: 'image', fileName: img.fileName, contentType: 'image/png', size: data.length, sha256: createHash('sha256').update(data).digest('hex'), data })
    .onConflictDoNothing({ target: uploads.id });
}
