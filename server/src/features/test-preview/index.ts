// Development-only helpers (/dev/*): the public module.
export { devRoutes } from './dev-routes.ts';
export { createDemoSession } from './demo-session.ts';
export { DEMO_ACCOUNT, seedDemoMoney } from './demo-money.ts';
