import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { idField } from '../form-fields.ts';
import { newPlanRoutes } from '../new-plan-routes.ts';

const instalment = z.object({
  dueDate: z.string(),
  principal: z.number().int(),
  interest: z.number().int(),
  amount: z.number().int(),
});

export const newPlanEndpoints = defineEndpoints(newPlanRoutes, {
  newPlanOffer: {
    request: z.object({ orderId: idField('orderId'), productId: idField('productId') }),
    data: z.object({
      orderId: z.number().int(),
      productId: z.number().int(),
      orderNo: z.string(),
      offer: z
        .object({
          id: z.number().int(),
          /** Everything owed now under the current plan: principal, charges, penalty. */
          owedNow: z.number().int(),
          /** What is left of the current plan: its unpaid instalments and the next one's date. */
          instalmentsLeft: z.number().int(),
          nextDueDate: z.string().nullable(),
          /** The principal the new plan carries, its interest and what it repays in all. */
          principalOwed: z.number().int(),
          interest: z.number().int(),
          total: z.number().int(),
          instalments: z.array(instalment),
        })
        .nullable(),
    }),
  },
  newPlanAccept: {
    request: z.object({ restructuringId: idField('restructuringId') }),
    data: z.object({ orderId: z.number().int(), orderStatus: z.number().int(), applied: z.boolean() }),
  },
});
