import { useState } from 'react';
import { webRoutes } from '@kwarta/contract';
import { Dialog } from '../../components/dialog.tsx';
import { currentSessionQuery } from '../../lib/session-query.ts';
import { acknowledgePolicy } from './api/privacy-actions.ts';
import { usePrivacyStatus } from './api/privacy-status.ts';
import { marketText } from './my-data-texts.ts';

/**
 * The app asks for the current privacy policy before anything else (decision 0107): on any page
 * opened with a session, a borrower whose last acknowledged version is not the current one gets
 * a modal that keeps the page inert until they acknowledge (version, hash, time and channel are
 * recorded by the server). Pages without a session (the developer preview) have nobody to ask.
 */
export function PolicyPrompt() {
  return currentSessionQuery().sessionId ? <PolicyPromptFor /> : null;
}

function PolicyPromptFor() {
  const status = usePrivacyStatus({ silent: true });
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const policy = status.data?.policy;
  const open = Boolean(status.data?.mustAcknowledge) && !done;

  async function acknowledge() {
    if (!policy) return;
    setBusy(true);
    const result = await acknowledgePolicy(policy.version);
    setBusy(false);
    // A version changed meanwhile is refused with its message: the prompt asks again with the new one.
    if (result.success) setDone(true);
    else status.reload();
  }

  return (
    <Dialog
      open={open}
      onClose={() => undefined}
      dismissible={false}
      title={marketText('policyPromptTitle')}
      className="policy-prompt"
      actions={[
        { label: marketText('policyPromptAcknowledge'), onClick: acknowledge, primary: true, disabled: busy },
      ]}
    >
      {policy && (
        <>
          <p>{marketText('policyPromptText', { date: policy.effectiveOn })}</p>
          <p className="muted">{policy.summary}</p>
          <p>
            <a href={webRoutes.policy} target="_blank" rel="noopener">
              {marketText('policyPromptRead')}
            </a>
          </p>
        </>
      )}
    </Dialog>
  );
}
