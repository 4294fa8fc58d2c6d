/**
 * The browser build's `buffer` for casbin (scripts/casbin-browser.ts resolves casbin's import of it here, and points
 * casbin's two uses of the global `Buffer` at it): casbin reads the model text through `Buffer.from(text).toString()`
 * (Config.newConfigFromText, parseBuffer), and its ipMatch helper allocates with `new Buffer(n)` and reads with index
 * access, `slice`, `readUInt16BE` and `toString('hex')`. That subset, on a Uint8Array, instead of the whole polyfill.
 */
class Bytes extends Uint8Array {
  readUInt16BE(offset: number): number {
    if (offset < 0 || offset + 2 > this.length) throw new RangeError('offset out of range');
    return (this[offset] << 8) | this[offset + 1];
  }

  override toString(encoding?: string): string {
    if (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') return new TextDecoder().decode(this);
    if (encoding === 'hex') return Array.from(this, (b) => b.toString(16).padStart(2, '0')).join('');
    throw new Error(`Buffer.toString('${encoding}') is not available in the portal's casbin build`);
  }
}

/** A string's UTF-8 bytes (Node's default encoding), or a copy of bytes. */
function from(value: string | ArrayLike<number>): Bytes {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : Uint8Array.from(value);
  const out = new Bytes(bytes.length);
  out.set(bytes);
  return out;
}

function isBuffer(value: unknown): value is Bytes {
  return value instanceof Bytes;
}

export const Buffer = Object.assign(Bytes, { from, isBuffer });
export type Buffer = Bytes;
