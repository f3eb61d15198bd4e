// The operator console's calls (decision 0080): the public module.
export { consoleRoutes } from './console-routes.ts';
export { consolePage } from './console-page.ts';
export { consoleAdminRoutes } from './console-admin-routes.ts';
export { writeOffAudited } from './write-off.ts';
export { decideOrderAudited, disburseOrderAudited } from './order-decisions.ts';
export { replyComplaintAudited } from './complaint-reply.ts';
