/**
 * The board plugin: the airport board of /electronic-board/{place} (spec points 2 and 4), open to every
 * signed-in user. The home page's quick links do not list it: it is reached by its address (a wall screen).
 */
import { definePlugin, page, PAGES } from '../../src/sdk';

export const boardPlugin = definePlugin({
  name: 'board',
  resources: [],
  routes: [page(PAGES.board.board, () => import('./pages/BoardPage'), 'board.page.title')],
});
