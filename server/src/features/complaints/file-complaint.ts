import { messages, type EndpointParsedRequest, type endpoints } from '@kwarta/contract';
import { isUniqueViolation } from '../../db/errors.ts';
import { Refusal } from '../../lib/refusal.ts';
import type { Deps } from '../../lib/deps.ts';
import { findBorrowerOrderByNo } from '../orders/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import {
  attachImages,
  countUnattachedEvidence,
  findProblemByRequestId,
  insertProblem,
  listProblemTypes,
} from './complaint-repository.ts';
import { complaintRefusal, parseImageUrls } from './complaint-rules.ts';

export type ComplaintForm = EndpointParsedRequest<typeof endpoints.problemSave>;

export interface FilingOptions {
  /**
   * Runs once the form is known to be fileable, before anything is written: the borrower's daily
   * allowance (the route passes it), so a refused form costs nothing. Not run inside the
   * caller's transaction by the route; a caller composing this use case in its own transaction
   * passes none (on SQLite the database store would wait on the connection that transaction holds).
   */
  beforeFiling?: () => Promise<void>;
}

const imageNotFound = () => Refusal.notFound(messages.complaintImageNotFound);

/**
 * Files a borrower's complaint (spec §2 complainPageNext, §5): the rules first (text, types,
 * the order's collection flag), then the evidence (only the borrower's own unattached uploads),
 * then the borrower's daily allowance, then the complaint and its images in one transaction. Idempotent per requestId: a double tap
 * or a retry answers with the complaint the first one filed and writes nothing.
 */
export async function fileComplaint(
  deps: Pick<Deps, 'db' | 'clock'>,
  borrowerId: number,
  form: ComplaintForm,
  options: FilingOptions = {},
): Promise<{ problemId: number }> {
  const { db } = deps;
  const filedBefore = async () =>
    form.requestId ? await findProblemByRequestId(db, borrowerId, form.requestId) : undefined;
  const existing = await filedBefore();
  if (existing) return { problemId: existing.id };

  const imageIds = parseImageUrls(form.problemImage);
  const order = form.orderNo ? await findBorrowerOrderByNo(db, borrowerId, form.orderNo) : null;
  const types = await listProblemTypes(db, { activeOnly: true });
  const refusal = complaintRefusal(
    {
      problemType: form.problemType,
      problemSonType: form.problemSonType,
      problemDetail: form.problemDetail,
      imageCount: imageIds.length,
      orderAllowsCollection: order ? order.collection_complaints_allowed === 1 : null,
    },
    types.map((type) => ({ parentValue: type.parent_value, value: type.value })),
  );
  if (form.orderNo && !order) throw Refusal.notFound();
  if (refusal) throw Refusal.invalid(messages[refusal]);

  const publicIds = imageIds.filter((id): id is string => id !== null);
  if (publicIds.length !== imageIds.length || new Set(publicIds).size !== publicIds.length)
    throw imageNotFound();
  if ((await countUnattachedEvidence(db, borrowerId, publicIds)) !== publicIds.length) throw imageNotFound();
  await options.beforeFiling?.();

  try {
    // The evidence check above can lose a race (the same image sent twice at once): attaching
    // then fails and the whole complaint rolls back, whoever's transaction this is.
    return await inTransaction(db, async (trx) => {
      const problemId = await insertProblem(trx, {
        borrowerId,
        orderId: order?.id ?? null,
        problemType: form.problemType,
        problemSonType: form.problemSonType,
        content: form.problemDetail.trim(),
        requestId: form.requestId ?? null,
        now: deps.clock.now().toISOString(),
      });
      if (!(await attachImages(trx, borrowerId, problemId, publicIds, 'evidence'))) throw imageNotFound();
      return { problemId };
    });
  } catch (error) {
    // Two taps raced past the lookup above: the first one filed it.
    const raced = isUniqueViolation(error) ? await filedBefore() : undefined;
    if (raced) return { problemId: raced.id };
    throw error;
  }
}
