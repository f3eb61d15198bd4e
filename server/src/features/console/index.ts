// The operator console's calls (issue 13): the public module.
export { consoleRoutes } from './console-routes.ts';
export { consolePage } from './console-page.ts';
export { consoleAdminRoutes } from './console-admin-routes.ts';
