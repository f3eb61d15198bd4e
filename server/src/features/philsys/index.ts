// PhilSys QR codes (decision 0108): reading them from photos, verifying their signatures, and
// the demo signer; the identity settings config.ts reads. Pure: no database.
export {
  philSysPublicKey,
  readPhilSysQr,
  philSysOutcome,
  cardDate,
  type PhilSysIdentity,
  type PayloadReading,
  type QrOutcome,
  type EnteredIdentity,
} from './philsys-qr.ts';
export {
  DEMO_PHILSYS_PUBLIC_KEY,
  demoPhilSysSigner,
  ed25519PrivateKey,
  signPhilIdJson,
  signEPhilIdText,
} from './philsys-signing.ts';
export { philSysCardImage } from './philsys-card-image.ts';
export { readQrFromImage } from './qr-image.ts';
export { encodeBase45, decodeBase45, Base45Error } from './base45.ts';
export { identityEnv, identitySettingsOf, type IdentitySettings } from './identity-config.ts';
