/** Business constants of spec point 9 and the protocol settings of point 7, shared by portal and gateway. */
export const CLIENT_VERSION = '2.97';
export const REQUEST_TIMEOUT_MS = 120_000;
export const QUERY_CACHE_MS = 10_000;
export const TOAST_DEFAULT_MS = 5_000;
export const TSP_MAX_SKEW_MS = 5 * 60 * 1000;
export const CLIENT_TYPE = 'Web';

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';

export const DEFAULT_CURRENCY = 'VND';
export const DEFAULT_PASSPORT_COUNTRY = 'VNM';
export const DEFAULT_JOURNEY_TYPE = 'OW';
export const DEFAULT_SEARCH_TYPE = 'BP';
export const DEFAULT_TYPE_OF_BOOK = 'NN';
export const QH_CUTOFF_DAYS = 1;
export const MULTI_LEG_SPACING_DAYS = 3;
export const PASSENGER_CAP = 9;

/** Built-in AES-CBC key (32 chars) and IV (16 chars); overridden by AES_KEY / AES_IV at build and start. */
export const DEFAULT_AES_KEY = 'AgencyPortal#2026$RefGateway!K32';
export const DEFAULT_AES_IV = 'AgencyIV#2026!16';

/** Browser storage keys of spec point 3, exactly. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  isLogin: 'isLogin',
  permissions: 'permissions',
  osi: 'osi',
  tourCode: 'tourCode',
  salt: 'salt',
  diff: 'diff',
  i18nextLng: 'i18nextLng',
  sortSystemGDS: 'sortSystemGDS',
  /** user info, agent info and productKey are stored after login too (spec point 3). */
  memberInfo: 'memberInfo',
  agentInfo: 'agentInfo',
  productKey: 'productKey',
} as const;

/** Headers of spec point 7. */
export const HEADERS = {
  authorization: 'authorization',
  tsp: 'tsp',
  clientType: 'Client-Type',
  language: 'X-Language',
  version: 'Version',
  time: 'Time',
  requestId: 'X-Request-Id',
  idempotencyKey: 'Idempotency-Key',
} as const;
