export { identityRoutes } from './identity-routes.ts';
export { identityConsoleRoutes } from './identity-console-routes.ts';
export { submitIdentity, type IdentityInput, type IdentityResult } from './submit-identity.ts';
export { storeIdentityImage, findOwnIdentityImages, findIdentityImage } from './identity-images.ts';
export {
  identityHoldsDisbursement,
  identityFields,
  identityState,
  identityStateOf,
  decisionIdentityStatus,
  identityNotice,
  type IdentityState,
} from './identity-gate.ts';
export { decideIdentity, type ReviewDecision } from './identity-review.ts';
export { rescreenEveryone } from './rescreen.ts';
export { checkIdNumber, idDocumentTypes, type IdDocumentType } from './id-documents.ts';
export { importSanctionsList } from './import-sanctions.ts';
export { seedDemoIdentities } from './demo-identities.ts';
export { SAMPLE_SANCTIONS_LIST } from './demo-identities.ts';
export { verifiedIdentities, type VerifiedIdentity } from './verified-identities.ts';
