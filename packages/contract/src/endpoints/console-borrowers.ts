import { z } from '@kwarta/domain/zod';
import { defineEndpoints } from '../endpoint.ts';
import { consoleBorrowerRoutes } from '../console-borrower-routes.ts';
import { idField, textField } from '../form-fields.ts';
import { paymentItem } from './console.ts';

const money = z.number().int();

/** A borrower as search lists them: phone masked unless the role calls borrowers. */
const borrowerHit = z.object({
  borrowerId: z.number().int(),
  name: z.string().nullable(),
  phone: z.string(),
  /** What the query matched: name, phone, phone-last4, order, account-last4. */
  matched: z.string(),
  registeredAt: z.string(),
});

const loanView = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  productName: z.string(),
  principal: money,
  appliedAt: z.string(),
  dueDate: z.string().nullable(),
  /** Unpaid plan lines plus unpaid penalty; 0 before the money went out. */
  balance: money,
});

const noteView = z.object({
  id: z.number().int(),
  text: z.string(),
  operator: z.string(),
  at: z.string(),
});

export const consoleBorrowerEndpoints = defineEndpoints(consoleBorrowerRoutes, {
  consoleBorrowerSearch: {
    request: z.object({ q: textField(64).trim().default('') }),
    data: z.object({ q: z.string(), rows: z.array(borrowerHit) }),
  },
  consoleBorrowerProfile: {
    request: z.object({ borrowerId: idField('borrowerId') }),
    data: z.object({
      borrower: z.object({
        id: z.number().int(),
        name: z.string().nullable(),
        phone: z.string(),
        repeatClient: z.boolean(),
        registeredAt: z.string(),
      }),
      /** not-submitted, pending, verified, rejected or sanctioned (decision 0108). */
      identityStatus: z.string(),
      identity: z
        .object({
          firstName: z.string(),
          middleName: z.string(),
          lastName: z.string(),
          dateOfBirth: z.string(),
          nationality: z.string(),
          presentAddress: z.string(),
          email: z.string(),
        })
        .nullable(),
      /** The default payout account, its number masked unless the role pays it; null when none is bound. */
      payoutAccount: z
        .object({ institution: z.string(), holderName: z.string(), accountNumber: z.string() })
        .nullable(),
      loans: z.array(loanView),
      payments: z.array(paymentItem),
      messages: z.array(
        z.object({
          orderNo: z.string(),
          purpose: z.string(),
          status: z.string(),
          createdAt: z.string(),
          text: z.string(),
        }),
      ),
      contacts: z.array(
        z.object({
          orderNo: z.string(),
          kind: z.string(),
          outcome: z.string(),
          note: z.string(),
          operator: z.string(),
          at: z.string(),
        }),
      ),
      complaints: z.array(
        z.object({
          id: z.number().int(),
          orderNo: z.string(),
          content: z.string(),
          createdAt: z.string(),
          repliedAt: z.string().nullable(),
        }),
      ),
      decisions: z.array(
        z.object({
          orderNo: z.string(),
          outcome: z.string(),
          reasons: z.array(z.string()),
          limit: money.nullable(),
          decidedAt: z.string(),
          overridden: z.boolean(),
        }),
      ),
      notes: z.array(noteView),
    }),
  },
  consoleBorrowerNote: {
    request: z.object({
      borrowerId: idField('borrowerId'),
      text: textField(2000).trim().min(1, { message: 'is required' }),
    }),
    data: noteView,
  },
});
