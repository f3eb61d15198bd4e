import type { SmsGateway } from '../../lib/ports/sms-gateway.ts';
import { retryAfterMs, retryableStatus, SmsSendError } from './sms-gateway.ts';
import { outboundHeaders } from '../../lib/request-context.ts';

export interface SemaphoreOptions {
  /** https://api.semaphore.co/api/v4 (a fake on loopback in tests). */
  apiUrl: string;
  apiKey: string;
  /** The approved sender name borrowers see; Semaphore's own when unset. */
  senderName?: string | undefined;
  timeoutMs: number;
}

/** One message of Semaphore's answer (it answers an array, one per recipient). */
interface SemaphoreMessage {
  message_id?: number | string;
  status?: string;
}

/**
 * Semaphore (https://semaphore.co), the common Philippine SMS API: a form POST of apikey, number,
 * message and sendername to /messages, or to /priority for one-time codes (its queue that skips
 * the line, not rate limited). /messages takes 120 calls a minute and answers 429 with
 * Retry-After beyond that; the delivery loop (sms-delivery.ts) paces itself under it.
 */
export function semaphoreGateway(options: SemaphoreOptions, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    name: 'semaphore',
    async send(message) {
      const form = new URLSearchParams({
        apikey: options.apiKey,
        number: message.phone,
        message: message.text,
        ...(options.senderName ? { sendername: options.senderName } : {}),
      });
      let response: Response;
      try {
        response = await fetchImpl(`${options.apiUrl}/${message.urgent ? 'priority' : 'messages'}`, {
          method: 'POST',
          headers: outboundHeaders({ 'content-type': 'application/x-www-form-urlencoded' }),
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`Semaphore unreachable: ${error instanceof Error ? error.name : 'error'}`, {
          cause: error,
        });
      }
      if (!response.ok) {
        throw new SmsSendError(`Semaphore answered HTTP ${response.status}`, {
          permanent: !retryableStatus(response.status),
          retryAfterMs: retryAfterMs(response),
        });
      }
      const body = (await response.json().catch(() => null)) as SemaphoreMessage[] | null;
      const sent = Array.isArray(body) ? body[0] : undefined;
      // A 200 without a message is how it refuses some input (an invalid number): not worth retrying.
      if (sent?.message_id === undefined) {
        throw new SmsSendError('Semaphore answered without a message id', { permanent: true });
      }
      if (sent.status === 'Failed' || sent.status === 'Refunded') {
        throw new SmsSendError(`Semaphore marked the message ${sent.status}`, { permanent: true });
      }
      return { providerMessageId: String(sent.message_id) };
    },
  };
}
