import { afterEach, expect, test } from 'vitest';
import { messages, marketTexts } from '@kwarta/contract';
import { getToastState, showToast } from '../../src/lib/toast-store.ts';

function setMarket(content: string | null) {
  document.head.querySelector('meta[name="kw-market"]')?.remove();
  if (content === null) return;
  const meta = document.createElement('meta');
  meta.name = 'kw-market';
  meta.content = content;
  document.head.append(meta);
}

const hides: Array<() => void> = [];
afterEach(() => {
  for (const hide of hides.splice(0)) hide();
  setMarket(null);
});

test('a PH page toasts the market text, not the spec Chinese or Indonesian', () => {
  setMarket('PH');
  hides.push(showToast(messages.legacyChooseCard));
  expect(getToastState().toast?.text).toBe(marketTexts.PH.legacyChooseCard);
  hides.push(showToast(messages.ratingChooseStars));
  expect(getToastState().toast?.text).toBe(marketTexts.PH.ratingChooseStars);
});

test('the spec market toasts the spec texts exactly', () => {
  setMarket('spec');
  hides.push(showToast(messages.ratingChooseStars));
  expect(getToastState().toast?.text).toBe('Silakan pilih');
});
