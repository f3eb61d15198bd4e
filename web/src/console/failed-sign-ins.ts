import { fillMessage } from '@kwarta/contract';
import { when } from './format.ts';

/** Failed sign-in attempts on one operator (decision 0091), as the server sums them up. */
export interface FailureSummary {
  count: number;
  lastAt: string;
  lastAddress: string;
}

/** A failure summary as the console words it (the dashboard's notice, the operators table). */
export const failureText = (text: string, failures: FailureSummary) =>
  fillMessage(text, { count: failures.count, at: when(failures.lastAt), address: failures.lastAddress });
