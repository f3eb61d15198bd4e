import { useEffect, useRef, useState } from 'react';
import { Limits, fillMessage, messages, webRoutes } from '@kwarta/contract';
import { Dialog } from '../../components/dialog.tsx';
import { ImageUploader, type UploaderItem } from '../../components/image-uploader.tsx';
import { Page } from '../../components/page.tsx';
import { showToast } from '../../components/toast.tsx';
import { pageUrl, queryParam } from '../../lib/session-query.ts';
import { useProblemInit } from './api/get-problem-init.ts';
import { saveProblem } from './api/save-problem.ts';
import { uploadProblemImage } from './api/upload-problem-image.ts';
import { clearComplaintDraft, newRequestId, rememberedComplaintOrder } from './complaint-draft.ts';
import './complaints.css';

interface Evidence extends UploaderItem {
  /** The server's URL once uploaded. */
  url: string | null;
}

/**
 * Spec §2 "complainPageNext": the chosen type, a description of at most 200 characters, up to 9
 * evidence images (each uploaded when added), and Send. Success shows 'Successfully Sent' for
 * 1.5 s, clears the draft and replaces the location with the complaint home, on the same order.
 */
export function ComplainPageNext() {
  const problemType = queryParam('problemType') ?? '';
  const problemSonType = queryParam('problemSonType') ?? '';
  // The second variant of problem-init (no payload) gives the type titles for the tags.
  const init = useProblemInit(null);
  const [detail, setDetail] = useState('');
  const [evidence, setEvidence] = useState<Evidence[]>([]);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // One id for this complaint however often Send is tapped or retried.
  const [requestId] = useState(newRequestId);
  const previews = useRef(new Set<string>());
  const hideUploadToast = useRef<() => void>(() => undefined);

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  useEffect(() => {
    if (!sent) return;
    // The modal is the message now; an upload toast would sit on top of it.
    hideUploadToast.current();
    const timer = setTimeout(() => {
      clearComplaintDraft();
      // Back on the order the complaint was about, not whichever the server would choose.
      window.location.replace(
        pageUrl(webRoutes.complainPage, { orderId: queryParam('orderId') ?? undefined }),
      );
    }, Limits.complaintSentModalMs);
    return () => clearTimeout(timer);
  }, [sent]);

  const typeTitle = init.data?.problemType.find((type) => String(type.value) === problemType)?.title;
  const subTypeTitle = init.data?.problemSonType.find((type) => String(type.value) === problemSonType)?.title;

  function addFiles(files: File[]) {
    const added = files.map((file) => {
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      return { file, item: { id: previewUrl, previewUrl, uploading: true, url: null } satisfies Evidence };
    });
    setEvidence((current) => [...current, ...added.map((entry) => entry.item)]);
    for (const { file, item } of added) {
      uploadProblemImage(file).then((result) => {
        if (result.success && result.data) {
          hideUploadToast.current = showToast(messages.uploadSucceeded);
          setEvidence((current) =>
            current.map((entry) =>
              entry.id === item.id ? { ...entry, uploading: false, url: result.data!.url } : entry,
            ),
          );
        } else {
          // The server's message has been toasted by the client (spec §8); the tile goes away.
          remove(item.id);
        }
      });
    }
  }

  function remove(id: string) {
    setEvidence((current) => current.filter((entry) => entry.id !== id));
    URL.revokeObjectURL(id);
    previews.current.delete(id);
  }

  async function send() {
    if (sending || sent) return;
    if (detail.trim() === '') {
      showToast(messages.complaintEmpty);
      return;
    }
    if (evidence.some((entry) => entry.uploading)) {
      showToast(messages.complaintWaitForUploads);
      return;
    }
    setSending(true);
    // Read at send time, not while rendering: storage is the browser's, the render also the server's.
    const orderNo = queryParam('orderNo') ?? rememberedComplaintOrder() ?? '';
    const result = await saveProblem({
      problemType,
      problemSonType,
      problemDetail: detail,
      problemImage: evidence.flatMap((entry) => (entry.url ? [entry.url] : [])).join(','),
      orderNo,
      requestId,
    });
    setSending(false);
    if (result.success) setSent(true);
  }

  return (
    <Page title={messages.complaintNextTitle}>
      <section className="card">
        <h2>{messages.complaintQuestionTypes}</h2>
        <div className="tag-row">
          {typeTitle && <span className="tag">{typeTitle}</span>}
          {subTypeTitle && <span className="tag">{subTypeTitle}</span>}
        </div>
      </section>

      <section className="card field">
        <label htmlFor="complaint-detail">
          <h2>{messages.complaintDescription}</h2>
        </label>
        <textarea
          id="complaint-detail"
          rows={6}
          maxLength={Limits.complaintTextMax}
          placeholder={messages.complaintDescriptionPlaceholder}
          value={detail}
          // Spec §5: input beyond 200 characters is ignored (maxlength also cuts pastes).
          onChange={(event) => setDetail(event.target.value.slice(0, Limits.complaintTextMax))}
          aria-describedby="complaint-counter"
        />
        <span id="complaint-counter" className="counter" aria-live="polite">
          {detail.length}/{Limits.complaintTextMax}
        </span>
      </section>

      <section className="card">
        <h2>{messages.complaintEvidence}</h2>
        <ImageUploader
          items={evidence}
          max={Limits.complaintImagesMax}
          onFiles={addFiles}
          onRemove={remove}
          labels={{
            add: messages.complaintAddImage,
            remove: messages.complaintRemoveImage,
            image: messages.complaintImage,
            uploading: messages.complaintUploading,
          }}
        />
      </section>

      <p className="notice">
        {fillMessage(messages.complaintReplyNotice, { weekdays: Limits.complaintReplyWeekdays })}
      </p>

      <button type="button" className="button button-block" disabled={sending} onClick={send}>
        {messages.complaintSend}
      </button>

      <Dialog
        open={sent}
        onClose={() => undefined}
        dismissible={false}
        ariaLabel={messages.complaintSent}
        className="sent-dialog"
      >
        <div className="sent-dialog__body">
          <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="var(--brand)" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="#fff"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <p>{messages.complaintSent}</p>
        </div>
      </Dialog>
    </Page>
  );
}
