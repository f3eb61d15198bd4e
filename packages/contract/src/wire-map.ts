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
