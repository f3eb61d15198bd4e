import { useState } from 'react';
import { consoleCalls } from '@kwarta/contract';
import { useApiQuery } from '../../lib/use-api.ts';
import { consoleCall } from '../console-client.ts';
import { when } from '../format.ts';
import { Pager } from './pager.tsx';

export function AuditSection() {
  const [page, setPage] = useState(1);
  const { data, error } = useApiQuery(consoleCall, consoleCalls.consoleAudit, { page: String(page) });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      {error ? <p role="alert">{error}</p> : null}
      <table>
        <caption>Every console write, newest first (read only)</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Subject</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {data?.items.map((row) => (
            <tr key={row.id}>
              <td>{when(row.at)}</td>
              <td>{row.operator}</td>
              <td>{row.action}</td>
              <td>{row.subject}</td>
              <td>
                <code>{row.before}</code>
              </td>
              <td>
                <code>{row.after}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} hasMore={data?.hasMore ?? false} onPage={setPage} />
    </section>
  );
}
