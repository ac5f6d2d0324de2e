import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderKeySchema } from '@hivescope/contract';
import { invoiceByKey } from './invoice';
import type { ShopContext } from './shop.context';

const keyParams = z.object({ key: orderKeySchema });

/** GET shop/order/{key}/invoice.pdf: the invoice of a prepay order for whoever holds its key (docs/shop.md). */
export async function invoiceRoutes(app: FastifyInstance, ctx: ShopContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/shop/order/:key/invoice.pdf', { schema: { params: keyParams } }, async (request, reply) => {
    const file = await invoiceByKey(ctx.db, request.params.key);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
}
