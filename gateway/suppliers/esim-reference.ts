/**
 * eSIM reference data, shared by every eSIM supplier and the eSIM module: the destinations sold (ISO 3166-1
 * alpha-2, with Vietnamese and English names from i18n-iso-countries plus the names agents type), their
 * region (Asia, Europe; the rest only in global packages' region), the mobile networks per country, and the
 * device families known to support eSIM. Not the simulator's: a real partner's packages name the same codes.
 */
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import vi from 'i18n-iso-countries/langs/vi.json' with { type: 'json' };
import type { EsimRegion } from '../../contract/esim';
import type { Language } from './types';

countries.registerLocale(en);
countries.registerLocale(vi);

export interface EsimDestination {
  code: string;
  region: EsimRegion;
  /** Mobile networks the packages roam on. */
  networks: string[];
  /** Shorter or usual names (both languages), searched too. */
  aliases?: string[];
  /** Names that read better than the ISO ones. */
  vi?: string;
  en?: string;
}

export const ESIM_DESTINATIONS: readonly EsimDestination[] = [
  { code: 'JP', region: 'asia', networks: ['NTT Docomo', 'SoftBank', 'KDDI au'] },
  { code: 'KR', region: 'asia', networks: ['SK Telecom', 'KT', 'LG U+'], aliases: ['Hàn', 'Korea'] },
  { code: 'TH', region: 'asia', networks: ['AIS', 'TrueMove H', 'dtac'] },
  { code: 'SG', region: 'asia', networks: ['Singtel', 'StarHub', 'M1'] },
  { code: 'MY', region: 'asia', networks: ['Maxis', 'CelcomDigi', 'U Mobile'], vi: 'Malaysia' },
  { code: 'ID', region: 'asia', networks: ['Telkomsel', 'Indosat Ooredoo', 'XL Axiata'], aliases: ['Bali'] },
  { code: 'PH', region: 'asia', networks: ['Globe', 'Smart'] },
  { code: 'TW', region: 'asia', networks: ['Chunghwa Telecom', 'Taiwan Mobile', 'FarEasTone'] },
  { code: 'HK', region: 'asia', networks: ['CSL', 'SmarTone', '3 Hong Kong'] },
  { code: 'CN', region: 'asia', networks: ['China Unicom', 'China Mobile'], en: 'China', aliases: ['Trung'] },
  { code: 'KH', region: 'asia', networks: ['Smart Axiata', 'Cellcard', 'Metfone'] },
  { code: 'LA', region: 'asia', networks: ['Unitel', 'Lao Telecom'], vi: 'Lào', en: 'Laos' },
  { code: 'IN', region: 'asia', networks: ['Airtel', 'Jio'] },
  { code: 'AE', region: 'asia', networks: ['Etisalat', 'du'], vi: 'Các Tiểu vương quốc Ả Rập Thống nhất (UAE)', aliases: ['UAE', 'Dubai'] },
  { code: 'FR', region: 'europe', networks: ['Orange', 'SFR', 'Bouygues Telecom'] },
  { code: 'DE', region: 'europe', networks: ['Telekom', 'Vodafone', 'O2'] },
  { code: 'IT', region: 'europe', networks: ['TIM', 'Vodafone', 'WindTre'] },
  { code: 'ES', region: 'europe', networks: ['Movistar', 'Vodafone', 'Orange'] },
  { code: 'GB', region: 'europe', networks: ['EE', 'Vodafone', 'O2', 'Three'], vi: 'Vương quốc Anh', en: 'United Kingdom', aliases: ['Anh', 'UK', 'England'] },
  { code: 'NL', region: 'europe', networks: ['KPN', 'Vodafone', 'Odido'] },
  { code: 'CH', region: 'europe', networks: ['Swisscom', 'Sunrise', 'Salt'] },
  { code: 'TR', region: 'europe', networks: ['Turkcell', 'Vodafone'], en: 'Turkey', aliases: ['Türkiye'] },
  { code: 'US', region: 'global', networks: ['AT&T', 'T-Mobile'], vi: 'Hoa Kỳ (Mỹ)', en: 'United States', aliases: ['Mỹ', 'USA', 'America'] },
  { code: 'CA', region: 'global', networks: ['Rogers', 'Bell', 'Telus'] },
  { code: 'AU', region: 'global', networks: ['Telstra', 'Optus', 'Vodafone'], vi: 'Úc (Australia)' },
];

const BY_CODE = new Map(ESIM_DESTINATIONS.map((d) => [d.code, d]));

export function esimDestination(code: string): EsimDestination | undefined {
  return BY_CODE.get(code);
}

/** The name of a destination in a language. */
export function destinationName(code: string, lang: Language): string {
  const d = BY_CODE.get(code);
  return (lang === 'vi' ? d?.vi : d?.en) ?? countries.getName(code, lang) ?? code;
}

/** Every name a destination is searched by: both languages, ISO and usual names, aliases (the code is matched whole, apart). */
export function destinationSearchNames(code: string): string[] {
  const d = BY_CODE.get(code);
  return [destinationName(code, 'vi'), destinationName(code, 'en'), countries.getName(code, 'vi') ?? '', countries.getName(code, 'en') ?? '', ...(d?.aliases ?? [])].filter(Boolean);
}

/** The name of a region. */
export const REGION_NAMES: Record<EsimRegion, Record<Language, string>> = {
  asia: { vi: 'Châu Á', en: 'Asia' },
  europe: { vi: 'Châu Âu', en: 'Europe' },
  global: { vi: 'Toàn cầu', en: 'Global' },
};

/** The countries of a region's packages: Asia and Europe their own; global every destination. */
export function regionCountries(region: EsimRegion): string[] {
  return ESIM_DESTINATIONS.filter((d) => region === 'global' || d.region === region).map((d) => d.code);
}

/** Device families known to support eSIM (a device locked to a carrier may not). */
export const ESIM_DEVICES: Record<Language, readonly string[]> = {
  vi: [
    'iPhone XS, XS Max, XR và các đời mới hơn (iPhone SE 2020 trở đi)',
    'Samsung Galaxy S20 trở đi, Z Fold/Z Flip, Note 20',
    'Google Pixel 3 trở đi',
    'iPad Pro, iPad Air (thế hệ 3 trở đi), iPad mini (thế hệ 5 trở đi) bản Wi-Fi + Cellular',
    'Oppo Find X3 Pro trở đi, Xiaomi 12T Pro trở đi, Huawei P40 (không gồm bản Mate 40)',
  ],
  en: [
    'iPhone XS, XS Max, XR and newer (iPhone SE 2020 onwards)',
    'Samsung Galaxy S20 onwards, Z Fold/Z Flip, Note 20',
    'Google Pixel 3 onwards',
    'iPad Pro, iPad Air (3rd generation onwards), iPad mini (5th generation onwards), Wi-Fi + Cellular',
    'Oppo Find X3 Pro onwards, Xiaomi 12T Pro onwards, Huawei P40 (not the Mate 40)',
  ],
};

/** Technology note of the packages. */
export const ESIM_TECHNOLOGY = '4G/LTE, 5G';
