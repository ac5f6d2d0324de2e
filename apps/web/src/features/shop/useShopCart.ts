import { useCallback } from 'react';
import type { ShopCart } from '@hivescope/contract';
import { useAppDispatch, useAppSelector } from '../../app/store/hooks';
import { cartChanged } from '../../app/store/shopCartSlice';

/** The persisted cart and a setter taking the next cart computed with the contract's rules (shop/cart-edit.ts). */
export function useShopCart(): [ShopCart, (change: (cart: ShopCart) => ShopCart) => void] {
  const dispatch = useAppDispatch();
  const cart = useAppSelector((s) => s.shopCart);
  const update = useCallback(
    (change: (cart: ShopCart) => ShopCart) => dispatch(cartChanged(change(cart))),
    [dispatch, cart],
  );
  return [cart, update];
}
