import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  const expectedAuth = `Basic ${Buffer.from(`${MERCHANT}:${SECRET}`).toString('base64')}`;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const send = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (request.headers.authorization !== expectedAuth) return send(401, { Message: 'Unauthorized' });
      const url = new URL(request.url ?? '/', 'http://fake');
      const create = /^\/api\/collect\/v1\/([^/]+)\/post$/.exec(url.pathname);
      if (request.method === 'POST' && create) {
        const txnid = decodeURIComponent(create[1]!);
        const input = JSON.parse(body) as { Amount: string; ProcId: string; Currency: string };
        const refNo = `REF${txns.size + 1}`;
        txns.set(txnid, { refNo, amount: input.Amount, procId: input.ProcId, status: 'P' });
        return send(200, {
          RefNo: refNo,
          Status: 'S',
          Message: '',
          Url: `https://test.dragonpay.ph/Pay.aspx?tokenid=${refNo}&procid=${input.ProcId}`,
        });
      }
      const query = /^\/api\/collect\/v1\/txnid\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && query) {
        const txnid = decodeURIComponent(query[1]!);
        statusQueries.push(txnid);
        const txn = txns.get(txnid);
        if (!txn) return send(404, { Message: 'Not found' });
        return send(200, {
          RefNo: txn.refNo,
          TxnId: txnid,
          Amount: 'amountAnswer' in txn ? txn.amountAnswer : Number(txn.amount),
          Currency: 'PHP',
          Status: txn.status,
          ProcId: txn.procId,
        });
      }
      send(404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/collect/v1`,
    txns,
    statusQueries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
