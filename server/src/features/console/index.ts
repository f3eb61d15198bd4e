// The operator console's calls (decision 0080): the public module.
export { consoleRoutes } from './console-routes.ts';
export { consolePage } from './console-page.ts';
export { consoleAdminRoutes } from './console-admin-routes.ts';
export { decideOrderAudited } from './order-decisions.ts';
export { replyComplaintAudited } from './complaint-reply.ts';
