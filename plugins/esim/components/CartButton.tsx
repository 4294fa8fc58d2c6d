/**
 * The cart button of the eSIM pages' heading, with the count of items. The cart's drawer (CartDrawer.tsx: its
 * form, quantities and checkout) is its own chunk, fetched when the pointer or the keyboard reaches the button, or
 * at the latest on the first press; once opened it stays mounted so that it closes with its own motion.
 */
import { lazy, Suspense, useState } from 'react';
import { Badge, Button } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { cartTotals } from '../model/cart';
import { useCart } from './cart-store';

const loadDrawer = () => import('./CartDrawer');
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

export function CartButton() {
  const { t } = useTranslation();
  const [cart] = useCart();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { quantity } = cartTotals(cart);
  const prefetch = () => void loadDrawer();
  return (
    <>
      <Badge count={quantity} overflowCount={99} size="small">
        <Button
          icon={<ShoppingCartOutlined />}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
          data-testid="esim-cart-open"
          aria-label={t('esim.cart.open', { count: quantity })}
        >
          {t('esim.cart.title')}
        </Button>
      </Badge>
      {mounted && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
