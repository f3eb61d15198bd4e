import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { identityDocumentTypes, identityRoutes, identityStates, sourcesOfFunds } from '../identity-routes.ts';
import { textField } from '../form-fields.ts';

/** What a person states; the server's checks carry the catalogue's refusals, the schema only bounds. */
const details = {
  firstName: textField(100),
  middleName: textField(100).default(''),
  lastName: textField(100),
  // A birth date precedes the book's years (dateField), so only its shape is checked here.
  dateOfBirth: textField(10).regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'),
  placeOfBirth: textField(200),
  nationality: textField(100),
  presentAddress: textField(400),
  permanentAddress: textField(400),
  email: textField(200),
  occupation: textField(200),
  employer: textField(200).default(''),
  sourceOfFunds: z.enum(sourcesOfFunds),
  taxNumber: textField(20).default(''),
  documentType: z.enum(identityDocumentTypes),
  documentNumber: textField(40),
};

const imageId = textField(64);

export const identityEndpoints = defineEndpoints(identityRoutes, {
  identityStatus: {
    request: z.object({}),
    data: z.object({
      state: z.enum(identityStates),
      /** What still holds the borrower's loan, in the borrower's words; null when nothing does. */
      notice: z.string().nullable(),
      /** Whether this lender lends only to verified borrowers (KYC=required). */
      required: z.boolean(),
      documentTypes: z.array(z.enum(identityDocumentTypes)),
      /** What the borrower entered last (images not repeated), to correct and send again. */
      entered: z
        .object({
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
          taxNumber: z.string(),
          documentType: z.string(),
        })
        .nullable(),
    }),
  },
  identityImage: {
    request: z.object({
      image: z.file({ message: 'image must be a file' }).max(10 * 1024 * 1024),
    }),
    data: z.object({ imageId: z.string() }),
  },
  identitySubmit: {
    request: z.object({
      ...details,
      frontImageId: imageId,
      backImageId: imageId,
      selfieImageId: imageId,
    }),
    data: z.object({
      state: z.enum(identityStates),
      notice: z.string().nullable(),
    }),
  },
});
