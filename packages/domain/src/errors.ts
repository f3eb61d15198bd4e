/**
 * Stable reasons a domain function refuses its input. The server maps them to a 4xx envelope
 * instead of a 500, so they are part of the public API: never rename one, only add.
 */
export type DomainErrorCode =
  'invalid_amount' | 'invalid_date' | 'invalid_argument' | 'term_out_of_range' | 'unbalanced';

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
