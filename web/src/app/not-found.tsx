import { Page } from '../components/page.tsx';

export function NotFound() {
  return (
    <Page title="Page not found">
      <p className="muted">This page does not exist or is no longer available.</p>
    </Page>
  );
}
