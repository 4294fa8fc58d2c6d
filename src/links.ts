/**
 * Typed links between pages: `linkTo(PAGES.bookings.detail, { id })`. The page table is contract/pages.ts;
 * a plugin names another plugin's page by its reference, never by a copied path string.
 */
import { pagePath, type PathArgs } from '../contract/pages';

export { PAGES, type PathArgs, type PathParams, type Query } from '../contract/pages';

/** The URL of a page with its `:params` filled in and an optional query. */
export function linkTo<P extends string>(page: P, ...args: PathArgs<P>): string {
  return pagePath(page, ...args);
}
