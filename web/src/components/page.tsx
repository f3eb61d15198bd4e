import { useEffect, type ReactNode } from 'react';
import { closeWebView } from '../lib/bridge.ts';

/**
 * The frame of every in-app page: a title bar with a back button (which closes the web view,
 * returning to the native screen that opened it) and the content below.
 */
export function Page({
  title,
  children,
  onBack,
  action,
}: {
  title: string;
  children: ReactNode;
  onBack?: () => void;
  /** A control at the right of the title bar (e.g. a link to a list). */
  action?: ReactNode;
}) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="page">
      <header className="page-header">
        <button
          type="button"
          className="page-back"
          aria-label="Back"
          onClick={onBack ?? (() => closeWebView())}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <h1>{title}</h1>
        {action && <div className="page-header-action">{action}</div>}
      </header>
      <main className="page-body">{children}</main>
    </div>
  );
}
