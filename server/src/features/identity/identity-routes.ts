import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ResultCode, endpoints } from '@kwarta/contract';
import { registerEndpoint } from '../../lib/contract-route.ts';
import { ApiError } from '../../lib/api-error.ts';
import { ImageRefused } from '../../lib/image-intake.ts';
import { limitPerBorrower, refusalMessages } from '../complaints/index.ts';
import { defaultIdDocumentTypes } from './id-documents.ts';
import { identityNotice, identityState } from './identity-gate.ts';
import { IDENTITY_IMAGE_LIMITS, storeIdentityImage } from './identity-images.ts';
import { personOf, submitIdentity } from './submit-identity.ts';

/** The borrower's identity calls (decision 0108): where it stands, the photos, the submission. */
export async function identityRoutes(app: FastifyInstance): Promise<void> {
  // Scoped to this plugin: only the photo call accepts multipart bodies, within the intake's caps.
  await app.register(multipart, {
    limits: { fileSize: IDENTITY_IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  registerEndpoint(app, endpoints.identityStatus, async (_input, { borrower }) => {
    const state = await identityState(app.db, borrower.id);
    const row = await app.db
      .selectFrom('identities')
      .selectAll()
      .where('borrower_id', '=', borrower.id)
      .executeTakeFirst();
    return {
      state,
      notice: identityNotice(state),
      required: app.config.identity.kyc === 'required',
      documentTypes: [...defaultIdDocumentTypes],
      entered: row
        ? { ...personOf(row), taxNumber: row.tax_number ?? '', documentType: row.document_type }
        : null,
    };
  });

  registerEndpoint(app, endpoints.identityImage, async (input, { borrower }) => {
    await limitPerBorrower(app, borrower.id, 'uploads');
    const bytes = Buffer.from(await input.image.arrayBuffer());
    try {
      const imageId = await storeIdentityImage(app, { borrowerId: borrower.id, bytes, now: app.clock.now() });
      return { imageId };
    } catch (error) {
      if (error instanceof ImageRefused) {
        throw new ApiError(
          ResultCode.badRequest,
          refusalMessages[error.reason],
          error.reason === 'too-large' ? 413 : 400,
        );
      }
      throw error;
    }
  });

  registerEndpoint(app, endpoints.identitySubmit, async (input, { borrower }) => {
    await submitIdentity(app, borrower.id, {
      ...input,
      taxNumber: input.taxNumber.trim() === '' ? null : input.taxNumber.trim(),
    });
    const state = await identityState(app.db, borrower.id);
    return { state, notice: identityNotice(state) };
  });
}
