export * from './errors.ts';
export * from './calendar-date.ts';
export * from './money.ts';
export * from './loan-rules.ts';
export * from './schedule.ts';
export * from './penalty.ts';
export * from './prepayment.ts';
export * from './order-status.ts';
