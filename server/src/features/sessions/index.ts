// Borrower sessions (D1): the public module.
export { borrowerCaller } from './borrower-caller.ts';
export {
  createSession,
  findLiveSession,
  purgeExpiredSessions,
  resolveSession,
  touchSession,
  type LiveSession,
  type SessionPolicy,
} from './session-repository.ts';
export { otherBorrowersOnDevices } from './shared-devices.ts';
