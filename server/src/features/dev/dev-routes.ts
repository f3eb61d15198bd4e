import type { FastifyInstance } from 'fastify';
import { createSession } from '../sessions/session-repository.ts';
import { DEMO_DEVICE, findDemoBorrower } from '../../db/seed.ts';

/**
 * Developer conveniences (D14), registered only outside production: /testPreview is prefilled
 * from here with a fresh session of the seeded demo borrower.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/demo-session', async (_request, reply) => {
    const demo = await findDemoBorrower(app.db);
    if (!demo) return reply.code(404).send({ error: 'No demo borrower: the demo seed is off (SEED_DEMO).' });
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
  });
}
