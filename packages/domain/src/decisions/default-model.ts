import type { DecisionModel } from './model.ts';
import { REAPPLY_AFTER_DAYS } from './reasons.ts';

/**
 * The model Kwarta ships and activates on a new database (decision 0109): hard stops decline,
 * doubts refer to a person, and the rest is approved with a first-loan limit of ₱5,000 that rises
 * with loans repaid on time (1.5× the largest repaid, up to ₱20,000). A lender replaces it from the
 * console's "Decision models" after simulating its own draft against its book.
 */
export const defaultDecisionModel: DecisionModel = {
  name: 'Kwarta default',
  description: 'Hard stops decline; doubts refer; first loan ₱5,000, rising with loans repaid on time.',
  tables: [
    {
      id: 'hard-stops',
      hitPolicy: 'collect',
      rows: [
        {
          id: 'overdue',
          when: { loansOverdue: '>= 1' },
          then: { outcome: 'decline', reason: 'overdue_now', weight: 100 },
        },
        {
          id: 'open',
          when: { loansOpen: '>= 1' },
          then: { outcome: 'decline', reason: 'open_loan', weight: 90 },
        },
        {
          id: 'identity',
          when: { identityStatus: "'failed'" },
          then: { outcome: 'decline', reason: 'identity_failed', weight: 95 },
        },
        {
          id: 'late-recently',
          when: { worstDaysPastDueLast90Days: '> 30' },
          then: { outcome: 'decline', reason: 'recent_late_payment', weight: 80 },
        },
        {
          id: 'late-ever',
          when: { worstDaysPastDueEver: '> 90' },
          then: { outcome: 'decline', reason: 'serious_late_payment', weight: 70 },
        },
        {
          id: 'on-time',
          when: { loansRepaid: '>= 2', onTimeShare: '< 0.5' },
          then: { outcome: 'decline', reason: 'poor_on_time_record', weight: 60 },
        },
        {
          id: 'declined-recently',
          when: { daysSinceLastDecline: `< ${REAPPLY_AFTER_DAYS}` },
          then: { outcome: 'decline', reason: 'recent_decline', weight: 50 },
        },
        {
          id: 'shared-account',
          when: { samePayoutAccountBorrowers: '>= 2' },
          then: { outcome: 'decline', reason: 'shared_payout_account', weight: 40 },
        },
      ],
    },
    {
      id: 'doubts',
      hitPolicy: 'collect',
      rows: [
        {
          id: 'shared-device',
          when: { sameDeviceBorrowers: '>= 1' },
          then: { outcome: 'refer', reason: 'shared_device', weight: 60 },
        },
        {
          id: 'shared-account',
          when: { samePayoutAccountBorrowers: '[1..1]' },
          then: { outcome: 'refer', reason: 'shared_payout_account', weight: 50 },
        },
        {
          id: 'complaints',
          when: { complaints: '>= 3' },
          then: { outcome: 'refer', reason: 'many_complaints', weight: 40 },
        },
        {
          id: 'jump',
          expression: 'amountAsked > 200000 and amountToLargestRepaid > 2',
          then: { outcome: 'refer', reason: 'amount_jump', weight: 30 },
        },
      ],
    },
    {
      id: 'limit',
      hitPolicy: 'first',
      rows: [
        {
          id: 'repeat-on-time',
          when: { loansRepaid: '>= 1', onTimeShare: '>= 0.8' },
          then: { outcome: 'approve', limitAmount: 'min(2000000, max(500000, largestRepaid * 1.5))' },
        },
        { id: 'first-loan', when: { loansRepaid: '0' }, then: { outcome: 'approve', limitAmount: 500000 } },
        { id: 'other', then: { outcome: 'approve', limitAmount: 500000 } },
      ],
    },
  ],
};
