import { fillMessage, marketMessages, type MessageKey } from '@kwarta/contract';
import { readRuntimeMarket } from '../../lib/runtime-env.ts';
import type { PrivacyRequestView } from './api/privacy-status.ts';

/** The catalogue in the page's market (the server renders in its own, the browser reads the meta tag). */
export function marketText(key: MessageKey, values?: Record<string, string | number>): string {
  const text = marketMessages(readRuntimeMarket().id)[key];
  return values ? fillMessage(text, values) : text;
}

const kindText: Record<PrivacyRequestView['kind'], MessageKey> = {
  correction: 'myDataKindCorrection',
  erasure: 'myDataKindErasure',
  block: 'myDataKindBlock',
};
const statusText: Record<PrivacyRequestView['status'], MessageKey> = {
  open: 'myDataStatusOpen',
  done: 'myDataStatusDone',
  refused: 'myDataStatusRefused',
};
export const fieldText = {
  full_name: 'myDataFieldFullName',
  phone: 'myDataFieldPhone',
  address: 'myDataFieldAddress',
  other: 'myDataFieldOther',
} as const satisfies Record<string, MessageKey>;
export type CorrectableField = keyof typeof fieldText;

export const requestKind = (request: PrivacyRequestView) => marketText(kindText[request.kind]);
export const requestStatus = (request: PrivacyRequestView) => marketText(statusText[request.status]);

/** What an erasure keeps, one sentence per hold. */
export function heldTexts(request: PrivacyRequestView): string[] {
  return (request.outcome?.held ?? []).map((held) => {
    if (held.hold === 'open-loan') return marketText('myDataHoldOpenLoan');
    if (held.hold === 'ledger') return marketText('myDataHoldLedger');
    return marketText('myDataHoldIdentityAml', { until: held.until ?? '' });
  });
}
