/**
 * A ledger entry's description in the UI's language. The gateway writes the entries it makes itself (issue,
 * void, refund, their reversals, the opening balance) in both languages, "Vietnamese / English"; an entry
 * written by a person (a top-up's bank reference) is shown as written.
 */
const SEPARATOR = ' / ';

export function entryDescription(reference: string, language: 'vi' | 'en'): string {
  const first = reference.indexOf(SEPARATOR);
  // exactly one separator: a bilingual text
  if (first <= 0 || reference.indexOf(SEPARATOR, first + 1) !== -1) return reference;
  const vi = reference.slice(0, first).trim();
  const en = reference.slice(first + SEPARATOR.length).trim();
  if (!vi || !en) return reference;
  return language === 'en' ? en : vi;
}
