import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import {
  ComplaintRules,
  ConsoleSignInLimits,
  CSRF_HEADER,
  Limits,
  messages,
  endpoints,
  type ProductChange,
  OPERATOR_DEVICE_COOKIE,
  OPERATOR_SESSION_COOKIE,
  replyImagesOf,
  type OperatorRole,
} from '@kwarta/contract';
import type { Operator } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ImageRefused } from '../../lib/image-intake.ts';
import {
  audited,
  deleteOperatorSession,
  findLiveOperatorSession,
  listAudit,
  OPERATOR_SESSION_POLICY,
  operatorDeviceToken,
  operatorSessionToken,
  signInOperator,
} from '../operators/index.ts';
import {
  CapBreachRefusal,
  listProducts,
  previewProduct,
  productView,
  termsFromText,
} from '../products/index.ts';
import { findOrderStatus } from '../orders/index.ts';
import { refusalMessages } from '../complaints/index.ts';
import { decideOrderAudited } from './order-decisions.ts';
import { replyComplaintAudited } from './complaint-reply.ts';
import { funnelReport } from '../promotion/index.ts';
import { consoleDashboard as dashboard, consoleOrderPage, orderQueueFor } from './console-orders.ts';
import { complaintInboxFor } from './console-complaints.ts';
import { createHash } from 'node:crypto';
import { consolePaymentCalls } from './console-payment-routes.ts';
import { actorOf, consoleMoneyCalls, proposeMoneyAction } from '../approvals/index.ts';
import { consoleStandardReportCalls } from '../standard-reports/index.ts';
import { consoleCollectionsCalls } from './console-collections-routes.ts';
import { consoleBorrowerCalls } from './console-borrower-routes.ts';
import { consoleExportCalls } from './console-export-routes.ts';
import { consoleReportCalls } from './console-report-routes.ts';
import { regulatoryReportCalls } from '../regulatory-reports/index.ts';
import { operatorView } from './operator-view.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';

const COOKIE_PATH = '/console';

/**
 * The operator console's calls (decision 0080). Handlers stay thin: parse (the contract), one use case,
 * reply. Every write runs inside `audited`, so its audit row commits with it or not at all.
 */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    // A complaint reply: problemId, text and one part per image slot (replyImageFields).
    limits: {
      fileSize: ComplaintRules.uploadMaxBytes,
      files: Limits.complaintImagesMax,
      fields: 8,
      parts: Limits.complaintImagesMax + 8,
    },
  });

  /** HttpOnly, SameSite=Strict; Secure except over plain http outside production (localhost). */
  const setCookie = (
    request: FastifyRequest,
    reply: FastifyReply,
    cookie: { name: string; value: string; path: string; maxAge: number },
  ) =>
    reply.setCookie(cookie.name, cookie.value, {
      path: cookie.path,
      httpOnly: true,
      secure: !(app.config.appEnv !== 'production' && request.protocol === 'http'),
      sameSite: 'strict',
      maxAge: cookie.maxAge,
    });

  /** The live session behind a token: the request's cookie (found live already) or one just made. */
  const liveSession = async (token: string) => {
    const live = await findLiveOperatorSession(app.db, { token, now: app.clock.now() });
    if (!live) throw ApiError.sessionInvalid(messages.operatorSessionInvalid);
    return live;
  };

  registerEndpoint(app, endpoints.consoleSignIn, async (input, { request, reply }) => {
    // Login CSRF: a form another site posts carries no custom header, so it cannot sign this
    // browser in as someone else nor replace its known-device cookie (decision 0091).
    const csrf = request.headers[CSRF_HEADER];
    if (typeof csrf !== 'string' || csrf === '') throw ApiError.forbidden(messages.csrfRefused);
    const deviceToken = operatorDeviceToken(request);
    const signedIn = await signInOperator(app, {
      ...input,
      address: request.ip,
      ...(deviceToken ? { deviceToken } : {}),
    });
    setCookie(request, reply, {
      name: OPERATOR_SESSION_COOKIE,
      value: signedIn.tokens.token,
      path: COOKIE_PATH,
      maxAge: OPERATOR_SESSION_POLICY.maxHours * 3600,
    });
    // Sent back only to this call; renewed by every good sign-in (decision 0091).
    setCookie(request, reply, {
      name: OPERATOR_DEVICE_COOKIE,
      value: signedIn.deviceToken,
      path: endpoints.consoleSignIn.path,
      maxAge: ConsoleSignInLimits.deviceCookieDays * 86_400,
    });
    return operatorView(app, await liveSession(signedIn.tokens.token));
  });

  registerEndpoint(app, endpoints.consoleSignOut, async (_input, { request, reply }) => {
    const token = sessionToken(request);
    await deleteOperatorSession(app.db, createHash('sha256').update(token).digest('hex'));
    reply.clearCookie(OPERATOR_SESSION_COOKIE, { path: COOKIE_PATH });
    return null;
  });

  registerEndpoint(app, endpoints.consoleMe, async (_input, { request }) =>
    operatorView(app, await liveSession(sessionToken(request))),
  );

  registerEndpoint(app, endpoints.consoleDashboard, () => dashboard(app));

  registerPersonalDataRead(app, endpoints.consoleOrders, {
    what: 'order queue',
    read: (input, { operator }) => orderQueueFor(app.db, operator.role as OperatorRole, input),
    subjects: (page) => ({ orderIds: page.items.map((item) => item.orderId) }),
  });

  registerPersonalDataRead(app, endpoints.consoleOrder, {
    what: 'order page',
    read: async (input, { operator }) => {
      const page = await consoleOrderPage(app, operator.role as OperatorRole, input.orderId);
      if (!page) throw ApiError.notFound();
      return page;
    },
    subjects: (page) => ({ borrowerIds: [page.borrower.id], detail: page.order.orderNo }),
  });

  const decide =
    (action: 'order.approve' | 'order.reject') =>
    async (input: { orderId: number; reason: string }, { operator }: { operator: Operator }) => {
      if ((await findOrderStatus(app.db, input.orderId)) === undefined) throw ApiError.notFound();
      const order = await decideOrderAudited(app, operator, action, input);
      return { orderId: order.id, status: order.status };
    };

  registerEndpoint(app, endpoints.consoleApproveOrder, decide('order.approve'));
  registerEndpoint(app, endpoints.consoleRejectOrder, (input, context) => {
    if (input.reason.trim() === '') throw ApiError.badRequest(messages.consoleReasonRequired);
    return decide('order.reject')(input, context);
  });
  // Both go through maker-checker (decision 0110): above the threshold they wait for a second
  // operator and answer the order as it is, with the request that waits.
  registerEndpoint(app, endpoints.consoleDisburseOrder, async (input, { operator }) => {
    const statusBefore = await findOrderStatus(app.db, input.orderId);
    if (statusBefore === undefined) throw ApiError.notFound();
    const outcome = await proposeMoneyAction(app, actorOf(operator), 'disbursement', input);
    if (outcome.status === 'pending')
      return { orderId: input.orderId, status: statusBefore, pendingRequestId: outcome.request.id };
    const { order } = outcome.result;
    return { orderId: order.id, status: order.status, pendingRequestId: null };
  });

  // Admin only (the route's roles).
  registerEndpoint(app, endpoints.consoleWriteOffOrder, async (input, { operator }) => {
    const statusBefore = await findOrderStatus(app.db, input.orderId);
    if (statusBefore === undefined) throw ApiError.notFound();
    const outcome = await proposeMoneyAction(app, actorOf(operator), 'write_off', input);
    if (outcome.status === 'pending')
      return {
        orderId: input.orderId,
        status: statusBefore,
        writtenOff: 0,
        pendingRequestId: outcome.request.id,
      };
    const { order, writtenOff } = outcome.result;
    return { orderId: order.id, status: order.status, writtenOff, pendingRequestId: null };
  });

  consolePaymentCalls(app);
  consoleCollectionsCalls(app);
  consoleBorrowerCalls(app);
  consoleExportCalls(app);
  consoleReportCalls(app);
  consoleMoneyCalls(app);
  consoleStandardReportCalls(app);
  regulatoryReportCalls(app);

  registerPersonalDataRead(app, endpoints.consoleComplaints, {
    what: 'complaints inbox',
    read: (input, { operator }) =>
      complaintInboxFor(
        { db: app.db, now: app.clock.now(), timeZone: app.config.lenderTimeZone },
        operator.role as OperatorRole,
        input,
      ),
    subjects: (inbox) => ({ complaintIds: inbox.items.map((item) => item.id) }),
  });

  registerEndpoint(app, endpoints.consoleReplyComplaint, async (input, { operator }) => {
    const files = replyImagesOf(input);
    const images = await Promise.all(files.map(async (file) => Buffer.from(await file.arrayBuffer())));
    try {
      return await replyComplaintAudited(app, operator, {
        problemId: input.problemId,
        text: input.text,
        images,
      });
    } catch (error) {
      if (error instanceof ImageRefused) throw ApiError.badRequest(refusalMessages[error.reason]);
      throw error;
    }
  });

  registerEndpoint(app, endpoints.consoleFunnel, async (input) => {
    const rows = await funnelReport(app.db, {
      ...(input.from ? { from: input.from } : {}),
      ...(input.to ? { to: input.to } : {}),
    });
    return rows.map((row) => ({
      utmTag: row.utmTag,
      appFrom: row.appFrom,
      userFrom: row.userFrom,
      visits: row.visits,
      clicks: row.clicks,
      smsSent: row.smsSent,
      registrations: row.registrations,
      conversion: row.visits > 0 ? row.registrations / row.visits : 0,
    }));
  });

  registerEndpoint(app, endpoints.consoleProducts, async () => (await listProducts(app.db)).map(productView));

  registerEndpoint(app, endpoints.consoleProductPreview, ({ productId, ...text }) =>
    previewProduct(app, productId, termsFromText(text, app.config.market.money)),
  );

  /** Proposed through maker-checker (decision 0115): applied now, or waiting for another admin. */
  const proposeProductChange = async (operator: Operator, change: ProductChange) => {
    const outcome = await proposeMoneyAction(app, actorOf(operator), 'product_change', change);
    return outcome.status === 'pending'
      ? { status: 'pending' as const, requestId: outcome.request.id, productId: null }
      : { status: 'applied' as const, requestId: null, productId: outcome.result.product.id };
  };

  registerEndpoint(app, endpoints.consoleSaveProduct, async ({ productId, ...text }, { operator }) => {
    const terms = termsFromText(text, app.config.market.money);
    const change: ProductChange =
      productId === undefined ? { op: 'create', terms } : { op: 'edit', productId, terms };
    try {
      return await proposeProductChange(operator, change);
    } catch (error) {
      // A save over the legal caps is audited too: who tried to set which terms, and the caps.
      if (error instanceof CapBreachRefusal) {
        await audited(app, operator, async () => ({
          result: null,
          audit: {
            action: 'product.save.refused',
            subject: `product:${productId ?? 'new'}`,
            before: undefined,
            after: { change, refusal: error.message },
          },
        }));
      }
      throw error;
    }
  });

  registerEndpoint(app, endpoints.consoleProductState, ({ productId, op }, { operator }) =>
    proposeProductChange(operator, { op, productId }),
  );

  registerEndpoint(app, endpoints.consoleAudit, (input) => listAudit(app.db, input));
}

/** The cookie's session token (the caller kind already found it live). */
function sessionToken(request: FastifyRequest): string {
  return operatorSessionToken(request) ?? '';
}
