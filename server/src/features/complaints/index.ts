// Complaints (spec §2 complaint screens): the public module.
export { complaintRoutes } from './complaint-routes.ts';
export { recordComplaintReply, ReplyRefused } from './complaint-reply.ts';
export { purgeUnattachedImages, refusalMessages } from './problem-images.ts';
