// Order details and the joint-login failure page (spec §2, §7 "Order page"): the public module.
export { orderDetailsRoutes } from './order-details-routes.ts';
