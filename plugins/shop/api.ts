/** The shop plugin's side of the data provider (contract/shop.ts): resource names, metas and urls. */
import { SHOP_API } from '../../contract/shop';

export const RESOURCES = { reserves: 'shop-reserves', management: 'shop-reserves-management' } as const;
export const RESERVES_META = { path: SHOP_API.reserves };

const withId = (path: string, id: number) => path.replace(':id', String(id));
export const shopUrl = {
  reserve: (id: number) => withId(SHOP_API.reserve, id),
  sales: (id: number) => withId(SHOP_API.sales, id),
  release: (id: number) => withId(SHOP_API.release, id),
};
