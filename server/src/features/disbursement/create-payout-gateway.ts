import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import { dragonpayPayouts } from './dragonpay-payouts.ts';
import { sandboxPayouts, type PayoutGateway } from './payouts.ts';

/** The payout adapter PAYOUT_PROVIDER names (decision 0090); production never gets the sandbox (0085). */
export function createPayoutGateway(
  config: Pick<Config, 'payouts' | 'lenderTimeZone' | 'defaultSupport' | 'brand'>,
  clock: Clock,
): PayoutGateway {
  switch (config.payouts.provider) {
    case 'sandbox':
      return sandboxPayouts;
    case 'dragonpay':
      return dragonpayPayouts(config.payouts.dragonpay, {
        clock,
        timeZone: config.lenderTimeZone,
        notifyEmail: config.defaultSupport.email,
        description: config.brand.brandName,
      });
  }
}
