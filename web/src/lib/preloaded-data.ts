import { createContext, useContext, useSyncExternalStore } from 'react';
import { PRELOADED_DATA_ID, type PreloadedData } from '@kwarta/contract';

/**
 * The results of the calls a server-rendered page made as it was rendered (decision 0042), by
 * preloadKey: given to the server's render and, read back from the page, to the hydration, so
 * both render the same thing and the page does not ask again.
 */
export const PreloadedDataContext = createContext<PreloadedData>({});

/** The result preloaded under this key, if the server preloaded it. */
export function usePreloaded<T>(key: string): T | undefined {
  return useContext(PreloadedDataContext)[key] as T | undefined;
}

/** The data the server embedded in this page, or null when it did not render the page. */
export function readPreloadedData(doc: Document = document): PreloadedData | null {
  const text = doc.getElementById(PRELOADED_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PreloadedData;
  } catch {
    return null;
  }
}

const neverChanges = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates, true afterwards: values only
 * the browser knows (its time zone, storage) are shown from then on, so the first render
 * matches the server's exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
