import type { FastifyInstance } from 'fastify';
import { createDemoSession } from './demo-session.ts';
import { latestOutboxMessages } from '../sms/index.ts';
import { peekCaptcha } from '../captcha/index.ts';

/**
 * Developer conveniences (D14), registered only outside production: /testPreview is prefilled
 * from here with a fresh session of the seeded demo borrower.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/demo-session', async (_request, reply) => {
    const demo = await createDemoSession(app);
    if (!demo) return reply.code(404).send({ error: 'No demo borrower: the demo seed is off (SEED_DEMO).' });
    return demo;
  });

  // A tester's way through the promotion funnel (D9, D10): the SMS the outbox gateway holds for
  // a phone (newest first) and the answer of a sid's current captcha. Answers are never logged.
  app.get<{ Querystring: { phone?: string } }>('/dev/sms-outbox', async (request, reply) => {
    const phone = request.query.phone?.trim();
    if (!phone || !/^\d{1,32}$/.test(phone))
      return reply.code(400).send({ error: 'phone (digits) is required' });
    return { phone, messages: await latestOutboxMessages(app.db, phone) };
  });

  app.get<{ Querystring: { sid?: string } }>('/dev/captcha', async (request, reply) => {
    const sid = request.query.sid?.trim();
    if (!sid || !/^[\w-]{1,64}$/.test(sid)) return reply.code(400).send({ error: 'sid is required' });
    const answer = await peekCaptcha(app.store, sid);
    if (answer === null)
      return reply.code(404).send({ error: 'no captcha for this sid (load the image first)' });
    return reply.header('Cache-Control', 'no-store').send({ sid, answer });
  });
}
