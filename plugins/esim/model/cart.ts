/**
 * The eSIM cart (spec point 3: item id, price, quantityCart, totalPrice; point 4: quantities go up and down,
 * and reaching 0 removes the item; point 6: the eSIM cart). Pure functions over an immutable list; money is
 * integer VND. The product facts beside the spec's fields are what the drawer shows.
 */
import { ESIM_MAX_LINES, ESIM_MAX_QUANTITY } from '../../../contract/esim';

export interface CartItem {
  id: string;
  /** The agency price of one eSIM (integer VND). */
  price: number;
  quantityCart: number;
  /** price × quantityCart. */
  totalPrice: number;
  /** What the drawer shows: the name (in the language it was added in), data and days. */
  name: string;
  dataMb: number | null;
  validityDays: number;
}

export type Cart = readonly CartItem[];

export interface CartProduct {
  id: string;
  price: number;
  name: string;
  dataMb: number | null;
  validityDays: number;
}

const clampQuantity = (n: number) => Math.min(ESIM_MAX_QUANTITY, Math.max(0, Math.trunc(n)));

function withQuantity(item: CartItem, quantityCart: number): CartItem {
  return { ...item, quantityCart, totalPrice: item.price * quantityCart };
}

/** Adds `quantity` of a product: a new line, or more of the line it has (at most ESIM_MAX_QUANTITY). */
export function addItem(cart: Cart, product: CartProduct, quantity = 1): Cart {
  const q = clampQuantity(quantity);
  if (q === 0) return cart;
  const line = cart.find((i) => i.id === product.id);
  if (line) return cart.map((i) => (i.id === product.id ? withQuantity({ ...i, price: product.price, name: product.name }, clampQuantity(i.quantityCart + q)) : i));
  if (cart.length >= ESIM_MAX_LINES) return cart;
  return [...cart, withQuantity({ id: product.id, price: product.price, name: product.name, dataMb: product.dataMb, validityDays: product.validityDays, quantityCart: 0, totalPrice: 0 }, q)];
}

/** Sets a line's quantity; 0 (or less) removes the line. */
export function setQuantity(cart: Cart, id: string, quantity: number): Cart {
  const q = clampQuantity(quantity);
  if (q === 0) return removeItem(cart, id);
  return cart.map((i) => (i.id === id ? withQuantity(i, q) : i));
}

export function increment(cart: Cart, id: string): Cart {
  const line = cart.find((i) => i.id === id);
  return line ? setQuantity(cart, id, line.quantityCart + 1) : cart;
}

/** One less; a line reaching 0 is removed. */
export function decrement(cart: Cart, id: string): Cart {
  const line = cart.find((i) => i.id === id);
  return line ? setQuantity(cart, id, line.quantityCart - 1) : cart;
}

export function removeItem(cart: Cart, id: string): Cart {
  return cart.filter((i) => i.id !== id);
}

export interface CartTotals {
  /** eSIMs in the cart. */
  quantity: number;
  lines: number;
  /** Integer VND. */
  totalPrice: number;
}

export function cartTotals(cart: Cart): CartTotals {
  return cart.reduce((t, i) => ({ quantity: t.quantity + i.quantityCart, lines: t.lines + 1, totalPrice: t.totalPrice + i.totalPrice }), { quantity: 0, lines: 0, totalPrice: 0 });
}

/** The checkout lines of a cart. */
export function orderItems(cart: Cart): { productId: string; quantity: number }[] {
  return cart.map((i) => ({ productId: i.id, quantity: i.quantityCart }));
}

/** A cart read back from storage: only well-formed lines, totals recomputed, duplicates merged. */
export function parseCart(text: string | null): Cart {
  if (!text) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  let cart: Cart = [];
  for (const r of raw as Partial<CartItem>[]) {
    if (!r || typeof r.id !== 'string' || typeof r.name !== 'string' || !Number.isSafeInteger(r.price) || (r.price as number) < 0) continue;
    if (!Number.isSafeInteger(r.quantityCart) || !Number.isSafeInteger(r.validityDays)) continue;
    const dataMb = r.dataMb === null || Number.isSafeInteger(r.dataMb) ? (r.dataMb ?? null) : null;
    cart = addItem(cart, { id: r.id, price: r.price as number, name: r.name, dataMb, validityDays: r.validityDays as number }, r.quantityCart as number);
  }
  return cart;
}

/** A fresh idempotency key for one checkout (kept for the retries of that checkout). */
export function checkoutKeyFor(previous: { key: string; signature: string } | null, cart: Cart, newKey: () => string): { key: string; signature: string } {
  const signature = cart.map((i) => `${i.id}x${i.quantityCart}@${i.price}`).join(',');
  return previous && previous.signature === signature ? previous : { key: newKey(), signature };
}
