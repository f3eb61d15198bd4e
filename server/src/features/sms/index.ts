// SMS codes (D9): the gateway port, and the one way a code is sent and checked. The public module.
export { createSmsGateway } from './create-sms-gateway.ts';
export { latestOutboxMessages, SmsSendError, type SmsGateway, type SmsMessage } from './sms-gateway.ts';
export {
  deliverSmsCode,
  recordSmsSend,
  requireSmsCode,
  sendSmsCode,
  type SmsCodeRequest,
  type SmsDelivery,
} from './sms-sender.ts';
export { verifySmsCode, type SmsCodeCheck, type SmsCodeSubject } from './sms-codes.ts';
export {
  deliverQueuedSms,
  retryDelayMs,
  type CollectionContactSlots,
  type DeliveryCounts,
  type OrderStandingAt,
} from './sms-delivery.ts';
export { semaphoreGateway } from './semaphore-gateway.ts';
export { collectionSmsSince, orderMessages, queueSmsMessages, type QueuedSms } from './sms-messages.ts';
