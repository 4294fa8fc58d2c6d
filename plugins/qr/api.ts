/** The QR plugin's side of the data provider (contract/qr.ts): resource names and metas. */
import { QR_API } from '../../contract/qr';

export const RESOURCES = { topUps: 'qr-topups', accounts: 'qr-accounts', lines: 'statement-lines' } as const;
export const TOPUPS_META = { path: QR_API.topUps };
export const ACCOUNTS_META = { path: QR_API.accounts };
export const LINES_META = { path: QR_API.lines };
/** A command whose outcome the screen shows itself. */
export const COMMAND = { silent: true } as const;
export const QUIET = { overlay: false, silent: true } as const;


/** The reason a refused call gives (data.reason of the gateway's error), if any. */
export function reasonOf(e: unknown): string | null {
  const reason = (e as { data?: { reason?: unknown } } | null)?.data?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** Reasons the QR screens explain in their own words (qr.errors.<reason>). */
export const EXPLAINED = ['qrAccount', 'statementLayout', 'statementAccount', 'statementAccountNotOwned', 'amountMismatch', 'duplicate', 'alreadyCredited', 'rejected', 'noReference', 'unknownReference', 'debit', 'badExtension', 'tooLarge'] as const;
