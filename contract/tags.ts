/** Tags of rich-text articles (news, storefront news): the one rule both the portal and the gateway apply. */

/** Tags as they are kept: trimmed, lower-cased, no duplicates, at most 10 of at most 40 characters. */
export function normaliseTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase().slice(0, 40);
    if (tag && !out.includes(tag)) out.push(tag);
  }
  return out.slice(0, 10);
}
