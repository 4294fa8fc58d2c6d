/**
 * The eSIM rules: the cart (spec point 3 fields id, price, quantityCart, totalPrice; point 4: quantities go up
 * and down and reaching 0 removes the item), the totals in VND, the stored cart read back, the checkout key,
 * destination matching without diacritics, the catalogue filters and the usage figures. Table-driven.
 */
import { describe, expect, it } from 'vitest';
import { ESIM_MAX_LINES, ESIM_MAX_QUANTITY, foldText, matchesDataFilter, matchesDayFilter, matchesDestination } from '../../contract/esim';
import { addItem, cartTotals, checkoutKeyFor, decrement, increment, orderItems, parseCart, removeItem, setQuantity, type Cart, type CartProduct } from '../../plugins/esim/model/cart';
import { formatMb, usedPercent } from '../../plugins/esim/model/usage';

const JP: CartProduct = { id: 'JP-5GB-30D', price: 365_000, name: 'Nhật Bản 5 GB / 30 ngày', dataMb: 5120, validityDays: 30 };
const KR: CartProduct = { id: 'KR-UNL-5D', price: 195_000, name: 'Hàn Quốc Không giới hạn / 5 ngày', dataMb: null, validityDays: 5 };
const cartOf = (...lines: [CartProduct, number][]): Cart => lines.reduce<Cart>((c, [p, q]) => addItem(c, p, q), []);
const shape = (c: Cart) => c.map((i) => ({ id: i.id, price: i.price, quantityCart: i.quantityCart, totalPrice: i.totalPrice }));

describe('cart rules', () => {
  it.each<[string, () => Cart, { id: string; price: number; quantityCart: number; totalPrice: number }[]]>([
    ['adding a product makes a line of 1', () => addItem([], JP), [{ id: JP.id, price: 365_000, quantityCart: 1, totalPrice: 365_000 }]],
    ['adding it again adds to its line', () => addItem(addItem([], JP), JP), [{ id: JP.id, price: 365_000, quantityCart: 2, totalPrice: 730_000 }]],
    ['adding 3 at once', () => addItem([], KR, 3), [{ id: KR.id, price: 195_000, quantityCart: 3, totalPrice: 585_000 }]],
    ['adding 0 changes nothing', () => addItem([], KR, 0), []],
    ['two products make two lines, in order', () => cartOf([JP, 1], [KR, 2]), [{ id: JP.id, price: 365_000, quantityCart: 1, totalPrice: 365_000 }, { id: KR.id, price: 195_000, quantityCart: 2, totalPrice: 390_000 }]],
    ['increment raises one line', () => increment(cartOf([JP, 1], [KR, 1]), KR.id), [{ id: JP.id, price: 365_000, quantityCart: 1, totalPrice: 365_000 }, { id: KR.id, price: 195_000, quantityCart: 2, totalPrice: 390_000 }]],
    ['decrement lowers one line', () => decrement(cartOf([JP, 3]), JP.id), [{ id: JP.id, price: 365_000, quantityCart: 2, totalPrice: 730_000 }]],
    ['decrement to 0 removes the line', () => decrement(cartOf([JP, 1], [KR, 2]), JP.id), [{ id: KR.id, price: 195_000, quantityCart: 2, totalPrice: 390_000 }]],
    ['setQuantity 0 removes the line', () => setQuantity(cartOf([JP, 4]), JP.id, 0), []],
    ['setQuantity below 0 removes the line', () => setQuantity(cartOf([JP, 4]), JP.id, -2), []],
    ['setQuantity sets it', () => setQuantity(cartOf([JP, 4]), JP.id, 7), [{ id: JP.id, price: 365_000, quantityCart: 7, totalPrice: 2_555_000 }]],
    ['quantities stop at the maximum', () => setQuantity(cartOf([JP, 1]), JP.id, ESIM_MAX_QUANTITY + 5), [{ id: JP.id, price: 365_000, quantityCart: ESIM_MAX_QUANTITY, totalPrice: 365_000 * ESIM_MAX_QUANTITY }]],
    ['increment at the maximum stays', () => increment(cartOf([JP, ESIM_MAX_QUANTITY]), JP.id), [{ id: JP.id, price: 365_000, quantityCart: ESIM_MAX_QUANTITY, totalPrice: 365_000 * ESIM_MAX_QUANTITY }]],
    ['an unknown id changes nothing', () => decrement(cartOf([JP, 1]), 'XX'), [{ id: JP.id, price: 365_000, quantityCart: 1, totalPrice: 365_000 }]],
    ['remove drops the line', () => removeItem(cartOf([JP, 1], [KR, 1]), JP.id), [{ id: KR.id, price: 195_000, quantityCart: 1, totalPrice: 195_000 }]],
    ['a new price of a product re-prices its line', () => addItem(cartOf([JP, 2]), { ...JP, price: 400_000 }), [{ id: JP.id, price: 400_000, quantityCart: 3, totalPrice: 1_200_000 }]],
  ])('%s', (_, make, expected) => {
    expect(shape(make())).toEqual(expected);
  });

  it('refuses a line beyond the maximum number of lines', () => {
    let c: Cart = [];
    for (let i = 0; i < ESIM_MAX_LINES + 3; i++) c = addItem(c, { ...JP, id: `P${i}` });
    expect(c).toHaveLength(ESIM_MAX_LINES);
  });

  it('never mutates the cart it is given', () => {
    const c = cartOf([JP, 1]);
    const copy = JSON.stringify(c);
    increment(c, JP.id);
    decrement(c, JP.id);
    addItem(c, KR);
    expect(JSON.stringify(c)).toBe(copy);
  });
});

describe('totals', () => {
  it.each<[string, Cart, { quantity: number; lines: number; totalPrice: number }]>([
    ['empty', [], { quantity: 0, lines: 0, totalPrice: 0 }],
    ['one line', cartOf([JP, 2]), { quantity: 2, lines: 1, totalPrice: 730_000 }],
    ['two lines', cartOf([JP, 2], [KR, 3]), { quantity: 5, lines: 2, totalPrice: 1_315_000 }],
    ['after a line reached 0', decrement(cartOf([JP, 1], [KR, 1]), JP.id), { quantity: 1, lines: 1, totalPrice: 195_000 }],
  ])('%s', (_, cart, expected) => {
    const totals = cartTotals(cart);
    expect(totals).toEqual(expected);
    expect(Number.isInteger(totals.totalPrice)).toBe(true);
  });

  it('checks out the lines as product and quantity', () => {
    expect(orderItems(cartOf([JP, 2], [KR, 1]))).toEqual([{ productId: JP.id, quantity: 2 }, { productId: KR.id, quantity: 1 }]);
  });
});

describe('stored cart', () => {
  it.each<[string, string | null, number]>([
    ['nothing stored', null, 0],
    ['not JSON', '{oops', 0],
    ['not a list', '{"id":"x"}', 0],
    ['a good line', JSON.stringify(cartOf([JP, 2])), 1],
    ['a line with a bad price', JSON.stringify([{ ...cartOf([JP, 2])[0], price: 1.5 }]), 0],
    ['a line with quantity 0', JSON.stringify([{ ...cartOf([JP, 2])[0], quantityCart: 0 }]), 0],
    ['the same product twice', JSON.stringify([...cartOf([JP, 2]), ...cartOf([JP, 1])]), 1],
  ])('%s', (_, text, lines) => {
    expect(parseCart(text)).toHaveLength(lines);
  });

  it('recomputes the totals instead of trusting them', () => {
    const [line] = parseCart(JSON.stringify([{ ...cartOf([JP, 2])[0], totalPrice: 1 }]));
    expect(line.totalPrice).toBe(730_000);
    const [merged] = parseCart(JSON.stringify([...cartOf([JP, 2]), ...cartOf([JP, 1])]));
    expect(merged).toMatchObject({ quantityCart: 3, totalPrice: 1_095_000 });
  });
});

describe('checkout key', () => {
  let n = 0;
  const next = () => `k${++n}`;
  it('is kept for the same cart and renewed when the cart changes', () => {
    const a = checkoutKeyFor(null, cartOf([JP, 1]), next);
    expect(checkoutKeyFor(a, cartOf([JP, 1]), next)).toBe(a);
    const b = checkoutKeyFor(a, cartOf([JP, 2]), next);
    expect(b.key).not.toBe(a.key);
  });
});

describe('destinations', () => {
  it.each<[string, string[], boolean]>([
    ['nhat ban', ['Nhật Bản', 'Japan'], true],
    ['NHẬT', ['Nhật Bản'], true],
    ['ban', ['Nhật Bản'], true],
    ['japan', ['Nhật Bản', 'Japan'], true],
    ['duc', ['Đức', 'Germany'], true],
    ['my', ['Hoa Kỳ (Mỹ)', 'United States'], true],
    ['my', ['Đức', 'Germany'], false],
    ['thuy si', ['Thụy Sĩ', 'Switzerland'], true],
    ['  han   quoc ', ['Hàn Quốc'], true],
    ['korea', ['Nhật Bản', 'Japan'], false],
    ['', ['Nhật Bản'], true],
  ])('"%s" in %j → %s', (q, names, expected) => {
    expect(matchesDestination(q, names)).toBe(expected);
  });

  it('folds diacritics, đ and case', () => {
    expect(foldText('  Đà  Nẵng ')).toBe('da nang');
  });
});

describe('catalogue filters', () => {
  it.each<[number | null, 'unlimited' | 'upTo3' | '3to10' | 'over10', boolean]>([
    [null, 'unlimited', true],
    [1024, 'unlimited', false],
    [3072, 'upTo3', true],
    [3072, '3to10', false],
    [5120, '3to10', true],
    [10240, '3to10', true],
    [20480, 'over10', true],
    [null, 'over10', false],
  ])('%s MB under %s → %s', (mb, filter, expected) => {
    expect(matchesDataFilter(mb, filter)).toBe(expected);
  });

  it.each<[number, 'upTo7' | '8to15' | '16to30' | 'over30', boolean]>([
    [7, 'upTo7', true],
    [8, 'upTo7', false],
    [8, '8to15', true],
    [15, '8to15', true],
    [30, '16to30', true],
    [31, 'over30', true],
  ])('%s days under %s → %s', (days, filter, expected) => {
    expect(matchesDayFilter(days, filter)).toBe(expected);
  });
});

describe('usage figures', () => {
  it.each<[number, number | null, number | null]>([
    [0, 5120, 0],
    [2560, 5120, 50],
    [6000, 5120, 100],
    [900, null, null],
  ])('%s of %s MB used → %s %%', (used, total, expected) => {
    expect(usedPercent({ usedMb: used, totalMb: total })).toBe(expected);
  });

  it.each<[number | null, string | null]>([
    [null, null],
    [512, '512 MB'],
    [1024, '1 GB'],
    [1536, '1.5 GB'],
    [20480, '20 GB'],
  ])('%s MB reads %s', (mb, text) => {
    expect(formatMb(mb)).toBe(text);
  });
});
