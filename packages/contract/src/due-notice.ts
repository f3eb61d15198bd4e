import { compareDates, type CalendarDate } from '@kwarta/domain/calendar-date';
import { fillMessage, messages } from './messages.ts';

/**
 * The next instalment in a sentence: "Your instalment of ₱3,510.00 is due on 2026-12-26." The
 * order page says it as of today; a reminder (which may wait for the morning) passes the day it
 * is about and never says "today".
 */
export function dueNoticeText(input: {
  amount: string;
  dueDate: CalendarDate;
  /** The lender's date the sentence is read on; null: a message whose reading day is unknown. */
  today: CalendarDate | null;
}): string {
  const { amount, dueDate, today } = input;
  const overdue = today !== null && compareDates(dueDate, today) < 0;
  const template = overdue
    ? messages.dueNoticeOverdue
    : today !== null && dueDate === today
      ? messages.dueNoticeToday
      : messages.dueNoticeBefore;
  return fillMessage(template, { amount, dueDate });
}

/** An SMS reminder of an instalment (decision 0097), written on `queuedOn` and read some time after. */
export function reminderSms(input: {
  brand: string;
  amount: string;
  dueDate: CalendarDate;
  queuedOn: CalendarDate;
  link: string | null;
}): string {
  const overdue = compareDates(input.dueDate, input.queuedOn) < 0;
  const notice = dueNoticeText({
    amount: input.amount,
    dueDate: input.dueDate,
    // Past due stays past due by the time it is read; anything else is said by its date alone.
    today: overdue ? input.queuedOn : null,
  });
  const text = fillMessage(messages.reminderText, {
    brand: input.brand,
    notice,
    action: overdue ? messages.reminderPayNow : messages.reminderPayOnTime,
  });
  return input.link ? `${text} ${fillMessage(messages.reminderPayLink, { link: input.link })}` : text;
}
