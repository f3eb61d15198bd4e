import { useState } from 'react';
import { messages, webRoutes } from '@kwarta/contract';
import { Page } from '../../components/page.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { useHydrated } from '../../lib/preloaded-data.ts';
import { pageUrl } from '../../lib/session-query.ts';
import { useProblemList } from './api/get-problem-list.ts';
import { formatComplaintTime } from './complaint-draft.ts';
import { LoadState } from '../../components/load-state.tsx';
import './complaints.css';

/** Spec §2 "complaintList": tabs from the server, each a list of complaints (time, type, content). */
export function ComplaintListPage() {
  const list = useProblemList();
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <Page title={messages.complaintListTitle}>
      <LoadState status={list.status} reload={list.reload} />
      {list.status === 'success' && list.data.tabs.length > 0 && (
        <Tabs tabs={list.data.tabs} selected={selected ?? list.data.tabs[0]!.key} onSelect={setSelected}>
          <ComplaintItems
            items={list.data.tabs.find((tab) => tab.key === (selected ?? list.data.tabs[0]!.key))?.list ?? []}
          />
        </Tabs>
      )}
    </Page>
  );
}

function ComplaintItems({ items }: { items: { id: number; time: string; type: string; content: string }[] }) {
  // The time is in the phone's zone, which the server does not know: shown once hydrated.
  const hydrated = useHydrated();
  if (items.length === 0) return <p className="muted empty">{messages.complaintListEmpty}</p>;
  return (
    <ul className="complaint-items">
      {items.map((item) => (
        <li key={item.id}>
          <a
            className="card complaint-item"
            href={pageUrl(webRoutes.complainDetails, { problemId: item.id })}
          >
            <span className="complaint-item__meta">
              <strong>{item.type}</strong>
              <time dateTime={item.time}>{hydrated ? formatComplaintTime(item.time) : ''}</time>
            </span>
            <span className="complaint-item__content">{item.content}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
