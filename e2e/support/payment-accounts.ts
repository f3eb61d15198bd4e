import { inject, expect } from 'vitest';
import { routes } from '@kwarta/contract';
import { sessionQuery, type DemoSession } from './session.ts';

/**
 * The borrower binds a bank card of the default market (bind-card-new, as /bindBank sends it),
 * which becomes the default payout account. The sandbox payout refuses numbers ending in 0000.
 */
export async function bindCard(
  session: Partial<DemoSession>,
  productId: number,
  cardNo: string,
  /** The run's server unless a test started its own. */
  baseUrl: string = inject('baseUrl'),
): Promise<void> {
  const response = await fetch(`${baseUrl}${routes.bindCardNew.path}?${sessionQuery(session)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: new URLSearchParams({
      product_id: String(productId),
      cardType: '1',
      channel: '90006',
      holderName: 'Ana Reyes',
      bankCode: 'ICBC',
      cardNo,
    }),
  });
  expect(await response.text()).toContain('"00"');
}
