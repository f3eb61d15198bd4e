// Development-only helpers (/dev/*): the public module.
export { devRoutes } from './dev-routes.ts';
