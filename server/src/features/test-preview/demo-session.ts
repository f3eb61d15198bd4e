import type { FastifyInstance } from 'fastify';
import { DEMO_DEVICE, findDemoBorrower } from '../../db/seed.ts';
import { createSession } from '../sessions/index.ts';
import { acknowledgeCurrentPolicy } from '../data-privacy/index.ts';
import { siteInfo } from '../static-pages/index.ts';

/**
 * A fresh session of the seeded demo borrower with the device values a native shell would pass
 * (D14): what /testPreview is prefilled with. Null when the demo seed is off.
 */
export async function createDemoSession(app: FastifyInstance): Promise<Record<string, string> | null> {
  const demo = await findDemoBorrower(app.db);
  if (!demo) return null;
  const sessionId = await createSession(app.db, {
    borrowerId: demo.borrower.id,
    deviceId: DEMO_DEVICE.deviceId,
    now: app.clock.now(),
    policy: app.config.session,
  });
  // The demo borrower has read the policy: the previews show the pages, not the prompt (decision 0107).
  await acknowledgeCurrentPolicy(
    { db: app.db, site: siteInfo(app.config), timeZone: app.config.lenderTimeZone },
    { borrowerId: demo.borrower.id, channel: 'app', now: app.clock.now() },
  );
  return {
    ...DEMO_DEVICE,
    sessionId,
    productId: String(demo.productId),
    orderId: String(demo.orderId),
  };
}
