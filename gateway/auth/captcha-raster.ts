/**
 * The captcha as a raster (issue 18 item 12). svg-captcha's SVG carried one <path> per glyph: the font's own
 * outline, only moved, so a program read 10 of 10 from the path data alone. Here the glyph outlines of
 * svg-captcha are only an intermediate: each glyph is rotated and scaled at random, the whole picture is
 * warped by two random sine waves, crossed by noise curves in the glyphs' colours and sprinkled with dots,
 * then sampled into pixels and sent as a PNG inside an <svg><image/></svg> (the portal shows it unchanged).
 * No path, font outline or text of the answer is left in what the client gets.
 */
import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

export const CAPTCHA_WIDTH = 150;
export const CAPTCHA_HEIGHT = 50;
/** Samples per pixel side (anti-aliasing). */
const SS = 2;

type Point = [number, number];
interface Glyph {
  /** Closed polygons (flattened outline), in picture coordinates. */
  polygons: Point[][];
  box: [number, number, number, number];
  colour: [number, number, number];
}

const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);

/** Polygons of an SVG path's data (absolute M, L, Q, C, Z, as opentype.js writes them). */
export function polygonsOfPathData(d: string): Point[][] {
  const tokens = d.match(/[MLQCZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let cmd = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  let last: Point = [0, 0];
  while (i < tokens.length) {
    if (/^[MLQCZ]$/i.test(tokens[i])) cmd = tokens[i++].toUpperCase();
    if (cmd === 'M') {
      if (current.length > 2) polygons.push(current);
      last = [num(), num()];
      current = [last];
      cmd = 'L';
    } else if (cmd === 'L') {
      last = [num(), num()];
      current.push(last);
    } else if (cmd === 'Q') {
      const c: Point = [num(), num()];
      const e: Point = [num(), num()];
      for (let s = 1; s <= 6; s += 1) {
        const t = s / 6;
        current.push([(1 - t) ** 2 * last[0] + 2 * (1 - t) * t * c[0] + t * t * e[0], (1 - t) ** 2 * last[1] + 2 * (1 - t) * t * c[1] + t * t * e[1]]);
      }
      last = e;
    } else if (cmd === 'C') {
      const c1: Point = [num(), num()];
      const c2: Point = [num(), num()];
      const e: Point = [num(), num()];
      for (let s = 1; s <= 8; s += 1) {
        const t = s / 8;
        const u = 1 - t;
        current.push([
          u ** 3 * last[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t ** 3 * e[0],
          u ** 3 * last[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t ** 3 * e[1],
        ]);
      }
      last = e;
    } else if (cmd === 'Z') {
      if (current.length > 2) polygons.push(current);
      current = [];
    } else {
      i += 1; // not ours: skip
    }
  }
  if (current.length > 2) polygons.push(current);
  return polygons;
}

/** Resolution of the glyph mask, in cells per pixel side. */
const MASK_RES = 3;

/**
 * Fills the glyphs into a mask (glyph index + 1 per cell, 0 for none) by scanlines with the nonzero rule: per
 * row, the crossings of every edge, sorted, walked with their winding.
 */
function glyphMask(glyphs: readonly Glyph[], width: number, height: number): Uint8Array {
  const mw = width * MASK_RES;
  const mh = height * MASK_RES;
  const mask = new Uint8Array(mw * mh);
  glyphs.forEach((g, gi) => {
    const edges: number[] = [];
    for (const poly of g.polygons) {
      for (let k = 0, j = poly.length - 1; k < poly.length; j = k++) edges.push(poly[j][0], poly[j][1], poly[k][0], poly[k][1]);
    }
    const rowFrom = Math.max(0, Math.floor(g.box[1] * MASK_RES));
    const rowTo = Math.min(mh - 1, Math.ceil(g.box[3] * MASK_RES));
    const crossings: [number, number][] = [];
    for (let row = rowFrom; row <= rowTo; row += 1) {
      const y = (row + 0.5) / MASK_RES;
      crossings.length = 0;
      for (let e = 0; e < edges.length; e += 4) {
        const y1 = edges[e + 1];
        const y2 = edges[e + 3];
        if ((y1 <= y && y2 > y) || (y2 <= y && y1 > y)) {
          const x = edges[e] + ((y - y1) / (y2 - y1)) * (edges[e + 2] - edges[e]);
          crossings.push([x, y2 > y1 ? 1 : -1]);
        }
      }
      crossings.sort((p, q) => p[0] - q[0]);
      let winding = 0;
      for (let c = 0; c < crossings.length - 1; c += 1) {
        winding += crossings[c][1];
        if (winding === 0) continue;
        const from = Math.max(0, Math.ceil(crossings[c][0] * MASK_RES - 0.5));
        const to = Math.min(mw - 1, Math.floor(crossings[c + 1][0] * MASK_RES - 0.5));
        for (let col = from; col <= to; col += 1) mask[row * mw + col] = gi + 1;
      }
    }
  });
  return mask;
}

function boxOf(polygons: Point[][]): [number, number, number, number] {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const p of polygons) for (const [x, y] of p) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  return [x0, y0, x1, y1];
}

/** Rotates and scales a glyph about its centre, at random. */
function distort(polygons: Point[][]): Point[][] {
  const [x0, y0, x1, y1] = boxOf(polygons);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const a = rnd(-0.3, 0.3);
  const sx = rnd(0.85, 1.15);
  const sy = rnd(0.85, 1.15);
  const shear = rnd(-0.2, 0.2);
  const dy = rnd(-3, 3);
  return polygons.map((poly) =>
    poly.map(([x, y]) => {
      const u = (x - cx) * sx + (y - cy) * shear;
      const v = (y - cy) * sy;
      return [cx + u * Math.cos(a) - v * Math.sin(a), cy + dy + u * Math.sin(a) + v * Math.cos(a)] as Point;
    }),
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes). */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The raster of a captcha whose glyph outlines are the `d` attributes of `glyphPaths` (svg-captcha's paths,
 * drawn without noise): distorted, warped, noised, as PNG bytes.
 */
export function rasterCaptcha(glyphPaths: readonly string[]): Buffer {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const dark = (): [number, number, number] => [randomInt(10, 110), randomInt(10, 110), randomInt(10, 110)];
  const glyphs: Glyph[] = glyphPaths.map((d) => {
    const polygons = distort(polygonsOfPathData(d));
    return { polygons, box: boxOf(polygons), colour: dark() };
  });
  // noise curves: sine-ish strokes across the picture, in glyph-like colours
  const curves = Array.from({ length: randomInt(2, 4) }, () => ({
    y0: rnd(8, H - 8),
    amp: rnd(3, 10),
    period: rnd(30, 90),
    phase: rnd(0, Math.PI * 2),
    slope: rnd(-0.2, 0.2),
    width: rnd(0.35, 0.7),
    colour: dark(),
  }));
  // the warp of the whole picture
  const wx = { amp: rnd(1, 2.2), period: rnd(22, 34), phase: rnd(0, Math.PI * 2) };
  const wy = { amp: rnd(1, 2.5), period: rnd(28, 48), phase: rnd(0, Math.PI * 2) };
  const bg: [number, number, number] = [randomInt(225, 250), randomInt(225, 250), randomInt(225, 250)];
  const mask = glyphMask(glyphs, W, H);
  const rgb = new Uint8Array(W * H * 3);
  for (let py = 0; py < H; py += 1) {
    for (let px = 0; px < W; px += 1) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < SS; sy += 1) {
        for (let sx = 0; sx < SS; sx += 1) {
          const x = px + (sx + 0.5) / SS;
          const y = py + (sy + 0.5) / SS;
          // where this sample comes from in the unwarped picture
          const ux = x + wx.amp * Math.sin((2 * Math.PI * y) / wx.period + wx.phase);
          const uy = y + wy.amp * Math.sin((2 * Math.PI * x) / wy.period + wy.phase);
          const mx = Math.floor(ux * MASK_RES);
          const my = Math.floor(uy * MASK_RES);
          const cell = mx >= 0 && my >= 0 && mx < W * MASK_RES && my < H * MASK_RES ? mask[my * W * MASK_RES + mx] : 0;
          let colour = cell ? glyphs[cell - 1].colour : bg;
          for (const c of curves) {
            const cy = c.y0 + c.slope * ux + c.amp * Math.sin((2 * Math.PI * ux) / c.period + c.phase);
            if (Math.abs(uy - cy) < c.width) colour = c.colour;
          }
          acc[0] += colour[0];
          acc[1] += colour[1];
          acc[2] += colour[2];
        }
      }
      const o = (py * W + px) * 3;
      // pixel noise (needs no cryptographic randomness: the shapes above are drawn with it)
      const speck = Math.random() < 0.03 ? -Math.floor(40 + Math.random() * 80) : Math.floor(Math.random() * 17) - 8;
      for (let k = 0; k < 3; k += 1) rgb[o + k] = Math.max(0, Math.min(255, Math.round(acc[k] / (SS * SS)) + speck));
    }
  }
  return encodePng(W, H, rgb);
}

/** The SVG the portal shows: the raster only. */
export function svgOfRaster(png: Buffer): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">` +
    `<image width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" href="data:image/png;base64,${png.toString('base64')}"/></svg>`
  );
}
