import { startFakeHttpServer, type FakeRequest } from './fake-http-server.ts';

export const MERCHANT = 'KWARTA';
export const SECRET = 'dragonpay-test-password';

export interface FakeTxn {
  refNo: string;
  amount: string;
  procId: string;
  status: string;
  /** What the status query answers as Amount instead of the number (a test of odd answers). */
  amountAnswer?: unknown;
}

/**
 * A stand-in for Dragonpay's Collect API on loopback, speaking its protocol: Basic auth,
 * POST /{txnid}/post → { RefNo, Status, Message, Url }, GET /txnid/{txnid} → the transaction.
 * A test sets what the status query answers.
 */
export async function startFakeDragonpay() {
  const txns = new Map<string, FakeTxn>();
  const statusQueries: string[] = [];
  /** Every request received, in order. */
  const received: FakeRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${MERCHANT}:${SECRET}`).toString('base64')}`;
  const server = await startFakeHttpServer((request) => {
    received.push(request);
    if (request.authorization !== expectedAuth) return { status: 401, json: { Message: 'Unauthorized' } };
    const create = /^\/api\/collect\/v1\/([^/]+)\/post$/.exec(request.path);
    if (request.method === 'POST' && create) {
      const txnid = decodeURIComponent(create[1]!);
      const input = JSON.parse(request.body) as { Amount: string; ProcId: string; Currency: string };
      const refNo = `REF${txns.size + 1}`;
      txns.set(txnid, { refNo, amount: input.Amount, procId: input.ProcId, status: 'P' });
      return {
        status: 200,
        json: {
          RefNo: refNo,
          Status: 'S',
          Message: '',
          Url: `https://test.dragonpay.ph/Pay.aspx?tokenid=${refNo}&procid=${input.ProcId}`,
        },
      };
    }
    const query = /^\/api\/collect\/v1\/txnid\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && query) {
      const txnid = decodeURIComponent(query[1]!);
      statusQueries.push(txnid);
      const txn = txns.get(txnid);
      if (!txn) return { status: 404, json: { Message: 'Not found' } };
      return {
        status: 200,
        json: {
          RefNo: txn.refNo,
          TxnId: txnid,
          Amount: 'amountAnswer' in txn ? txn.amountAnswer : Number(txn.amount),
          Currency: 'PHP',
          Status: txn.status,
          ProcId: txn.procId,
        },
      };
    }
    return { status: 404, json: {} };
  });
  return {
    apiUrl: `${server.origin}/api/collect/v1`,
    txns,
    statusQueries,
    received,
    close: server.close,
  };
}

/** The settings that point the app's Collect adapter at a fake Dragonpay. */
export function dragonpayEnv(fake: { apiUrl: string }): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'dragonpay',
    DRAGONPAY_MERCHANT_ID: MERCHANT,
    DRAGONPAY_SECRET: SECRET,
    DRAGONPAY_API_URL: fake.apiUrl,
  };
}
