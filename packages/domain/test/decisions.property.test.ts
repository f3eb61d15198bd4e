import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decisionReasonCodes,
  defaultDecisionModel,
  describeModelError,
  evaluateDecision,
  identityStatuses,
  MAX_REASONS,
  offeredLimit,
  validateDecisionModel,
  type CompiledModel,
  type DecisionInputs,
  type DecisionModel,
  type LimitCaps,
} from '../src/decisions/index.ts';

const RUNS = 2_000;
/** Property runs take seconds when the machine is shared. */
const SLOW = 60_000;

function compile(model: unknown): CompiledModel {
  const validation = validateDecisionModel(model, decisionReasonCodes);
  if (!validation.ok) throw new Error(validation.errors.map(describeModelError).join('\n'));
  return validation.compiled;
}

const defaultModel = compile(defaultDecisionModel);

const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const inputsArb: fc.Arbitrary<DecisionInputs> = fc.record({
  monthsSinceRegistration: fc.integer({ min: 0, max: 120 }),
  loansRepaid: fc.integer({ min: 0, max: 30 }),
  onTimeShare: nullable(fc.double({ min: 0, max: 1, noNaN: true })),
  worstDaysPastDueEver: fc.integer({ min: 0, max: 400 }),
  worstDaysPastDueLast90Days: fc.integer({ min: 0, max: 90 }),
  loansOpen: fc.integer({ min: 0, max: 2 }),
  loansOverdue: fc.integer({ min: 0, max: 2 }),
  amountAsked: fc.integer({ min: 100_000, max: 5_000_000 }),
  termDaysAsked: fc.integer({ min: 91, max: 365 }),
  largestRepaid: nullable(fc.integer({ min: 100_000, max: 5_000_000 })),
  amountToLargestRepaid: nullable(fc.double({ min: 0, max: 50, noNaN: true })),
  productId: fc.integer({ min: 1, max: 5 }),
  productMaxAmount: fc.integer({ min: 100_000, max: 5_000_000 }),
  payoutAccountPaidBefore: fc.boolean(),
  complaints: fc.integer({ min: 0, max: 6 }),
  sameDeviceBorrowers: fc.integer({ min: 0, max: 3 }),
  samePayoutAccountBorrowers: fc.integer({ min: 0, max: 3 }),
  daysSinceLastDecline: nullable(fc.integer({ min: 0, max: 400 })),
  identityStatus: fc.constantFrom(...identityStatuses),
});
const capsArb: fc.Arbitrary<LimitCaps> = fc.record({
  productMaxAmount: fc.integer({ min: 100_000, max: 5_000_000 }),
  productMaxTermDays: fc.integer({ min: 91, max: 365 }),
  complianceMaxAmount: nullable(fc.integer({ min: 100_000, max: 5_000_000 })),
});

/** Models made of random rows over random inputs, to hold the engine (not only our model) to its promises. */
const reasonArb = fc.constantFrom(...decisionReasonCodes);
const rowArb = fc.oneof(
  fc.record({
    id: fc.constant('r'),
    when: fc.record({
      loansRepaid: fc.constantFrom('>= 1', '0', '[1..5]', '-'),
      complaints: fc.constantFrom('> 2', '-'),
    }),
    then: fc.record({
      outcome: fc.constantFrom('decline', 'refer'),
      reason: reasonArb,
      weight: fc.integer({ min: 0, max: 100 }),
    }),
  }),
  fc.record({
    id: fc.constant('a'),
    when: fc.record({ identityStatus: fc.constantFrom("'verified', 'unknown'", "not('failed')", '-') }),
    then: fc.record({
      outcome: fc.constant('approve'),
      limitAmount: fc.oneof(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constant('max(100000, largestRepaid * 3)'),
      ),
    }),
  }),
);
const modelArb: fc.Arbitrary<DecisionModel> = fc.record({
  name: fc.constant('random'),
  tables: fc.array(
    fc.record({
      id: fc.uuid(),
      hitPolicy: fc.constantFrom('first', 'collect'),
      rows: fc.array(rowArb, { minLength: 1, maxLength: 6 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
}) as fc.Arbitrary<DecisionModel>;

describe('decision engine (decision 0109)', () => {
  it(
    'decides the same inputs with the same model version the same way, every time',
    () => {
      // The same version loaded again (as from the database): its canonical JSON, compiled anew.
      const recompiled = compile(JSON.parse(JSON.stringify(defaultDecisionModel)));
      fc.assert(
        fc.property(inputsArb, capsArb, (inputs, caps) => {
          const first = evaluateDecision(defaultModel, inputs, caps);
          const again = evaluateDecision(recompiled, { ...inputs }, caps);
          expect(again).toEqual(first);
        }),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );

  it(
    'gives every decline and referral 1–4 distinct reasons, and an approval none',
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.constant(null), modelArb), inputsArb, capsArb, (model, inputs, caps) => {
          const compiled = model === null ? defaultModel : validateDecisionModel(model, decisionReasonCodes);
          if ('ok' in compiled && !compiled.ok) return;
          const decision = evaluateDecision('ok' in compiled ? compiled.compiled : compiled, inputs, caps);
          if (decision.outcome === 'approve') expect(decision.reasons).toEqual([]);
          else {
            expect(decision.reasons.length).toBeGreaterThanOrEqual(1);
            expect(decision.reasons.length).toBeLessThanOrEqual(MAX_REASONS);
            expect(new Set(decision.reasons).size).toBe(decision.reasons.length);
          }
        }),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );

  it(
    'never offers a limit above the product maximum or the compliance ceiling',
    () => {
      fc.assert(
        fc.property(fc.oneof(fc.constant(null), modelArb), inputsArb, capsArb, (model, inputs, caps) => {
          const validation = model === null ? null : validateDecisionModel(model, decisionReasonCodes);
          if (validation && !validation.ok) return;
          const decision = evaluateDecision(validation ? validation.compiled : defaultModel, inputs, caps);
          if (!decision.limit) return;
          expect(decision.limit.amount).toBeLessThanOrEqual(caps.productMaxAmount);
          if (caps.complianceMaxAmount !== null)
            expect(decision.limit.amount).toBeLessThanOrEqual(caps.complianceMaxAmount);
          expect(decision.limit.termDays).toBeLessThanOrEqual(caps.productMaxTermDays);
          if (decision.outcome === 'approve')
            expect(inputs.amountAsked).toBeLessThanOrEqual(decision.limit.amount);
        }),
        { numRuns: RUNS },
      );
    },
    SLOW,
  );
});

const clean: DecisionInputs = {
  monthsSinceRegistration: 2,
  loansRepaid: 0,
  onTimeShare: null,
  worstDaysPastDueEver: 0,
  worstDaysPastDueLast90Days: 0,
  loansOpen: 0,
  loansOverdue: 0,
  amountAsked: 300_000,
  termDaysAsked: 120,
  largestRepaid: null,
  amountToLargestRepaid: null,
  productId: 1,
  productMaxAmount: 1_000_000,
  payoutAccountPaidBefore: false,
  complaints: 0,
  sameDeviceBorrowers: 0,
  samePayoutAccountBorrowers: 0,
  daysSinceLastDecline: null,
  identityStatus: 'unknown',
};
const caps: LimitCaps = { productMaxAmount: 1_000_000, productMaxTermDays: 180, complianceMaxAmount: null };

describe('the default model', () => {
  it('approves a first loan up to ₱5,000 and traces the row that set the limit', () => {
    const decision = evaluateDecision(defaultModel, clean, caps);
    expect(decision).toMatchObject({ outcome: 'approve', limit: { amount: 500_000, termDays: 180 } });
    expect(decision.trace).toEqual([
      { table: 'limit', row: 2, rowId: 'first-loan', outcome: 'approve', reason: null },
    ]);
  });

  it('raises the limit after loans repaid on time, never above the product', () => {
    const repeat = {
      ...clean,
      loansRepaid: 2,
      onTimeShare: 1,
      largestRepaid: 500_000,
      amountToLargestRepaid: 0.6,
    };
    expect(evaluateDecision(defaultModel, repeat, caps).limit?.amount).toBe(750_000);
    const big = { ...repeat, largestRepaid: 5_000_000 };
    expect(evaluateDecision(defaultModel, big, caps).limit?.amount).toBe(1_000_000);
  });

  it('declines with reasons ranked by weight, at most four', () => {
    const bad = {
      ...clean,
      loansOverdue: 1,
      loansOpen: 1,
      identityStatus: 'failed' as const,
      worstDaysPastDueLast90Days: 60,
      worstDaysPastDueEver: 120,
      daysSinceLastDecline: 3,
    };
    expect(evaluateDecision(defaultModel, bad, caps).reasons).toEqual([
      'overdue_now',
      'identity_failed',
      'open_loan',
      'recent_late_payment',
    ]);
  });

  it('refers a shared device to a person, and declines an ask above the limit', () => {
    expect(evaluateDecision(defaultModel, { ...clean, sameDeviceBorrowers: 1 }, caps)).toMatchObject({
      outcome: 'refer',
      reasons: ['shared_device'],
    });
    expect(evaluateDecision(defaultModel, { ...clean, amountAsked: 600_000 }, caps)).toMatchObject({
      outcome: 'decline',
      reasons: ['amount_above_limit'],
    });
  });

  it('offers the limit the approving rows give, even to an application that would be referred', () => {
    expect(offeredLimit(defaultModel, { ...clean, amountAsked: 1_000_000 }, caps)).toEqual({
      amount: 500_000,
      termDays: 180,
    });
    expect(offeredLimit(defaultModel, { ...clean, sameDeviceBorrowers: 1 }, caps)?.amount).toBe(500_000);
  });
});

describe('model validation', () => {
  it('names the table, row and field of every mistake', () => {
    const broken = {
      name: 'draft',
      tables: [
        {
          id: 'limit',
          hitPolicy: 'first',
          rows: [
            { id: 'a', when: { loansRepaid: '>= x' }, then: { outcome: 'approve', limitAmount: 100 } },
            { id: 'b', when: { shoeSize: '> 3' }, then: { outcome: 'decline' } },
            { id: 'c', when: { identityStatus: '> 3' }, then: { outcome: 'refer', reason: 'because' } },
            { id: 'd', then: { outcome: 'approve', limitAmount: 'largestRepaid * ' } },
          ],
        },
      ],
    };
    const validation = validateDecisionModel(broken, decisionReasonCodes);
    expect(validation.ok).toBe(false);
    if (validation.ok) return;
    expect(validation.errors.map(describeModelError)).toEqual([
      'table "limit", row 1, field when.loansRepaid: expected a value at "x"',
      'table "limit", row 2, field when.shoeSize: no input is called "shoeSize"',
      'table "limit", row 2, field then.reason: a decline names its reason',
      "table \"limit\", row 3, field when.identityStatus: identity is one of 'verified', 'pending', 'failed', 'unknown'",
      'table "limit", row 3, field then.reason: "because" is not in the reason catalogue',
      'table "limit", row 4, field then.limitAmount: expected a value at "end"',
    ]);
  });

  it('supports ranges, sets, negation and expressions', () => {
    const model = compile({
      name: 'cells',
      tables: [
        {
          id: 't',
          hitPolicy: 'collect',
          rows: [
            {
              id: 'range',
              when: { complaints: '(1..3]' },
              then: { outcome: 'refer', reason: 'many_complaints', weight: 1 },
            },
            {
              id: 'set',
              when: { identityStatus: "not('verified', 'unknown')" },
              then: { outcome: 'refer', reason: 'identity_failed', weight: 2 },
            },
            {
              id: 'expr',
              expression: 'amountAsked / productMaxAmount >= 0.5 or complaints == 9',
              then: { outcome: 'refer', reason: 'amount_jump', weight: 3 },
            },
            { id: 'ok', then: { outcome: 'approve', limitAmount: 'productMaxAmount' } },
          ],
        },
      ],
    });
    expect(evaluateDecision(model, clean, caps).outcome).toBe('approve');
    expect(evaluateDecision(model, { ...clean, complaints: 1 }, caps).outcome).toBe('approve');
    expect(
      evaluateDecision(
        model,
        { ...clean, complaints: 3, identityStatus: 'pending', amountAsked: 500_000 },
        caps,
      ).reasons,
    ).toEqual(['amount_jump', 'identity_failed', 'many_complaints']);
  });
});
