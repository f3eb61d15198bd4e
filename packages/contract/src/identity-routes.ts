import { nameRoutes } from './routes.ts';

/**
 * The ID documents a borrower may present, PhilID first: the PSA mandates its acceptance and its
 * signed QR is verified offline (decision 0108). The server checks each number per type.
 */
export const identityDocumentTypes = [
  'philid',
  'ephilid',
  'passport',
  'drivers-licence',
  'umid',
  'prc',
  'postal-id',
  'sss',
  'voters-id',
] as const;
export type IdentityDocumentType = (typeof identityDocumentTypes)[number];

/** Where a borrower's money comes from (SEC MC 16-2018 customer due diligence). */
export const sourcesOfFunds = ['salary', 'business', 'remittance', 'pension', 'allowance', 'other'] as const;
export type SourceOfFunds = (typeof sourcesOfFunds)[number];

/** Where a borrower's identity stands for lending. */
export const identityStates = ['verified', 'not-submitted', 'pending', 'rejected', 'sanctioned'] as const;
export type IdentityStateName = (typeof identityStates)[number];

/** The borrower's identity page (decision 0108): what is held, the photos, the submission. */
export const identityRoutes = nameRoutes({
  identityStatus: {
    summary:
      "Where the borrower's identity stands, the IDs the lender accepts, and what the borrower entered last",
    tag: 'Identity',
    method: 'GET',
    path: '/v3/identity/status',
    auth: 'borrower',
  },
  identityImage: {
    summary:
      'Upload one photo of the ID (front or back) or the selfie (JPEG, PNG or WebP; re-encoded, metadata stripped)',
    tag: 'Identity',
    method: 'POST',
    path: '/v3/identity/image',
    auth: 'borrower',
    encoding: 'multipart',
  },
  identitySubmit: {
    summary:
      "The borrower's details and one ID with its photos: checked, the PhilSys QR verified, screened; verified at once or held for review",
    tag: 'Identity',
    method: 'POST',
    path: '/v3/identity/submit',
    auth: 'borrower',
  },
});
