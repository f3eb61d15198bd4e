import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { when } from '../format.ts';

/**
 * The data protection officer's desk (decision 0107): borrowers' requests with their deadline in
 * Philippine working days, the access log of console reads of personal data, and the breach
 * register with the 72-hour clock from discovery. Read only here; the calls to answer a request
 * and record a breach are the desk's next step.
 */
export function PrivacySection() {
  const requests = useApiQuery(consoleCall, consoleCalls.consolePrivacyRequests, {});
  const accessLog = useApiQuery(consoleCall, consoleCalls.consoleAccessLog, {});
  const breaches = useApiQuery(consoleCall, consoleCalls.consoleBreaches, {});
  const error = requests.error || accessLog.error || breaches.error;
  return (
    <section aria-labelledby="privacy-title">
      <h1 id="privacy-title">Data privacy</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Data subject requests, open ones first by deadline (30 Philippine working days)</caption>
        <thead>
          <tr>
            <th scope="col">Borrower</th>
            <th scope="col">Kind</th>
            <th scope="col">Field and value</th>
            <th scope="col">Status</th>
            <th scope="col">Opened</th>
            <th scope="col">Due</th>
            <th scope="col">Working days left</th>
          </tr>
        </thead>
        <tbody>
          {requests.data?.map((row) => (
            <tr key={row.id}>
              <td>{row.borrowerId}</td>
              <td>{row.kind}</td>
              <td>{row.field ? `${row.field}: ${row.requestedValue ?? ''}` : ''}</td>
              <td>{row.status}</td>
              <td>{when(row.openedAt)}</td>
              <td>{row.dueOn}</td>
              <td>{row.status === 'open' ? row.workingDaysLeft : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Breach register: the NPC is notified within 72 hours of discovery</caption>
        <thead>
          <tr>
            <th scope="col">Breach</th>
            <th scope="col">Discovered</th>
            <th scope="col">Notify by</th>
            <th scope="col">Hours left</th>
            <th scope="col">NPC notified</th>
          </tr>
        </thead>
        <tbody>
          {breaches.data?.map((row) => (
            <tr key={row.id}>
              <td>{row.title}</td>
              <td>{when(row.discoveredAt)}</td>
              <td>{when(row.notifyBy)}</td>
              <td>{row.hoursLeft ?? ''}</td>
              <td>{row.npcNotifiedAt ? when(row.npcNotifiedAt) : 'not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>Access log: every console read of a borrower&apos;s personal data, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Operator</th>
            <th scope="col">Borrower</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {accessLog.data?.map((row, index) => (
            <tr key={`${row.at}-${index}`}>
              <td>{when(row.at)}</td>
              <td>{row.operatorName}</td>
              <td>{row.borrowerId}</td>
              <td>{row.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
