// Complaints (spec §2 complaint screens): the public module.
export { complaintRoutes } from './complaint-routes.ts';
export { recordComplaintReply, ReplyRefused } from './complaint-reply.ts';
export { purgeUnattachedImages, refusalMessages, sendProblemImage } from './problem-images.ts';
export { findComplaintImage } from './complaint-repository.ts';
export { complaintInbox, countComplaintsPastLine, orderComplaints } from './complaint-inbox.ts';
export { borrowerComplaintCount } from './complaint-count.ts';
export { limitPerBorrower } from './borrower-limits.ts';
