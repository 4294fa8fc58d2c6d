/** Pure rules of the desk screens. */
import type { SupportStatus } from '../../../contract/desk';

export type Urgency = 'critical' | 'warning' | 'normal' | 'none';

/** How urgent a hold is by the minutes left before its time limit: the reminder thresholds (2 h critical, 12 h warning). */
export function urgency(minutesLeft: number | null): Urgency {
  if (minutesLeft === null) return 'none';
  if (minutesLeft <= 120) return 'critical';
  if (minutesLeft <= 720) return 'warning';
  return 'normal';
}

/** Minutes left as whole hours and minutes (nothing below zero). */
export function splitMinutes(minutesLeft: number): { hours: number; minutes: number } {
  const m = Math.max(0, Math.floor(minutesLeft));
  return { hours: Math.floor(m / 60), minutes: m % 60 };
}

export type ReplyMode = 'closed' | 'provider' | 'agent';

/**
 * How the caller writes in a request's thread: nothing once closed; as the provider when the gateway says it
 * answers this request and the answer action is allowed; otherwise as the requester's side.
 */
export function replyMode(status: SupportStatus, callerIsProvider: boolean, canAnswer: boolean): ReplyMode {
  if (status === 'closed') return 'closed';
  return callerIsProvider && canAnswer ? 'provider' : 'agent';
}

export const STATUS_COLORS: Record<SupportStatus, string> = { open: 'gold', answered: 'green', closed: 'default' };
export const URGENCY_COLORS: Record<Urgency, string> = { critical: 'red', warning: 'orange', normal: 'blue', none: 'default' };
