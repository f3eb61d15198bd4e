import { type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { orderStatusOptions } from '@kwarta/contract/labels';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { CsvExport } from './csv-export.tsx';
import { Pager } from './pager.tsx';
import { FilterSelect, oneOf, SortHeader, sortDir, useHashQuery, type SortDir } from './table-controls.tsx';

/** The queue's sortable columns (the contract's orderQueueSorts). */
const sorts = ['applied', 'amount'] as const;

const statusOptions = orderStatusOptions().map((option) => ({
  value: String(option.status),
  label: option.label,
}));

/** The order queue: filter, search and sort kept in the address (`#/orders?status=170&sort=amount`). */
export function OrdersSection({ role }: { role: OperatorRole }) {
  const [view, setView] = useHashQuery({ status: '', q: '', sort: 'applied', dir: 'desc', page: '1' });
  const sort = oneOf(view.sort, sorts, 'applied');
  const dir = sortDir(view.dir, 'desc');
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleOrders, {
    ...view,
    sort,
    dir,
  });
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setView({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim(), page: '1' });
  }
  const sortBy = (sort: string, dir: SortDir) => setView({ sort, dir, page: '1' });
  const sorting = { sort, dir, onSort: sortBy };
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <form className="filters" onSubmit={search} role="search">
        <FilterSelect
          label="Status"
          value={view.status}
          options={statusOptions}
          onChange={(status) => setView({ status, page: '1' })}
        />
        <label>
          Order number or phone
          <input key={view.q} name="q" type="search" defaultValue={view.q} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Order queue</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Status</th>
            <th scope="col">Product</th>
            <th scope="col">Phone</th>
            <SortHeader label="Amount" column="amount" first="desc" className="num" {...sorting} />
            <SortHeader label="Applied" column="applied" first="desc" {...sorting} />
          </tr>
        </thead>
        <tbody>
          {data?.items.map((order) => (
            <tr key={order.orderId}>
              <td>
                <a href={`#/order/${order.orderId}`}>{order.orderNo}</a>
              </td>
              <td>{order.statusText}</td>
              <td>{order.productName}</td>
              <td>{order.phone}</td>
              <td className="num">{money(order.principal)}</td>
              <td>{when(order.appliedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data && data.items.length === 0 ? <p>No orders match.</p> : null}
      <Pager
        page={Number(view.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setView({ page: String(page) })}
      />
      {data ? <CsvExport role={role} path={consoleCalls.consoleExportOrders.path} what="orders" /> : null}
    </section>
  );
}
