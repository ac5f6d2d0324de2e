import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { ShopCart, ShopValidateRequest } from '@hivescope/contract';
import { shopKeys, validateCart } from './api';
import { validateBody } from './checkout';

/** Wait after the last change before asking the server again (typing an amount or a plate side). */
export const VALIDATE_DEBOUNCE_MS = 400;

/**
 * The server's pricing of the cart (spec §4 "Validate": fetching, then set or failed): asked again on each
 * change, debounced; the last answer stays shown while the next one is fetched. The body is compared as
 * JSON so an equal cart is not asked for twice.
 */
export function useValidation(cart: ShopCart, promoCode: string, locale: string) {
  const current = JSON.stringify(validateBody(cart, promoCode));
  const [debounced] = useDebouncedValue(current, VALIDATE_DEBOUNCE_MS);
  const body = useMemo(() => JSON.parse(debounced) as ShopValidateRequest, [debounced]);
  const query = useQuery({
    queryKey: shopKeys.validate(body, locale),
    queryFn: ({ signal }) => validateCart(body, signal),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
    meta: { silent: true },
  });
  return { ...query, pending: query.isFetching || current !== debounced };
}
