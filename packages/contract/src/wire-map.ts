/**
 * The wire map (D6). The product disguises some paths and response keys so that scrapers and
 * copy-cat apps cannot read the API by its names. Canonical names are used everywhere in our
 * code; only the server's serializer and the client's reader translate, both through this file.
 * Changing a wire name here changes both sides at once.
 */
export const envelopeWireNames = {
  code: 'kwc',
  message: 'kwm',
  data: 'kwd',
} as const;

/**
 * Recommended products (spec §3 "Recommended product": disguised field names). The order page,
 * the joint-login failure page and their calls carry them under these keys.
 */
export const recommendedProductWireNames = {
  id: 'rpk',
  logo: 'rpl',
  name: 'rpn',
  buttonText: 'rpb',
  amountRange: 'rpa',
  rangeDescription: 'rpd',
  rate: 'rpr',
  description: 'rps',
  /** '1' enabled; anything else grey, and '0' taps are ignored (spec §5). */
  clickable: 'rpc',
} as const;

/** The recommended-product click (spec §7 "…define"): disguised module id, position, product identifier. */
export const productDefineWireNames = {
  moduleId: 'dmk',
  position: 'dpk',
  productId: 'dik',
} as const;

export interface RecommendedProduct {
  id: number;
  logo: string;
  name: string;
  buttonText: string;
  amountRange: string;
  rangeDescription: string;
  rate: string;
  description: string;
  clickable: '0' | '1';
}

export type RecommendedProductWire = {
  [
    K in keyof typeof recommendedProductWireNames as (typeof recommendedProductWireNames)[K]
  ]: RecommendedProduct[K];
};

export function recommendedProductToWire(product: RecommendedProduct): RecommendedProductWire {
  const wire: Record<string, unknown> = {};
  for (const [name, wireName] of Object.entries(recommendedProductWireNames)) {
    wire[wireName] = product[name as keyof RecommendedProduct];
  }
  return wire as RecommendedProductWire;
}

export function recommendedProductFromWire(wire: RecommendedProductWire): RecommendedProduct {
  const product: Record<string, unknown> = {};
  for (const [name, wireName] of Object.entries(recommendedProductWireNames)) {
    product[name] = wire[wireName as keyof RecommendedProductWire];
  }
  return product as unknown as RecommendedProduct;
}

export function productDefineToWire(click: {
  moduleId: number;
  position: number;
  productId: number;
}): Record<string, number> {
  return {
    [productDefineWireNames.moduleId]: click.moduleId,
    [productDefineWireNames.position]: click.position,
    [productDefineWireNames.productId]: click.productId,
  };
}

/**
 * Response keys of variant 2 of loan confirmation (the `/gopia/goya/…` calls, spec §3/§7):
 * canonical key → wire key, renamed at any depth of `data`. Wire names never equal a canonical
 * key, so reading back is unambiguous. Routes carry the map as `wireKeys`.
 */
export const loanConfirmWireKeys = {
  amount: 'gy_mt',
  periods: 'gy_pd',
  termUnit: 'gy_tu',
  term: 'gy_tm',
  details: 'gy_dl',
  text: 'gy_tx',
  value: 'gy_vl',
  repay_plans: 'gy_rp',
  pay_time: 'gy_pt',
  firstPayTime: 'gy_fp',
  firstPeriodDay: 'gy_fd',
  pRateDsc: 'gy_rd',
  sendSms: 'gy_ss',
  isPopType: 'gy_ip',
  popContent: 'gy_pc',
  popTitle: 'gy_pl',
  popAgreementUrl: 'gy_pa',
  comProductLogo: 'gy_lg',
  comProductName: 'gy_nm',
  data: 'gy_da',
  title: 'gy_ti',
  id: 'gy_id',
  contract_url: 'gy_cu',
  lendDetailsUrl: 'gy_lu',
  orderId: 'gy_oi',
} as const;

export type WireKeys = Readonly<Record<string, string>>;

function renameKeys(value: unknown, names: WireKeys): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, names));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, child]) => [
      names[key] ?? key,
      renameKeys(child, names),
    ]),
  );
}

/** Canonical `data` → wire keys (the server's serializer). */
export function dataToWire(data: unknown, keys: WireKeys): unknown {
  return renameKeys(data, keys);
}

/** Wire keys → canonical `data` (the client's reader); plain canonical keys pass through (D6 fallback). */
export function dataFromWire(data: unknown, keys: WireKeys): unknown {
  return renameKeys(
    data,
    Object.fromEntries(Object.entries(keys).map(([canonical, wire]) => [wire, canonical])),
  );
}
