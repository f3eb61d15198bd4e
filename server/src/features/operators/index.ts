// Operators (the console's staff) and their sessions: the public module.
export { operatorCaller } from './operator-caller.ts';
export {
  createOperator,
  createOperatorSession,
  OPERATOR_SESSION_POLICY,
  type OperatorSessionTokens,
} from './operator-repository.ts';
