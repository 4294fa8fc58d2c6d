/**
 * Bank statements and their matching, as pure functions (no I/O):
 *
 * - `parseStatement` reads the CSV export of a Vietnamese bank (Vietcombank's layout: a few heading lines with
 *   the account number, then a header row — date, reference/transaction number, debit, credit, balance,
 *   description — and one row per transaction; Vietnamese or English headings, with or without marks). Rows
 *   that cannot be read are reported with their row number and reason, never guessed.
 * - `matchLines` pairs the credit lines with QR top-ups by the reference in the description and the exact
 *   amount: a top-up is credited by one line at most, a line credits one top-up at most.
 */
import { bankText } from '../../contract/vietqr';
import { REFERENCE_RE, type BadRowReason, type MatchOutcome } from '../../contract/qr';

export interface ParsedLine {
  /** 1-based row of the file. */
  row: number;
  /** yyyy-MM-dd. */
  txnDate: string;
  bankRef: string;
  debit: number;
  credit: number;
  balance: number | null;
  description: string;
}

export interface ParsedStatement {
  accountNo: string | null;
  /** false when no header row with date, credit and description was found. */
  headerFound: boolean;
  lines: ParsedLine[];
  badRows: { row: number; reason: BadRowReason }[];
}

/** The rows of a CSV text (comma or semicolon separated, double quotes, CRLF or LF). */
export function csvRows(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  // the separator the first lines use most (heading lines may have none)
  const head = src.split(/\r?\n/, 20).join('\n');
  const sep = (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const norm = (s: string) => bankText(s).toLowerCase();

const HEADINGS: Record<'date' | 'ref' | 'debit' | 'credit' | 'balance' | 'description', readonly string[]> = {
  date: ['ngay giao dich', 'ngay gd', 'ngay hach toan', 'ngay', 'date', 'transaction date', 'txn date', 'posting date'],
  ref: ['so tham chieu', 'so but toan', 'ma giao dich', 'so giao dich', 'so gd', 'reference', 'reference no', 'ref no', 'transaction no', 'transaction number'],
  debit: ['so tien ghi no', 'ghi no', 'no', 'debit', 'debit amount', 'withdrawal'],
  credit: ['so tien ghi co', 'ghi co', 'co', 'credit', 'credit amount', 'deposit'],
  balance: ['so du', 'balance'],
  description: ['mo ta', 'noi dung', 'noi dung giao dich', 'dien giai', 'chi tiet giao dich', 'description', 'details', 'remark'],
};

type Columns = Partial<Record<keyof typeof HEADINGS, number>>;

function headerOf(cells: string[]): Columns | null {
  const cols: Columns = {};
  cells.forEach((cell, i) => {
    const n = norm(cell);
    for (const [key, names] of Object.entries(HEADINGS) as [keyof typeof HEADINGS, readonly string[]][]) {
      if (cols[key] === undefined && names.includes(n)) cols[key] = i;
    }
  });
  return cols.date !== undefined && cols.credit !== undefined && cols.description !== undefined && cols.ref !== undefined ? cols : null;
}

/** Integer VND of a statement cell: '' is 0; 1,000,000 or 1.000.000 or 1000000 (a trailing VND/đ/,00 allowed); null when unreadable. */
export function amountOf(cell: string): number | null {
  let s = cell.trim().replace(/\s+/g, '').replace(/(VND|VNĐ|đ)$/i, '');
  if (s === '' || s === '-') return 0;
  s = s.replace(/[.,]00$/, '');
  if (/^\d{1,3}([.,]\d{3})+$/.test(s)) return Number(s.replace(/[.,]/g, ''));
  if (/^\d{1,15}$/.test(s)) return Number(s);
  return null;
}

/** yyyy-MM-dd of dd/MM/yyyy or dd-MM-yyyy (a time after it is allowed), null when not a real date. */
export function dateOf(cell: string): string | null {
  const m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(cell.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 2000) return null;
  return date.toISOString().slice(0, 10);
}

const ACCOUNT_RE = /(?:so tai khoan|tai khoan|account number|account no|account)\D{0,5}([A-Za-z0-9]{4,19})/;

export function parseStatement(text: string): ParsedStatement {
  const rows = csvRows(text);
  let accountNo: string | null = null;
  let cols: Columns | null = null;
  const lines: ParsedLine[] = [];
  const badRows: ParsedStatement['badRows'] = [];
  rows.forEach((cells, i) => {
    const row = i + 1;
    if (cells.every((c) => c.trim() === '')) return;
    if (!cols) {
      const header = headerOf(cells);
      if (header) {
        cols = header;
        return;
      }
      const m = ACCOUNT_RE.exec(norm(cells.join(' ')));
      if (m && accountNo === null) accountNo = m[1].toUpperCase();
      return;
    }
    const c = cols;
    const at = (k: keyof Columns) => (c[k] === undefined ? '' : (cells[c[k]!] ?? '').trim());
    const first = norm(cells.find((x) => x.trim() !== '') ?? '');
    // the closing totals of an export
    if (!dateOf(at('date')) && /^(tong|total|cong)/.test(first)) return;
    const needed = Math.max(...Object.values(c).map((v) => v ?? 0));
    if (cells.length <= needed) return void badRows.push({ row, reason: 'columns' });
    const txnDate = dateOf(at('date'));
    if (!txnDate) return void badRows.push({ row, reason: 'date' });
    const debit = amountOf(at('debit'));
    const credit = amountOf(at('credit'));
    const balance = c.balance === undefined || at('balance') === '' ? null : amountOf(at('balance'));
    if (debit === null || credit === null || (c.balance !== undefined && at('balance') !== '' && balance === null)) return void badRows.push({ row, reason: 'amount' });
    if (debit > 0 && credit > 0) return void badRows.push({ row, reason: 'bothSides' });
    if (debit === 0 && credit === 0) return void badRows.push({ row, reason: 'amount' });
    const bankRef = at('ref');
    if (!/^[A-Za-z0-9./_-]{1,40}$/.test(bankRef)) return void badRows.push({ row, reason: 'reference' });
    lines.push({ row, txnDate, bankRef, debit, credit, balance, description: at('description').slice(0, 500) });
  });
  return { accountNo, headerFound: cols !== null, lines, badRows };
}

/** Top-up references in a transfer description: banks drop marks, change case and split words, so letters and digits only are read. */
export function referencesIn(description: string): string[] {
  const flat = bankText(description).toUpperCase().replace(/[^A-Z0-9]/g, '');
  const found: string[] = [];
  for (let i = flat.indexOf('NAP'); i >= 0; i = flat.indexOf('NAP', i + 1)) {
    const candidate = flat.slice(i, i + 11);
    if (new RegExp(`^${REFERENCE_RE.source}$`).test(candidate) && !found.includes(candidate)) found.push(candidate);
  }
  return found;
}

export interface MatchLine {
  id: number;
  debit: number;
  credit: number;
  description: string;
  /** The top-up this line already credited. */
  topUpRequestId: number | null;
}

export interface MatchTopUp {
  topUpRequestId: number;
  reference: string;
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
}

export interface LineMatch {
  lineId: number;
  outcome: MatchOutcome;
  topUpRequestId: number | null;
  reference: string | null;
}

/**
 * How every line matches, in the order given (oldest first): a line that credited a top-up is `matched`; a
 * credit line whose description names a pending top-up of exactly its amount that no earlier line claims is
 * a `match`; the rest say why not.
 */
export function matchLines(lines: readonly MatchLine[], topUps: readonly MatchTopUp[]): LineMatch[] {
  const byRef = new Map(topUps.map((t) => [t.reference, t]));
  const claimed = new Set(lines.map((l) => l.topUpRequestId).filter((id): id is number => id !== null));
  return lines.map((line): LineMatch => {
    if (line.topUpRequestId !== null) {
      const t = topUps.find((x) => x.topUpRequestId === line.topUpRequestId);
      return { lineId: line.id, outcome: 'matched', topUpRequestId: line.topUpRequestId, reference: t?.reference ?? null };
    }
    if (line.credit <= 0) return { lineId: line.id, outcome: 'debit', topUpRequestId: null, reference: null };
    const refs = referencesIn(line.description);
    if (refs.length === 0) return { lineId: line.id, outcome: 'noReference', topUpRequestId: null, reference: null };
    const t = refs.map((r) => byRef.get(r)).find((x) => x !== undefined);
    if (!t) return { lineId: line.id, outcome: 'unknownReference', topUpRequestId: null, reference: refs[0] };
    const base = { lineId: line.id, topUpRequestId: t.topUpRequestId, reference: t.reference };
    if (claimed.has(t.topUpRequestId)) return { ...base, outcome: 'duplicate' };
    if (t.status === 'approved') return { ...base, outcome: 'alreadyCredited' };
    if (t.status === 'rejected') return { ...base, outcome: 'rejected' };
    if (line.credit !== t.amount) return { ...base, outcome: 'amountMismatch' };
    claimed.add(t.topUpRequestId);
    return { ...base, outcome: 'match' };
  });
}
