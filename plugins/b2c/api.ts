/** The B2C plugin's side of the data provider (contract/b2c.ts): resource names and metas. */
import { B2C_API } from '../../contract/b2c';

/** Refine resource names; they double as the cache tags of spec point 7 (B2CConfig, B2CTour). */
export const RESOURCES = { config: 'b2c-config', tours: 'b2c-tours', orders: 'b2c-orders', news: 'b2c-news', fareRules: 'b2c-fare-rules' } as const;
export const CONFIG_META = { path: B2C_API.config };
export const TOURS_META = { path: B2C_API.tours };
export const ORDERS_META = { path: B2C_API.orders };
export const NEWS_META = { path: B2C_API.news, tag: 'B2CNews' };
export const FARE_RULES_META = { path: B2C_API.fareRules, tag: 'B2CFareRule' };
