import type { FastifyInstance } from 'fastify';
import { endpoints, messages, type MessageKey } from '@kwarta/contract';
import { decisionReasonCodes, describeModelError, validateDecisionModel } from '@kwarta/domain';
import { ApiError } from '../../lib/api-error.ts';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { registerPersonalDataRead } from '../data-privacy/index.ts';
import { audited } from '../operators/index.ts';
import { productNames } from '../products/index.ts';
import {
  activateModel,
  decidingModels,
  modelHistory,
  productActiveModels,
  saveModel,
} from './decision-models.ts';
import { findOrderDecision } from './decision-records.ts';
import { overrideDecision, overridesPerOfficer, pendingReviewRequests } from './people-on-decisions.ts';
import { simulateModels } from './simulate.ts';

/** A model's JSON text parsed, or the one error a text that is not JSON has. */
function parseModel(text: string): { body: unknown } | { error: string } {
  try {
    return { body: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `not JSON: ${(error as Error).message}` };
  }
}

export const operatorReasonText = (code: string) =>
  messages[`creditReasonOperator.${code}` as MessageKey] ?? code;

/**
 * The console's credit calls (decision 0109): the Decision models screen (read, draft, simulate,
 * activate and roll back) and, on the order page, the decision as recorded and the override.
 */
export async function consoleCreditRoutes(app: FastifyInstance): Promise<void> {
  registerEndpoint(app, endpoints.consoleCreditModels, async () => {
    const [{ active, challenger }, history, overrides, reviews, perProduct, products] = await Promise.all([
      decidingModels(app.db, app.clock.now()),
      modelHistory(app.db),
      overridesPerOfficer(app.db),
      pendingReviewRequests(app.db),
      productActiveModels(app.db),
      productNames(app.db),
    ]);
    const productName = new Map(products.map((product) => [product.id, product.name]));
    return {
      active: {
        versionHash: active.versionHash,
        name: active.name,
        body: active.compiled.model,
        activatedBy: active.activatedBy,
        activatedAt: active.activatedAt,
      },
      challenger: challenger && {
        versionHash: challenger.versionHash,
        name: challenger.name,
        shareBps: challenger.shareBps,
      },
      productModels: perProduct.map((row) => ({
        ...row,
        productName: productName.get(row.productId) ?? String(row.productId),
      })),
      products,
      models: history.models.map((row) => ({
        id: row.id,
        versionHash: row.version_hash,
        name: row.name,
        savedBy: row.saved_by,
        savedAt: row.saved_at,
      })),
      activations: history.activations.map((row) => ({
        modelId: row.model_id,
        role: row.role,
        productId: row.product_id,
        shareBps: row.challenger_share_bps,
        activatedBy: row.activated_by,
        activatedAt: row.activated_at,
        reason: row.reason,
      })),
      overridesPerOfficer: overrides.map((row) => ({ actor: row.actor, count: Number(row.count) })),
      pendingReviews: reviews.map((row) => ({
        orderId: row.order_id,
        requestedAt: row.created_at,
        reasons: JSON.parse(row.reasons) as string[],
      })),
    };
  });

  registerEndpoint(app, endpoints.consoleCreditModelSave, async (input, { operator }) => {
    const parsed = parseModel(input.model);
    if ('error' in parsed) return { saved: null, errors: [parsed.error] };
    const validation = validateDecisionModel(parsed.body, decisionReasonCodes);
    if (!validation.ok) return { saved: null, errors: validation.errors.map(describeModelError) };
    const saved = await saveModel(app.db, parsed.body, `operator:${operator.name}`, app.clock.now());
    return { saved: { versionHash: saved.versionHash, name: saved.name }, errors: [] };
  });

  registerEndpoint(app, endpoints.consoleCreditSimulate, async (input) => {
    const parsed = parseModel(input.model);
    if ('error' in parsed) return { errors: [parsed.error], simulation: null };
    const validation = validateDecisionModel(parsed.body, decisionReasonCodes);
    if (!validation.ok) return { errors: validation.errors.map(describeModelError), simulation: null };
    if (input.from > input.to) throw ApiError.badRequest(messages.badRequest);
    const { active } = await decidingModels(app.db, app.clock.now());
    const simulation = await simulateModels(app, {
      models: [
        { name: `Active: ${active.name}`, compiled: active.compiled },
        { name: `Draft: ${validation.compiled.model.name}`, compiled: validation.compiled },
      ],
      from: input.from,
      to: input.to,
    });
    return { errors: [], simulation };
  });

  registerEndpoint(app, endpoints.consoleCreditActivate, async (input, { operator }) => {
    if (!input.reason.trim()) throw ApiError.badRequest(messages.creditActivateNeedsReason);
    const productId = input.productId || null;
    const before = await decidingModels(app.db, app.clock.now(), productId);
    const model = await audited(app, operator, async (trx) => {
      const activated = await activateModel(trx, {
        versionHash: input.versionHash,
        role: input.role,
        shareBps: input.shareBps,
        productId,
        by: `operator:${operator.name}`,
        reason: input.reason.trim(),
        now: app.clock.now(),
      });
      return {
        result: activated,
        audit: {
          action: input.role === 'active' ? 'credit.model.activate' : 'credit.model.challenger',
          subject: `credit-model:${activated.versionHash.slice(0, 12)}`,
          // For a product: what decided it before (its own model, or the general one it followed).
          before: {
            productId,
            active: before.active.versionHash,
            challenger: before.challenger?.versionHash ?? null,
            ownModel: before.productId !== null,
          },
          after: {
            productId,
            [input.role]: activated.versionHash,
            shareBps: input.shareBps,
            reason: input.reason.trim(),
          },
        },
      };
    });
    return { versionHash: model.versionHash, name: model.name };
  });

  registerPersonalDataRead(app, endpoints.consoleOrderDecision, {
    what: 'credit decision',
    read: async (input) => {
      const decision = await findOrderDecision(app.db, input.orderId);
      if (!decision) return null;
      return {
        ...decision,
        reasons: decision.reasons.map((code) => ({ code, text: operatorReasonText(code) })),
        overrides: decision.overrides.map((entry) => ({
          actor: entry.actor,
          outcome: entry.outcome,
          reason: entry.reason,
          createdAt: entry.created_at,
        })),
      };
    },
    subjects: (decision, input) => ({ orderIds: decision ? [input.orderId] : [] }),
  });

  registerEndpoint(app, endpoints.consoleCreditOverride, async (input, { operator }) =>
    overrideDecision(app, operator, input),
  );
}
