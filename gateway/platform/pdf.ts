/**
 * An A4 PDF document for the gateway's printed papers (flight tickets, train tickets): pdfkit with DejaVu Sans
 * registered as 'body' and 'bold' (it carries every Vietnamese glyph), the text area's left edge and width, and
 * the bytes once the caller ends the document.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface A4Pdf {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** Resolves with the PDF bytes after doc.end(). */
  done: Promise<Buffer>;
}

export function openA4Pdf(info: { Title: string; Author: string; Subject: string }, compress = true): A4Pdf {
  const doc = new PDFDocument({ size: 'A4', margin: 40, compress, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const left = doc.page.margins.left;
  return { doc, left, width: doc.page.width - left - doc.page.margins.right, done };
}
