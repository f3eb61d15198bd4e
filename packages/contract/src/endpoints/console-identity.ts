import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleIdentityRoutes } from '../console-identity-routes.ts';
import { idField, textField } from '../form-fields.ts';

const screening = z.enum(['clear', 'possible', 'confirmed']);
const riskRating = z.enum(['low', 'normal', 'high']);

export const consoleIdentityEndpoints = defineEndpoints(consoleIdentityRoutes, {
  consoleIdentityQueue: {
    request: z.object({}),
    data: z.object({
      rows: z.array(
        z.object({
          borrowerId: z.number().int(),
          name: z.string(),
          documentType: z.string(),
          qrOutcome: z.string(),
          screening,
          possibleHits: z.number().int(),
          riskRating,
          submittedAt: z.string(),
        }),
      ),
    }),
  },
  consoleIdentity: {
    request: z.object({ borrowerId: idField('borrowerId') }),
    data: z.object({
      borrowerId: z.number().int(),
      status: z.enum(['pending', 'verified', 'rejected']),
      person: z.object({
        firstName: z.string(),
        middleName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string(),
        placeOfBirth: z.string(),
        nationality: z.string(),
        presentAddress: z.string(),
        permanentAddress: z.string(),
        email: z.string(),
        occupation: z.string(),
        employer: z.string(),
        sourceOfFunds: z.string(),
        taxNumber: z.string().nullable(),
      }),
      document: z.object({ type: z.string(), number: z.string() }),
      images: z.object({ front: z.string(), back: z.string(), selfie: z.string() }),
      qr: z.object({ outcome: z.string(), detail: z.string(), checkedAt: z.string() }),
      screening,
      screenedAt: z.string(),
      riskRating,
      hits: z.array(
        z.object({
          list: z.string(),
          reference: z.string(),
          listedName: z.string(),
          matchedName: z.string(),
          score: z.number(),
          dateOfBirthAgrees: z.boolean().nullable(),
          status: z.enum(['possible', 'cleared', 'confirmed']),
        }),
      ),
      submittedAt: z.string(),
      decision: z.object({ by: z.string(), at: z.string(), reason: z.string().nullable() }).nullable(),
    }),
  },
  consoleIdentityImage: {
    request: z.object({ id: textField(64).regex(/^[\w-]+$/, { message: 'id is not an image id' }) }),
    /** The stored bytes (route.produces), not an envelope. */
    data: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  },
  consoleIdentityDecide: {
    request: z.object({
      borrowerId: idField('borrowerId'),
      decision: z.enum(['approve', 'reject']),
      reason: textField(1000),
      /** Rejecting: '1' confirms the sanctions match, which blocks lending for good. */
      confirmMatch: z.enum(['0', '1']).default('0'),
    }),
    data: z.object({
      status: z.enum(['verified', 'rejected']),
      screening,
    }),
  },
});
