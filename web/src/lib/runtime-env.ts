import { marketFor, markets, type Market } from '@kwarta/contract';
import { renderingMarketId } from './session-query.ts';

export type RuntimeEnv = 'development' | 'sandbox' | 'production';

const RUNTIME_ENVS: readonly RuntimeEnv[] = ['development', 'sandbox', 'production'];

/** Name of the `<meta>` the server writes into every HTML page it serves. */
export const RUNTIME_ENV_META = 'kw-env';

/**
 * The environment the server says this page runs in, read from
 * `<meta name="kw-env" content="development|sandbox|production">`.
 *
 * It comes from the served HTML rather than from a build-time variable because one build is
 * deployed to every environment. Anything missing or unknown counts as production, so a
 * forgotten tag can only switch developer tools off, never on.
 */
export function readRuntimeEnv(doc: Document | undefined = globalThis.document): RuntimeEnv {
  const content = doc?.querySelector(`meta[name="${RUNTIME_ENV_META}"]`)?.getAttribute('content')?.trim();
  return RUNTIME_ENVS.find((env) => env === content) ?? 'production';
}

/** Name of the `<meta>` carrying the server's market (D5). */
export const RUNTIME_MARKET_META = 'kw-market';

/**
 * The market the server runs, from `<meta name="kw-market">`, stamped like the environment
 * so one build serves every market. Missing or unknown means the default market (PH, D5).
 */
export function readRuntimeMarket(doc: Document | undefined = globalThis.document): Market {
  // A server render has no document: the server names its market, or the render would print
  // the fallback's amounts and the browser its own (a hydration mismatch).
  const rendering = renderingMarketId();
  if (rendering) return markets[rendering];
  return marketFor(
    doc?.querySelector(`meta[name="${RUNTIME_MARKET_META}"]`)?.getAttribute('content')?.trim(),
  );
}

/** Name of the `<meta>` carrying the lender's time zone (LENDER_TIME_ZONE), on the console's page. */
export const RUNTIME_TIME_ZONE_META = 'kw-time-zone';

/**
 * The lender's time zone the server stamps into the console's page, in which every time there is
 * shown. Missing or not a zone this browser knows means UTC, which the label then says.
 */
export function readRuntimeTimeZone(doc: Document | undefined = globalThis.document): string {
  const content = doc
    ?.querySelector(`meta[name="${RUNTIME_TIME_ZONE_META}"]`)
    ?.getAttribute('content')
    ?.trim();
  if (!content) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: content });
    return content;
  } catch {
    return 'UTC';
  }
}
