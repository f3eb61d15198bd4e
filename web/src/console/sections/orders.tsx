import { useState, type FormEvent } from 'react';
import { consoleCalls, type OperatorRole } from '@kwarta/contract';
import { orderStatusOptions } from '@kwarta/contract/labels';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { money, when } from '../format.ts';
import { CsvExport } from './csv-export.tsx';
import { Pager } from './pager.tsx';

export function OrdersSection({ role }: { role: OperatorRole }) {
  const [filter, setFilter] = useState({ status: '', q: '', page: '1' });
  const { data, error, fetching } = useApiQuery(consoleCall, consoleCalls.consoleOrders, filter);
  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilter({ status: String(form.get('status') ?? ''), q: String(form.get('q') ?? '').trim(), page: '1' });
  }
  return (
    <section aria-labelledby="orders-title">
      <h1 id="orders-title">Orders</h1>
      <form className="filters" onSubmit={search} role="search">
        <label>
          Status
          <select name="status" defaultValue={filter.status}>
            <option value="">All</option>
            {orderStatusOptions().map((option) => (
              <option key={option.status} value={option.status}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order number or phone
          <input name="q" type="search" defaultValue={filter.q} />
        </label>
        <button type="submit">Search</button>
      </form>
      {error ? <p role="alert">{error}</p> : null}
      <table aria-busy={fetching}>
        <caption>Order queue, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Status</th>
            <th scope="col">Product</th>
            <th scope="col">Phone</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Applied</th>
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
        page={Number(filter.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setFilter({ ...filter, page: String(page) })}
      />
      {data ? <CsvExport role={role} path={consoleCalls.consoleExportOrders.path} what="orders" /> : null}
    </section>
  );
}
