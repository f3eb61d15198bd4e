import type { FastifyInstance } from 'fastify';
import { fillMessage, messages } from '@kwarta/contract';
import { DEMO_PARTNER_LINK, DEMO_WITHDRAW_URL } from '../../db/seed.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createDemoSession, DemoNewPlanRefused } from './demo-session.ts';
import { demoApplicantOutcomes, type DemoApplicantOutcome } from '../credit-decisions/index.ts';
import { latestOutboxMessages } from '../sms/index.ts';
import { peekCaptcha } from '../captcha/index.ts';

const isDemoApplicantOutcome = (value: string): value is DemoApplicantOutcome =>
  (demoApplicantOutcomes as readonly string[]).includes(value);

/**
 * Developer conveniences (D14), registered only outside production: /testPreview is prefilled
 * from here with a fresh session of the seeded demo borrower.
 */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  // ?applicant=declined (or approved, referred): the demo applicant the credit model decided so;
  // ?order=new-plan: the demo borrower's order with a new plan on offer (offered again once the
  // borrower accepted it; 409 with the reason when the loan can take none any more).
  app.get<{ Querystring: { applicant?: string; order?: string } }>(
    '/dev/demo-session',
    async (request, reply) => {
      const { applicant, order } = request.query;
      if (applicant !== undefined && !isDemoApplicantOutcome(applicant))
        return reply.code(400).send({ error: `applicant is one of ${demoApplicantOutcomes.join(', ')}` });
      if (order !== undefined && order !== 'new-plan')
        return reply.code(400).send({ error: 'order is new-plan (or left out: the order being repaid)' });
      let demo: Awaited<ReturnType<typeof createDemoSession>>;
      try {
        demo = await createDemoSession(app, applicant, { newPlan: order === 'new-plan' });
      } catch (error) {
        if (error instanceof DemoNewPlanRefused) return reply.code(409).send({ error: error.message });
        throw error;
      }
      if (!demo)
        return reply.code(404).send({
          error: applicant
            ? `No ${applicant} demo applicant: they are seeded only with CREDIT_DECISIONS=auto.`
            : 'No demo borrower: the demo seed is off (SEED_DEMO).',
        });
      return demo;
    },
  );

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

  // The demo partner's site (Kwarta Max): its product page and its withdrawal confirmation, so
  // the demo's partner product leads to a page that says what it stands for, not to an error.
  const partnerPage = (text: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(messages.demoPartnerTitle)}</title></head>` +
    `<body><main><h1>${escapeHtml(messages.demoPartnerTitle)}</h1><p>${escapeHtml(text)}</p></main></body></html>`;
  app.get(DEMO_PARTNER_LINK, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(partnerPage(messages.demoPartnerProduct)),
  );
  app.get<{ Querystring: { orderId?: string } }>(DEMO_WITHDRAW_URL, async (request, reply) => {
    const orderId = /^\d{1,12}$/.test(request.query.orderId ?? '') ? request.query.orderId! : '—';
    return reply
      .type('text/html; charset=utf-8')
      .send(partnerPage(fillMessage(messages.demoPartnerWithdraw, { orderId })));
  });
}
