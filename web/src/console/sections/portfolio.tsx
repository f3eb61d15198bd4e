import { useMemo, useState, type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, moneyWhole, when } from '../format.ts';
import { Chart, chartColours } from './chart.tsx';
import { CsvExport } from './csv-export.tsx';

const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const percentAxis = (value: number) => `${value.toFixed(0)}%`;
/** Cohort curves drawn: the latest ones (the table lists every cohort). */
const COHORTS_DRAWN = 6;

type Filter = { period: 'day' | 'week' | 'month'; from: string; productId: string; utmTag: string };

/** `#/portfolio` (decision 0099): how the book stands, each chart with its table beside it. */
export function PortfolioSection({ role }: { role: OperatorRole }) {
  const [filter, setFilter] = useState<Filter>({ period: 'month', from: '', productId: '', utmTag: '' });
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consolePortfolio, filter);
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const period = String(form.get('period'));
    setFilter({
      period: period === 'day' || period === 'week' ? period : 'month',
      from: String(form.get('from') ?? ''),
      productId: String(form.get('productId') ?? ''),
      utmTag: String(form.get('utmTag') ?? '').trim(),
    });
  }

  const flows = useMemo(() => {
    const rows = data?.flows ?? [];
    return {
      labels: rows.map((row) => row.start),
      series: [
        { label: 'Disbursed', values: rows.map((row) => row.disbursed), color: chartColours[0]! },
        { label: 'Collected', values: rows.map((row) => row.collected), color: chartColours[1]! },
      ],
    };
  }, [data]);
  const par = useMemo(() => {
    const buckets = data ? ([1, 7, 30, 90] as const).map((days) => ({ days, ...data.atRisk.par[days] })) : [];
    return {
      buckets,
      labels: buckets.map((bucket) => `PAR${bucket.days}`),
      series: [
        // Money on a money axis, in pesos; the share is in the table beside it.
        {
          label: 'Principal at risk',
          values: buckets.map((bucket) => bucket.amount),
          color: chartColours[1]!,
        },
      ],
    };
  }, [data]);
  const cohorts = useMemo(() => {
    const all = data?.cohorts ?? [];
    const drawn = all.slice(-COHORTS_DRAWN);
    const months = Math.max(0, ...all.map((cohort) => cohort.collected.length));
    return {
      all,
      months,
      labels: Array.from(
        { length: Math.max(0, ...drawn.map((cohort) => cohort.collected.length)) },
        (_, m) => `M${m}`,
      ),
      series: drawn.map((cohort, index) => ({
        label: cohort.cohort,
        values: cohort.collected.map((share) => share * 100),
        color: chartColours[index % chartColours.length]!,
      })),
    };
  }, [data]);

  return (
    <section aria-labelledby="portfolio-title" aria-busy={fetching}>
      <h1 id="portfolio-title">Portfolio</h1>
      <form className="filters" onSubmit={apply} role="search" aria-label="Portfolio filters">
        <label>
          Per
          <select name="period" defaultValue={filter.period}>
            <option value="day">day</option>
            <option value="week">week</option>
            <option value="month">month</option>
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label>
          Product
          <select name="productId" defaultValue={filter.productId}>
            <option value="">All</option>
            {data?.products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Campaign (utm_tag)
          <input name="utmTag" defaultValue={filter.utmTag} />
        </label>
        <button type="submit">Apply</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <>
          <p>
            As of {data.today}, from {data.from}; figures read {when(data.computedAt)}, with every payment
            recorded until then.
          </p>
          <dl className="tiles">
            <div className="tile">
              <dt>Outstanding principal</dt>
              <dd className="tile-value">{money(data.atRisk.outstandingPrincipal)}</dd>
            </div>
            <div className="tile">
              <dt>PAR30</dt>
              <dd className="tile-value">{percent(data.atRisk.par[30].ratio)}</dd>
            </div>
            <div className="tile">
              <dt>Collection rate</dt>
              <dd className="tile-value">{percent(data.collection.rate)}</dd>
            </div>
            <div className="tile">
              <dt>First-payment default ({data.firstPaymentDefault.days} days)</dt>
              <dd className="tile-value">{percent(data.firstPaymentDefault.rate)}</dd>
            </div>
          </dl>

          <div className="chart-pair">
            <Chart
              title={`Disbursed and collected per ${data.period}`}
              labels={flows.labels}
              series={flows.series}
              kind="bars"
              yValue={moneyWhole}
            />
            <table>
              <caption>Disbursed and collected per {data.period}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    {data.period === 'day' ? 'Day' : `${data.period === 'week' ? 'Week' : 'Month'} from`}
                  </th>
                  <th scope="col" className="num">
                    Disbursed
                  </th>
                  <th scope="col" className="num">
                    Collected
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.flows.map((row) => (
                  <tr key={row.start}>
                    <th scope="row">{row.start}</th>
                    <td className="num">{money(row.disbursed)}</td>
                    <td className="num">{money(row.collected)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="chart-pair">
            <Chart
              title="Portfolio at risk"
              labels={par.labels}
              series={par.series}
              kind="bars"
              yValue={moneyWhole}
            />
            <table>
              <caption>Portfolio at risk: principal of loans at least n days past due</caption>
              <thead>
                <tr>
                  <th scope="col">Bucket</th>
                  <th scope="col" className="num">
                    Principal at risk
                  </th>
                  <th scope="col" className="num">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody>
                {par.buckets.map((bucket) => (
                  <tr key={bucket.days}>
                    <th scope="row">PAR{bucket.days}</th>
                    <td className="num">{money(bucket.amount)}</td>
                    <td className="num">{percent(bucket.ratio)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Outstanding</th>
                  <td className="num">{money(data.atRisk.outstandingPrincipal)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>

          <div className="chart-pair chart-pair--wide">
            <Chart
              title="Collected by month since disbursement, latest cohorts"
              labels={cohorts.labels}
              series={cohorts.series}
              yValue={percentAxis}
            />
            <div className="table-scroll">
              <table>
                <caption>
                  Share of what each disbursement month owes, collected by month since disbursement
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Cohort</th>
                    <th scope="col">Owes</th>
                    {Array.from({ length: cohorts.months }, (_, m) => (
                      <th scope="col" key={m}>
                        M{m}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {cohorts.all.map((cohort) => (
                    <tr key={cohort.cohort}>
                      <th scope="row">{cohort.cohort}</th>
                      <td className="num">{money(cohort.due)}</td>
                      {Array.from({ length: cohorts.months }, (_, m) => (
                        <td className="num" key={m}>
                          {cohort.collected[m] === undefined ? '' : percent(cohort.collected[m]!)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
          <p>
            Collection rate: of {money(data.collection.due)} due on instalments from {data.from} to today,{' '}
            {money(data.collection.paid)} has been paid. First-payment default:{' '}
            {data.firstPaymentDefault.defaulted} of {data.firstPaymentDefault.loans} loans whose first
            instalment fell due {data.firstPaymentDefault.days} or more days ago have not paid it.
          </p>
          <CsvExport
            role={role}
            path={consoleCalls.consoleExportPortfolio.path}
            what="portfolio"
            fixed={filter}
          />
          <CsvExport role={role} path={consoleCalls.consoleExportPayments.path} what="payments" />
          <CsvExport role={role} path={consoleCalls.consoleExportJournal.path} what="journal" dated="Dated" />
        </>
      ) : null}
    </section>
  );
}
