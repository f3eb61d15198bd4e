import { messages, webRoutes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { callPhone } from '../../lib/bridge.ts';
import { pageUrl } from '../../lib/session-query.ts';
import { useContactInfo } from './api/get-contact-info.ts';
import './customer-service.css';

/** Spec §2 "Customer service page": contact values from the server and the complaint entry. */
export function CustomerServicePage() {
  const contact = useContactInfo();

  return (
    <Page title="Customer Service">
      <section className="card service-hero">
        <h2>How can we help?</h2>
        <p className="muted">Our team answers every day from 8:00 to 20:00.</p>
      </section>

      <section className="card service-list" aria-busy={contact.status === 'loading'}>
        <div className="service-row">
          <span className="service-label">Telephone / WhatsApp</span>
          {contact.status === 'success' ? (
            <button type="button" className="service-value" onClick={() => callPhone(contact.data.smWa)}>
              {contact.data.smWa}
            </button>
          ) : (
            <span className="skeleton service-skeleton" />
          )}
        </div>
        <div className="service-row">
          <span className="service-label">Email</span>
          {contact.status === 'success' ? (
            <a className="service-value" href={`mailto:${contact.data.email}`}>
              {contact.data.email}
            </a>
          ) : (
            <span className="skeleton service-skeleton" />
          )}
        </div>
        {contact.status === 'error' && (
          <button type="button" className="button button-secondary" onClick={contact.reload}>
            Try again
          </button>
        )}
      </section>

      <a className="card service-complaint" href={pageUrl(webRoutes.complainPage)}>
        <span>
          <strong>Complaints &amp; feedback</strong>
          <span className="muted">Tell us about a problem with an order</span>
        </span>
        <span aria-hidden="true">›</span>
      </a>

      <a className="card service-complaint" href={pageUrl(webRoutes.myData)}>
        <span>
          <strong>{messages.myDataTitle}</strong>
          <span className="muted">{messages.myDataEntryHint}</span>
        </span>
        <span aria-hidden="true">›</span>
      </a>
    </Page>
  );
}
