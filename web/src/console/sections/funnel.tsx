import { useMemo } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { Chart, chartColours } from './chart.tsx';

const count = (value: number) => String(Math.round(value));

export function FunnelSection() {
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleFunnel, {});
  const most = Math.max(1, ...(data ?? []).map((row) => row.visits));
  // Every campaign's steps added up: how far the promotion's visitors get, step by step.
  const steps = useMemo(() => {
    const total = (pick: (row: NonNullable<typeof data>[number]) => number) =>
      (data ?? []).reduce((sum, row) => sum + pick(row), 0);
    const rows = [
      { step: 'Visits', count: total((row) => row.visits) },
      { step: 'Clicks', count: total((row) => row.clicks) },
      { step: 'Codes sent', count: total((row) => row.smsSent) },
      { step: 'Registrations', count: total((row) => row.registrations) },
    ];
    return {
      rows,
      labels: rows.map((row) => row.step),
      series: [{ label: 'People', values: rows.map((row) => row.count), color: chartColours[0]! }],
    };
  }, [data]);
  const visits = steps.rows[0]!.count;
  return (
    <section aria-labelledby="funnel-title" aria-busy={fetching}>
      <h1 id="funnel-title">Promotion funnel</h1>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <div className="chart-pair">
            <Chart
              title="Every campaign, step by step"
              labels={steps.labels}
              series={steps.series}
              kind="bars"
              yValue={count}
            />
            <table>
              <caption>Every campaign, step by step</caption>
              <thead>
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Count</th>
                  <th scope="col">Of visits</th>
                </tr>
              </thead>
              <tbody>
                {steps.rows.map((row) => (
                  <tr key={row.step}>
                    <th scope="row">{row.step}</th>
                    <td className="num">{row.count}</td>
                    <td className="num">{visits ? `${((row.count / visits) * 100).toFixed(1)}%` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
              {data.map((row, index) => (
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
          {data.length === 0 ? <p>No promotion activity yet.</p> : null}
        </>
      ) : null}
    </section>
  );
}
