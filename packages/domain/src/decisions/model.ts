import { ExpressionError, parseExpression, parseTest, type Expr, type Test } from './expression.ts';
import { decisionInputKinds, decisionInputNames, type DecisionInputs } from './inputs.ts';

/**
 * A decision model is data (D21, decision 0109): tables evaluated in order, each with a hit policy
 * (`first`: the first matching row; `collect`: every matching row), each row with conditions on
 * inputs (DMN unary tests, expression.ts), an optional expression over several inputs, and what
 * it says: an outcome, a reason code with its weight, and for approvals a limit.
 */
export type DecisionOutcome = 'approve' | 'decline' | 'refer';
export const decisionOutcomes: readonly DecisionOutcome[] = ['approve', 'decline', 'refer'];

export interface ModelRow {
  id: string;
  when?: Partial<Record<keyof DecisionInputs, string>>;
  expression?: string;
  then: {
    outcome: DecisionOutcome;
    reason?: string;
    /** Ranks reasons: the borrower is told the heaviest first. */
    weight?: number;
    /** Centavos, a number or an expression (`max(300000, largestRepaid * 1.5)`). */
    limitAmount?: number | string;
    limitTermDays?: number | string;
  };
}

export interface ModelTable {
  id: string;
  hitPolicy: 'first' | 'collect';
  rows: ModelRow[];
}

export interface DecisionModel {
  name: string;
  description?: string;
  tables: ModelTable[];
}

/** A mistake in a model, named by table, row (1-based, as the console shows rows) and field. */
export interface ModelError {
  table?: string;
  row?: number;
  field?: string;
  message: string;
}

export function describeModelError(error: ModelError): string {
  const where = [
    error.table === undefined ? null : `table "${error.table}"`,
    error.row === undefined ? null : `row ${error.row}`,
    error.field === undefined ? null : `field ${error.field}`,
  ].filter(Boolean);
  return where.length ? `${where.join(', ')}: ${error.message}` : error.message;
}

export interface CompiledRow {
  row: ModelRow;
  position: number;
  tests: [keyof DecisionInputs, Test][];
  expression: Expr | null;
  limitAmount: Expr | null;
  limitTermDays: Expr | null;
}

export interface CompiledModel {
  model: DecisionModel;
  tables: { table: ModelTable; rows: CompiledRow[] }[];
}

export type ModelValidation = { ok: true; compiled: CompiledModel } | { ok: false; errors: ModelError[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_TABLES = 50;
const MAX_ROWS = 500;

/**
 * Checks a model as uploaded (any JSON) and compiles its cells, collecting every error rather than
 * stopping at the first, so an analyst fixes a draft in one pass. `reasonCodes` is the catalogue:
 * a reason the borrower could not be told in words is refused.
 */
export function validateDecisionModel(value: unknown, reasonCodes: readonly string[]): ModelValidation {
  const errors: ModelError[] = [];
  if (!isRecord(value)) return { ok: false, errors: [{ message: 'a model is a JSON object' }] };
  if (typeof value.name !== 'string' || !value.name.trim()) {
    errors.push({ field: 'name', message: 'a model needs a name' });
  }
  if (value.description !== undefined && typeof value.description !== 'string') {
    errors.push({ field: 'description', message: 'a description is text' });
  }
  if (!Array.isArray(value.tables) || value.tables.length === 0) {
    errors.push({ field: 'tables', message: 'a model needs at least one table' });
    return { ok: false, errors };
  }
  if (value.tables.length > MAX_TABLES)
    errors.push({ field: 'tables', message: `at most ${MAX_TABLES} tables` });
  const names = decisionInputNames as readonly string[];
  const tables: CompiledModel['tables'] = [];
  const tableIds = new Set<string>();
  let approves = false;
  value.tables.forEach((tableValue: unknown, tableIndex) => {
    const label =
      isRecord(tableValue) && typeof tableValue.id === 'string' ? tableValue.id : `#${tableIndex + 1}`;
    if (!isRecord(tableValue)) {
      errors.push({ table: label, message: 'a table is an object' });
      return;
    }
    if (typeof tableValue.id !== 'string' || !tableValue.id.trim()) {
      errors.push({ table: label, field: 'id', message: 'a table needs an id' });
    } else if (tableIds.has(tableValue.id)) {
      errors.push({ table: label, field: 'id', message: 'another table has this id' });
    } else tableIds.add(tableValue.id);
    if (tableValue.hitPolicy !== 'first' && tableValue.hitPolicy !== 'collect') {
      errors.push({ table: label, field: 'hitPolicy', message: 'hitPolicy is "first" or "collect"' });
    }
    if (!Array.isArray(tableValue.rows) || tableValue.rows.length === 0) {
      errors.push({ table: label, field: 'rows', message: 'a table needs at least one row' });
      return;
    }
    if (tableValue.rows.length > MAX_ROWS)
      errors.push({ table: label, field: 'rows', message: `at most ${MAX_ROWS} rows` });
    const rows: CompiledRow[] = [];
    tableValue.rows.forEach((rowValue: unknown, rowIndex) => {
      const at = { table: label, row: rowIndex + 1 };
      if (!isRecord(rowValue)) {
        errors.push({ ...at, message: 'a row is an object' });
        return;
      }
      const rowErrors = errors.length;
      if (typeof rowValue.id !== 'string' || !rowValue.id.trim())
        errors.push({ ...at, field: 'id', message: 'a row needs an id' });
      const tests: CompiledRow['tests'] = [];
      if (rowValue.when !== undefined && !isRecord(rowValue.when)) {
        errors.push({ ...at, field: 'when', message: 'when is an object of input: condition' });
      } else if (rowValue.when) {
        for (const [input, cell] of Object.entries(rowValue.when)) {
          if (!names.includes(input)) {
            errors.push({ ...at, field: `when.${input}`, message: `no input is called "${input}"` });
          } else if (typeof cell !== 'string') {
            errors.push({
              ...at,
              field: `when.${input}`,
              message: 'a condition is text, such as ">= 3" or "[1..5]"',
            });
          } else {
            try {
              const test = parseTest(cell);
              const kindError = testKindError(test, decisionInputKinds[input as keyof DecisionInputs]);
              if (kindError) errors.push({ ...at, field: `when.${input}`, message: kindError });
              else tests.push([input as keyof DecisionInputs, test]);
            } catch (error) {
              errors.push({ ...at, field: `when.${input}`, message: cellError(error) });
            }
          }
        }
      }
      const compileExpression = (field: string, source: unknown): Expr | null => {
        if (source === undefined) return null;
        if (typeof source === 'number' && field !== 'expression') {
          if (!Number.isFinite(source) || source < 0)
            errors.push({ ...at, field, message: 'a limit is a number of 0 or more' });
          return { kind: 'literal', value: source };
        }
        if (typeof source !== 'string') {
          errors.push({ ...at, field, message: 'an expression is text' });
          return null;
        }
        try {
          return parseExpression(source, names);
        } catch (error) {
          errors.push({ ...at, field, message: cellError(error) });
          return null;
        }
      };
      const expression = compileExpression('expression', rowValue.expression);
      const then = rowValue.then;
      if (!isRecord(then)) {
        errors.push({ ...at, field: 'then', message: 'a row needs then: { outcome, … }' });
        return;
      }
      const outcome = then.outcome;
      if (typeof outcome !== 'string' || !decisionOutcomes.includes(outcome as DecisionOutcome)) {
        errors.push({ ...at, field: 'then.outcome', message: 'outcome is "approve", "decline" or "refer"' });
      }
      if (
        then.reason !== undefined &&
        (typeof then.reason !== 'string' || !reasonCodes.includes(then.reason))
      ) {
        errors.push({
          ...at,
          field: 'then.reason',
          message: `"${String(then.reason)}" is not in the reason catalogue`,
        });
      }
      if (outcome !== 'approve' && then.reason === undefined) {
        errors.push({ ...at, field: 'then.reason', message: `a ${String(outcome)} names its reason` });
      }
      if (then.weight !== undefined && (typeof then.weight !== 'number' || !Number.isFinite(then.weight))) {
        errors.push({ ...at, field: 'then.weight', message: 'a weight is a number' });
      }
      const limitAmount = compileExpression('then.limitAmount', then.limitAmount);
      const limitTermDays = compileExpression('then.limitTermDays', then.limitTermDays);
      if (outcome === 'approve') {
        approves = true;
        if (then.limitAmount === undefined) {
          errors.push({ ...at, field: 'then.limitAmount', message: 'an approval states its limit' });
        }
      }
      if (errors.length > rowErrors) return;
      rows.push({
        row: rowValue as unknown as ModelRow,
        position: rowIndex + 1,
        tests,
        expression,
        limitAmount,
        limitTermDays,
      });
    });
    tables.push({ table: tableValue as unknown as ModelTable, rows });
  });
  if (!approves && errors.length === 0) {
    errors.push({ field: 'tables', message: 'no row approves: the model could only decline or refer' });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, compiled: { model: value as unknown as DecisionModel, tables } };
}

function cellError(error: unknown): string {
  if (error instanceof ExpressionError) return error.message;
  throw error;
}

function testKindError(test: Test, kind: 'number' | 'boolean' | 'identity'): string | null {
  switch (test.kind) {
    case 'any':
      return null;
    case 'not':
      return testKindError(test.test, kind);
    case 'anyOf':
      return test.items.map((item) => testKindError(item, kind)).find(Boolean) ?? null;
    case 'range':
      return kind === 'number' ? null : 'a range tests a number';
    case 'compare': {
      const value = test.value;
      if (value === null) return null;
      if (kind === 'number' && typeof value !== 'number') return 'this input is a number';
      if (kind === 'boolean' && typeof value !== 'boolean') return 'this input is true or false';
      if (kind === 'identity' && (typeof value !== 'string' || (test.op !== '=' && test.op !== '!='))) {
        return "identity is one of 'verified', 'pending', 'failed', 'unknown'";
      }
      return null;
    }
  }
}

/**
 * The text a model's version hash is taken of: keys sorted at every level, no spaces, so the same
 * model saved twice (or with its keys in another order) has one version.
 */
export function canonicalModelJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalModelJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalModelJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
