import { z } from '@kwarta/domain/zod';
import type { SessionQueryField } from './session.ts';
import { textField } from './form-fields.ts';

// Values are short strings; anything longer is refused before a session lookup is attempted.
const field = textField(128);

export const sessionQuerySchema = z.object({
  appVersion: field.optional(),
  deviceName: field.optional(),
  deviceId: field.optional(),
  osVersion: field.optional(),
  sessionId: field.optional(),
  adId: field.optional(),
  system: field.optional(),
});

export type SessionQuery = z.infer<typeof sessionQuerySchema>;

// Keeps the schema and the field list in step: a field added to one must be added to the other.
const _sameFields: Record<SessionQueryField, unknown> = sessionQuerySchema.shape;
void _sameFields;
