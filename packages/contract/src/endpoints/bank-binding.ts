import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { idField, textField } from '../form-fields.ts';

/** Spec §3 "Bank form item", as card-init sends it (the form definition minus server-only rules). */
export const bankFormItem = z.object({
  code: z.string(),
  cate: z.enum(['text', 'city', 'day', 'enum']),
  title: z.string(),
  subtitle: z.string(),
  value: z.string(),
  note: z.array(z.object({ name: z.string(), type: z.string() })),
  inputType: z.enum(['text', 'number', 'card', 'phone']),
  cardTypeMi: z.number().int(),
  channelNumber: z.string(),
  /** Ours: 1 when the item must be filled, and its longest value (the page's maxlength). */
  required: z.union([z.literal(0), z.literal(1)]),
  maxLength: z.number().int(),
});

export const bankBindingEndpoints = defineEndpoints(routes, {
  cardInit: {
    request: z.object({ product_id: idField('product_id') }),
    data: z.object({
      items: z.array(bankFormItem),
      /** Ours: the default account now, masked to its last 4 digits; null before the first binding. */
      current: z.object({ label: z.string(), maskedAccount: z.string() }).nullable(),
    }),
  },
  /**
   * The filled fields by code plus product_id (spec §7). Which codes and values are allowed is
   * the market's form definition; the server checks each one against it (bank-binding feature),
   * so the schema only keeps out absurd input.
   */
  bindCardNew: {
    request: z
      .object({ product_id: idField('product_id') })
      .catchall(textField(200))
      .refine((body) => Object.keys(body).length <= 40, { message: 'too many fields' }),
    data: z.object({ accountId: z.number().int(), maskedAccount: z.string() }),
  },
});
