import { z } from 'zod';
import type { PaymentConfig } from '../../../config';
import { postOutbound } from '../../../lib/outbound-http';
import { parseAllowList } from '../../../lib/outbound';

/**
 * The card payment provider (docs/shop.md "Payment"): one adapter shaped like Stripe Checkout. The base URL is
 * operator config, so its host is allowed even when it is private (a local fake provider in tests and the
 * demo), unlike the user-given URLs of forwardings.
 */

export type CheckoutRequest = {
  orderKey: string;
  /** What is charged: the server's total in centimes. */
  total: number;
  /** The one line shown on the provider's page. */
  description: string;
  email: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { id: string; url: string };

export type PaymentProvider = {
  createCheckoutSession: (request: CheckoutRequest) => Promise<CheckoutSession>;
};

const sessionAnswer = z.object({ id: z.string().min(1).max(200), url: z.url({ protocol: /^https?$/ }) });

/**
 * POST {PAYMENT_URL}/v1/checkout/sessions, form-encoded as Stripe takes it. One line item carries the total,
 * so the amount charged is exactly the server's total (discount and 5-centime rounding included).
 */
export function checkoutProvider(config: PaymentConfig): PaymentProvider {
  const policy = parseAllowList(new URL(config.url).hostname);
  return {
    createCheckoutSession: async (request) => {
      const form = new URLSearchParams({
        mode: 'payment',
        currency: 'chf',
        client_reference_id: request.orderKey,
        customer_email: request.email,
        locale: request.locale,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'chf',
        'line_items[0][price_data][unit_amount]': String(request.total),
        'line_items[0][price_data][product_data][name]': request.description,
      });
      const res = await postOutbound(`${config.url}/v1/checkout/sessions`, form.toString(), {
        policy,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': `order-${request.orderKey}`,
        },
      });
      if (res.status < 200 || res.status >= 300) throw new Error(`payment provider answered ${res.status}`);
      return sessionAnswer.parse(JSON.parse(res.body));
    },
  };
}
