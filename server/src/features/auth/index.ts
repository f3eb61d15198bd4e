// The native shell's SMS login (D1): the public module.
export { smsLoginRoutes } from './sms-login-routes.ts';
