import { describe, expect, it } from 'vitest';
import { CART_SCHEMA_VERSION, freshCart } from '@hivescope/contract';
import { loggedOut } from './actions';
import { rootReducer, shopCartTransform } from './persist';
import { cartChanged, cartModeEntered } from './shopCartSlice';

const address = { ...freshCart().address, firstname: 'Anna', city: 'Bern' };

describe('shop cart in the store', () => {
  it('switching shops resets the cart by mode and keeps the address (spec §4)', () => {
    let state = rootReducer(undefined, { type: 'init' });
    state = rootReducer(state, cartChanged({ ...freshCart(), address, accessories: { 'cable-5m': 3 } }));
    state = rootReducer(state, cartModeEntered({ mode: 'digital' }));
    expect(state.shopCart).toMatchObject({ mode: 'digital', nofSubscriptions: 1, accessories: {}, address });
    state = rootReducer(state, cartModeEntered({ mode: 'hardware+digital', defaultTransmitter: 'hs-gsm-4' }));
    expect(state.shopCart).toMatchObject({
      mode: 'hardware+digital',
      controllers: { 'hs-gsm-4': 1 },
      address,
    });
  });

  it('is emptied by logout, like every state but the locale', () => {
    let state = rootReducer(undefined, { type: 'init' });
    state = rootReducer(state, cartChanged({ ...freshCart(), address }));
    expect(rootReducer(state, loggedOut()).shopCart).toEqual(freshCart());
  });

  it('restores a persisted cart through migrateCart: schema 6 kept, older schemas migrated', () => {
    const state = rootReducer(undefined, { type: 'init' });
    const kept = { ...freshCart(), address, controllers: { 'hs-gsm-8': 2 } };
    expect(shopCartTransform.out(kept, 'shopCart', state)).toEqual(kept);
    const old = { schemaVersion: 4, mode: 'digital', address, controllers: { anything: 9 } } as never;
    const migrated = shopCartTransform.out(old, 'shopCart', state);
    expect(migrated).toMatchObject({
      schemaVersion: CART_SCHEMA_VERSION,
      mode: 'digital',
      address,
      controllers: {},
    });
    expect(shopCartTransform.out('garbage' as never, 'shopCart', state)).toEqual(freshCart());
  });
});
