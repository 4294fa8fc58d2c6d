/** Reading the text of the PDFs the gateway prints (tests only). */
import { inflateSync } from 'node:zlib';

/** The text a PDF shows: every content stream decoded through its fonts' ToUnicode maps. */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: Buffer | null }>();
  for (const m of src.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2];
    const s = body.indexOf('stream');
    let stream: Buffer | null = null;
    let dict = body;
    if (s >= 0) {
      dict = body.slice(0, s);
      const start = m.index + m[0].indexOf(body) + s + 'stream'.length + (body[s + 6] === '\r' ? 2 : 1);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(start, start + length);
      stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const cmapOf = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const f of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(f[2]));
      const ref = font && /\/ToUnicode (\d+) 0 R/.exec(font.dict);
      const cmap = ref ? objects.get(Number(ref[1]))?.stream?.toString('latin1') : undefined;
      if (!cmap) continue;
      const map = new Map<number, string>();
      for (const r of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
        const lo = parseInt(r[1], 16);
        [...r[3].matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => map.set(lo + i, String.fromCodePoint(parseInt(u[1], 16))));
      }
      cmapOf.set(f[1], map);
    }
  }
  let text = '';
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Type \/|Subtype|CIDInit/.test(dict + stream.subarray(0, 40).toString('latin1'))) continue;
    let font: Map<number, string> | undefined;
    for (const t of stream.toString('latin1').matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ|\n(ET)/g)) {
      if (t[1]) font = cmapOf.get(t[1]);
      else if (t[3]) text += '\n';
      else if (font) {
        for (const h of t[2].matchAll(/<([0-9a-f]+)>/gi)) {
          for (let i = 0; i < h[1].length; i += 4) text += font.get(parseInt(h[1].slice(i, i + 4), 16)) ?? '\uFFFD';
        }
      }
    }
  }
  return text;
}
