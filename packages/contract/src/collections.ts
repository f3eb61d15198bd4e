/**
 * Collections (decision 0098), zod-free so the console imports it: what a collector records.
 * `sms` is recorded by the console itself when a collector sends an approved template.
 */
export const contactKinds = ['call', 'message', 'sms'] as const;
export type ContactKind = (typeof contactKinds)[number];
/** What a collector may record by hand (an SMS is recorded by sending it). */
export const recordedContactKinds = ['call', 'message'] as const;

export const contactOutcomes = [
  'reached',
  'promised',
  'no-answer',
  'left-message',
  'wrong-number',
  'refused',
  'queued',
] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];

/** The placeholders a collection SMS template may use, filled when it is sent. */
export const collectionTemplatePlaceholders = ['name', 'amount', 'dueDate', 'brand'] as const;
