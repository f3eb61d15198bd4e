import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { routes } from '../routes.ts';
import { ComplaintRules } from '../constants.ts';
import { idField, intField } from '../form-fields.ts';
import { productDefineWireNames as D, recommendedProductWireNames as R } from '../wire-map.ts';

/** Spec §3 "Recommended product", on the wire under its disguised names (D6). */
export const recommendedProductWire = z.object({
  [R.id]: z.number().int(),
  [R.logo]: z.string(),
  [R.name]: z.string(),
  [R.buttonText]: z.string(),
  [R.amountRange]: z.string(),
  [R.rangeDescription]: z.string(),
  [R.rate]: z.string(),
  [R.description]: z.string(),
  [R.clickable]: z.enum(['0', '1']),
});

const flag = z.union([z.literal(0), z.literal(1)]);

const productTap = z.object({ productId: idField('productId'), position: intField('position').default(0) });

export const orderEndpoints = defineEndpoints(routes, {
  /** Spec §3 "Loan detail response" (the order page). */
  loanDetails: {
    request: z.object({ productId: idField('productId'), orderId: idField('orderId') }),
    data: z.object({
      orderId: z.number().int(),
      productId: z.number().int(),
      /** D2 status code; the page treats one it does not know as settled (the 200 icon). */
      orderStatus: z.number().int(),
      noticeStatusText: z.string(),
      noticeDesText: z.string(),
      recProducts: z.array(recommendedProductWire),
      productName: z.string(),
      productLogo: z.string(),
      userOrderDetail: z.object({ detail: z.array(z.object({ text: z.string(), value: z.string() })) }),
      /** 1: the lender's own product; 0: a partner's (its link is external). */
      inside: flag,
      /** The product's external repayment page, '' when repayment happens here. */
      h5Url: z.string(),
      /** 1 when a rollover is offered (174/180 and the product allows extensions). */
      isDelay: flag,
      /** Customer service phone (operator setting, else the configured default). */
      telephone: z.string(),
      /** '1' asks the borrower to rate the app. */
      isScore: z.enum(['0', '1']),
      /** Withdraw-confirmation link: the page goes there at once (any status but 21). */
      playeduL: z.string(),
      /** Withdraw-confirmation dialog message, '' for none. */
      reyMsg: z.string(),
      /** 1 when the last disbursement failed and the borrower must bind another account. */
      cardNeedPop: flag,
      cardPopTitle: z.string(),
      cardPopMsg: z.string(),
      /** D16: set when a legal cap held back the order's charges, '' otherwise. */
      chargesCapNotice: z.string(),
      /** The next instalment owed in the SMS reminders' words; '' when nothing is being repaid. */
      nextDueNotice: z.string(),
      /**
       * What the borrower's identity still lacks before this order can be paid out (decision
       * 0108), '' when nothing: the page links it to the identity page.
       */
      identityNotice: z.string(),
      /**
       * Ours (decision 0109): on an order the credit model declined, 'available' offers the human
       * review (NPC Circular 2022-04) and 'asked' says it was asked; '' on any other order.
       */
      creditReview: z.enum(['', 'available', 'asked']),
      /** The automated-decision note, or when the review was asked; '' when creditReview is ''. */
      creditReviewNotice: z.string(),
      /** Ours (decision 0110): 1 when the lender offers a new plan the borrower may accept (/newPlan). */
      newPlan: flag,
    }),
  },
  /** Spec §7: productId, moduleId (30 Borrow Again, 31 a recommended product), positionId. */
  eventSave: {
    request: z.object({
      productId: idField('productId'),
      moduleId: intField('moduleId'),
      positionId: intField('positionId').default(0),
    }),
    data: z.null(),
  },
  /** Spec §7: score (the page always sends 5). */
  googleScore: {
    request: z.object({
      score: intField('score').refine(
        (value) => value >= ComplaintRules.scoreMin && value <= ComplaintRules.scoreMax,
        { message: `score must be ${ComplaintRules.scoreMin} to ${ComplaintRules.scoreMax}` },
      ),
    }),
    data: z.null(),
  },
  /** Ours: "Not now" on the app rating dialog, so the page stops asking for a while. */
  googleScoreLater: { request: z.object({}), data: z.null() },
  creditReviewRequest: {
    request: z.object({ orderId: idField('orderId') }),
    data: z.object({ requestedAt: z.string(), message: z.string() }),
  },
  /** Spec §7 "Recommended product click": disguised module id, position and product; data is the link. */
  productDefine: {
    request: z.object({
      [D.moduleId]: intField('moduleId'),
      [D.position]: intField('position'),
      [D.productId]: idField('productId'),
    }),
    data: z.string(),
  },
  /** Spec §3 "Joint login error info". productId: the product whose joint login failed, when known. */
  unionErrorInfo: {
    request: z.object({ productId: idField('productId').optional() }),
    data: z.object({
      noticeMessage: z.string(),
      errMessage: z.string(),
      recProducts: z.array(recommendedProductWire),
    }),
  },
  /** Ours (spec: "tracking" on a product tap): recorded like event/save with module 32. */
  unionProductTrack: {
    request: productTap,
    data: z.null(),
  },
  /** Ours (spec: "product-link" on a product tap): the product's link, as the define call answers. */
  unionProductLink: {
    request: productTap,
    data: z.string(),
  },
});
