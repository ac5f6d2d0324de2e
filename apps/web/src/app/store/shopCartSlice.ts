import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { freshCart, migrateCart, resetCartForMode, type ShopCart, type ShopMode } from '@hivescope/contract';
import { loggedOut } from './actions';

/**
 * The shop cart (schema 6, docs/shop.md "Cart"), persisted so a reload keeps it. The cart rules live in the
 * contract (shop/cart-edit.ts); the shop feature computes the next cart with them and stores it here whole.
 */
const shopCartSlice = createSlice({
  name: 'shopCart',
  initialState: freshCart,
  reducers: {
    cartChanged(_state, action: PayloadAction<ShopCart>) {
      return action.payload;
    },
    /** Entering the other shop resets the cart by mode (spec §4): the address is kept. */
    cartModeEntered(state, action: PayloadAction<{ mode: ShopMode; defaultTransmitter?: string }>) {
      const { mode, defaultTransmitter } = action.payload;
      return resetCartForMode(state as ShopCart, mode, defaultTransmitter);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => freshCart());
  },
});

export const { cartChanged, cartModeEntered } = shopCartSlice.actions;
export const shopCartReducer = shopCartSlice.reducer;

/** What is restored of a persisted cart: brought to schema 6 (`migrateCart`), whatever was stored. */
export function restoreShopCart(persisted: unknown): ShopCart {
  return migrateCart(persisted);
}
