import { z } from '@kwarta/domain/zod';
import { isCalendarDate } from '@kwarta/domain/calendar-date';

/**
 * The largest id and whole number a field may carry: PostgreSQL's `integer` (and so every id
 * column) holds up to 2^31−1. A larger value is the caller's mistake, answered with a 400 before
 * anything is looked up or used up, not a database error (decision 0040).
 */
export const MAX_INT = 2 ** 31 - 1;

const noNul = (value: string) => !value.includes('\u0000');

/**
 * Free text from a form or query: at most `max` characters and never a NUL byte (PostgreSQL
 * cannot store one in text, SQLite would cut the value at it). Every string field of a request
 * schema is built on this (or on a pattern that admits only printable characters).
 */
export const textField = (max: number) =>
  z
    .string()
    .max(max, { message: `must be at most ${max} characters` })
    .refine(noNul, { message: 'must not contain NUL bytes' });

/**
 * Form-encoded bodies and query strings carry only strings, so numeric fields are parsed from
 * digit strings. z.coerce would turn '' into 0 and '1e3' into 1000; these refuse both, and
 * anything outside PostgreSQL's integer range.
 */
export const intField = (name: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => /^-?\d{1,10}$/.test(value), { message: `${name} must be a whole number` })
    .transform(Number)
    .refine((value) => value >= -MAX_INT - 1 && value <= MAX_INT, {
      message: `${name} is out of range`,
    });

export const idField = (name: string) =>
  intField(name).refine((value) => value > 0, { message: `${name} must be a positive id` });

/**
 * The dates a console or CLI filter may name: the book's years, not the calendar's. A report over
 * 0000-01-01 or 9999-12-31 computed its days past the four-digit years every date helper keeps to
 * and answered 500; a date outside these is the caller's mistake, answered 400 before any query.
 */
export const FIRST_BOOK_DATE = '2000-01-01';
export const LAST_BOOK_DATE = '2099-12-31';

/** A calendar date 'YYYY-MM-DD' within the book's years: every date field of a request is this. */
export const dateField = () =>
  textField(10).superRefine((value, context) => {
    if (!isCalendarDate(value)) context.addIssue({ code: 'custom', message: 'must be a date (YYYY-MM-DD)' });
    else if (value < FIRST_BOOK_DATE || value > LAST_BOOK_DATE)
      context.addIssue({
        code: 'custom',
        message: `must be a date from ${FIRST_BOOK_DATE} to ${LAST_BOOK_DATE}`,
      });
  });
