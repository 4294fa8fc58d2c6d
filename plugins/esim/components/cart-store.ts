/**
 * The cart of the signed-in user, kept in browser storage (one key per user, so it survives reloads and is
 * not shown to another user of the same browser) and shared by every eSIM page and the drawer. The rules
 * are model/cart.ts; this file only keeps and broadcasts the list (other tabs follow through the storage event).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useAccount } from '../../../src/sdk';
import { parseCart, type Cart } from '../model/cart';

export const CART_KEY_PREFIX = 'esimCart';
const listeners = new Set<() => void>();
const cache = new Map<string, { text: string | null; cart: Cart }>();

function read(key: string): Cart {
  const text = localStorage.getItem(key);
  const hit = cache.get(key);
  if (hit && hit.text === text) return hit.cart;
  const cart = parseCart(text);
  cache.set(key, { text, cart });
  return cart;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith(CART_KEY_PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function cartKey(userId: number | string | null | undefined): string {
  return `${CART_KEY_PREFIX}:${userId ?? 'anonymous'}`;
}

/** The cart and a setter that applies a rule of model/cart.ts. */
export function useCart(): [Cart, (change: (cart: Cart) => Cart) => void] {
  const { memberInfo } = useAccount();
  const key = cartKey(memberInfo?.id);
  const cart = useSyncExternalStore(subscribe, () => read(key));
  const update = useCallback(
    (change: (cart: Cart) => Cart) => {
      const next = change(read(key));
      if (next.length === 0) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(next));
      for (const l of listeners) l();
    },
    [key],
  );
  return [cart, update];
}
