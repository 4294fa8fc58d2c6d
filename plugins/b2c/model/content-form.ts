/** Pure rules of the storefront's article and fare-rule forms (no React, no I/O). */
import type { B2cNews, B2cNewsInput, ContentStatus, FareRule, FareRuleInput } from '../../../contract/b2c';
import { AIRLINE_RE } from '../../../contract/b2c-rules';
import { normaliseTags } from '../../../contract/tags';

export interface NewsFormValues {
  title: string;
  summary?: string;
  tags: string[];
  coverUploadId: string | null;
  bodyHtml: string;
  status: ContentStatus;
}

export interface FareRuleFormValues {
  airline: string;
  fareFamily: string;
  title: string;
  bodyHtml: string;
  status: ContentStatus;
}

/** Whether rich text has something to read: text, or at least an image. */
export function hasContent(html: string | undefined | null): boolean {
  if (!html) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0 || /<img\b/i.test(html);
}

export function newsToValues(a: B2cNews | undefined): NewsFormValues {
  if (!a) return { title: '', summary: '', tags: [], coverUploadId: null, bodyHtml: '', status: 'draft' };
  return { title: a.title, summary: a.summary ?? '', tags: a.tags, coverUploadId: a.coverUploadId, bodyHtml: a.bodyHtml, status: a.status };
}

export function valuesToNewsInput(v: NewsFormValues): B2cNewsInput {
  return {
    title: v.title.trim(),
    summary: v.summary?.trim() ? v.summary.trim() : null,
    tags: normaliseTags(v.tags ?? []),
    coverUploadId: v.coverUploadId ?? null,
    bodyHtml: v.bodyHtml,
    status: v.status,
  };
}

export function ruleToValues(r: FareRule | undefined): FareRuleFormValues {
  if (!r) return { airline: '', fareFamily: '', title: '', bodyHtml: '', status: 'draft' };
  return { airline: r.airline, fareFamily: r.fareFamily, title: r.title, bodyHtml: r.bodyHtml, status: r.status };
}

/** An airline designator as typed: trimmed and upper-cased; valid when two letters or digits. */
export function normaliseAirline(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isAirline(raw: string): boolean {
  return AIRLINE_RE.test(normaliseAirline(raw));
}

export function valuesToRuleInput(v: FareRuleFormValues): FareRuleInput {
  return { airline: normaliseAirline(v.airline), fareFamily: v.fareFamily.trim(), title: v.title.trim(), bodyHtml: v.bodyHtml, status: v.status };
}

/** A title proposed from the airline and family, until the writer types their own. */
export function suggestedTitle(airlineName: string | undefined, airline: string, fareFamily: string): string {
  const who = airlineName ?? normaliseAirline(airline);
  return [who, fareFamily.trim()].filter(Boolean).join(' – ');
}
