import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';

export function FunnelSection() {
  const { data, error } = useApiQuery(consoleCall, consoleCalls.consoleFunnel, {});
  const most = Math.max(1, ...(data ?? []).map((row) => row.visits));
  return (
    <section aria-labelledby="funnel-title">
      <h1 id="funnel-title">Promotion funnel</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Per campaign (utm_tag · app_from · user_from)</caption>
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Visits</th>
            <th scope="col">Clicks</th>
            <th scope="col">Codes sent</th>
            <th scope="col">Registrations</th>
            <th scope="col">Conversion</th>
            <th scope="col">Chart</th>
          </tr>
        </thead>
        <tbody>
          {data?.map((row, index) => (
            <tr key={index}>
              <td>{[row.utmTag, row.appFrom, row.userFrom].map((part) => part ?? '—').join(' · ')}</td>
              <td className="num">{row.visits}</td>
              <td className="num">{row.clicks}</td>
              <td className="num">{row.smsSent}</td>
              <td className="num">{row.registrations}</td>
              <td className="num">{(row.conversion * 100).toFixed(1)}%</td>
              <td>
                <svg
                  width="160"
                  height="12"
                  role="img"
                  aria-label={`${row.visits} visits, ${row.registrations} registrations`}
                >
                  <rect width={(160 * row.visits) / most} height="12" fill="#9bd3c2" />
                  <rect width={(160 * row.registrations) / most} height="12" fill="#0b6b50" />
                </svg>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.length === 0 ? <p>No promotion activity yet.</p> : null}
    </section>
  );
}
