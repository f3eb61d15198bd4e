const STORAGE_KEY = 'kwarta:deviceId';

/**
 * A browser has no device id, so the landing makes one and keeps it, letting the server's
 * per-device SMS limit (D9) see repeat requests from the same browser.
 */
export function browserDeviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
    const created = `web-${crypto.randomUUID()}`;
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  } catch {
    // Storage disabled (private mode): a per-page id still works for this visit.
    return `web-${crypto.randomUUID()}`;
  }
}
