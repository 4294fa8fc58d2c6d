/**
 * Reference data of flight supply, beside the supplier interfaces: airports (with distances, domestic routes
 * and connection times), carriers and their ticket prefixes, fare families and booking classes, baggage,
 * taxes and VAT, agency issue fees and hold rules. Domain code reads these facts; it never reads the
 * simulator. The route network, frequencies and price factors are the simulator's model (only simulated/
 * reads them). Figures are approximate public facts (agency pages, press, fare notices) kept as tables.
 *
 * Money is integer VND. Distances are great-circle kilometres computed from the coordinates.
 */
import { PAX_TYPES, type BookingFee, type CabinClass, type PaxType } from '../../contract/flights';

// ---------------------------------------------------------------------------------------------------------
// Airports
// ---------------------------------------------------------------------------------------------------------

export interface Terminals {
  /** Terminal for domestic flights (Vietnamese airports). */
  domestic?: string;
  /** Terminal for international flights. */
  international?: string;
  /** Terminal per carrier, where carriers are split between terminals. */
  byCarrier?: Record<string, string>;
}

export interface Airport {
  code: string;
  cityVi: string;
  cityEn: string;
  nameVi: string;
  nameEn: string;
  /** ISO 3166-1 alpha-3 */
  country: string;
  /** IANA time zone; local times are computed from it (daylight saving included). */
  timeZone: string;
  /** Standard UTC offset in minutes, for display. */
  utcOffsetMinutes: number;
  lat: number;
  lon: number;
  terminals?: Terminals;
  /** Vietnamese airports: charge group for the domestic passenger service charge (A: large, B: small). */
  chargeGroup?: 'A' | 'B';
  /** Minimum connection time in minutes (domestic–domestic, any international leg). */
  mct?: { domestic: number; international: number };
}

const VN_TZ = 'Asia/Ho_Chi_Minh';
const vn = (
  code: string,
  cityVi: string,
  cityEn: string,
  nameVi: string,
  nameEn: string,
  lat: number,
  lon: number,
  extra: Partial<Airport> = {},
): Airport => ({
  code,
  cityVi,
  cityEn,
  nameVi,
  nameEn,
  country: 'VNM',
  timeZone: VN_TZ,
  utcOffsetMinutes: 420,
  lat,
  lon,
  chargeGroup: 'B',
  ...extra,
});

const intl = (
  code: string,
  cityVi: string,
  cityEn: string,
  nameVi: string,
  nameEn: string,
  country: string,
  timeZone: string,
  utcOffsetMinutes: number,
  lat: number,
  lon: number,
  extra: Partial<Airport> = {},
): Airport => ({ code, cityVi, cityEn, nameVi, nameEn, country, timeZone, utcOffsetMinutes, lat, lon, ...extra });

export const AIRPORT_LIST: readonly Airport[] = [
  // Vietnam
  vn('SGN', 'TP. Hồ Chí Minh', 'Ho Chi Minh City', 'Sân bay quốc tế Tân Sơn Nhất', 'Tan Son Nhat International Airport', 10.8188, 106.652, {
    terminals: { domestic: 'T1', international: 'T2' },
    chargeGroup: 'A',
    mct: { domestic: 60, international: 120 },
  }),
  vn('HAN', 'Hà Nội', 'Hanoi', 'Sân bay quốc tế Nội Bài', 'Noi Bai International Airport', 21.2212, 105.8072, {
    terminals: { domestic: 'T1', international: 'T2' },
    chargeGroup: 'A',
    mct: { domestic: 60, international: 120 },
  }),
  vn('DAD', 'Đà Nẵng', 'Da Nang', 'Sân bay quốc tế Đà Nẵng', 'Da Nang International Airport', 16.0439, 108.1994, {
    terminals: { domestic: 'T1', international: 'T2' },
    chargeGroup: 'A',
    mct: { domestic: 45, international: 90 },
  }),
  vn('CXR', 'Nha Trang', 'Nha Trang', 'Sân bay quốc tế Cam Ranh', 'Cam Ranh International Airport', 11.9982, 109.2194, {
    terminals: { domestic: 'T1', international: 'T2' },
    chargeGroup: 'A',
  }),
  vn('PQC', 'Phú Quốc', 'Phu Quoc', 'Sân bay quốc tế Phú Quốc', 'Phu Quoc International Airport', 10.1698, 103.9931, { chargeGroup: 'A' }),
  vn('HPH', 'Hải Phòng', 'Hai Phong', 'Sân bay quốc tế Cát Bi', 'Cat Bi International Airport', 20.8194, 106.725, { chargeGroup: 'A' }),
  vn('VII', 'Vinh', 'Vinh', 'Sân bay quốc tế Vinh', 'Vinh International Airport', 18.7376, 105.6708, { chargeGroup: 'A' }),
  vn('HUI', 'Huế', 'Hue', 'Sân bay quốc tế Phú Bài', 'Phu Bai International Airport', 16.4015, 107.703, { chargeGroup: 'A' }),
  vn('VCA', 'Cần Thơ', 'Can Tho', 'Sân bay quốc tế Cần Thơ', 'Can Tho International Airport', 10.0851, 105.7117, { chargeGroup: 'A' }),
  vn('DLI', 'Đà Lạt', 'Da Lat', 'Sân bay Liên Khương', 'Lien Khuong Airport', 11.75, 108.367, { chargeGroup: 'A' }),
  vn('UIH', 'Quy Nhơn', 'Quy Nhon', 'Sân bay Phù Cát', 'Phu Cat Airport', 13.955, 109.042),
  vn('BMV', 'Buôn Ma Thuột', 'Buon Ma Thuot', 'Sân bay Buôn Ma Thuột', 'Buon Ma Thuot Airport', 12.6683, 108.12),
  vn('THD', 'Thanh Hóa', 'Thanh Hoa', 'Sân bay Thọ Xuân', 'Tho Xuan Airport', 19.9017, 105.4678),
  vn('VDH', 'Đồng Hới', 'Dong Hoi', 'Sân bay Đồng Hới', 'Dong Hoi Airport', 17.515, 106.5906),
  vn('VCL', 'Tam Kỳ', 'Tam Ky', 'Sân bay Chu Lai', 'Chu Lai Airport', 15.4033, 108.706),
  vn('VKG', 'Rạch Giá', 'Rach Gia', 'Sân bay Rạch Giá', 'Rach Gia Airport', 9.958, 105.1324),
  vn('TBB', 'Tuy Hòa', 'Tuy Hoa', 'Sân bay Tuy Hòa', 'Tuy Hoa Airport', 13.0496, 109.3337),
  vn('PXU', 'Pleiku', 'Pleiku', 'Sân bay Pleiku', 'Pleiku Airport', 14.0045, 108.017),
  vn('CAH', 'Cà Mau', 'Ca Mau', 'Sân bay Cà Mau', 'Ca Mau Airport', 9.1777, 105.1779),
  vn('VDO', 'Quảng Ninh', 'Quang Ninh', 'Sân bay quốc tế Vân Đồn', 'Van Don International Airport', 21.1178, 107.4144),
  vn('VCS', 'Côn Đảo', 'Con Dao', 'Sân bay Côn Đảo', 'Con Dao Airport', 8.7318, 106.633),
  vn('DIN', 'Điện Biên', 'Dien Bien', 'Sân bay Điện Biên Phủ', 'Dien Bien Phu Airport', 21.3975, 103.0078),

  // Asia
  intl('BKK', 'Bangkok', 'Bangkok', 'Sân bay Suvarnabhumi', 'Suvarnabhumi Airport', 'THA', 'Asia/Bangkok', 420, 13.69, 100.7501, {
    mct: { domestic: 60, international: 75 },
  }),
  intl('SIN', 'Singapore', 'Singapore', 'Sân bay Changi', 'Changi Airport', 'SGP', 'Asia/Singapore', 480, 1.3644, 103.9915, {
    terminals: { international: 'T1', byCarrier: { SQ: 'T3', VN: 'T4', VJ: 'T4', BA: 'T1', QF: 'T1' } },
    mct: { domestic: 60, international: 60 },
  }),
  intl('KUL', 'Kuala Lumpur', 'Kuala Lumpur', 'Sân bay quốc tế Kuala Lumpur', 'Kuala Lumpur International Airport', 'MYS', 'Asia/Kuala_Lumpur', 480, 2.7456, 101.7099, {
    terminals: { international: 'T1' },
    mct: { domestic: 60, international: 60 },
  }),
  intl('ICN', 'Seoul', 'Seoul', 'Sân bay quốc tế Incheon', 'Incheon International Airport', 'KOR', 'Asia/Seoul', 540, 37.4602, 126.4407, {
    terminals: { international: 'T1', byCarrier: { KE: 'T2', VN: 'T2', AF: 'T2' } },
    mct: { domestic: 60, international: 70 },
  }),
  intl('PUS', 'Busan', 'Busan', 'Sân bay quốc tế Gimhae', 'Gimhae International Airport', 'KOR', 'Asia/Seoul', 540, 35.1795, 128.9382),
  intl('NRT', 'Tokyo', 'Tokyo', 'Sân bay quốc tế Narita', 'Narita International Airport', 'JPN', 'Asia/Tokyo', 540, 35.772, 140.3929, {
    terminals: { international: 'T1', byCarrier: { JL: 'T2', VJ: 'T2' } },
    mct: { domestic: 90, international: 90 },
  }),
  intl('HND', 'Tokyo', 'Tokyo', 'Sân bay quốc tế Haneda', 'Haneda Airport', 'JPN', 'Asia/Tokyo', 540, 35.5494, 139.7798, {
    terminals: { international: 'T3' },
    mct: { domestic: 60, international: 60 },
  }),
  intl('KIX', 'Osaka', 'Osaka', 'Sân bay quốc tế Kansai', 'Kansai International Airport', 'JPN', 'Asia/Tokyo', 540, 34.432, 135.2304, {
    terminals: { international: 'T1' },
  }),
  intl('HKG', 'Hồng Kông', 'Hong Kong', 'Sân bay quốc tế Hồng Kông', 'Hong Kong International Airport', 'HKG', 'Asia/Hong_Kong', 480, 22.308, 113.9185, {
    terminals: { international: 'T1' },
    mct: { domestic: 60, international: 60 },
  }),
  intl('TPE', 'Đài Bắc', 'Taipei', 'Sân bay quốc tế Đào Viên', 'Taoyuan International Airport', 'TWN', 'Asia/Taipei', 480, 25.0797, 121.2342, {
    terminals: { international: 'T1', byCarrier: { BR: 'T2', VN: 'T2' } },
    mct: { domestic: 60, international: 70 },
  }),
  intl('PVG', 'Thượng Hải', 'Shanghai', 'Sân bay quốc tế Phố Đông', 'Pudong International Airport', 'CHN', 'Asia/Shanghai', 480, 31.1443, 121.8083, {
    terminals: { international: 'T1' },
  }),
  intl('CAN', 'Quảng Châu', 'Guangzhou', 'Sân bay quốc tế Bạch Vân', 'Baiyun International Airport', 'CHN', 'Asia/Shanghai', 480, 23.3924, 113.2988, {
    terminals: { international: 'T2' },
  }),
  intl('PEK', 'Bắc Kinh', 'Beijing', 'Sân bay quốc tế Thủ đô Bắc Kinh', 'Beijing Capital International Airport', 'CHN', 'Asia/Shanghai', 480, 40.0799, 116.6031, {
    terminals: { international: 'T3' },
  }),
  intl('PNH', 'Phnôm Pênh', 'Phnom Penh', 'Sân bay quốc tế Techo', 'Techo International Airport', 'KHM', 'Asia/Phnom_Penh', 420, 11.3532, 104.8583),
  intl('MNL', 'Manila', 'Manila', 'Sân bay quốc tế Ninoy Aquino', 'Ninoy Aquino International Airport', 'PHL', 'Asia/Manila', 480, 14.5086, 121.0194, {
    terminals: { international: 'T1' },
  }),
  intl('CGK', 'Jakarta', 'Jakarta', 'Sân bay quốc tế Soekarno–Hatta', 'Soekarno–Hatta International Airport', 'IDN', 'Asia/Jakarta', 420, -6.1256, 106.6559, {
    terminals: { international: 'T3' },
  }),
  intl('DEL', 'New Delhi', 'New Delhi', 'Sân bay quốc tế Indira Gandhi', 'Indira Gandhi International Airport', 'IND', 'Asia/Kolkata', 330, 28.5562, 77.1, {
    terminals: { international: 'T3' },
  }),
  intl('DXB', 'Dubai', 'Dubai', 'Sân bay quốc tế Dubai', 'Dubai International Airport', 'ARE', 'Asia/Dubai', 240, 25.2532, 55.3657, {
    terminals: { international: 'T1', byCarrier: { EK: 'T3', QF: 'T3' } },
    mct: { domestic: 75, international: 75 },
  }),
  intl('DOH', 'Doha', 'Doha', 'Sân bay quốc tế Hamad', 'Hamad International Airport', 'QAT', 'Asia/Qatar', 180, 25.2731, 51.6081, {
    mct: { domestic: 60, international: 60 },
  }),
  // Oceania
  intl('SYD', 'Sydney', 'Sydney', 'Sân bay Sydney Kingsford Smith', 'Sydney Kingsford Smith Airport', 'AUS', 'Australia/Sydney', 600, -33.9399, 151.1753, {
    terminals: { international: 'T1' },
  }),
  intl('MEL', 'Melbourne', 'Melbourne', 'Sân bay Melbourne', 'Melbourne Airport', 'AUS', 'Australia/Melbourne', 600, -37.669, 144.841, {
    terminals: { international: 'T2' },
  }),
  // Europe
  intl('CDG', 'Paris', 'Paris', 'Sân bay Paris-Charles de Gaulle', 'Paris Charles de Gaulle Airport', 'FRA', 'Europe/Paris', 60, 49.0097, 2.5479, {
    terminals: { international: 'T1', byCarrier: { AF: '2E', VN: '2E', KE: '2E' } },
    mct: { domestic: 60, international: 90 },
  }),
  intl('FRA', 'Frankfurt', 'Frankfurt', 'Sân bay Frankfurt', 'Frankfurt Airport', 'DEU', 'Europe/Berlin', 60, 50.0379, 8.5622, {
    terminals: { international: 'T2', byCarrier: { LH: 'T1', SQ: 'T1', TG: 'T1', NH: 'T1', OZ: 'T1' } },
    mct: { domestic: 45, international: 60 },
  }),
  intl('MUC', 'München', 'Munich', 'Sân bay München', 'Munich Airport', 'DEU', 'Europe/Berlin', 60, 48.3537, 11.775, {
    terminals: { international: 'T1', byCarrier: { LH: 'T2', TG: 'T2' } },
  }),
  intl('LHR', 'Luân Đôn', 'London', 'Sân bay Heathrow', 'Heathrow Airport', 'GBR', 'Europe/London', 0, 51.47, -0.4543, {
    terminals: { international: 'T2', byCarrier: { BA: 'T5', VN: 'T4', QR: 'T4', EK: 'T3', CX: 'T3', QF: 'T3', JL: 'T3' } },
    mct: { domestic: 60, international: 90 },
  }),
  intl('AMS', 'Amsterdam', 'Amsterdam', 'Sân bay Schiphol', 'Amsterdam Airport Schiphol', 'NLD', 'Europe/Amsterdam', 60, 52.3105, 4.7683),
  // Americas
  intl('LAX', 'Los Angeles', 'Los Angeles', 'Sân bay quốc tế Los Angeles', 'Los Angeles International Airport', 'USA', 'America/Los_Angeles', -480, 33.9416, -118.4085, {
    terminals: { international: 'B' },
  }),
  intl('SFO', 'San Francisco', 'San Francisco', 'Sân bay quốc tế San Francisco', 'San Francisco International Airport', 'USA', 'America/Los_Angeles', -480, 37.6213, -122.379, {
    terminals: { international: 'I' },
  }),
  intl('JFK', 'New York', 'New York', 'Sân bay quốc tế John F. Kennedy', 'John F. Kennedy International Airport', 'USA', 'America/New_York', -300, 40.6413, -73.7781, {
    terminals: { international: 'T1', byCarrier: { BA: 'T8', JL: 'T8', QR: 'T8', CX: 'T8', EK: 'T4', SQ: 'T4', KE: 'T1', NH: 'T7' } },
  }),
];

export const AIRPORTS: Readonly<Record<string, Airport>> = Object.fromEntries(AIRPORT_LIST.map((a) => [a.code, a]));

/** Both airports in Vietnam. */
export function isDomestic(a: string, b: string): boolean {
  return AIRPORTS[a]?.country === 'VNM' && AIRPORTS[b]?.country === 'VNM';
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in whole kilometres. */
export function greatCircleKm(a: Pick<Airport, 'lat' | 'lon'>, b: Pick<Airport, 'lat' | 'lon'>): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Default minimum connection time when the airport has none in the table. */
export const DEFAULT_MCT = { domestic: 60, international: 90 } as const;

/** Minimum connection time at an airport in minutes. */
export function minimumConnectionMinutes(hub: string, international: boolean): number {
  const mct = AIRPORTS[hub]?.mct ?? DEFAULT_MCT;
  return international ? mct.international : mct.domestic;
}
/** Longest layover offered in a connection, minutes. */
export const MAX_LAYOVER_MINUTES = 14 * 60;

// ---------------------------------------------------------------------------------------------------------
// Aircraft and carriers
// ---------------------------------------------------------------------------------------------------------

/** IATA aircraft code → type name. */
export const AIRCRAFT: Readonly<Record<string, string>> = {
  AT7: 'ATR 72-500',
  E90: 'Embraer E190',
  '320': 'Airbus A320',
  '32N': 'Airbus A320neo',
  '321': 'Airbus A321',
  '32Q': 'Airbus A321neo',
  '333': 'Airbus A330-300',
  '339': 'Airbus A330-900',
  '359': 'Airbus A350-900',
  '351': 'Airbus A350-1000',
  '388': 'Airbus A380-800',
  '738': 'Boeing 737-800',
  '7M8': 'Boeing 737 MAX 8',
  '788': 'Boeing 787-8',
  '789': 'Boeing 787-9',
  '78X': 'Boeing 787-10',
  '77W': 'Boeing 777-300ER',
  '748': 'Boeing 747-8',
};

export type CarrierKind = 'FULL_SERVICE' | 'LOW_COST' | 'HYBRID';

export interface Fleet {
  /** Thin domestic routes (turboprops, regional jets). */
  thin?: string[];
  /** Trunk domestic routes (HAN–SGN, DAD, PQC). */
  trunk?: string[];
  /** Other flights up to 1,500 km. */
  short?: string[];
  /** 1,500–4,500 km. */
  medium?: string[];
  /** Over 4,500 km. */
  long?: string[];
}

export interface Carrier {
  code: string;
  name: string;
  nameVi: string;
  country: string;
  kind: CarrierKind;
  alliance?: 'SkyTeam' | 'Star Alliance' | 'oneworld';
  /** Hubs it connects passengers through. */
  hubs: string[];
  fleet: Fleet;
  /** Sells point-to-point only (no connections through its hubs). */
  pointToPoint?: boolean;
}

export const CARRIER_LIST: readonly Carrier[] = [
  { code: 'VN', name: 'Vietnam Airlines', nameVi: 'Vietnam Airlines', country: 'VNM', kind: 'FULL_SERVICE', alliance: 'SkyTeam', hubs: ['HAN', 'SGN', 'DAD'],
    fleet: { thin: ['AT7'], trunk: ['359', '789', '78X', '321'], short: ['321', '32Q'], medium: ['321', '32Q', '789'], long: ['359', '789', '78X'] } },
  { code: 'VJ', name: 'Vietjet Air', nameVi: 'Vietjet Air', country: 'VNM', kind: 'LOW_COST', hubs: ['SGN', 'HAN'],
    fleet: { trunk: ['321', '32Q', '333'], short: ['320', '321', '32Q'], medium: ['321', '32Q', '7M8', '333'], long: ['333'] } },
  { code: 'QH', name: 'Bamboo Airways', nameVi: 'Bamboo Airways', country: 'VNM', kind: 'HYBRID', hubs: ['HAN', 'SGN'],
    fleet: { thin: ['E90'], trunk: ['321', '789'], short: ['320', '321'] } },
  { code: 'VU', name: 'Vietravel Airlines', nameVi: 'Vietravel Airlines', country: 'VNM', kind: 'HYBRID', hubs: ['SGN', 'HAN'], pointToPoint: true,
    fleet: { trunk: ['321'], short: ['321'] } },
  // Operating carrier only: VASCO flies VN's thin routes with ATR 72.
  { code: '0V', name: 'VASCO', nameVi: 'Công ty Bay dịch vụ hàng không VASCO', country: 'VNM', kind: 'FULL_SERVICE', hubs: ['SGN'], pointToPoint: true, fleet: { thin: ['AT7'] } },
  { code: 'SQ', name: 'Singapore Airlines', nameVi: 'Singapore Airlines', country: 'SGP', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['SIN'],
    fleet: { short: ['7M8', '359'], medium: ['359', '78X'], long: ['359', '388', '77W'] } },
  { code: 'TG', name: 'Thai Airways', nameVi: 'Thai Airways', country: 'THA', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['BKK'],
    fleet: { short: ['320', '333'], medium: ['333', '789'], long: ['359', '77W', '789'] } },
  { code: 'CX', name: 'Cathay Pacific', nameVi: 'Cathay Pacific', country: 'HKG', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['HKG'],
    fleet: { short: ['333', '32N'], medium: ['333', '359'], long: ['77W', '351', '359'] } },
  { code: 'KE', name: 'Korean Air', nameVi: 'Korean Air', country: 'KOR', kind: 'FULL_SERVICE', alliance: 'SkyTeam', hubs: ['ICN'],
    fleet: { medium: ['333', '789', '7M8'], long: ['77W', '789', '388'] } },
  { code: 'OZ', name: 'Asiana Airlines', nameVi: 'Asiana Airlines', country: 'KOR', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['ICN'],
    fleet: { medium: ['321', '333', '359'], long: ['359', '388'] } },
  { code: 'JL', name: 'Japan Airlines', nameVi: 'Japan Airlines', country: 'JPN', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['NRT', 'HND'],
    fleet: { medium: ['788', '789'], long: ['77W', '351', '789'] } },
  { code: 'NH', name: 'All Nippon Airways', nameVi: 'All Nippon Airways', country: 'JPN', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['HND', 'NRT'],
    fleet: { medium: ['788', '789'], long: ['77W', '789'] } },
  { code: 'EK', name: 'Emirates', nameVi: 'Emirates', country: 'ARE', kind: 'FULL_SERVICE', hubs: ['DXB'], fleet: { medium: ['77W'], long: ['77W', '388'] } },
  { code: 'QR', name: 'Qatar Airways', nameVi: 'Qatar Airways', country: 'QAT', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['DOH'],
    fleet: { medium: ['788', '359'], long: ['359', '351', '77W'] } },
  { code: 'AF', name: 'Air France', nameVi: 'Air France', country: 'FRA', kind: 'FULL_SERVICE', alliance: 'SkyTeam', hubs: ['CDG'], fleet: { long: ['77W', '359'] } },
  { code: 'LH', name: 'Lufthansa', nameVi: 'Lufthansa', country: 'DEU', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['FRA', 'MUC'],
    fleet: { long: ['359', '748', '388'] } },
  { code: 'BA', name: 'British Airways', nameVi: 'British Airways', country: 'GBR', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['LHR'],
    fleet: { long: ['77W', '789', '351'] } },
  { code: 'QF', name: 'Qantas', nameVi: 'Qantas', country: 'AUS', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['SYD', 'MEL'],
    fleet: { long: ['333', '789'], medium: ['333'] } },
  { code: 'CI', name: 'China Airlines', nameVi: 'China Airlines', country: 'TWN', kind: 'FULL_SERVICE', alliance: 'SkyTeam', hubs: ['TPE'],
    fleet: { medium: ['333', '359'], long: ['359', '77W'] } },
  { code: 'BR', name: 'EVA Air', nameVi: 'EVA Air', country: 'TWN', kind: 'FULL_SERVICE', alliance: 'Star Alliance', hubs: ['TPE'],
    fleet: { medium: ['333', '789', '78X'], long: ['77W', '789'] } },
  { code: 'MH', name: 'Malaysia Airlines', nameVi: 'Malaysia Airlines', country: 'MYS', kind: 'FULL_SERVICE', alliance: 'oneworld', hubs: ['KUL'],
    fleet: { short: ['738', '333'], medium: ['333', '339'], long: ['359', '339'] } },
];

export const CARRIERS: Readonly<Record<string, Carrier>> = Object.fromEntries(CARRIER_LIST.map((c) => [c.code, c]));

/** Carriers with their own sales channel (sign-in) in the portal. */
export const CARRIER_CHANNELS = ['VN', 'VJ', 'QH', 'VU'] as const;
/** Carriers a GDS (1A, 1B, 1G) sells: VN and the foreign carriers. Low-cost and hybrid Vietnamese carriers sell direct only. */
export const GDS_CARRIERS = ['VN', 'SQ', 'TG', 'CX', 'KE', 'OZ', 'JL', 'NH', 'EK', 'QR', 'AF', 'LH', 'BA', 'QF', 'CI', 'BR', 'MH'] as const;

/** IATA accounting (ticketing) prefixes of the carriers sold; the first 3 digits of their ticket numbers. */
export const TICKET_PREFIXES: Readonly<Record<string, string>> = {
  VN: '738', VJ: '978', QH: '926', VU: '285',
  SQ: '618', TG: '217', CX: '160', KE: '180', OZ: '988', JL: '131', NH: '205', EK: '176', QR: '157',
  AF: '057', LH: '220', BA: '125', QF: '081', CI: '297', BR: '695', MH: '232',
};

// ---------------------------------------------------------------------------------------------------------
// Route network: daily frequencies per direction, per carrier
// ---------------------------------------------------------------------------------------------------------

export interface NetworkRoute {
  /** Airport pair in either order; flights run both ways. */
  a: string;
  b: string;
  /** Carrier → flights per day in each direction. */
  carriers: Record<string, number>;
  /** Domestic trunk route (widebodies, business cabins on low-cost carriers). */
  trunk?: boolean;
  /** Thin route flown with small aircraft. */
  thin?: boolean;
  /**
   * Marketing carrier → operating carrier. When the operating carrier is on the route too, the marketing
   * carrier's flights are codeshares on its flights; otherwise the operating carrier only appears in
   * routeInfo.operatingCarrier.
   */
  operatedBy?: Record<string, string>;
}

const r = (a: string, b: string, carriers: Record<string, number>, extra: Omit<NetworkRoute, 'a' | 'b' | 'carriers'> = {}): NetworkRoute => ({
  a,
  b,
  carriers,
  ...extra,
});

export const NETWORK: readonly NetworkRoute[] = [
  // Domestic trunks: HAN–SGN is about a fifth of domestic traffic; DAD routes busy.
  r('HAN', 'SGN', { VN: 24, VJ: 20, QH: 8, VU: 4 }, { trunk: true }),
  r('DAD', 'SGN', { VN: 12, VJ: 10, QH: 4, VU: 2 }, { trunk: true }),
  r('DAD', 'HAN', { VN: 10, VJ: 8, QH: 4, VU: 2 }, { trunk: true }),
  r('PQC', 'SGN', { VN: 7, VJ: 7, QH: 3, VU: 2 }, { trunk: true }),
  r('HAN', 'PQC', { VN: 4, VJ: 4, QH: 2, VU: 1 }),
  r('CXR', 'HAN', { VN: 4, VJ: 4, QH: 2, VU: 1 }),
  r('CXR', 'SGN', { VN: 3, VJ: 3 }),
  r('HPH', 'SGN', { VN: 5, VJ: 6, QH: 2 }),
  r('SGN', 'VII', { VN: 4, VJ: 4, QH: 2 }),
  r('HUI', 'SGN', { VN: 4, VJ: 4, QH: 2 }),
  r('SGN', 'THD', { VN: 3, VJ: 3, QH: 1 }),
  r('DLI', 'HAN', { VN: 3, VJ: 3, QH: 1 }),
  r('DLI', 'SGN', { VN: 2, VJ: 1 }),
  r('HAN', 'VCA', { VN: 2, VJ: 2, QH: 1 }),
  r('HAN', 'UIH', { VN: 2, VJ: 2, QH: 1 }),
  r('SGN', 'UIH', { VN: 2, VJ: 2 }),
  r('BMV', 'HAN', { VN: 2, VJ: 2 }),
  r('BMV', 'SGN', { VN: 2, VJ: 1 }),
  r('HAN', 'TBB', { VN: 1, VJ: 1 }),
  r('SGN', 'TBB', { VN: 1, VJ: 1 }),
  r('SGN', 'VDH', { VN: 1, VJ: 1, QH: 1 }),
  r('SGN', 'VCL', { VN: 1, VJ: 1 }),
  r('HAN', 'VCL', { VJ: 1 }),
  r('HAN', 'PXU', { VN: 1, VJ: 1 }),
  r('PXU', 'SGN', { VN: 2, VJ: 1 }),
  r('HAN', 'VDO', { VN: 1 }),
  r('SGN', 'VDO', { VN: 1, VJ: 1 }),
  r('HPH', 'DAD', { VN: 1, VJ: 1 }),
  r('DAD', 'PQC', { VJ: 1 }),
  r('DAD', 'VCA', { VJ: 1 }),
  r('HPH', 'PQC', { VJ: 1 }),
  r('HPH', 'CXR', { VJ: 1 }),
  r('SGN', 'VKG', { VN: 2 }, { thin: true, operatedBy: { VN: '0V' } }),
  r('CAH', 'SGN', { VN: 1 }, { thin: true, operatedBy: { VN: '0V' } }),
  r('SGN', 'VCS', { VN: 5 }, { thin: true, operatedBy: { VN: '0V' } }),
  r('VCA', 'VCS', { VN: 1 }, { thin: true, operatedBy: { VN: '0V' } }),
  r('HAN', 'VCS', { QH: 1 }, { thin: true }),
  r('DIN', 'HAN', { VN: 1 }, { thin: true }),

  // International from Vietnam (VN, VJ own flights; foreign carriers to their hubs).
  r('BKK', 'SGN', { VN: 3, VJ: 4, TG: 3 }),
  r('BKK', 'HAN', { VN: 2, VJ: 3, TG: 2 }),
  r('BKK', 'DAD', { VJ: 1 }),
  r('SGN', 'SIN', { VN: 3, VJ: 3, SQ: 4 }),
  r('HAN', 'SIN', { VN: 2, VJ: 1, SQ: 2 }),
  r('DAD', 'SIN', { SQ: 1 }),
  r('KUL', 'SGN', { VN: 1, VJ: 2, MH: 2 }),
  r('HAN', 'KUL', { VJ: 1, MH: 1 }),
  r('ICN', 'SGN', { VN: 3, VJ: 3, KE: 2, OZ: 2 }),
  r('HAN', 'ICN', { VN: 4, VJ: 4, KE: 2, OZ: 2 }),
  r('DAD', 'ICN', { VN: 2, VJ: 4, KE: 1, OZ: 1 }),
  r('HAN', 'PUS', { VN: 1, VJ: 2 }),
  r('NRT', 'SGN', { VN: 2, VJ: 1, JL: 1 }),
  r('HAN', 'NRT', { VN: 1, VJ: 1, JL: 1 }),
  r('HND', 'SGN', { VN: 1, NH: 1 }),
  r('HAN', 'HND', { VN: 1, NH: 1 }),
  r('KIX', 'SGN', { VN: 1, VJ: 1 }),
  r('HAN', 'KIX', { VN: 1, VJ: 1 }),
  r('HKG', 'SGN', { VN: 2, VJ: 1, CX: 2 }),
  r('HAN', 'HKG', { VN: 1, CX: 1 }),
  r('SGN', 'TPE', { VN: 2, VJ: 2, CI: 1, BR: 2 }),
  r('HAN', 'TPE', { VN: 1, VJ: 1, CI: 1, BR: 1 }),
  r('PVG', 'SGN', { VN: 1, VJ: 1 }),
  r('CAN', 'SGN', { VN: 1 }),
  r('CAN', 'HAN', { VN: 1 }),
  r('HAN', 'PEK', { VN: 1 }),
  r('PNH', 'SGN', { VN: 3 }),
  r('MNL', 'SGN', { VN: 1, VJ: 1 }),
  r('CGK', 'SGN', { VN: 1, VJ: 1 }),
  r('DEL', 'SGN', { VN: 1, VJ: 1 }),
  r('DEL', 'HAN', { VN: 1, VJ: 1 }),
  r('DXB', 'SGN', { EK: 1 }),
  r('DXB', 'HAN', { EK: 1 }),
  r('DOH', 'SGN', { QR: 1 }),
  r('DOH', 'HAN', { QR: 1 }),
  r('SGN', 'SYD', { VN: 1, VJ: 1 }),
  r('MEL', 'SGN', { VN: 1, VJ: 1 }),
  r('CDG', 'SGN', { VN: 1, AF: 1 }, { operatedBy: { AF: 'VN' } }),
  r('CDG', 'HAN', { VN: 1, AF: 1 }, { operatedBy: { AF: 'VN' } }),
  r('FRA', 'SGN', { VN: 1 }),
  r('FRA', 'HAN', { VN: 1 }),
  r('HAN', 'LHR', { VN: 1 }),
  r('SFO', 'SGN', { VN: 1 }),

  // Beyond the foreign hubs (for connections).
  r('LHR', 'SIN', { SQ: 3, BA: 2, QF: 1 }),
  r('FRA', 'SIN', { SQ: 2, LH: 1 }),
  r('CDG', 'SIN', { SQ: 2, AF: 1 }),
  r('SIN', 'SYD', { SQ: 4, QF: 2 }),
  r('MEL', 'SIN', { SQ: 3, QF: 1 }),
  r('LAX', 'SIN', { SQ: 1 }),
  r('SFO', 'SIN', { SQ: 2 }),
  r('JFK', 'SIN', { SQ: 1 }),
  r('NRT', 'SIN', { SQ: 2 }),
  r('BKK', 'LHR', { TG: 2 }),
  r('BKK', 'FRA', { TG: 1, LH: 1 }),
  r('BKK', 'MUC', { TG: 1, LH: 1 }),
  r('BKK', 'CDG', { TG: 1, AF: 1 }),
  r('BKK', 'SYD', { TG: 2 }),
  r('BKK', 'MEL', { TG: 1 }),
  r('BKK', 'NRT', { TG: 2 }),
  r('BKK', 'DEL', { TG: 2 }),
  r('HKG', 'LHR', { CX: 4, BA: 1 }),
  r('FRA', 'HKG', { CX: 1 }),
  r('CDG', 'HKG', { CX: 1 }),
  r('HKG', 'LAX', { CX: 3 }),
  r('HKG', 'SFO', { CX: 2 }),
  r('HKG', 'JFK', { CX: 2 }),
  r('HKG', 'SYD', { CX: 2 }),
  r('HKG', 'MEL', { CX: 1 }),
  r('ICN', 'LAX', { KE: 2, OZ: 2 }),
  r('ICN', 'SFO', { KE: 1, OZ: 1 }),
  r('ICN', 'JFK', { KE: 2, OZ: 1 }),
  r('CDG', 'ICN', { KE: 1, AF: 1 }),
  r('FRA', 'ICN', { KE: 1, LH: 1, OZ: 1 }),
  r('ICN', 'LHR', { KE: 1 }),
  r('LAX', 'NRT', { JL: 1 }),
  r('NRT', 'SFO', { JL: 1 }),
  r('JFK', 'NRT', { JL: 1 }),
  r('HND', 'LHR', { JL: 1, NH: 1 }),
  r('HND', 'LAX', { NH: 2, JL: 1 }),
  r('HND', 'SFO', { NH: 1 }),
  r('FRA', 'HND', { NH: 1, LH: 1 }),
  r('DXB', 'LHR', { EK: 6 }),
  r('CDG', 'DXB', { EK: 3 }),
  r('DXB', 'FRA', { EK: 3 }),
  r('DXB', 'JFK', { EK: 2 }),
  r('DXB', 'LAX', { EK: 1 }),
  r('DXB', 'SFO', { EK: 1 }),
  r('DOH', 'LHR', { QR: 6, BA: 2 }),
  r('CDG', 'DOH', { QR: 3 }),
  r('DOH', 'FRA', { QR: 2 }),
  r('DOH', 'JFK', { QR: 2 }),
  r('DOH', 'LAX', { QR: 1 }),
  r('AMS', 'DOH', { QR: 2 }),
  r('LAX', 'TPE', { CI: 2, BR: 2 }),
  r('SFO', 'TPE', { CI: 1, BR: 2 }),
  r('JFK', 'TPE', { CI: 1, BR: 1 }),
  r('LHR', 'TPE', { BR: 1 }),
  r('NRT', 'TPE', { CI: 2, BR: 2 }),
  r('KUL', 'LHR', { MH: 1 }),
  r('KUL', 'SYD', { MH: 1 }),
  r('KUL', 'MEL', { MH: 1 }),
];

/**
 * Interline connections: a carrier sold through a partner's feeder flight to its own long-haul flight at a
 * partner hub (e.g. SQ SGN–SIN then BA SIN–LHR, validated on BA).
 */
export const INTERLINE: Readonly<Record<string, { via: string[]; feeders: string[] }>> = {
  BA: { via: ['SIN', 'DOH', 'HKG'], feeders: ['SQ', 'QR', 'CX'] },
  QF: { via: ['SIN'], feeders: ['SQ'] },
  LH: { via: ['BKK', 'SIN', 'ICN'], feeders: ['TG', 'SQ', 'OZ'] },
  AF: { via: ['SIN', 'ICN', 'BKK'], feeders: ['VN'] },
};

/**
 * Flight numbers: explicit blocks for named routes; other routes get consecutive blocks from the range.
 * Flight i of a day is block + 2i, + 1 in the direction from the alphabetically later airport.
 */
export const FLIGHT_NUMBERS: Readonly<Record<string, { blocks?: Record<string, number>; domestic?: [number, number]; international: [number, number] }>> = {
  VN: {
    blocks: { 'HAN-SGN': 200, 'DAD-SGN': 120, 'DAD-HAN': 160, 'CDG-SGN': 10, 'CDG-HAN': 18, 'FRA-SGN': 30, 'FRA-HAN': 36, 'HAN-LHR': 54, 'SFO-SGN': 98 },
    domestic: [1100, 1990],
    international: [300, 998],
  },
  VJ: { blocks: { 'HAN-SGN': 120 }, domestic: [200, 798], international: [800, 998] },
  QH: { blocks: { 'HAN-SGN': 200 }, domestic: [1000, 1590], international: [1600, 1998] },
  VU: { blocks: { 'HAN-SGN': 750 }, domestic: [700, 748], international: [800, 898] },
  '0V': { international: [8000, 8998], domestic: [8000, 8998] },
  SQ: { blocks: { 'SGN-SIN': 172, 'HAN-SIN': 190 }, international: [1, 998] },
  TG: { blocks: { 'BKK-SGN': 550, 'BKK-HAN': 560 }, international: [100, 998] },
  CX: { blocks: { 'HKG-SGN': 760, 'HAN-HKG': 790 }, international: [100, 998] },
  KE: { blocks: { 'ICN-SGN': 680, 'HAN-ICN': 440 }, international: [1, 998] },
  OZ: { blocks: { 'ICN-SGN': 730, 'HAN-ICN': 724 }, international: [200, 998] },
  JL: { blocks: { 'NRT-SGN': 750, 'HAN-NRT': 752 }, international: [1, 998] },
  NH: { blocks: { 'HND-SGN': 890, 'HAN-HND': 896 }, international: [1, 998] },
  EK: { blocks: { 'DXB-SGN': 392, 'DXB-HAN': 394 }, international: [1, 998] },
  QR: { blocks: { 'DOH-SGN': 970, 'DOH-HAN': 974 }, international: [1, 998] },
  AF: { blocks: { 'CDG-SGN': 3820, 'CDG-HAN': 3824 }, international: [100, 998] },
  LH: { international: [700, 798] },
  BA: { international: [1, 98] },
  QF: { international: [1, 98] },
  CI: { blocks: { 'SGN-TPE': 780, 'HAN-TPE': 790 }, international: [1, 998] },
  BR: { blocks: { 'SGN-TPE': 390, 'HAN-TPE': 396 }, international: [1, 998] },
  MH: { blocks: { 'KUL-SGN': 750, 'HAN-KUL': 760 }, international: [1, 998] },
};

/** Weekday frequency changes: extra flights on Friday and Sunday, fewer on Tuesday and Wednesday (share of the daily count, rounded down). */
export const WEEKDAY_FREQUENCY = { busyDays: [5, 0], busyExtra: 0.15, quietDays: [2, 3], quietLess: 0.1 } as const;

/** Aircraft without a business cabin as flown by these carriers. */
export const ALL_ECONOMY_AIRCRAFT: readonly string[] = ['AT7'];
/** Widebody aircraft (premium economy cabins). */
export const WIDEBODY_AIRCRAFT: readonly string[] = ['333', '339', '359', '351', '388', '788', '789', '78X', '77W', '748'];

/** Departure window of the day (local time, minutes after midnight) flights are spread over. */
export const DEPARTURE_WINDOW = { domestic: [5 * 60 + 30, 23 * 60], international: [6 * 60, 23 * 60 + 45] } as const;

/** Block-time model: cruise speed by distance, taxi and climb margin. */
export const BLOCK_TIME = {
  turbopropKmh: 450,
  shortKmh: 760,
  longKmh: 840,
  /** Distance from which longKmh applies. */
  longFromKm: 1500,
  taxiMinutes: 30,
  /** Extra margin for flights over 4,500 km. */
  longHaulExtraMinutes: 10,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Fare families, booking classes and baggage
// ---------------------------------------------------------------------------------------------------------

export interface BaggageAllowance {
  /** Carry-on kg. */
  handKg: number;
  /** Checked pieces and kg per piece (0 pieces: none included). */
  checkedPieces: number;
  checkedKg: number;
}

export interface Penalties {
  /** Change fee in VND per passenger per change; null: changes not allowed. 0: free (fare difference only). */
  change: number | null;
  /** Refund penalty in VND; null: not refundable (see creditOnly). */
  refund: number | null;
  /** No-show fee in VND added to change/refund after a missed flight; null: the fare is forfeited. */
  noShow: number | null;
}

export interface FareFamily {
  carrier: string;
  name: string;
  nameVi: string;
  /** Two letters used in fare basis codes. */
  code: string;
  cabin: CabinClass;
  /** Booking classes, most expensive first. */
  classes: string[];
  /** Where the family is sold: everywhere, only on trunk/international routes with that cabin, only widebody. */
  availability?: 'ALL' | 'TRUNK_OR_INTERNATIONAL' | 'WIDEBODY';
  baggage: { domestic: BaggageAllowance; international: BaggageAllowance };
  penalties: { domestic: Penalties; international: Penalties };
  /** Refunds only as reservation credit (VJ). */
  creditOnly?: boolean;
  /** Changes must be made at least this many hours before departure. */
  changeCutoffHours?: number;
}

const bag = (handKg: number, checkedPieces: number, checkedKg: number): BaggageAllowance => ({ handKg, checkedPieces, checkedKg });
const pen = (change: number | null, refund: number | null, noShow: number | null): Penalties => ({ change, refund, noShow });

export const FARE_FAMILIES: Readonly<Record<string, readonly FareFamily[]>> = {
  VN: [
    { carrier: 'VN', name: 'Business Flex', nameVi: 'Thương gia Linh hoạt', code: 'BF', cabin: 'BUSINESS', classes: ['J', 'C'],
      baggage: { domestic: bag(18, 1, 32), international: bag(18, 2, 32) },
      penalties: { domestic: pen(0, 300_000, 500_000), international: pen(0, 1_200_000, 1_200_000) } },
    { carrier: 'VN', name: 'Business Classic', nameVi: 'Thương gia Tiêu chuẩn', code: 'BC', cabin: 'BUSINESS', classes: ['D', 'I'],
      baggage: { domestic: bag(18, 1, 32), international: bag(18, 2, 32) },
      penalties: { domestic: pen(300_000, 600_000, 500_000), international: pen(1_200_000, 2_400_000, 1_200_000) } },
    { carrier: 'VN', name: 'Premium Economy', nameVi: 'Phổ thông Đặc biệt', code: 'PE', cabin: 'PREMIUM_ECONOMY', classes: ['W', 'Z', 'U'], availability: 'WIDEBODY',
      baggage: { domestic: bag(12, 1, 32), international: bag(12, 2, 23) },
      penalties: { domestic: pen(300_000, 600_000, 500_000), international: pen(1_000_000, 2_000_000, 1_200_000) } },
    { carrier: 'VN', name: 'Economy Flex', nameVi: 'Phổ thông Linh hoạt', code: 'EF', cabin: 'ECONOMY', classes: ['Y', 'B', 'M'],
      baggage: { domestic: bag(12, 1, 23), international: bag(12, 1, 23) },
      penalties: { domestic: pen(0, 300_000, 500_000), international: pen(0, 1_000_000, 1_200_000) } },
    { carrier: 'VN', name: 'Economy Classic', nameVi: 'Phổ thông Tiêu chuẩn', code: 'EC', cabin: 'ECONOMY', classes: ['S', 'H', 'K', 'L'],
      baggage: { domestic: bag(12, 1, 23), international: bag(12, 1, 23) },
      penalties: { domestic: pen(300_000, 600_000, 500_000), international: pen(1_000_000, 2_000_000, 1_200_000) } },
    { carrier: 'VN', name: 'Economy Lite', nameVi: 'Phổ thông Tiết kiệm', code: 'EL', cabin: 'ECONOMY', classes: ['Q', 'N', 'R', 'T', 'E'],
      baggage: { domestic: bag(12, 1, 23), international: bag(12, 1, 23) },
      penalties: { domestic: pen(600_000, 900_000, 500_000), international: pen(1_500_000, 3_000_000, 1_200_000) } },
    // Super Lite: no change, no refund; checked baggage bought separately.
    { carrier: 'VN', name: 'Economy Super Lite', nameVi: 'Phổ thông Siêu tiết kiệm', code: 'SL', cabin: 'ECONOMY', classes: ['A', 'G', 'P'],
      baggage: { domestic: bag(12, 0, 0), international: bag(12, 1, 23) },
      penalties: { domestic: pen(null, null, null), international: pen(null, null, null) } },
  ],
  VJ: [
    { carrier: 'VJ', name: 'Business', nameVi: 'Business', code: 'BZ', cabin: 'BUSINESS', classes: ['C'], availability: 'TRUNK_OR_INTERNATIONAL',
      baggage: { domestic: bag(18, 1, 40), international: bag(18, 1, 40) }, creditOnly: true, changeCutoffHours: 3,
      penalties: { domestic: pen(0, null, null), international: pen(0, null, null) } },
    { carrier: 'VJ', name: 'SkyBoss', nameVi: 'SkyBoss', code: 'SB', cabin: 'ECONOMY', classes: ['Y', 'B'],
      baggage: { domestic: bag(10, 1, 30), international: bag(10, 1, 30) }, creditOnly: true, changeCutoffHours: 3,
      penalties: { domestic: pen(0, null, null), international: pen(0, null, null) } },
    { carrier: 'VJ', name: 'Deluxe', nameVi: 'Deluxe', code: 'DX', cabin: 'ECONOMY', classes: ['M', 'K', 'H'],
      baggage: { domestic: bag(7, 1, 20), international: bag(7, 1, 20) }, creditOnly: true, changeCutoffHours: 3,
      penalties: { domestic: pen(0, null, null), international: pen(0, null, null) } },
    { carrier: 'VJ', name: 'Eco', nameVi: 'Eco', code: 'EO', cabin: 'ECONOMY', classes: ['E', 'V', 'T', 'Q', 'N'],
      baggage: { domestic: bag(7, 0, 0), international: bag(7, 0, 0) }, creditOnly: true, changeCutoffHours: 3,
      penalties: { domestic: pen(350_000, null, null), international: pen(800_000, null, null) } },
  ],
  QH: [
    { carrier: 'QH', name: 'Business', nameVi: 'Thương gia', code: 'BS', cabin: 'BUSINESS', classes: ['J', 'C'], availability: 'TRUNK_OR_INTERNATIONAL',
      baggage: { domestic: bag(14, 1, 30), international: bag(14, 2, 32) }, changeCutoffHours: 3,
      penalties: { domestic: pen(0, 300_000, 300_000), international: pen(0, 1_000_000, 1_000_000) } },
    { carrier: 'QH', name: 'Economy Flex', nameVi: 'Phổ thông Linh hoạt', code: 'FX', cabin: 'ECONOMY', classes: ['Y', 'B'],
      baggage: { domestic: bag(7, 1, 20), international: bag(7, 1, 23) }, changeCutoffHours: 3,
      penalties: { domestic: pen(0, 450_000, 300_000), international: pen(0, 1_000_000, 1_000_000) } },
    { carrier: 'QH', name: 'Economy Smart', nameVi: 'Phổ thông Tiêu chuẩn', code: 'SM', cabin: 'ECONOMY', classes: ['M', 'H', 'K'],
      baggage: { domestic: bag(7, 1, 20), international: bag(7, 1, 23) }, changeCutoffHours: 3,
      penalties: { domestic: pen(300_000, 450_000, 300_000), international: pen(800_000, 1_200_000, 1_000_000) } },
    { carrier: 'QH', name: 'Economy Saver', nameVi: 'Phổ thông Tiết kiệm', code: 'SV', cabin: 'ECONOMY', classes: ['L', 'Q', 'N'],
      baggage: { domestic: bag(7, 0, 0), international: bag(7, 0, 0) }, changeCutoffHours: 3,
      penalties: { domestic: pen(300_000, null, null), international: pen(800_000, null, null) } },
    { carrier: 'QH', name: 'Economy Saver Max', nameVi: 'Phổ thông Siêu tiết kiệm', code: 'SX', cabin: 'ECONOMY', classes: ['R', 'E', 'P'],
      baggage: { domestic: bag(7, 0, 0), international: bag(7, 0, 0) },
      penalties: { domestic: pen(null, null, null), international: pen(null, null, null) } },
  ],
  // Vietravel bundles: names as sold; carry-on 12 kg on the top bundle, 7 kg otherwise.
  VU: [
    { carrier: 'VU', name: 'Premium', nameVi: 'Premium', code: 'PR', cabin: 'ECONOMY', classes: ['Y', 'B'],
      baggage: { domestic: bag(12, 1, 30), international: bag(12, 1, 30) }, changeCutoffHours: 3,
      penalties: { domestic: pen(0, 300_000, 300_000), international: pen(0, 800_000, 800_000) } },
    { carrier: 'VU', name: 'Smart', nameVi: 'Smart', code: 'ST', cabin: 'ECONOMY', classes: ['M', 'H', 'K'],
      baggage: { domestic: bag(7, 1, 20), international: bag(7, 1, 20) }, changeCutoffHours: 3,
      penalties: { domestic: pen(300_000, 450_000, 300_000), international: pen(700_000, 1_000_000, 800_000) } },
    { carrier: 'VU', name: 'Eco', nameVi: 'Eco', code: 'EC', cabin: 'ECONOMY', classes: ['L', 'Q', 'E'],
      baggage: { domestic: bag(7, 0, 0), international: bag(7, 0, 0) }, changeCutoffHours: 3,
      penalties: { domestic: pen(350_000, null, null), international: pen(800_000, null, null) } },
  ],
  // Foreign full-service carriers sold through the GDSs share one generic family table.
  FOREIGN: [
    { carrier: '*', name: 'Business', nameVi: 'Thương gia', code: 'BU', cabin: 'BUSINESS', classes: ['J', 'C', 'D'],
      baggage: { domestic: bag(14, 2, 32), international: bag(14, 2, 32) },
      penalties: { domestic: pen(0, 1_500_000, 1_500_000), international: pen(0, 1_500_000, 1_500_000) } },
    { carrier: '*', name: 'Economy Flex', nameVi: 'Phổ thông Linh hoạt', code: 'FL', cabin: 'ECONOMY', classes: ['Y', 'B'],
      baggage: { domestic: bag(7, 1, 30), international: bag(7, 1, 30) },
      penalties: { domestic: pen(0, 1_200_000, 1_200_000), international: pen(0, 1_200_000, 1_200_000) } },
    { carrier: '*', name: 'Economy Standard', nameVi: 'Phổ thông Tiêu chuẩn', code: 'ST', cabin: 'ECONOMY', classes: ['M', 'H', 'K'],
      baggage: { domestic: bag(7, 1, 25), international: bag(7, 1, 25) },
      penalties: { domestic: pen(1_200_000, 2_500_000, 1_200_000), international: pen(1_200_000, 2_500_000, 1_200_000) } },
    { carrier: '*', name: 'Economy Saver', nameVi: 'Phổ thông Tiết kiệm', code: 'SV', cabin: 'ECONOMY', classes: ['L', 'V', 'Q'],
      baggage: { domestic: bag(7, 1, 20), international: bag(7, 1, 20) },
      penalties: { domestic: pen(2_000_000, null, null), international: pen(2_000_000, null, null) } },
  ],
};

/** VN fare class groups of spec point 9. */
export const VN_CLASS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  PAG: ['P', 'A', 'G'],
  QNRTE: ['Q', 'N', 'R', 'T', 'E'],
  SHKL: ['S', 'H', 'K', 'L'],
  YBM: ['Y', 'B', 'M'],
  ZUW: ['Z', 'U', 'W'],
  CJ: ['C', 'J'],
  DI: ['D', 'I'],
};

/** VN booking class → class group. */
export const VN_CLASS_GROUP_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(VN_CLASS_GROUPS).flatMap(([group, classes]) => classes.map((c) => [c, group])),
);

/**
 * Fare of a booking class as a share of the reference fare (the domestic economy ceiling, or the
 * international economy full fare). Business and premium classes are above 1 and are not capped.
 */
export const CLASS_FARE_FACTORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  VN: {
    J: 1.65, C: 1.5, D: 1.38, I: 1.28, W: 1.2, Z: 1.12, U: 1.05,
    Y: 1.0, B: 0.93, M: 0.86, S: 0.79, H: 0.73, K: 0.67, L: 0.61, Q: 0.55, N: 0.5, R: 0.45, T: 0.41, E: 0.37, A: 0.33, G: 0.28, P: 0.23,
  },
  VJ: { C: 1.3, Y: 0.95, B: 0.85, M: 0.72, K: 0.64, H: 0.57, E: 0.48, V: 0.38, T: 0.29, Q: 0.2, N: 0.12 },
  QH: { J: 1.55, C: 1.4, Y: 0.97, B: 0.88, M: 0.78, H: 0.7, K: 0.63, L: 0.55, Q: 0.47, N: 0.4, R: 0.32, E: 0.25, P: 0.18 },
  VU: { Y: 0.92, B: 0.84, M: 0.72, H: 0.63, K: 0.55, L: 0.45, Q: 0.34, E: 0.24 },
  FOREIGN: { J: 3.1, C: 2.7, D: 2.4, Y: 1.0, B: 0.9, M: 0.78, H: 0.68, K: 0.6, L: 0.52, V: 0.44, Q: 0.37 },
};

/** International fares: business classes are this much dearer again on long-haul (over 4,500 km). */
export const LONG_HAUL_BUSINESS_BOOST = 1.6;

/** Economy fare ceilings for domestic one-way fares (VND, before VAT and airport charges; 2024 notice). */
export const DOMESTIC_FARE_CEILINGS: readonly { fromKm: number; toKm: number; ceiling: number }[] = [
  { fromKm: 0, toKm: 500, ceiling: 1_700_000 },
  { fromKm: 500, toKm: 850, ceiling: 2_250_000 },
  { fromKm: 850, toKm: 1000, ceiling: 2_890_000 },
  { fromKm: 1000, toKm: 1280, ceiling: 3_400_000 },
  { fromKm: 1280, toKm: Number.POSITIVE_INFINITY, ceiling: 4_000_000 },
];

/** International economy full fare (class Y) of a full-service carrier: base + perKm × distance, VND. */
export const INTERNATIONAL_FARE_SCALE = { base: 2_500_000, perKm: 1_900 } as const;

/** Price level of a carrier against the reference fare. */
export const CARRIER_PRICE_FACTOR: Readonly<Record<string, number>> = {
  VN: 1.0, VJ: 1.0, QH: 1.0, VU: 1.0,
  SQ: 1.08, CX: 1.05, EK: 1.02, QR: 1.0, JL: 1.06, NH: 1.05, KE: 1.0, OZ: 0.96, TG: 0.94, MH: 0.9,
  CI: 0.95, BR: 0.98, AF: 1.04, LH: 1.05, BA: 1.08, QF: 1.06,
};
/** VJ's economy is cheaper than a full-service carrier on international routes. */
export const LOW_COST_INTERNATIONAL_FACTOR = 0.55;

/** Price level of each GDS against the carrier's own channel (slightly different fares). */
export const GDS_PRICE_FACTOR: Readonly<Record<string, number>> = { '1A': 1.0, '1B': 0.985, '1G': 0.992 };
/** Fare basis suffix of each GDS. */
export const GDS_FARE_BASIS_SUFFIX: Readonly<Record<string, string>> = { '1A': 'A', '1B': 'S', '1G': 'G' };
/** Round-trip fares sold together are this share of two one-ways. */
export const ROUND_TRIP_FACTOR = 0.95;
/** Through fares on connections: share of the sum of the segment fares. */
export const CONNECTION_FARE_FACTOR = 0.9;

/** Child and infant fares per carrier. */
export interface PaxFareRule {
  chdDomestic: number;
  chdInternational: number;
  /** Infant: a share of the adult fare, or a fixed amount per segment. */
  inf: { kind: 'ratio'; ratio: number } | { kind: 'fixed'; domestic: number; international: number };
}
export const PAX_FARE_RULES: Readonly<Record<string, PaxFareRule>> = {
  VN: { chdDomestic: 0.9, chdInternational: 0.75, inf: { kind: 'ratio', ratio: 0.1 } },
  VJ: { chdDomestic: 0.9, chdInternational: 0.9, inf: { kind: 'fixed', domestic: 150_000, international: 400_000 } },
  QH: { chdDomestic: 0.75, chdInternational: 0.75, inf: { kind: 'fixed', domestic: 100_000, international: 100_000 } },
  VU: { chdDomestic: 0.9, chdInternational: 0.9, inf: { kind: 'ratio', ratio: 0.1 } },
  FOREIGN: { chdDomestic: 0.75, chdInternational: 0.75, inf: { kind: 'ratio', ratio: 0.1 } },
};

// ---------------------------------------------------------------------------------------------------------
// Taxes and charges (per passenger, per departure)
// ---------------------------------------------------------------------------------------------------------

/** Domestic departures: passenger service charge by airport group, security screening. */
export const DOMESTIC_CHARGES = {
  passengerService: { A: { ADT: 100_000, CHD: 50_000, INF: 0 }, B: { ADT: 80_000, CHD: 40_000, INF: 0 } },
  security: { ADT: 20_000, CHD: 20_000, INF: 0 },
} as const satisfies {
  passengerService: Record<'A' | 'B', Record<PaxType, number>>;
  security: Record<PaxType, number>;
};

/** International departures: charges of the departure country (VND, adult). Children pay the same, infants none. */
export const INTERNATIONAL_DEPARTURE_CHARGES: Readonly<Record<string, { passengerService: number; security: number }>> = {
  VNM: { passengerService: 625_000, security: 50_000 },
  THA: { passengerService: 530_000, security: 0 },
  SGP: { passengerService: 870_000, security: 0 },
  MYS: { passengerService: 410_000, security: 0 },
  KOR: { passengerService: 430_000, security: 0 },
  JPN: { passengerService: 450_000, security: 0 },
  HKG: { passengerService: 560_000, security: 0 },
  TWN: { passengerService: 800_000, security: 0 },
  CHN: { passengerService: 320_000, security: 0 },
  KHM: { passengerService: 640_000, security: 0 },
  PHL: { passengerService: 450_000, security: 0 },
  IDN: { passengerService: 570_000, security: 0 },
  IND: { passengerService: 300_000, security: 0 },
  ARE: { passengerService: 560_000, security: 0 },
  QAT: { passengerService: 390_000, security: 0 },
  AUS: { passengerService: 1_150_000, security: 0 },
  FRA: { passengerService: 1_250_000, security: 0 },
  DEU: { passengerService: 1_050_000, security: 0 },
  NLD: { passengerService: 950_000, security: 0 },
  GBR: { passengerService: 2_950_000, security: 0 },
  USA: { passengerService: 1_100_000, security: 0 },
};
/** Transit passengers pay this share of the departure charges of the connecting airport's country. */
export const TRANSIT_CHARGE_SHARE = 0.3;
/** VAT on domestic flights (fare and charges), percent: 8 while the reduced rate applies, else 10. */
export const DEFAULT_VAT_PERCENT = 8;

// ---------------------------------------------------------------------------------------------------------
// Agency issue fees (spec: bookingFees)
// ---------------------------------------------------------------------------------------------------------

export const DEFAULT_ISSUE_FEES = {
  domestic: { ADT: 50_000, CHD: 50_000, INF: 0 },
  international: { ADT: 200_000, CHD: 200_000, INF: 0 },
} as const satisfies Record<'domestic' | 'international', Record<PaxType, number>>;

/** Per-airline overrides of the default issue fee. */
export const ISSUE_FEE_OVERRIDES: Readonly<Record<string, Partial<Record<'domestic' | 'international', Partial<Record<PaxType, number>>>>>> = {
  VJ: { domestic: { ADT: 40_000, CHD: 40_000 }, international: { ADT: 150_000, CHD: 150_000 } },
  VU: { domestic: { ADT: 40_000, CHD: 40_000 } },
};

/** Default agency issue fees per airline, domestic or international, and passenger type (spec: bookingFees). */
export function bookingFees(airlines: readonly string[], domestic: boolean): BookingFee[] {
  const scope = domestic ? 'domestic' : 'international';
  return [...new Set(airlines)].flatMap((airline) =>
    PAX_TYPES.map((paxType) => ({
      airline,
      domestic,
      paxType,
      issueFee: ISSUE_FEE_OVERRIDES[airline]?.[scope]?.[paxType] ?? DEFAULT_ISSUE_FEES[scope][paxType],
    })),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Hold time limits
// ---------------------------------------------------------------------------------------------------------

/**
 * Time to pay for a held booking, by how far away departure is (first row that matches). Near departure the
 * hold is short; within `noHoldWithinHours` of departure nothing can be held. The limit never passes
 * `issueCutoffHours` before departure.
 */
export const HOLD_RULES = {
  rows: [
    { departureMoreThanHours: 72, holdHours: 24 },
    { departureMoreThanHours: 48, holdHours: 6 },
    { departureMoreThanHours: 24, holdHours: 4 },
    { departureMoreThanHours: 12, holdHours: 2 },
    { departureMoreThanHours: 4, holdHours: 1 },
  ],
  noHoldWithinHours: 4,
  issueCutoffHours: 3,
} as const;
