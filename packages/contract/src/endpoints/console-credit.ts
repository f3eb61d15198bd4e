import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleCreditRoutes } from '../console-credit-routes.ts';
import { dateField, idField, textField } from '../form-fields.ts';

const money = z.number().int();
/** A model as JSON text: the console's editor and an uploaded file send the same. */
const modelText = textField(200_000);

const figures = z.object({
  name: z.string(),
  applications: z.number().int(),
  approved: z.number().int(),
  declined: z.number().int(),
  referred: z.number().int(),
  approvalRate: z.number(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  averageLimit: money.nullable(),
  backtest: z.object({
    approvedDisbursed: z.number().int(),
    approvedDisbursedPrincipal: money,
    par30: z.number(),
    writtenOff: z.number().int(),
  }),
});

const modelSummary = z.object({ versionHash: z.string(), name: z.string() });

export const consoleCreditEndpoints = defineEndpoints(consoleCreditRoutes, {
  consoleCreditModels: {
    request: z.object({}),
    data: z.object({
      active: modelSummary.extend({ body: z.unknown(), activatedBy: z.string(), activatedAt: z.string() }),
      challenger: modelSummary.extend({ shareBps: z.number().int() }).nullable(),
      /** Products with their own active model (the rest are decided by the general one above). */
      productModels: z.array(
        modelSummary.extend({
          productId: z.number().int(),
          productName: z.string(),
          activatedBy: z.string(),
          activatedAt: z.string(),
        }),
      ),
      /** Every product, to choose which one an activation is for. */
      products: z.array(z.object({ id: z.number().int(), name: z.string() })),
      models: z.array(
        z.object({
          id: z.number().int(),
          versionHash: z.string(),
          name: z.string(),
          savedBy: z.string(),
          savedAt: z.string(),
        }),
      ),
      activations: z.array(
        z.object({
          modelId: z.number().int(),
          role: z.string(),
          /** Null: the general model, for every product without its own. */
          productId: z.number().int().nullable(),
          shareBps: z.number().int(),
          activatedBy: z.string(),
          activatedAt: z.string(),
          reason: z.string().nullable(),
        }),
      ),
      overridesPerOfficer: z.array(z.object({ actor: z.string(), count: z.number().int() })),
      pendingReviews: z.array(
        z.object({ orderId: z.number().int(), requestedAt: z.string(), reasons: z.array(z.string()) }),
      ),
    }),
  },
  consoleCreditModelSave: {
    request: z.object({ model: modelText }),
    /** Saved (its version) or refused (every error, nothing saved). */
    data: z.object({ saved: modelSummary.nullable(), errors: z.array(z.string()) }),
  },
  consoleCreditSimulate: {
    request: z.object({ model: modelText, from: dateField(), to: dateField() }),
    data: z.object({
      errors: z.array(z.string()),
      simulation: z
        .object({
          from: z.string(),
          to: z.string(),
          storedInputs: z.number().int(),
          replayedInputs: z.number().int(),
          tookMs: z.number(),
          models: z.array(figures),
        })
        .nullable(),
    }),
  },
  consoleCreditActivate: {
    request: z.object({
      versionHash: textField(64),
      role: z.enum(['active', 'challenger']).default('active'),
      shareBps: z.coerce.number().int().min(0).max(5000).default(0),
      /** 0 or absent: the general model; else the product this model decides alone. */
      productId: z.coerce.number().int().min(0).default(0),
      reason: textField(500),
    }),
    data: modelSummary,
  },
  consoleOrderDecision: {
    request: z.object({ orderId: idField('orderId') }),
    data: z
      .object({
        orderId: z.number().int(),
        modelHash: z.string().nullable(),
        challenger: z.boolean(),
        inputs: z.record(z.string(), z.unknown()),
        trace: z.array(z.unknown()),
        outcome: z.string(),
        reasons: z.array(z.object({ code: z.string(), text: z.string() })),
        limit: z.object({ amount: money, termDays: z.number().int().nullable() }).nullable(),
        error: z.string().nullable(),
        tookMicros: z.number().int(),
        decidedAt: z.string(),
        overrides: z.array(
          z.object({
            actor: z.string(),
            outcome: z.string().nullable(),
            reason: z.string(),
            createdAt: z.string(),
          }),
        ),
        reviewRequestedAt: z.string().nullable(),
      })
      .nullable(),
  },
  consoleCreditOverride: {
    request: z.object({
      orderId: idField('orderId'),
      outcome: z.enum(['approve', 'decline']),
      reason: textField(500),
    }),
    data: z.object({ orderId: z.number().int(), status: z.number().int() }),
  },
});
