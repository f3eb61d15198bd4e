import { useEffect, useState } from 'react';
import { Limits, messages } from '@kwarta/contract';
import { Dialog } from '../../components/dialog.tsx';
import { Page } from '../../components/page.tsx';
import { Rate } from '../../components/rate.tsx';
import { showToast } from '../../components/toast.tsx';
import { queryParam } from '../../lib/session-query.ts';
import { useProblemDetail } from './api/get-problem-detail.ts';
import { saveScore } from './api/save-score.ts';
import { problemImageSrc } from './complaint-draft.ts';
import { LoadState } from '../../components/load-state.tsx';
import './complaints.css';

/**
 * Spec §2 "complainDetails": the complaint read-only, the agent's 'Process Result' (hidden while
 * there is none), and 3 s after loading, when a score is asked for, the rating modal (spec §4).
 */
export function ComplainDetailsPage() {
  const problemId = queryParam('problemId') ?? '';
  const detail = useProblemDetail(problemId);
  const [enlarged, setEnlarged] = useState<string | null>(null);
  const [rating, setRating] = useState(false);
  const [stars, setStars] = useState(0);
  const [rated, setRated] = useState(false);
  const [sending, setSending] = useState(false);

  const needScore = detail.status === 'success' && detail.data.isNeedScore !== 0 && !rated;
  useEffect(() => {
    if (!needScore) return;
    const timer = setTimeout(() => setRating(true), Limits.complaintRatingDelayMs);
    return () => clearTimeout(timer);
  }, [needScore]);

  function closeRating() {
    setRating(false);
    setStars(0);
  }

  async function sendScore() {
    if (!detail.data || sending) return;
    if (stars === 0) {
      showToast(messages.ratingChooseStars);
      return;
    }
    setSending(true);
    const result = await saveScore(detail.data.problemId, stars);
    setSending(false);
    if (!result.success) return;
    setRated(true);
    closeRating();
    showToast(messages.complaintRated);
  }

  const data = detail.data;
  return (
    <Page title={messages.complaintDetailsTitle}>
      <LoadState status={detail.status} reload={detail.reload} />
      {data && (
        <>
          {/* Read-only (spec §2): shown as text, not as form fields that look editable. */}
          <section className="card complaint-summary" aria-label={messages.complaintDetailsTitle}>
            <dl className="complaint-summary__lines">
              <div className="complaint-summary__line">
                <dt>{messages.complaintType}</dt>
                <dd>{data.type}</dd>
              </div>
              {data.sonType && (
                <div className="complaint-summary__line">
                  <dt>{messages.complaintSubType}</dt>
                  <dd>{data.sonType}</dd>
                </div>
              )}
              <div className="complaint-summary__line complaint-summary__line--content">
                <dt>{messages.complaintContent}</dt>
                <dd className="complaint-summary__content">{data.content}</dd>
                <dd className="counter">
                  {data.content.length}/{Limits.complaintTextMax}
                </dd>
              </div>
            </dl>
            {data.images.length > 0 && (
              <ImageGrid label={messages.complaintImages} urls={data.images} onOpen={setEnlarged} />
            )}
          </section>

          {(data.disposeDetail !== '' || data.disposeImages.length > 0) && (
            <section className="card process-result" aria-labelledby="process-result">
              <h2 id="process-result">{messages.processResult}</h2>
              {data.disposeDetail && <p className="process-result__text">{data.disposeDetail}</p>}
              {data.disposeImages.length > 0 && (
                <ImageGrid label={messages.processResult} urls={data.disposeImages} onOpen={setEnlarged} />
              )}
              <p className="process-result__sign">— {messages.complaintSignedBy}</p>
            </section>
          )}
        </>
      )}

      <Dialog
        open={enlarged !== null}
        onClose={() => setEnlarged(null)}
        closeLabel={messages.complaintClose}
        ariaLabel={messages.complaintEnlarged}
        className="image-dialog"
      >
        {enlarged && (
          <img
            src={problemImageSrc(enlarged)}
            alt={messages.complaintEnlarged}
            className="image-dialog__img"
          />
        )}
      </Dialog>

      <Dialog
        open={rating}
        onClose={closeRating}
        title={messages.rateThisService}
        actions={[
          { label: messages.complaintCancel, onClick: closeRating },
          { label: messages.complaintSend, onClick: sendScore, primary: true, disabled: sending },
        ]}
      >
        <Rate
          value={stars}
          onChange={setStars}
          label={messages.complaintRateStars}
          count={Limits.ratingStars}
        />
      </Dialog>
    </Page>
  );
}

function ImageGrid({
  label,
  urls,
  onOpen,
}: {
  label: string;
  urls: string[];
  onOpen: (url: string) => void;
}) {
  return (
    <ul className="image-grid" aria-label={label}>
      {urls.map((url, index) => (
        <li key={url}>
          <button
            type="button"
            className="image-grid__button"
            onClick={() => onOpen(url)}
            aria-label={`${label} ${index + 1}`}
          >
            <img src={problemImageSrc(url)} alt="" width="96" height="96" loading="lazy" />
          </button>
        </li>
      ))}
    </ul>
  );
}
