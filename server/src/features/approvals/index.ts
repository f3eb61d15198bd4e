// Maker-checker for the back office's money actions (decision 0110).
export {
  approvalNeeded,
  approvalRoles,
  ApprovalRefused,
  approveMoneyAction,
  listApprovals,
  proposeMoneyAction,
  rejectMoneyAction,
  type ApprovalDeps,
} from './approvals.ts';
export { actorOf, consoleMoneyCalls } from './approval-routes.ts';
