/**
 * Prepaid checked baggage each carrier sells through its own channel (spec point 3, edit-booking luggage
 * `ancillary`: code, value, unit, name, price). Prices are per passenger and flight direction, integer VND,
 * in the shape of the carriers' published prepaid-baggage grids (VJ domestic 15/20/25/30 kg at about
 * 143/165/220/330K; international roughly twice). The GDSs (1A, 1B, 1G) sell no prepaid baggage here: their
 * fares carry the allowance.
 */
import type { LuggageOption } from '../../../contract/bookings';
import { CARRIER_CHANNELS, isDomestic } from '../reference-data';

/** Price grid of one carrier: kg → VND, domestic and international. */
export interface LuggageGrid {
  domestic: Readonly<Record<number, number>>;
  international: Readonly<Record<number, number>>;
}

export const LUGGAGE_WEIGHTS_KG = [15, 20, 25, 30, 35, 40] as const;

export const LUGGAGE_GRIDS: Readonly<Record<string, LuggageGrid>> = {
  VJ: {
    domestic: { 15: 143_000, 20: 165_000, 25: 220_000, 30: 330_000, 35: 385_000, 40: 440_000 },
    international: { 15: 286_000, 20: 330_000, 25: 440_000, 30: 594_000, 35: 704_000, 40: 814_000 },
  },
  VN: {
    domestic: { 15: 220_000, 20: 280_000, 25: 350_000, 30: 420_000, 35: 490_000, 40: 560_000 },
    international: { 15: 550_000, 20: 700_000, 25: 880_000, 30: 1_050_000, 35: 1_230_000, 40: 1_400_000 },
  },
  QH: {
    domestic: { 15: 160_000, 20: 190_000, 25: 250_000, 30: 350_000, 35: 410_000, 40: 470_000 },
    international: { 15: 330_000, 20: 390_000, 25: 500_000, 30: 660_000, 35: 770_000, 40: 880_000 },
  },
  VU: {
    domestic: { 15: 150_000, 20: 180_000, 25: 240_000, 30: 340_000, 35: 400_000, 40: 460_000 },
    international: { 15: 310_000, 20: 370_000, 25: 480_000, 30: 640_000, 35: 750_000, 40: 860_000 },
  },
};

const NAMES: Readonly<Record<string, { vi: string; en: string }>> = {
  VJ: { vi: 'Hành lý ký gửi trả trước', en: 'Prepaid checked baggage' },
  VN: { vi: 'Hành lý ký gửi mua thêm', en: 'Extra checked baggage' },
  QH: { vi: 'Hành lý ký gửi mua trước', en: 'Pre-purchased checked baggage' },
  VU: { vi: 'Hành lý ký gửi mua thêm', en: 'Extra checked baggage' },
};

/** Whether the carrier sells prepaid luggage through its own channel. */
export function sellsLuggage(airline: string): boolean {
  return (CARRIER_CHANNELS as readonly string[]).includes(airline) && LUGGAGE_GRIDS[airline] !== undefined;
}

/** The luggage a passenger can buy on one route of a carrier (empty for carriers and sources that sell none). */
export function luggageOptions(airline: string, from: string, to: string, lang: 'vi' | 'en' = 'vi'): LuggageOption[] {
  if (!sellsLuggage(airline)) return [];
  const grid = isDomestic(from, to) ? LUGGAGE_GRIDS[airline].domestic : LUGGAGE_GRIDS[airline].international;
  return LUGGAGE_WEIGHTS_KG.filter((kg) => grid[kg] !== undefined).map((kg) => ({
    code: `BG${kg}`,
    value: kg,
    unit: 'kg',
    name: `${NAMES[airline][lang]} ${kg} kg`,
    price: grid[kg],
  }));
}
