export interface SmsMessage {
  phone: string;
  text: string;
  /** A one-time code: the provider's fastest route (Semaphore's priority queue). */
  urgent?: boolean;
}

/** What the provider said when it took a message. */
export interface SmsReceipt {
  /** The provider's id of the message, to look it up there; null when it gives none (the outbox). */
  providerMessageId: string | null;
}

/** The SMS-gateway port (D9). `send` resolves when the provider accepted the message. */
export interface SmsGateway {
  readonly name: 'outbox' | 'http' | 'semaphore';
  send(message: SmsMessage): Promise<SmsReceipt>;
}
