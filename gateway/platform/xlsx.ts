/**
 * Streamed xlsx downloads (the accounting reports, the desk's reminder list): exceljs's streaming
 * WorkbookWriter over the answer's stream, each row committed as it is written and the writer waiting for the
 * reader when the answer's buffer is full, so memory holds one batch whatever the sheet's size.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The number format of integer VND amounts and counts. */
export const XLSX_MONEY_FORMAT = '#,##0';

export type XlsxCell = string | number | null;

export interface XlsxColumn {
  key: string;
  header: string;
  width: number;
  numFmt?: string;
}

export interface XlsxSheet {
  /** Writes and commits one row; resolves once the answer can take more. */
  row(values: readonly XlsxCell[], options?: { bold?: boolean }): Promise<void>;
}

/** An instant as Vietnam local time (UTC+7), `YYYY-MM-DD HH:mm:ss`. */
export const xlsxVietnamTime = (iso: string) => new Date(Date.parse(iso) + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** One sheet (bold frozen header row) written into `out`, which is ended when `fill` is done. */
export async function writeXlsx(out: Writable, title: string, columns: readonly XlsxColumn[], fill: (sheet: XlsxSheet) => Promise<void>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = workbook.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ key: c.key, header: c.header, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  await fill({
    async row(values, options) {
      const r = ws.addRow([...values]);
      if (options?.bold) r.font = { bold: true };
      r.commit();
      // wait for the reader when the answer's buffer is full: what is written is not held in memory
      if (out.writableNeedDrain) await once(out, 'drain');
    },
  });
  ws.commit();
  await workbook.commit();
}

/** The stream an endpoint answers with, written in the background; a failure midway ends the download cut short. */
export function xlsxStream(write: (out: Writable) => Promise<unknown>, onError: (e: unknown) => void): PassThrough {
  const out = new PassThrough();
  write(out).catch((e: unknown) => {
    onError(e);
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return out;
}
