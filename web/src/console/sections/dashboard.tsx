import { Limits, consoleCalls, messages } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { failureText, type FailureSummary } from '../failed-sign-ins.ts';

export function DashboardSection({ failedSignIns }: { failedSignIns: FailureSummary | null }) {
  const { data, error } = useApiQuery(consoleCall, consoleCalls.consoleDashboard, {});
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      {/* Someone tried this operator's name since they last signed in (decision 0091). */}
      {failedSignIns ? (
        <p className="notice">{failureText(messages.consoleFailedSignIns, failedSignIns)}</p>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <ul className="tiles">
            <li>
              <span className="tile-value">{data.dueToday}</span> due today
            </li>
            <li>
              <span className="tile-value">{data.overdue}</span> overdue
            </li>
            <li>
              <span className="tile-value">{data.complaintsPastLine}</span> complaints older than{' '}
              {Limits.complaintReplyWeekdays} weekdays
            </li>
            <li>
              <span className="tile-value">{data.paymentsHeld}</span>{' '}
              <a href="#/payments/held">payments held for review</a>
            </li>
          </ul>
          <table>
            <caption>Orders per status</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Orders</th>
              </tr>
            </thead>
            <tbody>
              {data.byStatus.map((row) => (
                <tr key={row.status}>
                  <td>
                    {row.status} {row.statusText}
                  </td>
                  <td className="num">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
