import type { FastifyInstance } from 'fastify';
import { Defaults, fillMessage, messages, productDefineWireNames, endpoints } from '@kwarta/contract';
import {
  calendarDateAt,
  moneyStyleFor,
  OrderStatus,
  repayingStatuses,
  type MoneyStyle,
} from '@kwarta/domain';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { currentBrand } from '../brand/index.ts';
import { declineNotice, requestHumanReview } from '../credit-decisions/index.ts';
import { shownServiceContacts } from '../customer-service/index.ts';
import { identityNotice, identityState } from '../identity/index.ts';
import { findOrderDetail } from '../orders/index.ts';
import { findProductSummary } from '../products/index.ts';
import { orderPage } from './order-page.ts';
import { productLink, recommendedProducts } from './recommended-products.ts';
import { recordAppRating, recordAppRatingDeclined, recordTap } from './taps-and-ratings.ts';

/** Spec §7 "Order page" and the joint-login failure page's three calls. */
export async function orderDetailsRoutes(app: FastifyInstance): Promise<void> {
  // Lender-wide, the same for every borrower: kept a few seconds (lib/lender-wide-cache.ts).
  // Keyed by currency too: a page opened with system=1 shows its ranges in rupees.
  const productsExcept = (productId: number | undefined, money: MoneyStyle) =>
    app.lenderWide.read(`recommended-products:${money.currency}:${productId ?? ''}`, () =>
      recommendedProducts(app.db, money, productId),
    );

  // The order page's answer is checked against the contract in development and tests only
  // (strictly, so production sends exactly what they checked): its parse was a tenth of the
  // answer's cost under DESIGN §4's load (decision 0117).
  registerEndpoint(
    app,
    endpoints.loanDetails,
    async (input, { borrower, session }) => {
      const money = moneyStyleFor(app.config.market.money, session.system);
      const order = await findOrderDetail(app.db, borrower.id, input.orderId);
      // A foreign order, or an order asked for under another product, is a missing one.
      if (!order || order.product_id !== input.productId) throw ApiError.notFound();
      // Both reads started, then awaited in turn: they are the lender-wide cache's promises, settled
      // but for a miss every few seconds, and Promise.all would make three promises more per call,
      // each followed by the request id's async context (decision 0117).
      const contactsRead = shownServiceContacts(app);
      const recProductsRead = productsExcept(order.product_id, money);
      const contacts = await contactsRead;
      const recProducts = await recProductsRead;
      const page = orderPage(order, {
        telephone: contacts.phone,
        recProducts,
        money,
        now: app.clock.now(),
        today: calendarDateAt(app.clock.now(), app.config.lenderTimeZone),
      });
      // A decline by the credit model tells its reasons and when to apply again (decision 0109).
      const declined =
        order.status === OrderStatus.Rejected
          ? await declineNotice(app.db, order.id, app.config.lenderTimeZone)
          : null;
      // Only a repaying loan can be offered a new plan (decision 0110): the order read says whether one is.
      const newPlan =
        (repayingStatuses as readonly number[]).includes(order.status) && order.offered_plan_id !== null;
      return {
        ...page,
        ...declined,
        identityNotice: waitsForIdentity(order.status) ? await identityLine(borrower.id) : '',
        newPlan: newPlan ? (1 as const) : (0 as const),
      };
    },
    { answerCheck: 'tests' },
  );

  /** Until it is paid out, an order waits for the borrower's identity where the lender requires it. */
  function waitsForIdentity(status: number): boolean {
    if (app.config.identity.kyc === 'off') return false;
    return status === OrderStatus.UnderReview || status === OrderStatus.Approved;
  }

  async function identityLine(borrowerId: number): Promise<string> {
    return identityNotice(await identityState(app.db, borrowerId)) ?? '';
  }

  registerEndpoint(app, endpoints.eventSave, async (input, { borrower }) => {
    await recordTap(
      app.db,
      {
        borrowerId: borrower.id,
        productId: input.productId,
        moduleId: input.moduleId,
        positionId: input.positionId,
      },
      app.clock.now(),
    );
    return null;
  });

  registerEndpoint(app, endpoints.googleScore, async (input, { borrower }) => {
    await recordAppRating(app.db, borrower.id, input.score, app.clock.now());
    return null;
  });

  registerEndpoint(app, endpoints.creditReviewRequest, async (input, { borrower }) => ({
    ...(await requestHumanReview(app, borrower.id, input.orderId)),
    message: messages.creditReviewAsked,
  }));

  registerEndpoint(app, endpoints.googleScoreLater, async (_input, { borrower }) => {
    await recordAppRatingDeclined(app.db, borrower.id, app.clock.now());
    return null;
  });

  // The page reports the tap through event/save; this call only answers where the product leads.
  registerEndpoint(app, endpoints.productDefine, async (input) =>
    productLink(app.db, input[productDefineWireNames.productId], (await currentBrand(app)).look.urlScheme),
  );

  registerEndpoint(app, endpoints.unionErrorInfo, async (input, { session }) => {
    let errMessage: string = messages.jointLoginErrorMessage;
    if (input.productId !== undefined) {
      const product = await findProductSummary(app.db, input.productId);
      if (product)
        errMessage = fillMessage(messages.jointLoginErrorMessageProduct, { product: product.name });
    }
    return {
      noticeMessage: messages.jointLoginFailed,
      errMessage,
      recProducts: await productsExcept(
        input.productId,
        moneyStyleFor(app.config.market.money, session.system),
      ),
    };
  });

  registerEndpoint(app, endpoints.unionProductTrack, async (input, { borrower }) => {
    await recordTap(
      app.db,
      {
        borrowerId: borrower.id,
        productId: input.productId,
        moduleId: Defaults.jointLoginProductModuleId,
        positionId: input.position,
      },
      app.clock.now(),
    );
    return null;
  });

  registerEndpoint(app, endpoints.unionProductLink, async (input) =>
    productLink(app.db, input.productId, (await currentBrand(app)).look.urlScheme),
  );
}
