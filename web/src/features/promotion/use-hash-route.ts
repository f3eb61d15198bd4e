import { useSyncExternalStore } from 'react';
import { parseHash } from '@kwarta/contract';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

const currentHash = () => window.location.hash;

/** The landing's hash route (`#/downloadTemplate?…`) and its query, following hash changes. */
export function useHashRoute() {
  return parseHash(useSyncExternalStore(subscribe, currentHash, currentHash));
}
