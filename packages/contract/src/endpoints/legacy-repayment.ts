import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { idField, intField, textField } from '../form-fields.ts';

const flag = z.union([z.literal(0), z.literal(1)]);

/** An amount in centavos the borrower asks to pay (D3); the server never charges more than is due. */
const askedAmount = intField('amount').refine((value) => value > 0, { message: 'amount must be positive' });

/** Spec §3 "Legacy repayment store": one bound account as the page lists it. */
export const legacyBankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked to its last 4 digits (`**** 1234`); the clear number never leaves the server. */
  cardNo: z.string(),
  bankCode: z.string(),
});

export const legacyRepaymentEndpoints = defineEndpoints(routes, {
  /**
   * repayment-way (spec §7). Ours: `orderId` and the page's `amount` in, and out the amount this
   * repayment will charge (the page's amount, at most what is due), the order number and the
   * borrower's id (repayment-huichao's userId).
   */
  repaymentWay: {
    request: z.object({ orderId: idField('orderId'), amount: askedAmount.optional() }),
    data: z.object({
      /**
       * 1: the borrower may repay online instead (repayment-huichao): the product has a partner
       * repayment page, or an e-wallet channel is offered; 0 otherwise.
       */
      alipay: flag,
      /** Names this repayment: the first commit with it commits, any other answers 800005. */
      repayToken: z.string(),
      bankCards: z.array(legacyBankCard),
      amount: z.number().int(),
      orderNo: z.string(),
      userId: z.number().int(),
    }),
  },
  /**
   * repayment-commit (spec §3 commit payload). cardId names the borrower's account; bankName,
   * cardNo (masked as listed, or the full number) and bankCode, when sent, must describe that
   * account (else 400), and without cardId they pick the one account they describe. There are
   * no coupons: a non-empty couponId is refused (400), never ignored. sendMsg 0 commits and,
   * unless the account is verified (paid from before with an SMS code: needValid 0, paid at once,
   * the page goes to order details), sends the code; 1 resends the code of the repayment already
   * committed with this token (the dialog's resend). No card at all answers '请先选择付款银行卡！'.
   */
  repaymentCommit: {
    request: z.object({
      orderId: idField('orderId'),
      repayToken: textField(64),
      cardId: idField('cardId').optional(),
      amount: askedAmount,
      sendMsg: z.enum(['0', '1']).default('0'),
      bankName: textField(100).optional(),
      cardNo: textField(40).optional(),
      bankCode: textField(40).optional(),
      couponId: textField(40).optional(),
    }),
    data: z.object({
      /** 1: confirm with the SMS code sent to the borrower's phone; 0: paid already (a verified account). */
      needValid: flag,
      repayRecordId: z.number().int(),
      /** Ours: what the confirmation will charge, centavos. */
      amount: z.number().int(),
    }),
  },
  /** repayment-confirm (spec §7). verifyCode shorter than 6 answers '请输入正确的验证码'. */
  repaymentConfirm: {
    request: z.object({
      orderId: idField('orderId'),
      verifyCode: textField(16),
      repaymentRecordId: idField('repaymentRecordId'),
    }),
    data: z.object({
      /** The order page to go to (the page adds the session query). */
      url: z.string(),
      /** Ours: what was charged and posted, centavos. */
      paidAmount: z.number().int(),
    }),
  },
  /** repayment-huichao (spec §7): userId must be the session's borrower. */
  repaymentHuichao: {
    request: z.object({
      userId: idField('userId'),
      orderId: idField('orderId'),
      amount: askedAmount.optional(),
    }),
    data: z.object({ url: z.string() }),
  },
});
