import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { Defaults, LoanConfirmRules } from '../constants.ts';
import { idField, intField } from '../form-fields.ts';

/**
 * Loan confirmation (spec §3 "Loan confirm data", §7). Money is integer centavos (D3). Variant 2
 * (/gopia/goya) has the same shapes; its keys are disguised on the wire by the route's wireKeys.
 * `amount` and `term` in the requests are ours: without them the product's offer is used.
 */
const zeroOne = z.union([z.literal(0), z.literal(1)]);

const quoteRequest = z.object({
  productId: idField('productId'),
  amount: intField('amount').optional(),
  term: intField('term').optional(),
});

const confirmData = z.object({
  /** Principal, centavos. */
  amount: z.number().int(),
  /** Number of instalments. */
  periods: z.number().int(),
  /** 1: the term is counted in days. */
  termUnit: z.literal(LoanConfirmRules.termUnitDays),
  /** The term in days (ours). */
  term: z.number().int(),
  details: z.array(z.object({ text: z.string(), value: z.string() })),
  /** The plan as if disbursed today (lender's time zone); dates are fixed at disbursement. */
  repay_plans: z.array(z.object({ pay_time: z.string(), amount: z.number().int() })),
  firstPayTime: z.string(),
  /** Days from disbursement to the first instalment. */
  firstPeriodDay: z.number().int(),
  pRateDsc: z.string(),
  sendSms: zeroOne,
  /** 1: the 'Point out' retention popup shows on the iOS back signal. */
  isPopType: zeroOne,
  popContent: z.string(),
  popTitle: z.string(),
  /** Non-empty: the agreement popup opens at start with this page in a frame. */
  popAgreementUrl: z.string(),
  comProductLogo: z.string(),
  comProductName: z.string(),
});

const contractRequest = z.object({
  productId: idField('productId'),
  scene: intField('scene').default(Defaults.contractScene),
});

const jumpRequest = quoteRequest.extend({
  scene: intField('scene').default(Defaults.contractScene),
  position: intField('position'),
  /** 0 or absent before the order exists. */
  orderId: intField('orderId').optional(),
});

const pushRequest = z.object({
  productId: idField('productId'),
  amount: intField('amount'),
  periods: intField('periods'),
  termUnit: intField('termUnit'),
  term: intField('term').optional(),
  /**
   * Ours, optional (the spec's payload has none): one id per confirmation shown, so a retry made
   * later still finds its order. Without it the server derives one (DESIGN §3).
   */
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, 'requestId must be 16-64 letters, digits, - or _')
    .optional(),
});

const pushData = z.object({
  /** The order page of the new order (from=confirm); the page adds the session query. */
  lendDetailsUrl: z.string(),
  orderId: z.number().int(),
});

export const loanConfirmEndpoints = defineEndpoints(routes, {
  loanDetailConfirm: {
    request: quoteRequest,
    data: confirmData,
  },
  contractList: {
    request: contractRequest,
    data: z.object({ data: z.array(z.object({ title: z.string() })) }),
  },
  contractJump: {
    request: jumpRequest,
    data: z.object({ contract_url: z.string() }),
  },
  loanDetailPush: { request: pushRequest, data: pushData },
  goyaConfirm: {
    request: quoteRequest,
    data: confirmData.extend({ NewButtonMsg: z.string(), NewPopMsg: z.string() }),
  },
  /** Variant 2's items carry an identifier: the position to pass to the jump. */
  goyaContractList: {
    request: contractRequest,
    data: z.object({ data: z.array(z.object({ title: z.string(), id: z.number().int() })) }),
  },
  goyaContractJump: {
    request: jumpRequest,
    data: z.object({ contract_url: z.string() }),
  },
  goyaPush: { request: pushRequest, data: pushData },
  /** An agreement as the borrower reads it, with the version and hash an order records on agreeing. */
  agreementDocument: {
    request: quoteRequest.extend({
      // Absent means the first agreement, so the page opened without it and its server render
      // ask the same question (page-loads) and the page paints from the HTML.
      position: intField('position').default(0),
      orderId: intField('orderId').optional(),
    }),
    data: z.object({
      title: z.string(),
      version: z.string(),
      sha256: z.string(),
      sections: z.array(
        z.object({
          heading: z.string(),
          lines: z.array(z.string()),
          table: z.object({ head: z.array(z.string()), rows: z.array(z.array(z.string())) }).optional(),
        }),
      ),
      /** On an order: the version and SHA-256 its borrower agreed to, and when. */
      agreed: z.object({ at: z.string(), version: z.string(), sha256: z.string() }).nullable(),
    }),
  },
});
