import type { Config } from '../../config.ts';
import { dragonpayProvider } from './dragonpay.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { sandboxProvider } from './sandbox.ts';

export function createPaymentProvider(config: Pick<Config, 'payments'>): PaymentProvider {
  return config.payments.provider === 'dragonpay'
    ? dragonpayProvider(config.payments.dragonpay)
    : sandboxProvider(config.payments.sandboxSecret);
}
