export interface SmsMessage {
  phone: string;
  text: string;
}

/** The SMS-gateway port (D9). `send` resolves when the provider accepted the message. */
export interface SmsGateway {
  readonly name: 'outbox' | 'http';
  send(message: SmsMessage): Promise<void>;
}
