import sharp from 'sharp';
import {
  addDays,
  calendarDateAt,
  daysBetween,
  zonedInstant,
  mulberry32,
  OrderStatus,
  type CalendarDate,
  type Random,
} from '@kwarta/domain';
import { isValidPhone, phoneLength, type Market } from '@kwarta/contract';
import type { Deps } from '../../lib/deps.ts';
import type { Clock } from '../../lib/clock.ts';
import { Refusal } from '../../lib/refusal.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bindAccount } from '../bank-binding/index.ts';
import { findBorrower, findBorrowerByPhone, setBorrowerName } from '../borrowers/index.ts';
import { writeOffAudited } from '../orders/index.ts';
import { journalEntryCount } from '../ledger/index.ts';
import {
  checkLedger,
  emptyRebuildReport,
  rebuildLedger,
  type RebuildReport,
} from '../ledger-rebuild/index.ts';
import { audited, createOperator, findOperatorByName } from '../operators/index.ts';
import {
  advanceOrdersByDate,
  approveOrder,
  confirmWithdrawal,
  createOrder,
  findOrderAccount,
  orderCounts,
  rejectOrder,
} from '../orders/index.ts';
import {
  createPayoutGateway,
  disburseOrder,
  PayoutFailed,
  SANDBOX_FAILING_ACCOUNT_SUFFIX,
} from '../disbursement/index.ts';
import { listProducts } from '../products/index.ts';
import {
  acceptHeldPayment,
  createPaymentProvider,
  paymentChannels,
  postPayment,
  sandboxPostback,
  startPayment,
} from '../payments/index.ts';
import { recordPromotionEvent, registerBorrower } from '../promotion/index.ts';
import { recordSmsSend } from '../sms/index.ts';
import { demoBorrowerName, demoBorrowerNameParts } from '../../db/demo-names.ts';
import { decideIdentity, storeIdentityImage, submitIdentity } from '../identity/index.ts';

/**
 * `npm run seed:history` (decision 0099): a year of plausible lending made through the features' own
 * use cases, each under a clock set to the simulated instant, so every row, status change and
 * journal entry is dated as if it had happened then. Development and sandbox only, sandbox money
 * adapters only (the caller checks APP_ENV; here the adapters): nothing leaves the machine.
 */
export type HistoryDeps = Pick<Deps, 'db' | 'config' | 'storage' | 'accountKeys' | 'metrics'>;

export interface HistoryOptions {
  borrowers: number;
  months: number;
  seed: number;
  /** The last simulated day is this instant's date (the lender's); default now. */
  until?: Date;
  /** Called after each simulated day (progress). */
  onDay?: (date: CalendarDate, index: number, days: number) => void;
}

export interface HistorySummary {
  from: CalendarDate;
  to: CalendarDate;
  borrowers: number;
  /** Every order in the database (the demo's too) by status code; those this history wrote off. */
  orders: Record<string, number>;
  writtenOff: number;
  payments: { paid: number; held: number; accepted: number; extensions: number };
  payoutsRefused: number;
  /** What the rebuild booked for records older than this history (the demo's), before it began. */
  rebuiltBefore: RebuildReport;
  /** The ledger check after the history: no differences expected. */
  check: RebuildReport;
  journalEntries: number;
}

export class HistoryRefused extends Error {}

/** How a borrower repays: drawn once per loan. */
type Behaviour = 'on-time' | 'late' | 'extends' | 'partial' | 'defaults';

interface Applicant {
  borrowerId: number;
  phone: string;
}

interface Loan extends Applicant {
  orderId: number;
  productId: number;
  behaviour: Behaviour;
  extensionsLeft: number;
  /** defaults: how many repayments it makes before it stops paying. */
  paymentsLeft: number;
  writeOffAfterDays: number | null;
  /** partial: the held payment waiting for finance, and the line already half paid. */
  heldPaymentId: number | null;
  halfPaidDue: CalendarDate | null;
  /** late: days after each due date it pays. */
  lateDays: number;
}

type Event =
  | { kind: 'apply'; borrowerId: number | null; phone: string }
  | { kind: 'decide'; orderId: number; borrowerId: number; phone: string; productId: number; repeat: boolean }
  | {
      kind: 'disburse';
      orderId: number;
      borrowerId: number;
      phone: string;
      productId: number;
      repeat: boolean;
    }
  | { kind: 'loan'; loan: Loan };

const CAMPAIGNS = [
  { utm: 'fb-payday', appFrom: 'facebook', userFrom: 'ads-payday', weight: 35 },
  { utm: 'google-search', appFrom: 'google', userFrom: 'search', weight: 25 },
  { utm: 'tiktok-creators', appFrom: 'tiktok', userFrom: 'creators', weight: 20 },
  { utm: null, appFrom: null, userFrom: null, weight: 20 },
] as const;

/** The campaigns (utm_tag) the history's borrowers signed up through. */
export const HISTORY_CAMPAIGNS = CAMPAIGNS.flatMap((campaign) => (campaign.utm ? [campaign.utm] : []));

const BEHAVIOURS: readonly (readonly [Behaviour, number])[] = [
  ['on-time', 60],
  ['late', 17],
  ['extends', 9],
  ['partial', 6],
  ['defaults', 8],
];

const OPERATORS = {
  credit: 'history-credit',
  finance: 'history-finance',
  admin: 'history-admin',
  compliance: 'history-compliance',
} as const;

/** The history's phone numbers: the n-th of a fixed prefix valid in the market (spec D5). */
export function historyPhone(market: Market, n: number): string {
  const length = phoneLength(market.phone);
  for (const prefix of ['1390', '0917', '98']) {
    const phone = `${prefix}${String(n).padStart(length - prefix.length, '0')}`;
    if (isValidPhone(phone, market)) return phone;
  }
  throw new HistoryRefused(`No phone numbers for the market ${market.id}.`);
}

/**
 * Throws HistoryRefused when a history cannot be made here: money adapters other than the sandbox,
 * or a history already made. Asked before anything is written (the command line asks before it
 * seeds the demo), and again by seedHistory itself.
 */
export async function refuseUnlessHistoryMayStart(deps: Pick<HistoryDeps, 'db' | 'config'>): Promise<void> {
  const { config } = deps;
  if (config.payments.provider !== 'sandbox' || config.payouts.provider !== 'sandbox') {
    throw new HistoryRefused(
      'seed:history moves money through the sandbox adapters only: set PAYMENT_PROVIDER and PAYOUT_PROVIDER to sandbox.',
    );
  }
  if (await findBorrowerByPhone(deps.db, historyPhone(config.market, 1))) {
    throw new HistoryRefused(
      'This database has a history already (its first borrower exists). Start from an empty data directory or database.',
    );
  }
}

export async function seedHistory(deps: HistoryDeps, options: HistoryOptions): Promise<HistorySummary> {
  const { config } = deps;
  await refuseUnlessHistoryMayStart(deps);
  const timeZone = config.lenderTimeZone;
  const random = mulberry32(options.seed);
  // The simulated clock's last instant: nothing is dated after it, so no row lies in the future.
  const end = options.until ?? new Date();
  let current = end;
  const clock: Clock = { now: () => current };
  const payouts = createPayoutGateway(config, clock);
  const paymentProvider = createPaymentProvider(config);
  const outside = { ...deps, clock, payouts, paymentProvider };
  // What the day's events run on: the day's transaction while a day is simulated (below).
  let use = outside;
  const to = calendarDateAt(current, timeZone);
  const from = addDays(to, -Math.round(options.months * 30.44));
  const days = daysBetween(from, to) + 1;

  const products = (await listProducts(deps.db)).filter((product) => product.clickable === 1);
  if (products.length === 0)
    throw new HistoryRefused('No open loan products: seed the demo first (SEED_DEMO).');
  const channels = paymentChannels(config).map((channel) => channel.id);

  // What predates the history (the demo's seeded orders) is booked first, so the check at the end
  // is the history's own: every entry of it was posted live by the use cases.
  current = zonedInstant(from, 0, timeZone);
  const rebuiltBefore = await rebuildLedger({ db: deps.db, config, payoutProvider: config.payouts.provider });
  const operators = {} as Record<keyof typeof OPERATORS, { id: number; name: string }>;
  for (const [role, name] of Object.entries(OPERATORS) as [keyof typeof OPERATORS, string][]) {
    const found = await findOperatorByName(deps.db, name);
    const id = found?.id ?? (await createOperator(deps.db, { name, role, now: current }));
    operators[role] = { id, name };
  }

  // Where identity is required, the ID photos every borrower shows (decision 0108).
  const idPhotos = config.identity.kyc === 'required' ? await plainPhotos() : null;

  // The agenda: events by day index, each at a minute of the day (processed in time order).
  const dayOf = (date: CalendarDate) => daysBetween(from, date);
  const agenda = new Map<number, { minute: number; event: Event }[]>();
  const schedule = (day: number, minute: number, event: Event) => {
    if (day >= days) return;
    const list = agenda.get(day) ?? [];
    // Never before the instant being simulated: the clock only moves forward.
    const now =
      day === dayOf(calendarDateAt(current, timeZone))
        ? currentMinute(current, addDays(from, day), timeZone)
        : 0;
    list.push({ minute: Math.min(24 * 60 - 1, Math.max(minute, now + 1)), event });
    agenda.set(day, list);
  };
  // Sign-ups grow through the year (a lender finding its feet): day weights rise linearly.
  for (let n = 1; n <= options.borrowers; n += 1) {
    const day = Math.min(days - 1, Math.floor(Math.sqrt(random()) * days));
    schedule(day, 8 * 60 + Math.floor(random() * 14 * 60), {
      kind: 'apply',
      borrowerId: null,
      phone: historyPhone(config.market, n),
    });
  }

  const counts = {
    paid: 0,
    held: 0,
    accepted: 0,
    extensions: 0,
    payoutsRefused: 0,
    borrowers: 0,
    writtenOff: 0,
  };

  const pay = async (loan: Loan, kind: 'repayment' | 'extension', share = 1) => {
    const started = await startPayment(use, {
      borrowerId: loan.borrowerId,
      orderId: loan.orderId,
      productId: loan.productId,
      kind,
      channelId: pick(random, channels),
    });
    const txnid = started.payUrl.match(/cashier\/([^?]+)/)?.[1];
    if (!txnid) throw new Error(`The sandbox pay URL names no payment: ${started.payUrl}`);
    // The cashier's signed postback, read and confirmed as the postback route does.
    const fields = sandboxPostback(config.payments.sandboxSecret, {
      txnid: decodeURIComponent(txnid),
      refNo: `H${started.payCode}`,
      status: 'S',
      amount: Math.round(started.amount * share),
    });
    if (!paymentProvider.verifyPostback(fields)) throw new Error('The sandbox postback does not verify.');
    const confirmed = await paymentProvider.confirmPostback(fields);
    if (!confirmed) throw new Error('The sandbox postback names no payment.');
    return postPayment(use, {
      provider: paymentProvider.name,
      txnid: confirmed.txnid,
      state: confirmed.state,
    });
  };

  const newLoan = (orderId: number, applicant: Applicant, productId: number): Loan => {
    const behaviour = weighted(random, BEHAVIOURS);
    return {
      orderId,
      borrowerId: applicant.borrowerId,
      phone: applicant.phone,
      productId,
      behaviour,
      extensionsLeft: behaviour === 'extends' ? 1 + Math.floor(random() * 2) : 0,
      paymentsLeft: behaviour === 'defaults' ? Math.floor(random() * 2) : Infinity,
      writeOffAfterDays: behaviour === 'defaults' && random() < 0.35 ? 100 + Math.floor(random() * 60) : null,
      heldPaymentId: null,
      halfPaidDue: null,
      lateDays: 2 + Math.floor(random() ** 2 * 50),
    };
  };

  /** One step of a disbursed loan on `today`: pays, extends, is written off, or waits. */
  const stepLoan = async (loan: Loan, today: CalendarDate, day: number) => {
    const account = await findOrderAccount(use.db, { orderId: loan.orderId });
    if (!account) return;
    const { order } = account;
    if (order.status === OrderStatus.Settled) {
      // Half of those who repaid come back for another loan within a month.
      if (random() < 0.5) {
        schedule(day + 3 + Math.floor(random() * 27), 9 * 60 + Math.floor(random() * 600), {
          kind: 'apply',
          borrowerId: loan.borrowerId,
          phone: loan.phone,
        });
      }
      return;
    }
    if (order.written_off_at !== null || order.due_date === null) return;
    const due = order.due_date;
    const later = (date: CalendarDate) =>
      schedule(Math.max(day + 1, dayOf(date)), 10 * 60, { kind: 'loan', loan });

    if (loan.heldPaymentId !== null) {
      // Finance accepts the short payment the day after it was held; the rest comes a few days later.
      await acceptHeldPayment(use, loan.heldPaymentId, `operator:${OPERATORS.finance}`);
      counts.accepted += 1;
      loan.heldPaymentId = null;
      return later(addDays(today, 3 + Math.floor(random() * 8)));
    }
    if (loan.paymentsLeft <= 0) {
      // A default: it stops paying, stays overdue, and some are written off months later.
      if (loan.writeOffAfterDays === null) return;
      const writeOffOn = addDays(due, loan.writeOffAfterDays);
      if (today < writeOffOn) return later(writeOffOn);
      await writeOffAudited(use, operators.admin, {
        orderId: loan.orderId,
        reason: 'No contact for months after collections; uncollectible.',
      });
      counts.writtenOff += 1;
      return;
    }
    const target =
      loan.behaviour === 'on-time'
        ? addDays(due, -Math.floor(random() * 3))
        : loan.behaviour === 'late' || loan.behaviour === 'defaults'
          ? addDays(due, loan.behaviour === 'late' ? loan.lateDays : 0)
          : loan.behaviour === 'extends'
            ? addDays(
                due,
                loan.extensionsLeft > 0 ? Math.floor(random() * 4) - 1 : 1 + Math.floor(random() * 5),
              )
            : due;
    if (today < target) return later(target);

    if (loan.behaviour === 'extends' && loan.extensionsLeft > 0) {
      loan.extensionsLeft -= 1;
      const paid = await pay(loan, 'extension').catch(refusedAsNull);
      if (paid?.outcome === 'posted') counts.extensions += 1;
      return later(addDays(today, 1));
    }
    if (loan.behaviour === 'partial' && loan.halfPaidDue !== due) {
      const held = await pay(loan, 'repayment', 0.5);
      loan.halfPaidDue = due;
      if (held.outcome === 'held' && held.payment) {
        counts.held += 1;
        loan.heldPaymentId = held.payment.id;
      }
      return later(addDays(today, 1));
    }
    const paid = await pay(loan, 'repayment');
    if (paid.outcome === 'posted') counts.paid += 1;
    loan.paymentsLeft -= 1;
    return later(addDays(today, 1));
  };

  const run = async (event: Event, today: CalendarDate, day: number) => {
    switch (event.kind) {
      case 'apply': {
        const repeat = event.borrowerId !== null;
        let borrowerId = event.borrowerId;
        if (borrowerId === null) {
          const campaign = weighted(
            random,
            CAMPAIGNS.map((one) => [one, one.weight] as const),
          );
          const visit = {
            phone: null,
            page_id: '1',
            utm_tag: campaign.utm,
            app_from: campaign.appFrom,
            user_from: campaign.userFrom,
            client_type: 'h5',
            page_type: 1,
            ip: '192.0.2.1',
            created_at: current.toISOString(),
          };
          await recordPromotionEvent(use.db, { kind: 'visit', ...visit });
          await recordPromotionEvent(use.db, { kind: 'click', ...visit, phone: event.phone });
          // The sign-up's code, as the landing page sends it: the funnel counts it before the registration.
          await recordSmsSend(
            use.db,
            {
              purpose: 'register',
              phone: event.phone,
              campaign: {
                utm_tag: campaign.utm ?? undefined,
                app_from: campaign.appFrom ?? undefined,
                user_from: campaign.userFrom ?? undefined,
              },
              deviceId: `history-${event.phone}`,
              ip: '192.0.2.1',
              gateway: 'outbox',
              providerMessageId: null,
            },
            current,
          );
          const registered = await registerBorrower(
            use.db,
            {
              phone: event.phone,
              userName: event.phone,
              merchantNumber: 0,
              templateId: '1',
              utmTag: campaign.utm,
              appFrom: campaign.appFrom,
              userFrom: campaign.userFrom,
              inviteCode: null,
              appName: config.configuredBrand.look.name,
              deviceId: `history-${event.phone}`,
              ip: '192.0.2.1',
            },
            current,
          );
          if (registered.status !== 'registered') return;
          await setBorrowerName(use.db, registered.borrowerId, demoBorrowerName(counts.borrowers));
          if (idPhotos) {
            await verifyByPassport(
              use,
              operators.compliance,
              registered.borrowerId,
              counts.borrowers,
              idPhotos,
            );
          }
          counts.borrowers += 1;
          borrowerId = registered.borrowerId;
          // Some sign up and never borrow.
          if (random() < 0.08) return;
        }
        const borrower = await findBorrower(use.db, borrowerId);
        if (!borrower) throw new Error(`No borrower ${borrowerId}.`);
        const product = pick(random, products);
        const steps = Math.max(1, Math.floor((product.max_amount - product.min_amount) / 100_000));
        const amount = product.min_amount + Math.floor(random() ** 1.6 * steps) * 100_000;
        const order = await createOrder(use, borrower, {
          productId: product.id,
          amount,
          periods: product.periods,
          requestId: `history-${borrower.id}-${day}`,
        });
        if (!repeat) {
          // The payout account, bound while applying; a few are closed accounts the payout refuses.
          const refused = random() < 0.03;
          await bindAccount(use, borrower.id, {
            productId: product.id,
            cardType: 1,
            channel: '90006',
            institutionCode: 'BDO',
            institutionName: 'BDO Unibank',
            holderName: `Borrower ${borrower.id}`,
            accountNumber: `62220${String(borrower.id).padStart(7, '0')}${refused ? SANDBOX_FAILING_ACCOUNT_SUFFIX : '1234'}`,
          });
        }
        // The credit operator decides within hours, or the next morning after 20:00.
        const decideAt = currentMinute(current, today, timeZone) + 30 + Math.floor(random() * 300);
        schedule(
          decideAt > 20 * 60 ? day + 1 : day,
          decideAt > 20 * 60 ? 9 * 60 + Math.floor(random() * 120) : decideAt,
          {
            kind: 'decide',
            orderId: order.orderId,
            borrowerId: borrower.id,
            phone: event.phone,
            productId: product.id,
            repeat,
          },
        );
        return;
      }
      case 'decide': {
        // The credit operator's decision in the console (audited like the console's own).
        const approve = random() < (event.repeat ? 0.95 : 0.84);
        await audited(use, operators.credit, async (trx) => {
          const within = { ...use, db: trx };
          const actor = `operator:${OPERATORS.credit}`;
          const order = approve
            ? await approveOrder(within, event.orderId, actor)
            : await rejectOrder(within, event.orderId, actor, 'Income could not be verified.');
          return {
            result: order,
            audit: {
              action: approve ? 'order.approve' : 'order.reject',
              subject: `order:${order.id}`,
              before: { status: OrderStatus.UnderReview },
              after: { status: order.status },
            },
          };
        });
        if (approve) schedule(day, 11 * 60 + Math.floor(random() * 300), { ...event, kind: 'disburse' });
        return;
      }
      case 'disburse': {
        const product = products.find((one) => one.id === event.productId)!;
        if (product.withdraw_confirm_url !== '')
          await confirmWithdrawal(use, event.borrowerId, event.orderId);
        let disbursed;
        try {
          disbursed = await disburseOrder(use, event.orderId, `operator:${OPERATORS.finance}`);
        } catch (error) {
          if (!(error instanceof PayoutFailed)) throw error;
          // The closed account: the borrower binds another one and finance pays again next day.
          counts.payoutsRefused += 1;
          await bindAccount(use, event.borrowerId, {
            productId: event.productId,
            cardType: 1,
            channel: '90006',
            institutionCode: 'BPI',
            institutionName: 'Bank of the Philippine Islands',
            holderName: `Borrower ${event.borrowerId}`,
            accountNumber: `33${String(event.borrowerId).padStart(8, '0')}5678`,
          });
          schedule(day + 1, 10 * 60, event);
          return;
        }
        const loan = newLoan(event.orderId, event, event.productId);
        schedule(Math.max(day + 1, dayOf(addDays(disbursed.due_date!, -3))), 10 * 60, {
          kind: 'loan',
          loan,
        });
        return;
      }
      case 'loan':
        return stepLoan(event.loan, today, day);
    }
  };

  /** The daily job, then the day's events in time order, up to the end. */
  const simulate = async (day: number, today: CalendarDate) => {
    await advanceOrdersByDate(use, current);
    // Events scheduled for later today by today's own events join the queue; on the last day
    // those after the end have not happened yet, and the clock stops there.
    for (let events = agenda.get(day); events && events.length > 0; events = agenda.get(day)) {
      events.sort((a, b) => a.minute - b.minute);
      const { minute, event } = events.shift()!;
      const at = zonedInstant(today, minute, timeZone);
      if (at > end) break;
      current = at;
      await run(event, today, day);
    }
  };

  for (let day = 0; day < days; day += 1) {
    const today = addDays(from, day);
    // The daily job first, at half past midnight, as the scheduler runs it.
    current = zonedInstant(today, 30, timeZone);
    if (current > end) break;
    // A simulated day is one transaction: its use cases, each written to run in its own, run in
    // the day's instead (inTransaction composes), so a day costs two round trips of BEGIN and
    // COMMIT where each use case cost two (decision 0099: each statement is a round trip on
    // PostgreSQL). A failure rolls the day back and ends the history, as it ended it before.
    await inTransaction(deps.db, async (trx) => {
      use = { ...outside, db: trx };
      try {
        await simulate(day, today);
      } finally {
        use = outside;
      }
    });
    agenda.delete(day);
    options.onDay?.(today, day, days);
  }

  current = end;
  const check = emptyRebuildReport();
  await checkLedger({ db: deps.db, config, payoutProvider: config.payouts.provider }, check);
  return {
    from,
    to,
    borrowers: counts.borrowers,
    orders: Object.fromEntries(
      (await orderCounts(deps.db, to)).byStatus.map(({ status, count }) => [String(status), count]),
    ),
    writtenOff: counts.writtenOff,
    payments: {
      paid: counts.paid,
      held: counts.held,
      accepted: counts.accepted,
      extensions: counts.extensions,
    },
    payoutsRefused: counts.payoutsRefused,
    rebuiltBefore,
    check,
    journalEntries: await journalEntryCount(deps.db),
  };
}

/** An extension the order no longer allows (a cap, a status) is simply not taken. */
const refusedAsNull = (error: unknown) => {
  if (error instanceof Refusal) return null;
  throw error;
};

/** Minutes past midnight of `instant` on `today` (the lender's). */
function currentMinute(instant: Date, today: CalendarDate, timeZone: string): number {
  return Math.round((instant.getTime() - zonedInstant(today, 0, timeZone).getTime()) / 60_000);
}

function pick<T>(random: Random, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return choices[choices.length - 1]![0];
}

/** Three plain photos (front, back, selfie) in place of a borrower's: the image intake takes them as any. */
function plainPhotos(): Promise<Buffer[]> {
  return Promise.all(
    ['#dfe7ee', '#c9d3dc', '#b08d74'].map((background) =>
      sharp({ create: { width: 320, height: 200, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

/**
 * Where identity is required (decision 0108), a new borrower shows a passport while applying and a
 * compliance officer checks it, as at a lender, so the history's loans can be paid out. The
 * borrower's name is the one setBorrowerName gave (the n-th demo name).
 */
async function verifyByPassport(
  use: HistoryDeps & { clock: Clock },
  officer: { id: number; name: string },
  borrowerId: number,
  n: number,
  photos: Buffer[],
): Promise<void> {
  const { given, surname } = demoBorrowerNameParts(n);
  const now = use.clock.now();
  const [front, back, selfie] = await Promise.all(
    photos.map((bytes) => storeIdentityImage(use, { borrowerId, bytes, now })),
  );
  const address = '12 Mabini St., Barangay San Roque, Quezon City, Metro Manila';
  await submitIdentity(use, borrowerId, {
    firstName: given,
    middleName: '',
    lastName: surname,
    sex: n % 2 === 0 ? 'F' : 'M',
    dateOfBirth: `19${70 + (n % 30)}-0${1 + (n % 9)}-1${n % 10}`,
    placeOfBirth: 'Quezon City',
    nationality: 'Filipino',
    presentAddress: address,
    permanentAddress: address,
    email: `borrower${n}@example.ph`,
    occupation: 'Store supervisor',
    employer: 'Example Retail Inc.',
    sourceOfFunds: 'salary',
    taxNumber: null,
    documentType: 'passport',
    documentNumber: `P${String(n).padStart(7, '0')}A`,
    frontImageId: front!,
    backImageId: back!,
    selfieImageId: selfie!,
  });
  await decideIdentity(use, officer, {
    borrowerId,
    decision: 'approve',
    reason: 'Passport and selfie checked against the applicant',
  });
}
