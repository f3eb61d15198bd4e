import { paymentChannelName } from '@kwarta/contract';
import type { Config } from '../../config.ts';

export type { ChannelShowType, PayStep, PaymentChannel } from '../../lib/ports/payment-provider.ts';
import type { PaymentChannel, PayStep } from '../../lib/ports/payment-provider.ts';

const wallet = (name: string): Record<string, PayStep[]> => ({
  [`Pay with ${name}`]: [
    {
      name: `${name} app`,
      steps: [
        `Open ${name} and choose Pay Bills.`,
        'Choose Dragonpay as the biller.',
        'Enter the pay code as the reference number and the exact amount.',
        'Confirm and keep the receipt.',
      ],
    },
  ],
});

const counter = (name: string): Record<string, PayStep[]> => ({
  [`Pay at ${name}`]: [
    {
      name: 'At the counter',
      steps: [
        `Go to any ${name} branch and fill in a Dragonpay payment slip.`,
        'Write the pay code as the reference number and the exact amount.',
        'Pay in cash and keep the deposit slip.',
      ],
    },
  ],
});

/**
 * Channels we know how to present. PAYMENT_CHANNELS picks and orders the offered ones by
 * processor id; an id not listed here is offered with a generic presentation.
 */
const catalogue: Record<string, Omit<PaymentChannel, 'id'>> = {
  GCSH: {
    name: paymentChannelName('GCSH'),
    logo: '/channels/gcash.svg',
    expiryMinutes: 120,
    showType: 2,
    instructions: wallet('GCash'),
  },
  PYMY: {
    name: paymentChannelName('PYMY'),
    logo: '/channels/maya.svg',
    expiryMinutes: 120,
    showType: 2,
    instructions: wallet('Maya'),
  },
  BAYD: {
    name: paymentChannelName('BAYD'),
    logo: '/channels/bayad.svg',
    expiryMinutes: 2880,
    showType: 1,
    instructions: counter('Bayad Center'),
  },
  '7ELE': {
    name: paymentChannelName('7ELE'),
    logo: '/channels/7eleven.svg',
    expiryMinutes: 2880,
    showType: 1,
    instructions: counter('7-Eleven'),
  },
  ECPY: {
    name: paymentChannelName('ECPY'),
    logo: '/channels/ecpay.svg',
    expiryMinutes: 2880,
    showType: 1,
    instructions: counter('ECPay'),
  },
};

export function paymentChannels(config: Pick<Config, 'payments'>): PaymentChannel[] {
  return config.payments.channels.map(
    (id) =>
      ({
        id,
        ...(catalogue[id] ?? {
          name: id,
          logo: '/channels/generic.svg',
          expiryMinutes: 1440,
          showType: 1,
          instructions: counter(id),
        }),
      }) satisfies PaymentChannel,
  );
}

export function findPaymentChannel(config: Pick<Config, 'payments'>, id: string): PaymentChannel | null {
  return paymentChannels(config).find((channel) => channel.id === id) ?? null;
}
