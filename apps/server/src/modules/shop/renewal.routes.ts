import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { renewalRedeemAnswerSchema, renewalRedeemRequestSchema } from '@hivescope/contract';
import { requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import { redeemRenewalCode } from './renewal.service';
import type { ShopContext } from './shop.context';

/**
 * POST controller/{id}/renew { code }: not a call of spec §7 (which names none for the redemption dialog);
 * it sits with the controller it changes, like controller/{id}/watchcode/renew (docs/shop.md "Renewal codes").
 */
export async function renewalRoutes(app: FastifyInstance, ctx: ShopContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/controller/:id/renew',
    {
      // Logged out is 401 before the body is read, as on the other controller routes.
      onRequest: async (request) => void requireUser(request),
      schema: {
        params: idParams,
        body: renewalRedeemRequestSchema,
        response: { 200: renewalRedeemAnswerSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const done = await redeemRenewalCode(ctx, auth, request.params.id, request.body.code, request.locale);
      return {
        message: translate(request.locale, 'shop:renewal.redeemed'),
        subscriptionEnd: done.subscriptionEnd.toISOString(),
        usesRemaining: done.usesRemaining,
      };
    },
  );
}
