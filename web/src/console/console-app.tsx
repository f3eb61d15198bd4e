import { useEffect, useState, type FormEvent } from 'react';
import { consoleSections, consoleCalls, type ConsoleSection, type OperatorRole } from '@kwarta/contract';
import { consoleCall, setCsrfToken, whenSignedOut } from './console-client.ts';
import { DashboardSection } from './sections/dashboard.tsx';
import type { FailureSummary } from './failed-sign-ins.ts';
import { OrdersSection } from './sections/orders.tsx';
import { OrderSection } from './sections/order.tsx';
import { BorrowerProfileSection, BorrowerSearchSection } from './sections/borrowers.tsx';
import { PaymentsSection } from './sections/payments.tsx';
import { PortfolioSection } from './sections/portfolio.tsx';
import { LedgerSection } from './sections/ledger.tsx';
import { ComplaintsSection } from './sections/complaints.tsx';
import { FunnelSection } from './sections/funnel.tsx';
import { ProductsSection } from './sections/products.tsx';
import { AuditSection } from './sections/audit.tsx';
import { PrivacySection } from './sections/privacy.tsx';
import { DecisionModelsSection } from './sections/decision-models.tsx';
import { TemplatesSection } from './sections/templates.tsx';
import { ServiceSection } from './sections/service.tsx';
import { OperatorsSection } from './sections/operators.tsx';
import { BrandSection } from './sections/brand.tsx';
import { CollectionsSection } from './sections/collections.tsx';
import { IdentitySection } from './sections/identity.tsx';
import { AmlSection } from './sections/aml.tsx';
import { RegulatoryReportsSection } from './sections/regulatory-reports.tsx';
import { CollectionTemplatesSection } from './sections/collection-templates.tsx';
import { ApprovalsSection } from './sections/approvals.tsx';
import { StandardReportsSection } from './sections/standard-reports.tsx';
import { brandName } from './brand-name.ts';

export interface SignedIn {
  name: string;
  role: OperatorRole;
  csrfToken: string;
  menu: ConsoleSection[];
  /** Failed sign-in attempts on this operator since their previous sign-in (decision 0091). */
  failedSignIns: FailureSummary | null;
}

/** A part of the address as typed into it: escapes undone, a malformed one left as it is. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Where the console is: `#/orders`, `#/order/12`, `#/payments/held`, `#/ledger/statement/12`; the hash keeps one server
 * route (/console).
 */
function useHashRoute(): string[] {
  // The query after `?` is the view's filters and sort (table-controls.tsx), not a part of the route.
  const read = () =>
    location.hash.replace(/^#\/?/, '').replace(/\?.*$/, '').split('/').filter(Boolean).map(decodePart);
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const update = () => setParts(read());
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return parts;
}

export function ConsoleApp({ initial }: { initial: SignedIn | null }) {
  const [operator, setOperator] = useState(initial);
  useEffect(() => {
    setCsrfToken(operator?.csrfToken ?? '');
    whenSignedOut(() => setOperator(null));
  }, [operator]);
  if (!operator) return <SignIn onSignedIn={setOperator} />;
  return <Shell operator={operator} onSignOut={() => setOperator(null)} />;
}

function SignIn({ onSignedIn }: { onSignedIn: (operator: SignedIn) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleSignIn, {
      name: String(form.get('name') ?? ''),
      password: String(form.get('password') ?? ''),
      totp: String(form.get('totp') ?? ''),
    });
    setBusy(false);
    if (result.success && result.data) onSignedIn(result.data as SignedIn);
    else setError(result.message);
  }
  return (
    <main className="sign-in">
      <h1>{brandName()} console</h1>
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <label>
          Name
          <input name="name" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          Authenticator code (if set up)
          <input name="totp" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" />
        </label>
        {error ? (
          <p id="sign-in-error" role="alert" className="error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}

const labels = Object.fromEntries(consoleSections.map((section) => [section.key, section.label])) as Record<
  ConsoleSection,
  string
>;

/**
 * How many money actions wait for a second operator (decision 0110), for the menu: asked when the
 * console opens, on every move to another screen, and after a decision in the queue (a count
 * only, so it reads no borrower's data and leaves the access log alone).
 */
function usePendingApprovals(shown: boolean, section: string): [number, () => void] {
  const [count, setCount] = useState(0);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!shown) return;
    let current = true;
    void consoleCall(consoleCalls.consoleApprovalCount, {}).then((result) => {
      if (current && result.success && result.data) setCount(result.data.pending);
    });
    return () => {
      current = false;
    };
  }, [shown, section, asked]);
  return [count, () => setAsked((value) => value + 1)];
}

function Shell({ operator, onSignOut }: { operator: SignedIn; onSignOut: () => void }) {
  const [section = 'dashboard', id, detail] = useHashRoute();
  const [pendingApprovals, recountApprovals] = usePendingApprovals(
    operator.menu.includes('approvals'),
    `${section}/${id ?? ''}`,
  );
  async function signOut() {
    await consoleCall(consoleCalls.consoleSignOut, {});
    onSignOut();
  }
  const allowed = (key: string) => operator.menu.includes(key as ConsoleSection);
  let content;
  if (section === 'order' && id && allowed('orders'))
    content = <OrderSection role={operator.role} orderId={id} />;
  else if (!allowed(section)) content = <p>This section is not part of your role.</p>;
  else if (section === 'orders') content = <OrdersSection role={operator.role} />;
  else if (section === 'borrowers')
    content = id ? (
      <BorrowerProfileSection key={id} borrowerId={id} role={operator.role} />
    ) : (
      <BorrowerSearchSection />
    );
  else if (section === 'payments')
    content = <PaymentsSection key={id ?? ''} role={operator.role} status={id ?? ''} />;
  else if (section === 'complaints') content = <ComplaintsSection role={operator.role} />;
  else if (section === 'funnel') content = <FunnelSection />;
  else if (section === 'collections') content = <CollectionsSection role={operator.role} />;
  else if (section === 'portfolio') content = <PortfolioSection role={operator.role} />;
  else if (section === 'approvals')
    content = <ApprovalsSection me={operator.name} onChanged={recountApprovals} />;
  else if (section === 'reports') content = <StandardReportsSection role={operator.role} />;
  else if (section === 'ledger')
    content = <LedgerSection role={operator.role} tab={id ?? ''} orderRef={detail ?? ''} />;
  else if (section === 'identity') content = <IdentitySection key={id ?? ''} borrowerId={id ?? ''} />;
  else if (section === 'aml') content = <AmlSection />;
  else if (section === 'regulatory') content = <RegulatoryReportsSection />;
  else if (section === 'collection-templates') content = <CollectionTemplatesSection />;
  else if (section === 'products') content = <ProductsSection />;
  else if (section === 'templates') content = <TemplatesSection />;
  else if (section === 'service') content = <ServiceSection />;
  else if (section === 'brand') content = <BrandSection />;
  else if (section === 'operators') content = <OperatorsSection me={operator.name} />;
  else if (section === 'audit') content = <AuditSection />;
  else if (section === 'privacy') content = <PrivacySection />;
  else if (section === 'decision-models') content = <DecisionModelsSection />;
  else content = <DashboardSection failedSignIns={operator.failedSignIns} />;
  return (
    <div className="shell">
      <header className="top">
        <p className="brand">
          <img src="/brand/logo.svg" alt={brandName()} height="28" /> console
        </p>
        <p className="who">
          {operator.name} · {operator.role}
        </p>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Console">
        <ul>
          {operator.menu.map((key) => (
            <li key={key}>
              <a href={`#/${key}`} aria-current={section === key ? 'page' : undefined}>
                {labels[key]}
                {key === 'approvals' && pendingApprovals > 0 ? (
                  <span className="menu-count"> · {pendingApprovals} waiting</span>
                ) : null}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main>{content}</main>
    </div>
  );
}
