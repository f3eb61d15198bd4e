import { useState } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { collectionBuckets, type CollectionBucket } from '@kwarta/domain/collections';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { Pager } from './pager.tsx';

/**
 * The collections queue (decision 0098): overdue orders, longest overdue first, by bucket of days
 * past due. The viewer reads it with phones masked (the server masks them); the collector works
 * each order from its page's collections panel.
 */
export function CollectionsSection() {
  const [filter, setFilter] = useState<{ bucket: CollectionBucket | ''; page: string }>({
    bucket: '',
    page: '1',
  });
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleCollections, filter);
  const total = data?.counts.reduce((sum, count) => sum + count.count, 0);
  const tab = (bucket: CollectionBucket | '', label: string, count: number | undefined) => (
    <button
      key={bucket || 'all'}
      type="button"
      aria-pressed={filter.bucket === bucket}
      onClick={() => setFilter({ bucket, page: '1' })}
    >
      {label} {count === undefined ? '' : `(${count})`}
    </button>
  );
  return (
    <section aria-labelledby="collections-title">
      <h1 id="collections-title">Collections</h1>
      <div className="filters" role="group" aria-label="Days past due">
        {tab('', 'All overdue', total)}
        {collectionBuckets.map((bucket) =>
          tab(
            bucket.key,
            `${bucket.key} days`,
            data?.counts.find((count) => count.bucket === bucket.key)?.count,
          ),
        )}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Overdue orders, longest overdue first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Borrower</th>
            <th scope="col">Phone</th>
            <th scope="col">Days past due</th>
            <th scope="col">Due now</th>
            <th scope="col">Last contact</th>
            <th scope="col">Promise to pay</th>
            <th scope="col">Collector</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((row) => (
            <tr key={row.orderId}>
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
      {data && data.items.length === 0 ? <p>No overdue orders here.</p> : null}
      <Pager
        page={Number(filter.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setFilter({ ...filter, page: String(page) })}
      />
    </section>
  );
}
