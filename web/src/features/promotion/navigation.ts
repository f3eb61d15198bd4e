import { downloadHash, type PromotionQuery } from '@kwarta/contract';

/** Back to the landing form; the campaign query stays in the address. */
export function backToLanding(): void {
  window.location.hash = '';
}

/** To the download page, carrying the campaign fields the spec lists. */
export function goToDownload(query: PromotionQuery): void {
  window.location.hash = downloadHash(query);
}
