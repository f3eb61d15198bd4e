import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ComplaintRules, ResultCode, messages, sessionQuerySchema, endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ImageRefused } from '../../lib/image-intake.ts';
import { resolveSession } from '../sessions/index.ts';
import { findOrderCard, listOrderCards, orderCard } from '../orders/index.ts';
import {
  findBorrowerImage,
  findProblem,
  imagesOfProblems,
  listProblemTypes,
  listProblems,
  saveProblemScore,
} from './complaint-repository.ts';
import { isNeedScore, problemImageUrl, PROBLEM_IMAGE_PATH } from './complaint-rules.ts';
import { fileComplaint } from './file-complaint.ts';
import { limitPerBorrower } from './borrower-limits.ts';
import { refusalMessages, sendProblemImage, storeProblemImage } from './problem-images.ts';

function typeTitles(types: { parent_value: number; value: number; title: string }[]) {
  const titles = new Map(types.map((type) => [`${type.parent_value}:${type.value}`, type.title]));
  return {
    type: (value: number) => titles.get(`0:${value}`) ?? '',
    sonType: (type: number, value: number) => (value === 0 ? '' : (titles.get(`${type}:${value}`) ?? '')),
  };
}

/** Spec §7 "Complaints and service": the six complaint calls and the owner-only image route (D11). */
export async function complaintRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: only the upload call accepts multipart bodies, within D11's limits.
  await app.register(multipart, {
    limits: { fileSize: ComplaintRules.uploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  registerEndpoint(app, endpoints.problemInit, async (input, { borrower }) => {
    const types = await listProblemTypes(app.db, { activeOnly: true });
    const orders = await listOrderCards(app.db, borrower.id);
    let current = orders[0] ?? null;
    if (input.orderId !== undefined) {
      current = (await findOrderCard(app.db, borrower.id, input.orderId)) ?? null;
      if (!current) throw ApiError.notFound();
    }
    return {
      problemType: types
        .filter((type) => type.parent_value === 0)
        .map((type) => ({ title: type.title, value: type.value, icon: type.icon_url })),
      problemSonType: types
        .filter((type) => type.parent_value === ComplaintRules.collectionProblemType)
        .map((type) => ({ title: type.title, value: type.value })),
      orderDetail: current ? orderCard(current, app.config.market.money) : null,
      orderList: orders.map((order) => orderCard(order, app.config.market.money)),
    };
  });

  registerEndpoint(app, endpoints.uploadProblemImg, async (input, { borrower }) => {
    await limitPerBorrower(app, borrower.id, 'uploads');
    const now = app.clock.now();
    const bytes = Buffer.from(await input.problemImage.arrayBuffer());
    try {
      const publicId = await storeProblemImage(
        { db: app.db, storage: app.storage },
        { borrowerId: borrower.id, role: 'evidence', bytes, now },
      );
      return { url: problemImageUrl(publicId) };
    } catch (error) {
      if (error instanceof ImageRefused) {
        throw new ApiError(
          ResultCode.badRequest,
          refusalMessages[error.reason],
          error.reason === 'too-large' ? 413 : 400,
        );
      }
      throw error;
    }
  });

  registerEndpoint(app, endpoints.problemSave, (input, { borrower }) =>
    fileComplaint(app, borrower.id, input, {
      beforeFiling: () => limitPerBorrower(app, borrower.id, 'complaints'),
    }),
  );

  registerEndpoint(app, endpoints.problemList, async (_input, { borrower }) => {
    const titles = typeTitles(await listProblemTypes(app.db, { activeOnly: false }));
    const problems = await listProblems(app.db, borrower.id);
    const item = (problem: (typeof problems)[number]) => ({
      id: problem.id,
      time: problem.created_at,
      type: [
        titles.type(problem.problem_type),
        titles.sonType(problem.problem_type, problem.problem_son_type),
      ]
        .filter(Boolean)
        .join(' / '),
      content: problem.content,
    });
    return {
      tabs: [
        {
          key: 'inProgress',
          title: messages.complaintTabInProgress,
          list: problems.filter((p) => p.replied_at === null).map(item),
        },
        {
          key: 'replied',
          title: messages.complaintTabReplied,
          list: problems.filter((p) => p.replied_at !== null).map(item),
        },
      ],
    };
  });

  registerEndpoint(app, endpoints.problemDetail, async (input, { borrower }) => {
    const problem = await findProblem(app.db, borrower.id, input.problemId);
    if (!problem) throw ApiError.notFound();
    const titles = typeTitles(await listProblemTypes(app.db, { activeOnly: false }));
    const images = await imagesOfProblems(app.db, [problem.id]);
    const urls = (role: 'evidence' | 'reply') =>
      images.filter((image) => image.role === role).map((image) => problemImageUrl(image.public_id));
    return {
      problemId: problem.id,
      type: titles.type(problem.problem_type),
      sonType: titles.sonType(problem.problem_type, problem.problem_son_type),
      content: problem.content,
      images: urls('evidence'),
      time: problem.created_at,
      disposeDetail: problem.reply_text ?? '',
      disposeImages: urls('reply'),
      isNeedScore: isNeedScore(problem),
    };
  });

  registerEndpoint(app, endpoints.saveScore, async (input, { borrower }) => {
    const problem = await findProblem(app.db, borrower.id, input.problemId);
    if (!problem) throw ApiError.notFound();
    if (problem.score !== null) throw new ApiError(ResultCode.conflict, messages.complaintScoreSaved, 409);
    if (problem.score_requested !== 1)
      throw new ApiError(ResultCode.conflict, messages.complaintScoreNotAsked, 409);
    const saved = await saveProblemScore(app.db, {
      problemId: problem.id,
      borrowerId: borrower.id,
      score: input.score,
      now: app.clock.now().toISOString(),
    });
    if (!saved) throw new ApiError(ResultCode.conflict, messages.complaintScoreSaved, 409);
    return null;
  });

  // Images are read with the session query like every call (an <img> cannot send headers); only
  // their owner gets them, anyone else the same 404 as for an image that never existed.
  const forBorrowers = { config: { caller: 'borrower' as const } };
  app.get<{ Params: { publicId: string } }>(
    `${PROBLEM_IMAGE_PATH}/:publicId`,
    forBorrowers,
    async (request, reply) => {
      const session = sessionQuerySchema.safeParse(request.query ?? {});
      const token = session.success ? session.data.sessionId : undefined;
      const borrower = token
        ? await resolveSession(app.db, { token, now: app.clock.now(), policy: app.config.session })
        : null;
      if (!borrower) throw ApiError.sessionInvalid();
      // Public ids are base64url; anything else (a NUL byte, say) names no image.
      const publicId = request.params.publicId;
      const image = /^[\w-]{1,64}$/.test(publicId)
        ? await findBorrowerImage(app.db, borrower.id, publicId)
        : undefined;
      return sendProblemImage(app, reply, image);
    },
  );
}
