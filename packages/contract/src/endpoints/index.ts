import type { RouteName } from '../routes.ts';
import { contactKfInfo } from './service.ts';

/** Every call of the API by route name; a route without schemas here fails to compile. */
export const endpointMap = {
  contactKfInfo,
} as const satisfies Record<RouteName, unknown>;

export type EndpointMap = typeof endpointMap;

export const endpoints = Object.values(endpointMap);

export { contactKfInfo };
