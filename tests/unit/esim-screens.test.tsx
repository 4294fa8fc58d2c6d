/**
 * eSIM screens over Refine: the catalogue asks the gateway with the filters and shows both prices; the cart
 * drawer adds two packages, changes quantities (one down to 0 disappears), keeps the cart in storage, refuses a
 * bad customer e-mail without calling the gateway, then pays once with the lines, the customer and a UUID and
 * opens the order; a refusal keeps the cart and shows the gateway's words; without the checkout right the pay
 * button is not there.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EsimProduct } from '../../contract/esim';
import { createAccessControlProvider } from '../../src/access/access-control-provider';
import { getEnforcer } from '../../src/access/enforcer';
import { composePlugins } from '../../src/plugin';
import { formatVnd } from '../../src/i18n/format';
import { esimPlugin } from '../../plugins/esim';
import ProductsPage from '../../plugins/esim/pages/ProductsPage';
import { initTestI18n } from './helpers/i18n';
import type { MockAnswer, SeenRequest } from './helpers/mock-adapter';
import { mockApi, renderRoutes, sentBody } from './helpers/refine-harness';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

const product = (id: string, name: string, price: number, dataMb: number | null): EsimProduct => ({
  id, name, coverage: 'country', region: 'asia', countries: [{ code: id.slice(0, 2), name: name.split(' ')[0] }], dataMb,
  fairUse: dataMb === null ? { dailyMb: 2048, throttledKbps: 512 } : null, validityDays: 7, price, retailPrice: Math.round(price * 1.35), topUp: true,
});
const JP = product('JP-1GB-7D', 'Nhật Bản 1 GB / 7 ngày', 92_000, 1024);
const KR = product('KR-UNL-5D', 'Hàn Quốc Không giới hạn / 5 ngày', 195_000, null);

const { resources } = composePlugins([esimPlugin]);
let seen: SeenRequest[] = [];
let restore: (() => void) | undefined;
let checkout: () => MockAnswer;

function renderPage(permissions: readonly string[] = ['USE_ESIM']) {
  const api = mockApi((req) => {
    if (req.url === '/api/esim/products') return { data: { data: [JP, KR], total: 2 } };
    if (req.url === '/api/accounting/balance') return { data: { agencyId: 1, balance: 10_000_000, creditLimit: 0, available: 10_000_000 } };
    if (req.url === '/api/esim/orders' && req.method === 'POST') return checkout();
    return { status: 404, data: { code: 44, message: 'no' } };
  });
  seen = api.seen;
  restore = api.restore;
  renderRoutes('/esim/products', { '/esim/products': <ProductsPage />, '/esim/list-order/:id': <div>ORDER PAGE</div> }, { resources, accessControlProvider: createAccessControlProvider(() => permissions) });
}

const card = async (id: string) => (await screen.findAllByTestId('esim-product', {}, { timeout: 10_000 })).find((c) => c.getAttribute('data-id') === id) as HTMLElement;
const lines = () => screen.queryAllByTestId('esim-cart-line');
const line = (id: string) => lines().find((l) => l.getAttribute('data-id') === id) as HTMLElement;
const posts = () => seen.filter((r) => r.method === 'POST' && r.url === '/api/esim/orders');

describe('eSIM catalogue and cart', () => {
  beforeAll(async () => {
    await initTestI18n('vi');
    await getEnforcer();
  });
  beforeEach(() => {
    localStorage.clear();
    checkout = () => ({ status: 500, data: { code: 99, message: 'not set' } });
  });
  afterEach(() => {
    cleanup();
    restore?.();
  });

  it('reads the catalogue sorted by price, with the filters, and shows both prices', async () => {
    renderPage();
    const jp = await card(JP.id);
    expect(within(jp).getByText(formatVnd(JP.price))).toBeTruthy();
    expect(within(jp).getByText(formatVnd(JP.retailPrice))).toBeTruthy();
    const first = seen.find((r) => r.url === '/api/esim/products')!;
    expect(first.config.params).toMatchObject({ sort: 'price', page: 1 });
    fireEvent.change(screen.getByTestId('esim-destination'), { target: { value: 'nhat ban' } });
    fireEvent.keyDown(screen.getByTestId('esim-destination'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(seen.some((r) => r.url === '/api/esim/products' && r.config.params?.destination === 'nhat ban')).toBe(true));
  });

  it('adds two packages, changes quantities (0 removes), keeps the cart, validates the customer and pays once', async () => {
    renderPage();
    fireEvent.click(within(await card(JP.id)).getByTestId('esim-add'));
    fireEvent.click(within(await card(KR.id)).getByTestId('esim-add'));
    fireEvent.click(screen.getByTestId('esim-cart-open'));
    await waitFor(() => expect(lines()).toHaveLength(2));
    fireEvent.click(within(line(JP.id)).getByTestId('esim-cart-inc'));
    fireEvent.click(within(line(JP.id)).getByTestId('esim-cart-inc'));
    await waitFor(() => expect(line(JP.id).getAttribute('data-quantity')).toBe('3'));
    fireEvent.click(within(line(KR.id)).getByTestId('esim-cart-dec'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    expect(screen.getByTestId('esim-cart-total').getAttribute('data-amount')).toBe(String(3 * JP.price));
    // kept in storage across reloads
    const stored = JSON.parse(localStorage.getItem('esimCart:anonymous') ?? '[]');
    expect(stored).toEqual([expect.objectContaining({ id: JP.id, price: JP.price, quantityCart: 3, totalPrice: 3 * JP.price })]);

    fireEvent.change(screen.getByTestId('esim-customer-name'), { target: { value: 'Phạm Văn Nam' } });
    fireEvent.change(screen.getByTestId('esim-customer-email'), { target: { value: 'nam@' } });
    fireEvent.change(screen.getByTestId('esim-customer-phone'), { target: { value: '0912345678' } });
    fireEvent.click(screen.getByTestId('esim-checkout'));
    expect(await screen.findByText('Email không đúng định dạng, ví dụ ten@congty.vn.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('esim-confirm')).toBeNull();

    // a refusal keeps the cart and shows what the gateway said
    checkout = () => ({ status: 409, data: { code: 70, message: 'Số dư ký quỹ không đủ cho giao dịch này.', data: { available: 1 } } });
    fireEvent.change(screen.getByTestId('esim-customer-email'), { target: { value: 'nam.pham@example.com' } });
    fireEvent.click(screen.getByTestId('esim-checkout'));
    expect((await screen.findByTestId('esim-confirm-amount', {}, { timeout: 10_000 })).getAttribute('data-amount')).toBe(String(3 * JP.price));
    fireEvent.click(screen.getByTestId('esim-confirm-ok'));
    expect((await screen.findByTestId('esim-cart-error', {}, { timeout: 10_000 })).textContent).toContain('Số dư ký quỹ không đủ');
    expect(lines()).toHaveLength(1);
    const firstKey = (sentBody(posts()[0]) as { idempotencyKey: string }).idempotencyKey;

    checkout = () => ({ data: { order: { id: 77, code: 'ES000077' }, amount: 3 * JP.price, balanceAfter: 10_000_000 - 3 * JP.price, replayed: false } });
    fireEvent.click(screen.getByTestId('esim-checkout'));
    await waitFor(() => expect(screen.getAllByTestId('esim-confirm-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('esim-confirm-ok').at(-1)!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/esim/list-order/77'));
    expect(posts()).toHaveLength(2);
    const body = sentBody(posts()[1]) as Record<string, unknown>;
    expect(body).toEqual({
      idempotencyKey: firstKey,
      items: [{ productId: JP.id, quantity: 3 }],
      customer: { name: 'Phạm Văn Nam', email: 'nam.pham@example.com', phone: '0912345678' },
      expectedTotal: 3 * JP.price,
    });
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('esimCart:anonymous')).toBeNull();
  });

  it('shows no pay button without the checkout right', async () => {
    localStorage.setItem('esimCart:anonymous', JSON.stringify([{ id: JP.id, price: JP.price, quantityCart: 1, totalPrice: JP.price, name: JP.name, dataMb: 1024, validityDays: 7 }]));
    renderPage([]);
    fireEvent.click(await screen.findByTestId('esim-cart-open'));
    await waitFor(() => expect(lines()).toHaveLength(1));
    // the stored cart is back, with its total; the access decision (a refusal) leaves no pay button
    expect(screen.getByTestId('esim-cart-total').getAttribute('data-amount')).toBe(String(JP.price));
    await waitFor(() => expect(seen.some((r) => r.url === '/api/accounting/balance')).toBe(true));
    expect(screen.queryByTestId('esim-checkout')).toBeNull();
  });
});
