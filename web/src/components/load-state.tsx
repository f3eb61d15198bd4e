import { messages } from '@kwarta/contract';
import type { QueryState } from '../lib/use-api.ts';
import './load-state.css';

/** What a page shows before its data is there: a placeholder, or a retry after a failure. */
export function LoadState({ status, reload }: { status: QueryState<unknown>['status']; reload: () => void }) {
  if (status === 'loading') return <div className="card skeleton load-skeleton" aria-busy="true" />;
  if (status === 'error') {
    return (
      <button type="button" className="button button-secondary" onClick={reload}>
        {messages.complaintTryAgain}
      </button>
    );
  }
  return null;
}
