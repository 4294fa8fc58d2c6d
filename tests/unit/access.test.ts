import { describe, expect, it } from 'vitest';
import { accessFor, accessKey, enforcerBuilds, getEnforcer } from '../../src/access/enforcer';
import { createAccessControlProvider, pathOf } from '../../src/access/access-control-provider';

describe('the casbin enforcer and the per-permission-set checker', () => {
  it('is built once, on demand (checks before it answer without it), and memoised by the sorted permission list', async () => {
    const a = accessFor(['ADMIN_F1', 'USE_TRAIN']);
    const b = accessFor(['USE_TRAIN', 'ADMIN_F1', 'USE_TRAIN']);
    expect(a).toBe(b);
    expect(a.key).toBe('ADMIN_F1,USE_TRAIN');
    expect(accessFor(['USE_TRAIN'])).not.toBe(a);
    await Promise.all([a.can('/train'), accessFor(['X']).can('/train'), accessFor([]).can('/')]);
    expect(enforcerBuilds()).toBe(0);
    await Promise.all([getEnforcer(), getEnforcer()]);
    expect(enforcerBuilds()).toBe(1);
    expect(await getEnforcer()).toBe(await getEnforcer());
    expect(enforcerBuilds()).toBe(1);
    expect(accessKey([])).toBe('');
  });

  it('caches each decision of a checker (once casbin decides)', async () => {
    await getEnforcer();
    const access = accessFor(['USE_ESIM']);
    const first = access.can('/esim/products');
    expect(access.can('/esim/products')).toBe(first);
    expect(await first).toBe(true);
  });

  it.each([
    [[], '/', true],
    [[], '/train', false],
    [['USE_TRAIN'], '/train', true],
    [['USE_TRAIN'], '/booking/train/complete', true],
    [['AGENT_F2'], '/banner', false],
    [['AGENT_F2', 'ONLY_SHOW_NEW'], '/banner', true],
    [['ADMIN_NEWS'], '/banner', true],
    [['ADMIN_F1'], '/booking/completed/:id', true],
    [['ADMIN_F1'], '/booking/completed/123', true],
    [[], '/booking/completed/123', false],
    [['VIEW_DEPOSIT', 'AGENT_F1'], '/accounting/view-deposit', true],
    [['VIEW_DEPOSIT', 'AGENT_F2'], '/accounting/view-deposit', false],
    [['ADMIN_F2'], '/system/group-permissions', false],
    [['ADMIN_F1'], '/system/group-permissions', true],
    [['ADMIN_F1'], '/no/such/route', false],
  ])('%j may open %s: %s', async (permissions, path, expected) => {
    expect(await accessFor(permissions).can(path)).toBe(expected);
  });
});

describe('accessControlProvider', () => {
  it('maps a resource and action to its route path and checks it with view', async () => {
    let held: string[] = [];
    const provider = createAccessControlProvider(() => held);
    const resource = { name: 'trains', list: '/train', show: '/booking/train/complete' };
    expect(pathOf({ action: 'list', params: { resource } })).toBe('/train');
    expect(pathOf({ action: 'show', params: { resource } })).toBe('/booking/train/complete');
    expect(pathOf({ action: 'delete', params: { resource } })).toBe('/train');
    expect(await provider.can({ resource: 'trains', action: 'list', params: { resource } })).toEqual({ can: false, reason: 'forbidden' });
    held = ['USE_TRAIN'];
    expect(await provider.can({ resource: 'trains', action: 'list', params: { resource } })).toEqual({ can: true });
  });

  it('finds the routes of a registered resource by name (Refine strips them from params.resource)', async () => {
    let held: string[] = [];
    const resources = [{ name: 'trains', list: '/train', create: '/booking/train/passenger-info' }];
    const provider = createAccessControlProvider(() => held, () => resources);
    // what Refine's useCan and the access-aware buttons pass: the resource without its routes
    const sanitized = { name: 'trains', meta: {} };
    expect((await provider.can({ resource: 'trains', action: 'create', params: { resource: sanitized } })).can).toBe(false);
    expect((await provider.can({ resource: 'trains', action: 'list' })).can).toBe(false);
    held = ['USE_TRAIN'];
    expect((await provider.can({ resource: 'trains', action: 'create', params: { resource: sanitized } })).can).toBe(true);
    expect((await provider.can({ resource: 'trains', action: 'edit' })).can).toBe(true);
  });

  it('checks params.path when given (menu entries), and allows what has no route', async () => {
    const provider = createAccessControlProvider(() => ['ADMIN_F1']);
    expect((await provider.can({ resource: 'x', action: 'list', params: { path: '/system/signIn-config' } })).can).toBe(true);
    expect((await provider.can({ resource: 'x', action: 'list', params: { path: '/qr' } })).can).toBe(false);
    expect((await provider.can({ resource: 'x', action: 'list' })).can).toBe(true);
  });
});

describe('named actions (policies/actions.ts)', () => {
  it.each([
    [[], 'home', 'newHome', false],
    [['SHOW_NEW_HOME'], 'home', 'newHome', true],
    [['ANNIVERSARY'], 'home', 'anniversary', true],
    [['AGENT_F1'], 'bookings', 'filterByAgent', false],
    [['ADMIN_F2'], 'bookings', 'filterByAgent', true],
    // endpoint actions follow the gateway's rule of that endpoint
    [['EXPORT_TICKET'], 'bookings', 'issue', true],
    [['VOID_VIEW_TICKETS'], 'bookings', 'issue', true],
    [['BOOKING_TICKET'], 'bookings', 'issue', false],
    [['VOID_VNA'], 'bookings', 'void', true],
    [['EXPORT_TICKET'], 'bookings', 'refund', false],
    [['EXPORT_TICKET', 'REFUND_TICKET'], 'bookings', 'refund', true],
    [['DEPOSIT_MANAGER'], 'deposit-topups', 'confirm', false],
    [['DEPOSIT_MANAGER', 'CONFIRM_DEPOSIT'], 'deposit-topups', 'confirm', true],
  ])('%j: %s.%s is %s', async (permissions, resource, action, expected) => {
    const provider = createAccessControlProvider(() => permissions);
    expect((await provider.can({ resource, action })).can).toBe(expected);
  });

  it('every named action has a rule that parses and an endpoint that exists', async () => {
    const { ACTION_RULES, actionRule } = await import('../../policies/actions');
    for (const key of Object.keys(ACTION_RULES)) {
      const [resource, action] = key.split('.');
      expect(typeof actionRule(resource, action)).toBe('string');
    }
    const { actionPolicies } = await import('../../policies/enforcer');
    expect(actionPolicies()).toHaveLength(Object.keys(ACTION_RULES).length);
  });

  it('no route rule opens an action object', async () => {
    expect(await accessFor(['ADMIN_F1', 'AGENT_F1', 'USE_TRAIN']).can('/actions/home/newHome')).toBe(false);
  });
});
