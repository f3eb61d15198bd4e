import { useState, type FormEvent } from 'react';
import {
  ConsoleRoles,
  Limits,
  mayAct,
  consoleCalls,
  replyImageFields,
  type OperatorRole,
} from '@kwarta/contract';
import { consoleCall } from '../console-client.ts';
import { useApiQuery } from '../../lib/use-api.ts';
import { when } from '../format.ts';
import { Pager } from './pager.tsx';

export function ComplaintsSection({ role }: { role: OperatorRole }) {
  const [query, setQuery] = useState<{ answered: '0' | '1'; page: string }>({ answered: '0', page: '1' });
  const { data, error, reload } = useApiQuery(consoleCall, consoleCalls.consoleComplaints, query);
  const mayReply = mayAct(role, ConsoleRoles.replyComplaints);
  return (
    <section aria-labelledby="complaints-title">
      <h1 id="complaints-title">Complaints</h1>
      <fieldset className="filters">
        <legend>Show</legend>
        <label>
          <input
            type="radio"
            name="answered"
            checked={query.answered === '0'}
            onChange={() => setQuery({ answered: '0', page: '1' })}
          />
          Waiting (oldest first)
        </label>
        <label>
          <input
            type="radio"
            name="answered"
            checked={query.answered === '1'}
            onChange={() => setQuery({ answered: '1', page: '1' })}
          />
          Answered
        </label>
      </fieldset>
      {error ? <p role="alert">{error}</p> : null}
      <ol className="complaints">
        {data?.items.map((item) => (
          <li key={item.id} className={item.pastLine ? 'past-line' : undefined}>
            <h2>
              Complaint {item.id} · {item.type}{' '}
              {item.pastLine ? (
                <strong className="badge">Past {Limits.complaintReplyWeekdays} weekdays</strong>
              ) : null}
            </h2>
            <p className="meta">
              {when(item.createdAt)} · {item.phone} {item.orderNo ? `· order ${item.orderNo}` : ''} ·{' '}
              {item.images.length} image(s)
            </p>
            <p>{item.content}</p>
            <ComplaintImages label={`Images of complaint ${item.id}`} images={item.images} />
            {item.reply !== null ? (
              <>
                <p className="reply">
                  Reply by {item.repliedBy}: {item.reply}
                </p>
                <ComplaintImages
                  label={`Images of the reply to complaint ${item.id}`}
                  images={item.replyImages}
                />
              </>
            ) : mayReply ? (
              <ReplyForm problemId={item.id} onReplied={reload} />
            ) : null}
          </li>
        ))}
      </ol>
      {data && data.items.length === 0 ? <p>No complaints here.</p> : null}
      <Pager
        page={Number(query.page)}
        hasMore={data?.hasMore ?? false}
        onPage={(page) => setQuery({ ...query, page: String(page) })}
      />
    </section>
  );
}

/** A complaint's images as thumbnails; each opens full size (served to complaint readers only). */
function ComplaintImages({ label, images }: { label: string; images: string[] }) {
  if (images.length === 0) return null;
  return (
    <ul className="thumbs" aria-label={label}>
      {images.map((id, index) => {
        const url = `${consoleCalls.consoleComplaintImage.path}?${new URLSearchParams({ id })}`;
        return (
          <li key={id}>
            <a href={url} target="_blank" rel="noopener">
              <img src={url} alt={`${label}: ${index + 1}`} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function ReplyForm({ problemId, onReplied }: { problemId: number; onReplied: () => void }) {
  const [message, setMessage] = useState('');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const files = form.getAll('images').filter((file): file is File => file instanceof File && file.size > 0);
    const result = await consoleCall(consoleCalls.consoleReplyComplaint, {
      problemId: String(problemId),
      text: String(form.get('text') ?? ''),
      ...Object.fromEntries(replyImageFields.map((name, index) => [name, files[index]])),
    });
    setMessage(result.success ? 'Reply sent.' : result.message);
    if (result.success) onReplied();
  }
  return (
    <form className="reply-form" onSubmit={submit}>
      <label>
        Reply to complaint {problemId}
        <textarea name="text" rows={3} />
      </label>
      <label>
        Images (up to {Limits.complaintImagesMax})
        <input name="images" type="file" accept="image/jpeg,image/png,image/webp" multiple />
      </label>
      <button type="submit">Send reply</button>
      <p role="status">{message}</p>
    </form>
  );
}
