import type { FastifyInstance } from 'fastify';
import { DEMO_DEVICE, findDemoBorrower, findDemoOrders } from '../../db/seed.ts';
import { findOrderAccount } from '../orders/index.ts';
import { createSession } from '../sessions/index.ts';
import { acknowledgeCurrentPolicy } from '../data-privacy/index.ts';
import { siteInfo } from '../static-pages/index.ts';
import { findDemoApplicant, type DemoApplicantOutcome } from '../credit-decisions/index.ts';

/**
 * A fresh session of the seeded demo borrower with the device values a native shell would pass
 * (D14): what /testPreview is prefilled with, on the order being repaid or, with `newPlan`, the
 * overdue one a new plan is offered for (decision 0110); or, given an outcome, of the demo
 * applicant the credit model decided so (decision 0109), with their order. Null when that demo is
 * not seeded.
 */
export async function createDemoSession(
  app: FastifyInstance,
  applicant?: DemoApplicantOutcome,
  { newPlan = false } = {},
): Promise<Record<string, string> | null> {
  const demo = applicant
    ? await findDemoApplicant(app.db, app.config.market.id, applicant)
    : await demoBorrowerOnRepayingOrder(app, newPlan);
  if (!demo) return null;
  const sessionId = await createSession(app.db, {
    borrowerId: demo.borrowerId,
    deviceId: demo.deviceId,
    now: app.clock.now(),
    policy: app.config.session,
  });
  // The demo borrower has read the policy: the previews show the pages, not the prompt (decision 0107).
  await acknowledgeCurrentPolicy(
    { db: app.db, site: siteInfo(app.config), timeZone: app.config.lenderTimeZone },
    { borrowerId: demo.borrowerId, channel: 'app', now: app.clock.now() },
  );
  return {
    ...DEMO_DEVICE,
    deviceId: demo.deviceId,
    sessionId,
    productId: String(demo.productId),
    orderId: String(demo.orderId),
  };
}

async function demoBorrowerOnRepayingOrder(app: FastifyInstance, newPlan: boolean) {
  const demo = await findDemoBorrower(app.db);
  if (!demo) return null;
  const order = newPlan ? await demoNewPlanOrder(app, demo.borrower.id) : demo;
  if (!order) return null;
  return {
    borrowerId: demo.borrower.id,
    productId: order.productId,
    orderId: order.orderId,
    deviceId: DEMO_DEVICE.deviceId,
  };
}

/** The demo order the seed offers a new plan for (seedDemoMoney), with its product. */
async function demoNewPlanOrder(app: FastifyInstance, borrowerId: number) {
  const offered = (await findDemoOrders(app.db, borrowerId)).find(({ demo }) => demo.newPlanOffered);
  const account = offered ? await findOrderAccount(app.db, { orderId: offered.orderId }) : null;
  return account ? { orderId: account.order.id, productId: account.order.product_id } : null;
}
