import { createHash } from 'node:crypto';
import {
  canonicalModelJson,
  decisionReasonCodes,
  defaultDecisionModel,
  validateDecisionModel,
  type CompiledModel,
  type ModelError,
} from '@kwarta/domain';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database } from '../../db/schema.ts';
import { Refusal } from '../../lib/refusal.ts';
import { fillMessage, messages } from '@kwarta/contract';
import { findProductSummary } from '../products/index.ts';

/** A model that does not validate: nothing is saved, and each error names its row and field. */
export class ModelRefused extends Refusal {
  constructor(readonly errors: ModelError[]) {
    super('invalid', fillMessage(messages.creditModelInvalid, { count: errors.length }));
  }
}

export interface StoredModel {
  id: number;
  versionHash: string;
  name: string;
  compiled: CompiledModel;
}

export function modelHash(body: unknown): string {
  return createHash('sha256').update(canonicalModelJson(body)).digest('hex');
}

export const SHIPPED_MODEL_ACTOR = 'system:default-model';

/** Compiled models by hash: a version never changes, so a compiled one is good for ever. */
const compiledByHash = new Map<string, CompiledModel>();

function compileStored(hash: string, body: string): CompiledModel {
  const cached = compiledByHash.get(hash);
  if (cached) return cached;
  const validation = validateDecisionModel(JSON.parse(body), decisionReasonCodes);
  // Stored models were validated when saved; a catalogue change that breaks one is an engine error.
  if (!validation.ok) throw new Error(`Stored model ${hash.slice(0, 12)} no longer validates`);
  compiledByHash.set(hash, validation.compiled);
  return validation.compiled;
}

/** Validates and saves a model (once per content: saving it again answers the stored one). */
export async function saveModel(
  db: Kysely<Database>,
  body: unknown,
  by: string,
  now: Date,
): Promise<StoredModel> {
  const validation = validateDecisionModel(body, decisionReasonCodes);
  if (!validation.ok) throw new ModelRefused(validation.errors);
  const versionHash = modelHash(body);
  const existing = await findModelByHash(db, versionHash);
  if (existing) return existing;
  try {
    const row = await db
      .insertInto('credit_decision_models')
      .values({
        version_hash: versionHash,
        name: validation.compiled.model.name,
        body: canonicalModelJson(body),
        saved_by: by,
        saved_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, versionHash, name: validation.compiled.model.name, compiled: validation.compiled };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return (await findModelByHash(db, versionHash))!;
  }
}

export async function findModelByHash(
  db: Kysely<Database>,
  versionHash: string,
): Promise<StoredModel | undefined> {
  const row = await db
    .selectFrom('credit_decision_models')
    .select(['id', 'version_hash', 'name', 'body'])
    .where('version_hash', '=', versionHash)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      versionHash: row.version_hash,
      name: row.name,
      compiled: compileStored(row.version_hash, row.body),
    }
  );
}

/**
 * Makes a saved model the one that decides (or the challenger), for every product (`productId`
 * null or absent: the general model) or for one product only (decision 0109); rolling back is
 * activating an older one for the same product.
 */
export async function activateModel(
  db: Kysely<Database>,
  input: {
    versionHash: string;
    role: 'active' | 'challenger';
    shareBps?: number;
    productId?: number | null;
    by: string;
    reason: string | null;
    now: Date;
  },
) {
  const model = await findModelByHash(db, input.versionHash);
  if (!model) throw Refusal.notFound();
  const productId = input.productId ?? null;
  if (productId !== null && !(await findProductSummary(db, productId))) throw Refusal.notFound();
  if (
    input.role === 'challenger' &&
    !(input.shareBps !== undefined && input.shareBps >= 0 && input.shareBps <= 5000)
  ) {
    throw new Refusal('invalid', messages.creditChallengerShare);
  }
  await db
    .insertInto('credit_model_activations')
    .values({
      model_id: model.id,
      role: input.role,
      product_id: productId,
      challenger_share_bps: input.role === 'challenger' ? input.shareBps! : 0,
      activated_by: input.by,
      activated_at: input.now.toISOString(),
      reason: input.reason,
    })
    .execute();
  return model;
}

/**
 * The latest activation of each role for one product and in general (product -1: in general
 * only), with its model's version but not its body: a version is parsed once per process
 * (compiledVersion), so a decision reads a few short rows, and an activation made on any instance
 * decides the next push everywhere. One statement, compiled once and prepared (every push reads
 * it); the table grows by activations, not orders.
 */
const latestActivationsQuery = preparedQuery((db: Kysely<Database>, productId: number) =>
  db
    .selectFrom('credit_model_activations')
    .innerJoin('credit_decision_models', 'credit_decision_models.id', 'credit_model_activations.model_id')
    .select([
      'credit_model_activations.role',
      'credit_model_activations.product_id',
      'credit_decision_models.version_hash',
      'credit_decision_models.name',
      'credit_decision_models.id as model_id',
      'credit_model_activations.challenger_share_bps',
      'credit_model_activations.activated_by',
      'credit_model_activations.activated_at',
    ])
    .where('credit_model_activations.id', 'in', (eb) =>
      eb
        .selectFrom('credit_model_activations as latest')
        .select((inner) => inner.fn.max('latest.id').as('id'))
        .where((inner) =>
          inner.or([inner('latest.product_id', 'is', null), inner('latest.product_id', '=', productId)]),
        )
        .groupBy(['latest.role', 'latest.product_id']),
    ),
);

const latestActivations = (db: Kysely<Database>, productId: number | null) =>
  latestActivationsQuery(db, productId ?? -1);

/** A stored version's parsed model: from this process's cache, else its body read and compiled once. */
async function compiledVersion(db: Kysely<Database>, versionHash: string): Promise<CompiledModel> {
  const cached = compiledByHash.get(versionHash);
  if (cached) return cached;
  const row = await db
    .selectFrom('credit_decision_models')
    .select('body')
    .where('version_hash', '=', versionHash)
    .executeTakeFirstOrThrow();
  return compileStored(versionHash, row.body);
}

export interface DecidingModels {
  active: StoredModel & { activatedBy: string; activatedAt: string };
  challenger: (StoredModel & { shareBps: number }) | null;
  /** The product whose own model decides, or null when the general one does. */
  productId: number | null;
}

/**
 * The models that decide now, for an application to `productId` (or in general, null): the
 * product's own active model and challenger when the lender activated one for it, else the general
 * ones (decision 0109). A database where none was ever activated gets the shipped default, saved
 * and activated by the system, so every decision names a stored version.
 */
export async function decidingModels(
  db: Kysely<Database>,
  now: Date,
  productId: number | null = null,
): Promise<DecidingModels> {
  let rows = await latestActivations(db, productId);
  const latest = (role: 'active' | 'challenger', product: number | null) =>
    rows.find((row) => row.role === role && row.product_id === product);
  const own = productId === null ? undefined : latest('active', productId);
  const scope = own ? productId : null;
  if (!own && !latest('active', null)) {
    const model = await saveModel(db, defaultDecisionModel, SHIPPED_MODEL_ACTOR, now);
    await activateModel(db, {
      versionHash: model.versionHash,
      role: 'active',
      by: SHIPPED_MODEL_ACTOR,
      reason: 'shipped default',
      now,
    });
    rows = await latestActivations(db, productId);
  }
  const active = own ?? latest('active', null)!;
  const challenger = latest('challenger', scope);
  const stored = async (row: typeof active): Promise<StoredModel> => ({
    id: row.model_id,
    versionHash: row.version_hash,
    name: row.name,
    compiled: await compiledVersion(db, row.version_hash),
  });
  return {
    active: { ...(await stored(active)), activatedBy: active.activated_by, activatedAt: active.activated_at },
    challenger:
      challenger && challenger.challenger_share_bps > 0
        ? { ...(await stored(challenger)), shareBps: challenger.challenger_share_bps }
        : null,
    productId: scope,
  };
}

/** Each product's own active model (the latest activation per product), for the console. */
export async function productActiveModels(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('credit_model_activations')
    .innerJoin('credit_decision_models', 'credit_decision_models.id', 'credit_model_activations.model_id')
    .select([
      'credit_model_activations.id',
      'credit_model_activations.product_id',
      'credit_decision_models.version_hash',
      'credit_decision_models.name',
      'credit_model_activations.activated_by',
      'credit_model_activations.activated_at',
    ])
    .where('credit_model_activations.role', '=', 'active')
    .where('credit_model_activations.product_id', 'is not', null)
    .orderBy('credit_model_activations.id', 'desc')
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.product_id!)) latest.set(row.product_id!, row);
  return [...latest.values()].map((row) => ({
    productId: row.product_id!,
    versionHash: row.version_hash,
    name: row.name,
    activatedBy: row.activated_by,
    activatedAt: row.activated_at,
  }));
}

/** Every saved model, newest first, and every activation: the console's history. */
export async function modelHistory(db: Kysely<Database>) {
  const [models, activations] = await Promise.all([
    db
      .selectFrom('credit_decision_models')
      .select(['id', 'version_hash', 'name', 'saved_by', 'saved_at'])
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('credit_model_activations')
      .select([
        'id',
        'model_id',
        'role',
        'product_id',
        'challenger_share_bps',
        'activated_by',
        'activated_at',
        'reason',
      ])
      .orderBy('id', 'desc')
      .execute(),
  ]);
  return { models, activations };
}
