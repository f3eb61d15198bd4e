import { describe, expect, it } from 'vitest';
import { dueNoticeText, reminderSms } from '../src/due-notice.ts';

describe('the due notice and the reminder built on it', () => {
  it('says before, today and since as of the day it is read', () => {
    const at = (today: string) => dueNoticeText({ amount: '₱3,510.00', dueDate: '2026-12-26', today });
    expect(at('2026-12-20')).toBe('Your instalment of ₱3,510.00 is due on 2026-12-26.');
    expect(at('2026-12-26')).toBe('Your instalment of ₱3,510.00 is due today, 2026-12-26.');
    expect(at('2026-12-27')).toBe('Your instalment of ₱3,510.00 has been due since 2026-12-26.');
  });

  it('never says "today" in an SMS, which may be read the next morning', () => {
    const sms = (queuedOn: string, link: string | null = null) =>
      reminderSms({ brand: 'Kwarta', amount: '₱3,510.00', dueDate: '2026-12-26', queuedOn, link });
    expect(sms('2026-12-26')).toBe(
      'Kwarta: Your instalment of ₱3,510.00 is due on 2026-12-26. Pay on time to avoid late charges.',
    );
    expect(sms('2026-12-29', 'https://pay.example/repay?orderId=1')).toBe(
      'Kwarta: Your instalment of ₱3,510.00 has been due since 2026-12-26. Please pay now to stop further charges. Pay here: https://pay.example/repay?orderId=1',
    );
  });
});
