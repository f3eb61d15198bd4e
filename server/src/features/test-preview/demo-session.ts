import type { FastifyInstance } from 'fastify';
import { DEMO_DEVICE, findDemoBorrower, findDemoOrders } from '../../db/seed.ts';
import { findOrderAccount } from '../orders/index.ts';
import { createSession } from '../sessions/index.ts';
import { acknowledgeCurrentPolicy } from '../data-privacy/index.ts';
import { siteInfo } from '../static-pages/index.ts';
import { findDemoApplicant, type DemoApplicantOutcome } from '../credit-decisions/index.ts';
import { offeredRestructuring } from '../money-actions/index.ts';
import { Refusal } from '../../lib/refusal.ts';
import { offerDemoNewPlan } from './demo-money.ts';

/**
 * A fresh session of the seeded demo borrower with the device values a native shell would pass
 * (D14): what /testPreview is prefilled with, on the order being repaid or, with `newPlan`, the
 * overdue one a new plan is offered for (decision 0110; offered again once accepted); or, given an outcome, of the demo
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

/**
 * The demo order the seed offers a new plan for (seedDemoMoney), with its product. Once the
 * borrower has accepted that plan (or finance withdrew it), the demo offers it again, so the
 * session opens a fresh offer rather than "no new plan on offer". A loan that can take no new
 * plan any more (repaid, written off) is refused with the reason (DemoNewPlanRefused).
 */
async function demoNewPlanOrder(app: FastifyInstance, borrowerId: number) {
  const offered = (await findDemoOrders(app.db, borrowerId)).find(({ demo }) => demo.newPlanOffered);
  const account = offered ? await findOrderAccount(app.db, { orderId: offered.orderId }) : null;
  if (!account) return null;
  const orderId = account.order.id;
  if (!(await offeredRestructuring(app, { orderId, borrowerId }))) {
    try {
      await offerDemoNewPlan(app, orderId);
    } catch (error) {
      if (error instanceof Refusal) throw new DemoNewPlanRefused(orderId, error.message);
      throw error;
    }
  }
  return { orderId, productId: account.order.product_id };
}

/** The demo's loan can take no new plan now: the dev route answers 409 with this message. */
export class DemoNewPlanRefused extends Error {
  constructor(orderId: number, reason: string) {
    super(
      `The demo's new plan for order ${orderId} was accepted, and the loan cannot be offered another now: ${reason} Start on a fresh demo database to see the offer again.`,
    );
  }
}
