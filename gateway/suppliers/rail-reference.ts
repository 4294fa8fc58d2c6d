/**
 * Railway reference data: the stations of the north–south (Thống Nhất) line and of the Hải Phòng and Lào Cai
 * branches, with their kilometre posts from Hà Nội. Phan Thiết sits on the short branch from Bình Thuận
 * (Mương Mán); its post counts the branch.
 */
import { foldName } from '../../contract/trains-rules';
import type { RailStation } from './rail';

export const RAIL_STATIONS: readonly RailStation[] = [
  { code: 'HNO', name: 'Hà Nội', line: 'NS', km: 0 },
  { code: 'VIN', name: 'Vinh', line: 'NS', km: 319 },
  { code: 'DHO', name: 'Đồng Hới', line: 'NS', km: 522 },
  { code: 'HUE', name: 'Huế', line: 'NS', km: 688 },
  { code: 'DNA', name: 'Đà Nẵng', line: 'NS', km: 791 },
  { code: 'QNG', name: 'Quảng Ngãi', line: 'NS', km: 928 },
  { code: 'DTR', name: 'Diêu Trì', line: 'NS', km: 1096 },
  { code: 'NTR', name: 'Nha Trang', line: 'NS', km: 1315 },
  { code: 'TCH', name: 'Tháp Chàm', line: 'NS', km: 1408 },
  { code: 'PTH', name: 'Phan Thiết', line: 'NS', km: 1563 },
  { code: 'BHO', name: 'Biên Hoà', line: 'NS', km: 1697 },
  { code: 'SGO', name: 'Sài Gòn', line: 'NS', km: 1726 },
  { code: 'HPH', name: 'Hải Phòng', line: 'HP', km: 102 },
  { code: 'LCA', name: 'Lào Cai', line: 'LC', km: 294 },
];

const BY_CODE = new Map(RAIL_STATIONS.map((s) => [s.code, s]));

export function railStation(code: string): RailStation | undefined {
  return BY_CODE.get(code);
}

/** km between two stations; Hà Nội joins the lines (a branch station to a main-line one goes through it). */
export function railDistance(from: string, to: string): number | null {
  const a = BY_CODE.get(from);
  const b = BY_CODE.get(to);
  if (!a || !b) return null;
  return a.line === b.line ? Math.abs(a.km - b.km) : a.km + b.km;
}

/** The stations with their folded names (what the stations endpoint answers). */
export function stationList(): { code: string; name: string; folded: string; line: RailStation['line']; km: number }[] {
  return RAIL_STATIONS.map((s) => ({ ...s, folded: foldName(s.name) }));
}
