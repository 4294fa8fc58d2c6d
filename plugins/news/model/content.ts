/** Pure rules of the news plugin: banner links, tag lists, publish windows. No React, no I/O. */
/** http or https only (banner links); shared with the rich-text editor's links. */
export { isHttpUrl } from '../../../contract/validators';

/** Tags as the gateway keeps them (one rule for both sides). */
export { normaliseTags } from '../../../contract/tags';

/** The window is valid when either end is open or it ends after it starts. */
export function isValidWindow(from: string | null | undefined, to: string | null | undefined): boolean {
  if (!from || !to) return true;
  return Date.parse(to) > Date.parse(from);
}

export type NewsState = 'draft' | 'scheduled' | 'live' | 'expired';

/** Where an article stands for readers right now. */
export function newsState(a: { status: string; publishFrom: string | null; publishTo: string | null }, now = Date.now()): NewsState {
  if (a.status !== 'published') return 'draft';
  if (a.publishFrom && Date.parse(a.publishFrom) > now) return 'scheduled';
  if (a.publishTo && Date.parse(a.publishTo) <= now) return 'expired';
  return 'live';
}
