/**
 * The eSIM catalogue as the portal reads it: the partner's packages (read once and kept a few minutes), named
 * in the caller's language from the reference data, filtered by destination (Vietnamese and English names,
 * diacritics-insensitive), region, days and data, and sorted by price.
 */
import type { Language } from '../../contract/constants';
import {
  matchesDataFilter,
  matchesDayFilter,
  matchesDestination,
  type EsimProduct,
  type EsimProductDetail,
  type ProductsPage,
  type ProductsQuery,
} from '../../contract/esim';
import { ErrorCode } from '../../contract/errors';
import { parseSort } from '../../contract/list';
import { ApiError } from '../platform/http/errors';
import {
  destinationName,
  destinationSearchNames,
  ESIM_DEVICES,
  ESIM_TECHNOLOGY,
  esimDestination,
  REGION_NAMES,
  type EsimPackage,
  type SupplierRegistry,
} from '../suppliers';

/** How long the partner's catalogue is kept (ms). */
const CATALOGUE_TTL_MS = 5 * 60_000;

const DATA_WORDS = { unlimited: { vi: 'Không giới hạn', en: 'Unlimited' }, days: { vi: 'ngày', en: 'days' } } as const;

export function dataLabel(dataMb: number | null, lang: Language): string {
  if (dataMb === null) return DATA_WORDS.unlimited[lang];
  return dataMb % 1024 === 0 ? `${dataMb / 1024} GB` : `${dataMb} MB`;
}

/** "Nhật Bản 5 GB / 30 ngày", "Europe Unlimited / 15 days". */
export function packageName(p: EsimPackage, lang: Language): string {
  const where = p.coverage === 'country' ? destinationName(p.countries[0], lang) : REGION_NAMES[p.region][lang];
  return `${where} ${dataLabel(p.dataMb, lang)} / ${p.validityDays} ${DATA_WORDS.days[lang]}`;
}

export class EsimCatalogue {
  private cached: { at: number; packages: EsimPackage[] } | null = null;

  constructor(
    private readonly suppliers: SupplierRegistry,
    private readonly now: () => number = Date.now,
  ) {}

  async packages(): Promise<EsimPackage[]> {
    if (this.cached && this.now() - this.cached.at < CATALOGUE_TTL_MS) return this.cached.packages;
    const packages = await this.suppliers.esimCatalogue().packages();
    this.cached = { at: this.now(), packages };
    return packages;
  }

  async package(id: string): Promise<EsimPackage | undefined> {
    return (await this.packages()).find((p) => p.id === id);
  }

  async product(id: string, lang: Language): Promise<EsimProductDetail> {
    const p = await this.package(id);
    if (!p) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'product' });
    return {
      ...productOf(p, lang),
      networks: p.countries.map((code) => ({ code, name: destinationName(code, lang), networks: [...(esimDestination(code)?.networks ?? [])] })),
      technology: ESIM_TECHNOLOGY,
      hotspot: true,
      supportedDevices: [...ESIM_DEVICES[lang]],
    };
  }

  async search(query: ProductsQuery, lang: Language): Promise<ProductsPage> {
    const all = await this.packages();
    const dest = query.destination?.trim() ?? '';
    const rows = all.filter(
      (p) =>
        (!query.region || p.region === query.region) &&
        (!query.days || matchesDayFilter(p.validityDays, query.days)) &&
        (!query.data || matchesDataFilter(p.dataMb, query.data)) &&
        (!dest ||
          // a region package matches its region's name, a country package its country's names
          (p.coverage === 'region'
            ? matchesDestination(dest, [REGION_NAMES[p.region].vi, REGION_NAMES[p.region].en])
            : dest === p.countries[0] || matchesDestination(dest, destinationSearchNames(p.countries[0])))),
    );
    const [sorter] = parseSort<'price'>(query.sort);
    const dir = sorter?.desc ? -1 : 1;
    rows.sort((a, b) => dir * (a.netPrice - b.netPrice) || a.validityDays - b.validityDays || a.id.localeCompare(b.id));
    const start = (query.page - 1) * query.pageSize;
    return { data: rows.slice(start, start + query.pageSize).map((p) => productOf(p, lang)), total: rows.length };
  }
}

export function productOf(p: EsimPackage, lang: Language): EsimProduct {
  return {
    id: p.id,
    name: packageName(p, lang),
    coverage: p.coverage,
    region: p.region,
    countries: p.countries.map((code) => ({ code, name: destinationName(code, lang) })),
    dataMb: p.dataMb,
    fairUse: p.fairUse,
    validityDays: p.validityDays,
    price: p.netPrice,
    retailPrice: p.retailPrice,
    topUp: p.topUp,
  };
}

/** The top-ups that fit an eSIM of this package: same coverage, sold as top-ups. */
export function topUpsFor(base: EsimPackage, all: readonly EsimPackage[]): EsimPackage[] {
  return all
    .filter((p) => p.topUp && p.coverage === base.coverage && p.countries.length === base.countries.length && p.countries.every((c, i) => base.countries[i] === c))
    .sort((a, b) => a.netPrice - b.netPrice);
}
