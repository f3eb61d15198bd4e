import { useState, type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { collectionBucketKeys, collectionBuckets, type CollectionBucket } from '@kwarta/domain/collections';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { Pager } from './pager.tsx';
import { FilterSelect, oneOf, SortHeader, sortDir, useHashQuery, type SortDir } from './table-controls.tsx';

const sorts = ['daysPastDue', 'amountDueNow'] as const;
const bucketKeys: readonly (CollectionBucket | '')[] = ['', ...collectionBucketKeys];

/**
 * The collections queue (decision 0098): overdue orders, longest overdue first, filtered by bucket
 * of days past due and by collector, sortable, the view kept in the address (decision 0113). The
 * viewer reads it with phones masked (the server masks them); the collector works each order from
 * its page's collections panel; an admin ticks orders and assigns them to a collector at once.
 */
export function CollectionsSection({ role }: { role: OperatorRole }) {
  const [view, setView] = useHashQuery({
    bucket: '',
    collector: '',
    sort: 'daysPastDue',
    dir: 'desc',
    page: '1',
  });
  const sort = oneOf(view.sort, sorts, 'daysPastDue');
  const dir = sortDir(view.dir, 'desc');
  const bucket = oneOf(view.bucket, bucketKeys, '');
  const { data, error, fetching, reload } = useApiQuery(consoleCall, consoleCalls.consoleCollections, {
    ...view,
    bucket,
    sort,
    dir,
  });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const total = data?.counts.reduce((sum, count) => sum + count.count, 0);
  const bucketOptions = collectionBuckets.map((bucket) => {
    const count = data?.counts.find((entry) => entry.bucket === bucket.key)?.count;
    return { value: bucket.key, label: `${bucket.key} days${count === undefined ? '' : ` (${count})`}` };
  });
  const collectorOptions = [
    { value: 'unassigned', label: 'Unassigned' },
    ...(data?.collectors ?? []).map((name) => ({ value: name, label: name })),
  ];
  const sorting = {
    sort,
    dir,
    onSort: (sort: string, dir: SortDir) => setView({ sort, dir, page: '1' }),
  };
  const bulk = role === 'admin';
  const rows = data?.items ?? [];
  const toggle = (orderId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.orderId));
  return (
    <section aria-labelledby="collections-title">
      <h1 id="collections-title">Collections</h1>
      <form className="filters" aria-label="Filter the queue" onSubmit={(event) => event.preventDefault()}>
        <FilterSelect
          label="Days past due"
          allLabel={`All overdue${total === undefined ? '' : ` (${total})`}`}
          value={bucket}
          options={bucketOptions}
          onChange={(bucket) => setView({ bucket, page: '1' })}
        />
        <FilterSelect
          label="Collector"
          allLabel="Everyone"
          value={view.collector}
          options={collectorOptions}
          onChange={(collector) => setView({ collector, page: '1' })}
        />
      </form>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Overdue orders</caption>
        <thead>
          <tr>
            {bulk ? (
              <th scope="col">
                <input
                  type="checkbox"
                  aria-label="Choose every order on this page"
                  checked={allChosen}
                  onChange={() =>
                    setChosen(allChosen ? new Set() : new Set([...chosen, ...rows.map((row) => row.orderId)]))
                  }
                />
              </th>
            ) : null}
            <th scope="col">Order</th>
            <th scope="col">Borrower</th>
            <th scope="col">Phone</th>
            <SortHeader label="Days past due" column="daysPastDue" first="desc" {...sorting} />
            <SortHeader label="Due now" column="amountDueNow" first="desc" className="num" {...sorting} />
            <th scope="col">Last contact</th>
            <th scope="col">Promise to pay</th>
            <th scope="col">Collector</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderId}>
              {bulk ? (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Choose order ${row.orderNo}`}
                    checked={chosen.has(row.orderId)}
                    onChange={() => toggle(row.orderId)}
                  />
                </td>
              ) : null}
              <td>
                <a href={`#/order/${row.orderId}`}>{row.orderNo}</a>
              </td>
              <td>{row.borrowerName ?? '—'}</td>
              <td>{row.phone}</td>
              <td className="num">
                {row.daysPastDue} ({row.bucket})
              </td>
              <td className="num">{money(row.amountDueNow)}</td>
              <td>{row.lastContactAt ? when(row.lastContactAt) : '—'}</td>
              <td>
                {row.promise
                  ? `${money(row.promise.amount)} by ${row.promise.promisedOn} · ${row.promise.state}`
                  : '—'}
              </td>
              <td>{row.assignedTo ?? 'unassigned'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && rows.length === 0 ? <p>No overdue orders here.</p> : null}
      <Pager
        page={Number(view.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setView({ page: String(page) })}
      />
      {bulk && data ? (
        <BulkAssign
          orderIds={[...chosen]}
          collectors={data.collectors}
          onDone={() => {
            setChosen(new Set());
            reload();
          }}
        />
      ) : null}
    </section>
  );
}

function BulkAssign({
  orderIds,
  collectors,
  onDone,
}: {
  orderIds: number[];
  collectors: string[];
  onDone: () => void;
}) {
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const collector = String(new FormData(event.currentTarget).get('collector') ?? '');
    setBusy(true);
    const result = await consoleCall(consoleCalls.consoleAssignCollectorBulk, {
      orderIds: orderIds.join(','),
      collector,
    });
    setBusy(false);
    if (result.success && result.data) {
      setMessage({
        text: `Assigned ${result.data.assigned} orders to ${result.data.assignedTo}.`,
        failed: false,
      });
      onDone();
    } else setMessage({ text: result.message, failed: true });
  }
  return (
    <section aria-labelledby="bulk-assign-title">
      <h2 id="bulk-assign-title">Assign the chosen orders ({orderIds.length})</h2>
      <form className="filters" onSubmit={submit} aria-labelledby="bulk-assign-title">
        <label>
          Assign to
          <select name="collector" required defaultValue="">
            <option value="" disabled>
              Choose a collector
            </option>
            {collectors.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={busy || orderIds.length === 0}>
          Assign
        </button>
      </form>
      {message ? <p role={message.failed ? 'alert' : 'status'}>{message.text}</p> : null}
    </section>
  );
}
