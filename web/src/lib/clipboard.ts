import { messages } from '@kwarta/contract';
import { showToast } from './toast-store.ts';

/** Copies a pay code and says 'copy success' (spec §8); silent when the browser refuses. */
export async function copyWithToast(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(messages.copySuccess);
  } catch {
    // No clipboard permission (an old WebView): the code stays on screen to copy by hand.
  }
}
