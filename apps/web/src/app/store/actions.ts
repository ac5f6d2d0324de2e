import { createAction } from '@reduxjs/toolkit';

/** Logout (or a 401): every slice resets; only the locale survives (docs/product.md §4). */
export const loggedOut = createAction('session/loggedOut');
