/**
 * edit/refund-ticket/:id: the refund quote per passenger grouped by PNR (one refund request per PNR), which
 * lines can be chosen (not refunded yet) and what a choice credits to the deposit.
 */
import type { RefundQuoteLine } from '../../../contract/bookings';

export interface RefundGroup {
  pnr: string;
  lines: RefundQuoteLine[];
}

export function groupByPnr(lines: readonly RefundQuoteLine[]): RefundGroup[] {
  const groups: RefundGroup[] = [];
  for (const line of lines) {
    const g = groups.find((x) => x.pnr === line.pnr);
    if (g) g.lines.push(line);
    else groups.push({ pnr: line.pnr, lines: [line] });
  }
  return groups;
}

export function canChoose(line: RefundQuoteLine): boolean {
  return !line.refunded;
}

/** The passengers of a PNR actually refunded by a choice (refunded lines and unknown ids dropped) and the credit. */
export function refundSelection(group: RefundGroup, chosen: readonly number[]): { paxIds: number[]; credit: number; penalty: number } {
  const picked = group.lines.filter((l) => canChoose(l) && chosen.includes(l.paxId));
  return {
    paxIds: picked.map((l) => l.paxId),
    credit: picked.reduce((s, l) => s + l.refundable, 0),
    penalty: picked.reduce((s, l) => s + l.penalty, 0),
  };
}
