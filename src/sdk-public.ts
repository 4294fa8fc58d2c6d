/**
 * The part of the sdk a PUBLIC page may import (pages offered in a plugin's public.ts, served outside the
 * signed-in app): the api client, its errors, formatting and the public layout. Nothing here reaches Refine,
 * casbin or the plugin registry, so a public page's chunk stays as small as the login page's. src/sdk.ts
 * re-exports all of it but the api client: signed-in screens read and write through Refine's data provider,
 * and lint keeps `api` to the public pages (eslint.config.js).
 */
export { api, type ApiClient } from './api/client';
export { ApiError, isApiError, messageOf } from './api/errors';
export * from './i18n/format';
export { PublicLayout } from './ui/layout/PublicLayout';
