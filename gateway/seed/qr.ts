/** Demo QR account: SAOVIET-HN tops up by VietQR to SAOVIET's Vietcombank account (idempotent). */
import type { Tx } from '../platform/db/client';
import { qrAccounts } from '../platform/db/schema';

export const DEMO_QR_ACCOUNTS = [{ agency: 'SAOVIET-HN', owner: 'SAOVIET', bankBin: '970436', accountNo: '0071001234567', accountName: 'CONG TY TNHH DU LICH SAO VIET' }] as const;

export async function seedQrAccounts(tx: Tx, agencyIds: ReadonlyMap<string, number>): Promise<number> {
  let n = 0;
  for (const a of DEMO_QR_ACCOUNTS) {
    const agencyId = agencyIds.get(a.agency);
    const ownerAgencyId = agencyIds.get(a.owner);
    if (agencyId === undefined || ownerAgencyId === undefined) continue;
    const rows = await tx
      .insert(qrAccounts)
      .values({ agencyId, ownerAgencyId, bankBin: a.bankBin, accountNo: a.accountNo, accountName: a.accountName })
      .onConflictDoNothing()
      .returning({ id: qrAccounts.agencyId });
    n += rows.length;
  }
  return n;
}
