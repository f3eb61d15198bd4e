import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { idField, intField, textField } from '../form-fields.ts';

const flag = z.union([z.literal(0), z.literal(1)]);

const orderRef = { productId: idField('productId'), orderId: idField('orderId') };

/** A payment channel (spec §3 repayList): processor id as channel_number. */
export const payChannel = z.object({ name: z.string(), logo: z.string(), channel_number: z.string() });

/** Spec §3 defDetail: the open pay code and how to pay it, instructions grouped by title. */
export const payCodeCard = z.object({
  logo: z.string(),
  title: z.string(),
  payCode: z.string(),
  payNotice: z.record(z.string(), z.array(z.object({ name: z.string(), steps: z.array(z.string()) }))),
  /** Ours: 1 shows the code (copyable), otherwise a QR code (/repaymentOfCode's showType). */
  showType: z.number().int(),
  /** Ours: what the code pays, centavos (the server's figure). */
  amount: z.number().int(),
  expiresAt: z.string(),
});

/** Spec §3 "Repayment info", amounts in centavos (D3). */
const repaymentInfo = z.object({
  orderId: z.number().int(),
  productId: z.number().int(),
  orderNo: z.string(),
  orderStatus: z.number().int(),
  /** What this page's pay code pays now: the current instalment, anything overdue and the penalty. */
  repayAmount: z.number().int(),
  repayDate: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  detail: z.array(z.object({ text: z.string(), value: z.string() })),
  repayPlan: z.array(
    z.object({ remark: z.string(), title: z.string(), amount: z.number().int(), time: z.string() }),
  ),
  repayList: z.array(payChannel),
  noticeMsg: z.string(),
  defDetail: payCodeCard.nullable(),
  isShowReyTop: flag,
  /** Ours: 1 when the lender debits bound cards, so the page links the card repayment (/carpmm). */
  cardRepay: flag,
});

export const repaymentEndpoints = defineEndpoints(routes, {
  loanPlayDetail: {
    request: z.object(orderRef),
    data: repaymentInfo,
  },
  /** The delay page: repayDate is the next payment date once the extension is paid. */
  emphasisMiles: {
    request: z.object(orderRef),
    data: repaymentInfo.extend({
      delayInfo: z.object({
        title: z.string(),
        /** The extension fee, centavos. */
        delayAmount: z.number().int(),
        /** Calendar days the extension adds. */
        days: z.number().int(),
        /** 0 when this order may not be extended now (status, limit, product). */
        allowed: flag,
      }),
    }),
  },
  /**
   * Spec §7 generate-vcode. `amount` is what the page shows; the server charges its own figure
   * (what is owed now, or the extension fee) whatever the client sends.
   */
  generateVcode: {
    request: z.object({
      ...orderRef,
      amount: intField('amount').optional(),
      channelNumber: textField(16).regex(/^[A-Z0-9]{2,8}$/, 'channelNumber must be a processor id'),
      isDelay: z.enum(['0', '1']).optional(),
    }),
    data: z.object({
      payUrl: z.string(),
      payCode: z.string(),
      amount: z.number().int(),
      channelNumber: z.string(),
      expiresAt: z.string(),
    }),
  },
});
