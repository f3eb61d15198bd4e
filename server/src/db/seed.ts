import type { Kysely } from 'kysely';
import {
  OrderStatus,
  addDays,
  calendarDateAt,
  applyBps,
  isOpenStatus,
  buildRepaymentSchedule,
  type LoanRules,
} from '@kwarta/domain';
import type { BrandLook, MarketId } from '@kwarta/contract';
import type { Borrower, Database, NewProduct } from './schema.ts';
import { demoBorrowerName } from './demo-names.ts';
import { putSetting } from './settings-repository.ts';

/**
 * Demo data for development and sandbox (D14): one borrower with an order in every status of
 * spec §4, and a handful of products. Idempotent: it does nothing when the demo borrower exists.
 * Never runs in production (config.seedDemo). The orders are written here as applied and
 * decided; every money event of their story (payouts, repayments, penalties, held payments) is
 * then made by features/test-preview/demo-money.ts through the use cases real money goes
 * through, so the ledger holds the demo as it holds real loans (decision 0099).
 */
/**
 * The demo borrower's phone in each market, valid under its phone rule (D5) so a tester can sign
 * in with it: a Philippine mobile number by default, the spec's `139…` in `MARKET=spec`.
 */
export const DEMO_PHONES: Record<MarketId, string> = {
  PH: '09171234567',
  spec: '13912345678',
  IN: '9812345678',
};

export const DEMO_DEVICE = {
  appVersion: '1.0.0',
  deviceName: 'Pixel 7',
  deviceId: 'demo-device-0001',
  osVersion: 'Android 14',
  adId: 'demo-ad-0001',
} as const;

/**
 * The demo partner's pages (Kwarta Max): recommended-product taps and withdrawal confirmation.
 * Pages of our own developer routes (features/test-preview), not an outside address: that was an
 * error page in the demo.
 */
export const DEMO_PARTNER_LINK = '/dev/partner/max';
export const DEMO_WITHDRAW_URL = '/dev/partner/withdraw-confirmation';

/** What of the brand the demo's rows carry. */
export type DemoBrand = Pick<BrandLook, 'name' | 'urlScheme'>;

/** The demo products; each is named after the brand at seeding (`Kwarta Flex`, `Bayanihan Cash Flex`). */
const DEMO_PRODUCTS: Omit<NewProduct, 'loan_rules' | 'created_at'>[] = [
  {
    name: 'Flex',
    logo_url: '/brand/product-flex.svg',
    min_amount: 200_000,
    max_amount: 2_000_000,
    term_days: 91,
    periods: 3,
    term_rate_bps: 1_500,
    rate_description: 'From 0.16% per day',
    description: 'Fast cash for everyday needs',
    button_text: 'Apply',
    clickable: 1,
    sort_order: 1,
    // Due and overdue orders of this product may be rolled over (the order page's isDelay).
    extension_enabled: 1,
  },
  {
    name: 'Plus',
    logo_url: '/brand/product-plus.svg',
    min_amount: 500_000,
    max_amount: 5_000_000,
    term_days: 180,
    periods: 6,
    term_rate_bps: 2_700,
    rate_description: 'From 0.15% per day',
    description: 'Bigger amounts, longer terms',
    button_text: 'Apply',
    clickable: 1,
    sort_order: 2,
    withdraw_confirm_text:
      'Your loan is approved. Please keep your phone on: we call you to confirm the withdrawal before we send the money.',
  },
  {
    name: 'Max',
    logo_url: '/brand/product-max.svg',
    min_amount: 1_000_000,
    max_amount: 10_000_000,
    term_days: 365,
    periods: 12,
    term_rate_bps: 4_400,
    rate_description: 'From 0.12% per day',
    description: 'For repeat clients in good standing',
    button_text: 'Apply',
    clickable: 1,
    sort_order: 3,
    // A partner's product: its page and its withdrawal confirmation are on the partner's site.
    link_url: DEMO_PARTNER_LINK,
    withdraw_confirm_url: DEMO_WITHDRAW_URL,
  },
  {
    name: 'Starter',
    logo_url: '/brand/product-starter.svg',
    min_amount: 100_000,
    max_amount: 1_000_000,
    term_days: 120,
    periods: 4,
    term_rate_bps: 2_000,
    rate_description: 'From 0.17% per day',
    description: 'Your first loan with us',
    button_text: 'Apply',
    clickable: 1,
    sort_order: 4,
  },
  {
    name: 'Biz',
    logo_url: '/brand/product-biz.svg',
    min_amount: 2_000_000,
    max_amount: 20_000_000,
    term_days: 270,
    periods: 9,
    term_rate_bps: 3_600,
    rate_description: 'From 0.13% per day',
    description: 'Working capital for sari-sari stores',
    button_text: 'Coming soon',
    clickable: 0,
    sort_order: 5,
  },
];

export interface DemoOrder {
  /** The status its story leaves it in today (a disbursed order's comes from its money events). */
  status: OrderStatus;
  productIndex: number;
  principal: number;
  /** Days between disbursement and today; null for orders never disbursed. */
  disbursedDaysAgo: number | null;
  /** Instalments repaid, oldest first, each the day before it falls due; 'all' for a settled order. */
  paidLines: number | 'all';
  collectionComplaintsAllowed: boolean;
  /** A payout to the demo account was refused: the page asks to bind another (cardNeedPop). */
  payoutFailed?: boolean;
  /** A payment on it the provider reported with another amount, held for review. */
  heldPayment?: boolean;
  /** Finance has offered a new plan for what it owes, waiting for the borrower (decision 0110). */
  newPlanOffered?: boolean;
  /** Written off by the write-off use case once its money is booked (seedDemoMoney, decision 0103). */
  writtenOff?: boolean;
}

// Dates are relative to "now" so the demo keeps telling the same story whenever it is seeded.
const DEMO_ORDERS: DemoOrder[] = [
  // First, so it is order 1 of a fresh database: approved, its payout refused once, so its page
  // shows the rebind dialog; `npm run order -- disburse --order 1` pays the demo account.
  {
    status: OrderStatus.Approved,
    productIndex: 0,
    principal: 900_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
    payoutFailed: true,
  },
  {
    status: OrderStatus.UnderReview,
    productIndex: 0,
    principal: 500_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
  },
  {
    status: OrderStatus.Rejected,
    productIndex: 3,
    principal: 300_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
  },
  {
    status: OrderStatus.Approved,
    productIndex: 1,
    principal: 1_000_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
  },
  {
    status: OrderStatus.Repaying,
    productIndex: 0,
    principal: 800_000,
    disbursedDaysAgo: 20,
    paidLines: 0,
    collectionComplaintsAllowed: true,
    heldPayment: true,
  },
  {
    status: OrderStatus.Due,
    productIndex: 3,
    principal: 400_000,
    disbursedDaysAgo: 118,
    paidLines: 3,
    collectionComplaintsAllowed: true,
  },
  {
    status: OrderStatus.Overdue,
    productIndex: 0,
    principal: 600_000,
    disbursedDaysAgo: 100,
    paidLines: 2,
    collectionComplaintsAllowed: true,
    newPlanOffered: true,
  },
  {
    status: OrderStatus.Settled,
    productIndex: 1,
    principal: 1_500_000,
    disbursedDaysAgo: 200,
    paidLines: 'all',
    collectionComplaintsAllowed: false,
  },
  // Further states of the order page: due with a rollover offered (Flex allows extensions), an
  // approved partner order whose withdrawal is confirmed on the partner's page, and an approved
  // order whose disbursement failed.
  {
    status: OrderStatus.Due,
    productIndex: 0,
    principal: 700_000,
    disbursedDaysAgo: 89,
    paidLines: 2,
    collectionComplaintsAllowed: true,
  },
  {
    status: OrderStatus.Approved,
    productIndex: 2,
    principal: 2_000_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
  },
  {
    status: OrderStatus.Approved,
    productIndex: 3,
    principal: 250_000,
    disbursedDaysAgo: null,
    paidLines: 0,
    collectionComplaintsAllowed: false,
  },
  // Overdue for months, one instalment paid, then written off (190): every screen says so.
  {
    status: OrderStatus.Overdue,
    productIndex: 0,
    principal: 500_000,
    disbursedDaysAgo: 200,
    paidLines: 1,
    collectionComplaintsAllowed: true,
    writtenOff: true,
  },
];

const DEMO_COMPLAINTS: {
  orderIndex: number;
  problemType: number;
  problemSonType?: number;
  filedDaysAgo: number;
  content: string;
  reply: string | null;
}[] = [
  {
    orderIndex: 5,
    problemType: 2,
    filedDaysAgo: 1,
    content: 'I paid through GCash yesterday but the app still shows the amount as due.',
    reply: null,
  },
  {
    orderIndex: 4,
    problemType: 4,
    filedDaysAgo: 6,
    content: 'The app logs me out every time I switch to another app.',
    reply:
      'Thank you for reporting this. The fix is in the app update released today; please update from the store.',
  },
  // Open for longer than the 3 weekdays the page promises (spec §2): overdue in the console.
  {
    orderIndex: 6,
    problemType: 1,
    problemSonType: 5,
    filedDaysAgo: 8,
    content: 'A collector called my employer about my loan. Please stop contacting my workplace.',
    reply: null,
  },
];

export async function findDemoBorrower(
  db: Kysely<Database>,
): Promise<{ borrower: Borrower; productId: number; orderId: number } | null> {
  const borrower = await db
    .selectFrom('borrowers')
    .selectAll()
    // Any market's: a data directory seeded under one market keeps its demo when started under
    // another (the boot then says whether its products fit the new market's caps).
    .where('phone', 'in', Object.values(DEMO_PHONES))
    .executeTakeFirst();
  if (!borrower) return null;
  // The order a tester most often wants: the one being repaid.
  const order = await db
    .selectFrom('orders')
    .select(['id', 'product_id'])
    .where('borrower_id', '=', borrower.id)
    .where('status', '=', OrderStatus.Repaying)
    .executeTakeFirst();
  if (!order) return null;
  return { borrower, productId: order.product_id, orderId: order.id };
}

/** The demo borrower, whatever state the demo's money is in (seedDemoMoney's starting point). */
export async function findDemoBorrowerRow(db: Kysely<Database>): Promise<Borrower | null> {
  return (
    (await db
      .selectFrom('borrowers')
      .selectAll()
      // Any market's, as findDemoBorrower.
      .where('phone', 'in', Object.values(DEMO_PHONES))
      .executeTakeFirst()) ?? null
  );
}

/**
 * The demo borrower's orders with the story DEMO_ORDERS tells of each, for demo-money.ts, which
 * makes their money events. Orders are matched to DEMO_ORDERS by their order of creation.
 */
export async function findDemoOrders(
  db: Kysely<Database>,
  borrowerId: number,
): Promise<{ orderId: number; demo: DemoOrder }[]> {
  const orders = await db
    .selectFrom('orders')
    .select('id')
    .where('borrower_id', '=', borrowerId)
    .orderBy('id')
    .execute();
  return DEMO_ORDERS.flatMap((demo, index) => {
    const orderId = orders[index]?.id;
    return orderId === undefined ? [] : [{ orderId, demo }];
  });
}

/**
 * `rules`: the lender-wide loan rules (config.loanRules), which the demo products carry (under
 * the PH market's compliance profile, rules written from its caps, so the demo is lawful);
 * `market`: whose demo phone the borrower gets; `brand`: the configured brand, whose name the
 * products and registrations carry and whose URL scheme is the campaigns' app, so a second brand's
 * demo never says Kwarta (decision 0096). What moves money or seals an account number is seeded
 * by the features that own it, afterwards (features/test-preview/demo-money.ts): this layer writes
 * plain rows only, so an order to be disbursed is written approved (151), unpaid, and its payout
 * makes it a loan.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  now: Date,
  rules: LoanRules,
  market: MarketId,
  brand: DemoBrand,
): Promise<void> {
  if (await findDemoBorrowerRow(db)) return;
  const today = calendarDateAt(now, 'UTC');
  const at = now.toISOString();

  await db.transaction().execute(async (trx) => {
    const productIds: number[] = [];
    for (const product of DEMO_PRODUCTS) {
      const row = await trx
        .insertInto('products')
        .values({
          ...product,
          name: `${brand.name} ${product.name}`,
          loan_rules: JSON.stringify(rules),
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      productIds.push(row.id);
    }

    const borrower = await trx
      .insertInto('borrowers')
      .values({
        phone: DEMO_PHONES[market],
        full_name: 'Juan Dela Cruz',
        is_repeat_client: 1,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const orderIds: number[] = [];
    for (const [index, demo] of DEMO_ORDERS.entries()) {
      const product = DEMO_PRODUCTS[demo.productIndex]!;
      const productId = productIds[demo.productIndex]!;
      const disbursedOn = demo.disbursedDaysAgo === null ? null : addDays(today, -demo.disbursedDaysAgo);
      const schedule = buildRepaymentSchedule({
        principalMinor: demo.principal,
        interestMinor: applyBps(demo.principal, product.term_rate_bps),
        periods: product.periods,
        // Orders not yet disbursed show the plan they would have if disbursed today.
        disbursedOn: disbursedOn ?? today,
        termDays: product.term_days,
        rules,
      });
      // Disbursed orders start as approved, as an operator leaves them: the payout, the
      // repayments and the daily job then tell the rest (demo-money.ts).
      const status = disbursedOn === null ? demo.status : OrderStatus.Approved;
      const appliedAt = new Date(
        now.getTime() - ((demo.disbursedDaysAgo ?? 0) + 1) * 86_400_000,
      ).toISOString();
      const order = await trx
        .insertInto('orders')
        .values({
          order_no: `KW${today.replaceAll('-', '')}${String(index + 1).padStart(4, '0')}`,
          borrower_id: borrower.id,
          product_id: productId,
          status,
          principal: demo.principal,
          total_due: schedule.total,
          paid_amount: 0,
          term_days: product.term_days,
          periods: product.periods,
          collection_complaints_allowed: demo.collectionComplaintsAllowed ? 1 : 0,
          applied_at: appliedAt,
          disbursed_on: null,
          due_date: null,
          settled_at: null,
          created_at: appliedAt,
          updated_at: appliedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      orderIds.push(order.id);
      await trx
        .insertInto('order_plan_lines')
        .values(
          schedule.lines.map((line) => ({
            order_id: order.id,
            seq: line.period,
            due_date: line.dueDate,
            principal: line.principal,
            interest: line.interest,
            amount: line.amount,
            paid_amount: 0,
            interest_paid: 0,
            principal_paid: 0,
          })),
        )
        .execute();
      await trx
        .insertInto('order_status_history')
        .values({
          order_id: order.id,
          from_status: null,
          to_status: status,
          actor: 'system:demo-seed',
          reason: 'demo data',
          created_at: appliedAt,
        })
        .execute();
    }

    // The demo borrower's open order (the latest one still open) holds their one-open-order place.
    // (The written-off loan is open too, but the place stays with the loan the demo repays.)
    const openIndex = DEMO_ORDERS.findLastIndex((demo) => isOpenStatus(demo.status) && !demo.writtenOff);
    if (openIndex >= 0) {
      await trx
        .insertInto('borrower_open_orders')
        .values({ borrower_id: borrower.id, order_id: orderIds[openIndex]! })
        .execute();
    }

    // Complaints, so /complaintList, /complainDetails and the console's queue have something to
    // show: one waiting for an agent, one answered and waiting for the borrower's rating, one
    // open past the 3 weekdays promised.
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    await trx
      .insertInto('problems')
      .values(
        DEMO_COMPLAINTS.map((complaint) => ({
          borrower_id: borrower.id,
          order_id: orderIds[complaint.orderIndex] ?? null,
          problem_type: complaint.problemType,
          problem_son_type: complaint.problemSonType ?? 0,
          content: complaint.content,
          request_id: null,
          reply_text: complaint.reply,
          replied_by: complaint.reply ? 'agent:demo-seed' : null,
          replied_at: complaint.reply ? daysAgo(complaint.filedDaysAgo - 1) : null,
          score_requested: complaint.reply ? 1 : 0,
          score: null,
          scored_at: null,
          created_at: daysAgo(complaint.filedDaysAgo),
          updated_at: daysAgo(complaint.filedDaysAgo),
        })),
      )
      .execute();

    await seedPromotionActivity(trx, now, brand);
    await putSetting(trx, 'demo.seededAt', at, now);
  });
}

// The demo's promotion traffic, so the console's funnel is not empty: plain rows, as the
// promotion and SMS features record them.

/** Campaigns of the demo funnel (utm_tag · user_from; app_from is the brand's app), with their weekly traffic. */
export const DEMO_CAMPAIGNS = [
  {
    utmTag: 'fb-payday',
    userFrom: 'facebook',
    visits: 60,
    clicks: 24,
    sms: 12,
    registered: 3,
  },
  {
    utmTag: 'tiktok-cash',
    userFrom: 'tiktok',
    visits: 40,
    clicks: 12,
    sms: 6,
    registered: 2,
  },
  { utmTag: 'sms-repeat', userFrom: 'sms', visits: 20, clicks: 10, sms: 6, registered: 1 },
] as const;

export const DEMO_CAMPAIGN_WEEKS = 4;

/**
 * Some weeks of landing-page traffic per campaign, at every stage of the console's funnel
 * (visit, click, SMS sent, registration), spread over each week. Registered visitors are
 * borrowers of their own (phones 1300000xxxx, which no test or real market uses).
 */
export async function seedPromotionActivity(
  trx: Kysely<Database>,
  now: Date,
  brand: DemoBrand,
): Promise<void> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  let visitor = 0;
  for (const campaign of DEMO_CAMPAIGNS) {
    const source = { utm_tag: campaign.utmTag, app_from: brand.urlScheme, user_from: campaign.userFrom };
    for (let week = 0; week < DEMO_CAMPAIGN_WEEKS; week += 1) {
      // The n-th of `count` events of this week, spread evenly over its 168 hours.
      const within = (n: number, count: number) => hoursAgo(week * 168 + 1 + Math.floor((n * 167) / count));
      const event = (kind: 'visit' | 'click', n: number, count: number) => ({
        ...source,
        kind,
        page_id: '1',
        client_type: n % 3 === 0 ? 'ios' : 'android',
        page_type: 1,
        phone: null,
        ip: null,
        created_at: within(n, count),
      });
      const visits = Array.from({ length: campaign.visits }, (_, n) => event('visit', n, campaign.visits));
      const clicks = Array.from({ length: campaign.clicks }, (_, n) => event('click', n, campaign.clicks));
      await trx
        .insertInto('promotion_events')
        .values([...visits, ...clicks])
        .execute();

      const phones = Array.from({ length: campaign.sms }, () => {
        visitor += 1;
        return `1300000${String(visitor).padStart(4, '0')}`;
      });
      await trx
        .insertInto('sms_sends')
        .values(
          phones.map((phone, n) => ({
            ...source,
            purpose: 'register' as const,
            phone,
            device_id: null,
            ip: null,
            gateway: 'outbox',
            created_at: within(n, phones.length),
          })),
        )
        .execute();
      for (const [n, phone] of phones.slice(0, campaign.registered).entries()) {
        const at = within(n, phones.length);
        const borrower = await trx
          .insertInto('borrowers')
          .values({
            phone,
            full_name: demoBorrowerName(visitor - phones.length + n),
            is_repeat_client: 0,
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('registrations')
          .values({
            ...source,
            borrower_id: borrower.id,
            template_id: '1',
            invite_code: null,
            user_name: phone,
            merchant_number: 0,
            app_name: brand.name,
            device_id: null,
            ip: null,
            created_at: at,
          })
          .execute();
      }
    }
  }
}
