import type { RouteName } from '../routes.ts';
import { contactKfInfo } from './service.ts';
import { problemDetail, problemInit, problemList, problemSave, saveScore, uploadProblemImg } from './complaints.ts';

/** Every call of the API by route name; a route without schemas here fails to compile. */
export const endpointMap = {
  contactKfInfo,
  problemInit,
  uploadProblemImg,
  problemSave,
  problemList,
  problemDetail,
  saveScore,
} as const satisfies Record<RouteName, unknown>;

export type EndpointMap = typeof endpointMap;

export const endpoints = Object.values(endpointMap);

export { contactKfInfo };
export { problemInit, uploadProblemImg, problemSave, problemList, problemDetail, saveScore };
