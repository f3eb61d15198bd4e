import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatMoney, moneyStyleFor } from '@kwarta/domain';
import { messages, fillMessage, sameOriginPath } from '@kwarta/contract';
import { registerProviderCallback, type RawCallback } from '../../lib/provider-callbacks.ts';
import { escapeHtml } from '../../lib/html.ts';
import { postPayment, type PostingInput } from './post-payment.ts';
import { digestMatches, type PaymentProvider } from './payment-provider.ts';
import type { Payment } from '../../db/schema.ts';
import { SANDBOX_CASHIER_PATH, cashierPath, cashierSignature, sandboxPostback } from './sandbox.ts';
import { findPaymentChannel } from './payment-channels.ts';
import qrcode from 'qrcode-generator';
import { outboundHeaders } from '../../lib/request-context.ts';

export const postbackPath = (provider: PaymentProvider['name']) => `/payments/${provider}/postback`;

function postbackFields(raw: RawCallback): URLSearchParams {
  return new URLSearchParams(raw.body.length ? raw.body.toString('utf8') : raw.rawQuery);
}

const answer = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain').send(text);

/**
 * The configured provider's postback (POST form body, or GET query as Dragonpay may be set up to
 * send) through the shared provider callbacks: signature checked on the raw fields before
 * anything else, the provider's confirmed word (status re-query) fetched before the transaction,
 * stored once per (provider, txnid, confirmed status), posted in the same transaction, and
 * answered in Dragonpay's format.
 */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const provider = app.paymentProvider;
  for (const method of ['POST', 'GET'] as const) {
    await registerProviderCallback<PostingInput>(app, {
      provider: provider.name,
      method,
      path: postbackPath(provider.name),
      verify: (raw) => provider.verifyPostback(postbackFields(raw)),
      async parse(raw) {
        const fields = postbackFields(raw);
        // A txnid we never made is refused before anything is asked or stored (nothing to post).
        if (!(await paymentOf(app, provider.name, fields.get('txnid') ?? ''))) return null;
        const confirmed = await provider.confirmPostback(fields);
        if (!confirmed) return null;
        // One event per confirmed status: a pending word does not swallow the later success.
        return {
          eventId: `${confirmed.txnid}:${confirmed.state.status}`,
          event: { provider: provider.name, txnid: confirmed.txnid, state: confirmed.state },
        };
      },
      async handle(event, trx) {
        const { outcome } = await postPayment(
          { db: trx, clock: app.clock, config: app.config, metrics: app.metrics },
          event,
        );
        app.log.info({ provider: event.provider, txnid: event.txnid, outcome }, 'payment postback');
      },
      reply: {
        accepted: (reply) => answer(reply, 200, 'result=OK'),
        refused: (reply, why) =>
          answer(reply, 400, why === 'signature' ? 'result=FAIL_DIGEST' : 'result=FAIL_INVALID'),
        failed: (reply) => answer(reply, 500, 'result=FAIL_RETRY'),
      },
    });
  }
  if (provider.name === 'sandbox' && !app.config.isProduction) await sandboxCashier(app);

  // /repaymentOfCode's QR code (showType ≠ 1): the pay code as an SVG, nothing else encoded.
  app.get<{ Querystring: { code?: string } }>('/payments/qr.svg', async (request, reply) => {
    const code = request.query.code ?? '';
    if (!/^[A-Za-z0-9-]{1,64}$/.test(code))
      return reply.code(400).type('text/plain').send(messages.badRequest);
    const qr = qrcode(0, 'M');
    qr.addData(code);
    qr.make();
    reply.header('Cache-Control', 'public, max-age=86400');
    return reply.type('image/svg+xml').send(qr.createSvgTag({ cellSize: 6, margin: 4, scalable: true }));
  });
}

const paymentOf = (app: FastifyInstance, provider: string, txnid: string) =>
  app.db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('txnid', '=', txnid)
    .executeTakeFirst();

const CASHIER_CSS =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:28rem;padding:1.5rem;color:#1a1a1a}' +
  'h1{font-size:1.4rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}' +
  'dd{margin:0;font-weight:600}form{display:inline}button{font:inherit;padding:.6rem 1.2rem;margin:.25rem;' +
  'border-radius:.5rem;border:1px solid #0b5cad;background:#0b5cad;color:#fff}button.secondary{background:#fff;color:#0b5cad}';

/**
 * The sandbox cashier (D8): a tester pays, fails or lets a pay code expire; the choice goes to our
 * own postback route as the signed HTTP request a provider would send, over the listener this
 * page was served on. Off in production.
 */
async function sandboxCashier(app: FastifyInstance): Promise<void> {
  const secret = app.config.payments.sandboxSecret;
  /** The cashier's own address for a payment, signed, with where to go back to. */
  const cashierUrl = (txnid: string, back: string | null) =>
    `${cashierPath(secret, txnid)}${back ? `&return=${encodeURIComponent(back)}` : ''}`;
  /**
   * The payment a signed cashier link names. NUL (PostgreSQL refuses it in text) is a bad request;
   * an unsigned or wrongly signed link answers like a missing payment, so txnids cannot be probed.
   */
  async function find(
    request: { params: { txnid: string }; query: { sig?: string } },
    reply: FastifyReply,
  ): Promise<Payment | null> {
    const { txnid } = request.params;
    if (txnid.includes('\0')) {
      answer(reply, 400, messages.badRequest);
      return null;
    }
    const payment = digestMatches(cashierSignature(secret, txnid), request.query.sig ?? null)
      ? await paymentOf(app, 'sandbox', txnid)
      : undefined;
    if (!payment) answer(reply, 404, messages.notFound);
    return payment ?? null;
  }

  app.get<{ Params: { txnid: string }; Querystring: { return?: string; sig?: string } }>(
    `${SANDBOX_CASHIER_PATH}/:txnid`,
    async (request, reply) => {
      const payment = await find(request, reply);
      if (!payment) return reply;
      const channel = findPaymentChannel(app.config, payment.channel);
      const back = sameOriginPath(request.query.return);
      const action = cashierUrl(payment.txnid, back);
      // In the currency of the page that sent the borrower here (its system, spec §1).
      const system = back ? new URLSearchParams(back.split('?')[1] ?? '').get('system') : null;
      const amount = formatMoney(payment.expected_amount, moneyStyleFor(app.config.market.money, system));
      const rows: [string, string][] = [
        [messages.repayCodeAmount, amount],
        [messages.repayPayCode, payment.pay_code],
        [messages.repayChooseChannel, channel?.name ?? payment.channel],
        ['Status', payment.status],
      ];
      const buttons =
        payment.status === 'pending'
          ? [
              ['pay', messages.sandboxCashierPay, ''],
              ['fail', messages.sandboxCashierFail, ' class="secondary"'],
              ['expire', messages.sandboxCashierExpire, ' class="secondary"'],
            ]
              .map(
                ([value, label, extra]) =>
                  `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="${value}">` +
                  `<button type="submit"${extra}>${escapeHtml(label!)}</button></form>`,
              )
              .join('')
          : `<p role="status">${escapeHtml(fillMessage(messages.sandboxCashierDone, { status: payment.status }))}</p>` +
            (back
              ? `<p><a href="${escapeHtml(back)}">${escapeHtml(messages.sandboxCashierBack)}</a></p>`
              : '');
      reply.header('Cache-Control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
            `<meta name="viewport" content="width=device-width,initial-scale=1">` +
            `<title>${escapeHtml(messages.sandboxCashierTitle)}</title><style>${CASHIER_CSS}</style></head>` +
            `<body><main><h1>${escapeHtml(messages.sandboxCashierTitle)}</h1>` +
            `<p>${escapeHtml(messages.sandboxCashierNote)}</p><dl>` +
            rows
              .map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`)
              .join('') +
            `</dl>${buttons}</main></body></html>`,
        );
    },
  );

  app.post<{
    Params: { txnid: string };
    Querystring: { return?: string; sig?: string };
    Body: { action?: string };
  }>(`${SANDBOX_CASHIER_PATH}/:txnid`, async (request, reply) => {
    const payment = await find(request, reply);
    if (!payment) return reply;
    const status = ({ pay: 'S', fail: 'F', expire: 'X' } as const)[String(request.body?.action) as 'pay'];
    if (!status) return reply.code(400).type('text/plain').send(messages.badRequest);
    const fields = sandboxPostback(secret, {
      txnid: payment.txnid,
      refNo: payment.ref_no,
      status,
      amount: payment.expected_amount,
    });
    const path = postbackPath('sandbox');
    const port = request.socket.localPort;
    // Over HTTP to the listener that served this page, as a provider would call; a test
    // app without a listener (inject) takes the same request in-process.
    const result = port
      ? await fetch(`http://127.0.0.1:${port}${path}`, {
          method: 'POST',
          headers: outboundHeaders({ 'content-type': 'application/x-www-form-urlencoded' }),
          body: fields.toString(),
          signal: AbortSignal.timeout(10_000),
        }).then(async (response) => ({ status: response.status, body: await response.text() }))
      : await app
          .inject({
            method: 'POST',
            url: path,
            headers: outboundHeaders({ 'content-type': 'application/x-www-form-urlencoded' }),
            payload: fields.toString(),
          })
          .then((response) => ({ status: response.statusCode, body: response.body }));
    request.log.info({ txnid: payment.txnid, status, answer: result.body }, 'sandbox cashier postback');
    const back = sameOriginPath(request.query.return);
    return reply.redirect(
      status === 'S' && back && result.body === 'result=OK' ? back : cashierUrl(payment.txnid, back),
      303,
    );
  });
}
