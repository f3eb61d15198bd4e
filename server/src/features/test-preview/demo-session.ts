import type { FastifyInstance } from 'fastify';
import { DEMO_DEVICE, findDemoBorrower } from '../../db/seed.ts';
import { createSession } from '../sessions/index.ts';

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
  return {
    ...DEMO_DEVICE,
    sessionId,
    productId: String(demo.productId),
    orderId: String(demo.orderId),
  };
}
