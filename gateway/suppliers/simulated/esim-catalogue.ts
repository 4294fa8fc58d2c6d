/**
 * The simulated wholesale partner's price table: per destination a rate (VND per GB, the wholesale price of
 * one unlimited day derives from it), the plans sold per country and per region, and the retail markup.
 * Figures are the shape of partner catalogues, not any one partner's.
 */
import type { EsimRegion } from '../../../contract/esim';
import { ESIM_DESTINATIONS, regionCountries } from '../esim-reference';
import type { EsimPackage } from '../esim';

/** Net VND per GB of a country package. */
export const ESIM_RATES: Readonly<Record<string, number>> = {
  JP: 55_000, KR: 55_000, TH: 35_000, SG: 45_000, MY: 35_000, ID: 40_000, PH: 45_000, TW: 45_000, HK: 50_000, CN: 60_000,
  KH: 40_000, LA: 45_000, IN: 50_000, AE: 90_000, FR: 60_000, DE: 60_000, IT: 60_000, ES: 60_000, GB: 65_000, NL: 60_000,
  CH: 110_000, TR: 70_000, US: 70_000, CA: 90_000, AU: 75_000,
};

/** Net VND per GB of the regional packages. */
export const REGION_RATES: Readonly<Record<EsimRegion, number>> = { asia: 60_000, europe: 70_000, global: 120_000 };

interface Plan {
  /** GB; null: unlimited. */
  gb: number | null;
  days: number;
  topUp?: boolean;
}

export const COUNTRY_PLANS: readonly Plan[] = [
  { gb: 1, days: 7, topUp: true },
  { gb: 3, days: 15, topUp: true },
  { gb: 5, days: 30 },
  { gb: 10, days: 30, topUp: true },
  { gb: 20, days: 30 },
  { gb: null, days: 5 },
  { gb: null, days: 10 },
];

export const REGION_PLANS: Readonly<Record<EsimRegion, readonly Plan[]>> = {
  asia: [{ gb: 3, days: 7, topUp: true }, { gb: 10, days: 15 }, { gb: 20, days: 30 }, { gb: null, days: 10 }],
  europe: [{ gb: 5, days: 15, topUp: true }, { gb: 10, days: 30 }, { gb: 20, days: 30 }, { gb: null, days: 15 }],
  global: [{ gb: 1, days: 7, topUp: true }, { gb: 3, days: 15 }, { gb: 5, days: 30 }],
};

/** Fair use of unlimited packages: high speed per day, then this speed. */
export const FAIR_USE = { dailyMb: 2048, throttledKbps: 512 } as const;
/** Suggested retail = net × this, rounded up to 1,000 VND. */
export const RETAIL_MARKUP = 1.35;
/** Fixed part of every net price (profile, SM-DP+ fee). */
export const BASE_NET = 30_000;

const up1000 = (v: number) => Math.ceil(v / 1000) * 1000;

function priced(id: string, coverage: EsimPackage['coverage'], region: EsimRegion, countries: string[], rate: number, plan: Plan): EsimPackage {
  const net = plan.gb === null ? up1000(BASE_NET + rate * 0.6 * plan.days) : up1000(BASE_NET + rate * plan.gb + plan.days * 1_000);
  return {
    id,
    coverage,
    region,
    countries,
    dataMb: plan.gb === null ? null : plan.gb * 1024,
    fairUse: plan.gb === null ? { ...FAIR_USE } : null,
    validityDays: plan.days,
    netPrice: net,
    retailPrice: up1000(net * RETAIL_MARKUP),
    topUp: plan.topUp === true,
  };
}

const planId = (prefix: string, plan: Plan) => `${prefix}-${plan.gb === null ? 'UNL' : `${plan.gb}GB`}-${plan.days}D`;

/** Every package of the simulated partner, in a stable order (the order is part of the ICCIDs it issues). */
export function simulatedPackages(): EsimPackage[] {
  const out: EsimPackage[] = [];
  for (const d of ESIM_DESTINATIONS) {
    const rate = ESIM_RATES[d.code] ?? 60_000;
    for (const plan of COUNTRY_PLANS) out.push(priced(planId(d.code, plan), 'country', d.region, [d.code], rate, plan));
  }
  for (const region of ['asia', 'europe', 'global'] as const) {
    for (const plan of REGION_PLANS[region]) out.push(priced(planId(region.toUpperCase(), plan), 'region', region, regionCountries(region), REGION_RATES[region], plan));
  }
  return out;
}
