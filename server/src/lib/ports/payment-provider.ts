/** How a channel's pay code is shown on /repaymentOfCode: 1 the code to copy, 2 a QR code to scan. */
export type ChannelShowType = 1 | 2;

export interface PayStep {
  name: string;
  steps: string[];
}

/** A payment channel: a provider processor id (Dragonpay's procid) and how the borrower pays it. */
export interface PaymentChannel {
  id: string;
  name: string;
  logo: string;
  /** How long a pay code for this channel stays payable. */
  expiryMinutes: number;
  showType: ChannelShowType;
  /** The instructions grouped by title (spec §3 payNotice). */
  instructions: Record<string, PayStep[]>;
}

/** A provider's view of one transaction, in our words. */
export type ProviderStatus = 'paid' | 'failed' | 'expired' | 'pending';

export interface ProviderPaymentState {
  status: ProviderStatus;
  /** What the provider says was paid, centavos; null when it does not say. */
  amount: number | null;
  refNo: string;
}

export interface CreatePaymentInput {
  txnid: string;
  /** Centavos: the server's own figure. */
  amount: number;
  description: string;
  email: string;
  channel: PaymentChannel;
  expiresAt: Date;
}

export interface CreatedPayment {
  refNo: string;
  /** Where the borrower pays: the provider's page (or the sandbox cashier). */
  payUrl: string;
  /** What the borrower quotes at a counter or in an e-wallet. */
  payCode: string;
}

/** A postback as it arrived, field by field (form body or query). */
export type PostbackFields = URLSearchParams;

/**
 * The payment-provider port (D8). Adapters: `sandbox` (the built-in cashier) and `dragonpay`
 * (Collect API). Only `create` and `queryStatus`/`confirmPostback` go out over the network,
 * always before any transaction and with a timeout.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'dragonpay';
  create(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The postback's signature over its fields, before anything is read from it. */
  verifyPostback(fields: PostbackFields): boolean;
  /** What a verified postback means, re-checked with the provider where it can be. */
  confirmPostback(fields: PostbackFields): Promise<{ txnid: string; state: ProviderPaymentState } | null>;
  /** The provider's current state of a transaction (reconciliation), null when it does not know it. */
  queryStatus(txnid: string): Promise<ProviderPaymentState | null>;
}
