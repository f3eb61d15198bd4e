import type { InputValue } from './inputs.ts';

/**
 * The two small languages a decision table's cells are written in (D21, decision 0109), after the
 * DMN "unary tests" GoRules Zen uses:
 * - a condition cell tests one input: `-` (anything), `>= 3`, `< 0.8`, `[1..5]`, `(0..30]`,
 *   `'verified', 'pending'`, `true`, `null`, `not('failed')`;
 * - an expression (a rule's `expression`, an output's limit) reads several inputs: `+ - * /`,
 *   comparisons, `and`/`or`/`not`, `min(…)`, `max(…)`, `floor(…)`, numbers, 'strings', names.
 * Both are parsed once when the model is validated; evaluation is a walk over the parsed tree, so
 * a model that validates cannot fail to evaluate on well-typed inputs.
 */
export class ExpressionError extends Error {}

type Literal = number | string | boolean | null;
type Compare = '<' | '<=' | '>' | '>=' | '=' | '!=';

export type Test =
  | { kind: 'any' }
  | { kind: 'not'; test: Test }
  | { kind: 'anyOf'; items: Test[] }
  | { kind: 'compare'; op: Compare; value: Literal }
  | { kind: 'range'; low: number; high: number; lowOpen: boolean; highOpen: boolean };

export type Expr =
  | { kind: 'literal'; value: Literal }
  | { kind: 'name'; name: string }
  | { kind: 'unary'; op: '-' | 'not'; arg: Expr }
  | { kind: 'binary'; op: string; left: Expr; right: Expr }
  | { kind: 'call'; fn: 'min' | 'max' | 'floor'; args: Expr[] };

interface Token {
  type: 'num' | 'str' | 'name' | 'op' | 'end';
  text: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:(\d+(?:\.\d+)?)|'([^']*)'|([A-Za-z_][A-Za-z0-9_]*)|(\.\.|<=|>=|==|!=|[-+*/<>=(),[\]]))/y;
  let at = 0;
  while (at < source.length) {
    if (/^\s*$/.test(source.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match) throw new ExpressionError(`unexpected "${source.slice(at).trim().slice(0, 10)}"`);
    at = pattern.lastIndex;
    if (match[1] !== undefined) tokens.push({ type: 'num', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ type: 'str', text: match[2] });
    else if (match[3] !== undefined) tokens.push({ type: 'name', text: match[3] });
    else tokens.push({ type: 'op', text: match[4]! });
  }
  tokens.push({ type: 'end', text: '' });
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}
  peek(): Token {
    return this.tokens[this.at]!;
  }
  next(): Token {
    return this.tokens[this.at++]!;
  }
  accept(text: string): boolean {
    const token = this.peek();
    if ((token.type === 'op' || token.type === 'name') && token.text === text) {
      this.at += 1;
      return true;
    }
    return false;
  }
  expect(text: string): void {
    if (!this.accept(text)) throw new ExpressionError(`expected "${text}" at "${this.peek().text || 'end'}"`);
  }
  end(): void {
    if (this.peek().type !== 'end') throw new ExpressionError(`unexpected "${this.peek().text}"`);
  }

  literal(): Literal {
    const token = this.next();
    if (token.type === 'num') return Number(token.text);
    if (token.type === 'str') return token.text;
    if (token.type === 'op' && token.text === '-' && this.peek().type === 'num')
      return -Number(this.next().text);
    if (token.type === 'name' && token.text === 'true') return true;
    if (token.type === 'name' && token.text === 'false') return false;
    if (token.type === 'name' && token.text === 'null') return null;
    throw new ExpressionError(`expected a value at "${token.text || 'end'}"`);
  }
  number(): number {
    const value = this.literal();
    if (typeof value !== 'number') throw new ExpressionError('a range needs numbers');
    return value;
  }

  test(): Test {
    const items: Test[] = [this.testItem()];
    while (this.accept(',')) items.push(this.testItem());
    return items.length === 1 ? items[0]! : { kind: 'anyOf', items };
  }
  testItem(): Test {
    if (this.accept('not')) {
      this.expect('(');
      const test = this.test();
      this.expect(')');
      return { kind: 'not', test };
    }
    const open = this.peek().text;
    if (this.peek().type === 'op' && (open === '[' || open === '(')) {
      this.next();
      const low = this.number();
      this.expect('..');
      const high = this.number();
      const close = this.next().text;
      if (close !== ']' && close !== ')') throw new ExpressionError('a range ends with ] or )');
      if (low > high) throw new ExpressionError(`the range's low end ${low} is above its high end ${high}`);
      return { kind: 'range', low, high, lowOpen: open === '(', highOpen: close === ')' };
    }
    for (const op of ['<=', '>=', '!=', '<', '>', '='] as const) {
      if (this.peek().type === 'op' && this.peek().text === op) {
        this.next();
        return { kind: 'compare', op, value: this.literal() };
      }
    }
    return { kind: 'compare', op: '=', value: this.literal() };
  }

  expression(): Expr {
    return this.binary(0);
  }
  private static readonly levels: string[][] = [
    ['or'],
    ['and'],
    ['==', '!=', '<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/'],
  ];
  private binary(level: number): Expr {
    if (level === Parser.levels.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if ((token.type !== 'op' && token.type !== 'name') || !Parser.levels[level]!.includes(token.text))
        return left;
      this.next();
      left = { kind: 'binary', op: token.text, left, right: this.binary(level + 1) };
    }
  }
  private unary(): Expr {
    if (this.accept('-')) return { kind: 'unary', op: '-', arg: this.unary() };
    if (this.accept('not')) return { kind: 'unary', op: 'not', arg: this.unary() };
    if (this.accept('(')) {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    const token = this.peek();
    if (token.type === 'name' && !['true', 'false', 'null'].includes(token.text)) {
      this.next();
      if (this.accept('(')) {
        if (token.text !== 'min' && token.text !== 'max' && token.text !== 'floor') {
          throw new ExpressionError(`unknown function "${token.text}" (min, max, floor)`);
        }
        const args = [this.expression()];
        while (this.accept(',')) args.push(this.expression());
        this.expect(')');
        if (token.text === 'floor' && args.length !== 1) throw new ExpressionError('floor takes one value');
        return { kind: 'call', fn: token.text, args };
      }
      return { kind: 'name', name: token.text };
    }
    return { kind: 'literal', value: this.literal() };
  }
}

/** A condition cell; throws ExpressionError with what is wrong. */
export function parseTest(source: string): Test {
  const trimmed = source.trim();
  if (trimmed === '' || trimmed === '-') return { kind: 'any' };
  const parser = new Parser(tokenize(trimmed));
  const test = parser.test();
  parser.end();
  return test;
}

/** An expression; `names` are the inputs it may read (an unknown name is an error, not a null). */
export function parseExpression(source: string, names: readonly string[]): Expr {
  const parser = new Parser(tokenize(source));
  const expr = parser.expression();
  parser.end();
  const unknown = namesIn(expr).find((name) => !names.includes(name));
  if (unknown) throw new ExpressionError(`unknown input "${unknown}"`);
  return expr;
}

function namesIn(expr: Expr): string[] {
  switch (expr.kind) {
    case 'literal':
      return [];
    case 'name':
      return [expr.name];
    case 'unary':
      return namesIn(expr.arg);
    case 'binary':
      return [...namesIn(expr.left), ...namesIn(expr.right)];
    case 'call':
      return expr.args.flatMap(namesIn);
  }
}

export function matches(test: Test, value: InputValue): boolean {
  switch (test.kind) {
    case 'any':
      return true;
    case 'not':
      return value !== null && !matches(test.test, value);
    case 'anyOf':
      return test.items.some((item) => matches(item, value));
    case 'range':
      if (typeof value !== 'number') return false;
      return (
        (test.lowOpen ? value > test.low : value >= test.low) &&
        (test.highOpen ? value < test.high : value <= test.high)
      );
    case 'compare':
      if (test.op === '=') return value === test.value;
      if (test.op === '!=') return value !== null && value !== test.value;
      if (typeof value !== 'number' || typeof test.value !== 'number') return false;
      return compareNumbers(test.op, value, test.value);
  }
}

function compareNumbers(op: string, left: number, right: number): boolean {
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    default:
      return left >= right;
  }
}

/** Null in, null out: an expression over a fact we lack is unknown, and an unknown never matches. */
export function evaluateExpression(expr: Expr, values: Readonly<Record<string, InputValue>>): InputValue {
  switch (expr.kind) {
    case 'literal':
      return expr.value;
    case 'name':
      return values[expr.name] ?? null;
    case 'unary': {
      const arg = evaluateExpression(expr.arg, values);
      if (arg === null) return null;
      return expr.op === '-' ? -Number(arg) : !arg;
    }
    case 'call': {
      const args = expr.args.map((arg) => evaluateExpression(arg, values));
      if (args.some((arg) => typeof arg !== 'number')) return null;
      const numbers = args as number[];
      if (expr.fn === 'floor') return Math.floor(numbers[0]!);
      return expr.fn === 'min' ? Math.min(...numbers) : Math.max(...numbers);
    }
    case 'binary': {
      const left = evaluateExpression(expr.left, values);
      if (expr.op === 'and' && left === false) return false;
      if (expr.op === 'or' && left === true) return true;
      const right = evaluateExpression(expr.right, values);
      if (left === null || right === null) return null;
      switch (expr.op) {
        case 'and':
          return Boolean(left) && Boolean(right);
        case 'or':
          return Boolean(left) || Boolean(right);
        case '==':
          return left === right;
        case '!=':
          return left !== right;
      }
      if (typeof left !== 'number' || typeof right !== 'number') return null;
      switch (expr.op) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case '*':
          return left * right;
        case '/':
          return right === 0 ? null : left / right;
        default:
          return compareNumbers(expr.op, left, right);
      }
    }
  }
}
