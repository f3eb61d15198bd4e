import { z } from 'zod';

/**
 * Form-encoded bodies and query strings carry only strings, so numeric fields are parsed from
 * digit strings. z.coerce would turn '' into 0 and '1e3' into 1000; these refuse both.
 */
export const intField = (name: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine((value) => /^-?\d{1,15}$/.test(value), { message: `${name} must be a whole number` })
    .transform(Number);

export const idField = (name: string) =>
  intField(name).refine((value) => value > 0, { message: `${name} must be a positive id` });
