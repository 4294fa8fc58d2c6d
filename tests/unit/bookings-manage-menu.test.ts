/**
 * The "Đặt chỗ / Bookings" menu group: search, issue, void, cancel and reservation status, each shown only when
 * its route rule (policies/routes.ts, spec point 2) lets the user in, as the side menu filters them.
 */
import { describe, expect, it } from 'vitest';
import { accessFor } from '../../src/access/enforcer';
import { composePlugins } from '../../src/plugin';
import { bookingsPlugin } from '../../plugins/bookings';

// the menu is derived from the plugin's resources
const group = composePlugins([bookingsPlugin]).menu.filter((e) => e.parent === 'bookings-group');

async function visible(permissions: string[]): Promise<string[]> {
  const access = accessFor(permissions);
  const out: string[] = [];
  for (const e of group) if (e.path && (await access.can(e.path))) out.push(e.path);
  return out;
}

describe('bookings menu', () => {
  it('is one group with its five entries, all served by the plugin', () => {
    const { menu, routes } = composePlugins([bookingsPlugin]);
    expect(menu.find((e) => e.key === 'bookings-group')?.label).toBe('bookings.menu.group');
    expect(group.map((e) => e.path)).toEqual(['/booking/search', '/booking/issue', '/booking/void', '/booking/cancel', '/booking/reservation-status']);
    for (const e of group) expect(routes.some((r) => r.path === e.path)).toBe(true);
  });

  it.each([
    [['BOOKING_TICKET'], ['/booking/search', '/booking/cancel', '/booking/reservation-status']],
    [['BOOKING_TICKET', 'EXPORT_TICKET'], ['/booking/search', '/booking/issue', '/booking/cancel', '/booking/reservation-status']],
    [['VOID_VNA'], ['/booking/search', '/booking/void', '/booking/cancel', '/booking/reservation-status']],
    [['VOID_VIEW_TICKETS'], ['/booking/search', '/booking/issue', '/booking/void', '/booking/cancel', '/booking/reservation-status']],
  ])('%j sees %j', async (permissions, paths) => {
    expect(await visible(permissions)).toEqual(paths);
  });
});
