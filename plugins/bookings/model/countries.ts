/**
 * Countries of the passport block (nationality, issuing country): ISO 3166-1 alpha-3 codes with their names in
 * Vietnamese and English from i18n-iso-countries, and the search of the country select (name or code, accents
 * and case ignored). Default VNM (spec point 9).
 */
import { alpha2ToAlpha3 } from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import vi from 'i18n-iso-countries/langs/vi.json';

export interface CountryOption {
  /** alpha-3 */
  value: string;
  label: string;
  /** Every name it is known by, folded for search (both languages and the code). */
  search: string;
}

type Names = Record<string, string | string[]>;

const NAMES: Record<'vi' | 'en', Names> = { vi: vi.countries as Names, en: en.countries as Names };

/** Lower case without accents (đ → d): "Việt Nam" → "viet nam". */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
}

const first = (n: string | string[] | undefined): string => (Array.isArray(n) ? n[0] : (n ?? ''));
/** Every name of a country (some have several: ["Hợp chủng quốc Hoa Kỳ", "Mỹ"]). */
const all = (n: string | string[] | undefined): string[] => (Array.isArray(n) ? n : n ? [n] : []);

const cache = new Map<string, CountryOption[]>();

/** Options sorted by name in the language (vi for anything but en). */
export function countryOptions(lang: string): CountryOption[] {
  const l = lang.startsWith('en') ? 'en' : 'vi';
  const hit = cache.get(l);
  if (hit) return hit;
  const out: CountryOption[] = [];
  for (const alpha2 of Object.keys(NAMES.en)) {
    const code = alpha2ToAlpha3(alpha2);
    if (!code) continue;
    const name = first(NAMES[l][alpha2]) || first(NAMES.en[alpha2]);
    out.push({ value: code, label: `${name} (${code})`, search: fold([code, ...all(NAMES.vi[alpha2]), ...all(NAMES.en[alpha2])].join(' ')) });
  }
  out.sort((a, b) => a.label.localeCompare(b.label, l));
  cache.set(l, out);
  return out;
}

/** Whether an option matches what was typed. */
export function countryMatches(input: string, option: Pick<CountryOption, 'search'> | undefined): boolean {
  const q = fold(input.trim());
  return !q || !!option?.search.includes(q);
}

export function countryName(code: string, lang: string): string {
  return countryOptions(lang).find((o) => o.value === code)?.label ?? code;
}
