import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConnections, runLoad, type LoadRequest } from '../bench/load.ts';

/**
 * A keep-alive HTTP server that answers every request, except that it closes one connection
 * unanswered as a request arrives on it: `closeOn` says which (its number, 1-based, and which of
 * its requests). nginx does this to its idle client connections when it reloads. Records every
 * request line it read, to count how often each was sent.
 */
async function closingServer(closeOn: { connection: number; request: number }) {
  const seen: string[] = [];
  let connections = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    const number = connections;
    let requests = 0;
    let buffered = '';
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      let end: number;
      while ((end = buffered.indexOf('\r\n\r\n')) !== -1) {
        const head = buffered.slice(0, end);
        buffered = buffered.slice(end + 4);
        requests += 1;
        if (number === closeOn.connection && requests === closeOn.request) {
          socket.destroy();
          return;
        }
        seen.push(head.split('\r\n')[0]!);
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}

describe('the load generator (scripts/bench/load.ts)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('sends a request again when the kept-alive connection it was handed is closed under it, also when it waited for that connection', async () => {
    // Two loops share one connection: the second request waits in the agent's queue and is
    // handed the connection as the first one's answer frees it; the server (a proxy reloading)
    // closes it as that request arrives, unread. It never reached an application: it is sent
    // again on a new connection and answered, and nothing fails.
    const server = await closingServer({ connection: 1, request: 2 });
    cleanups.push(server.close);
    const agent = loadConnections(1);
    cleanups.push(async () => agent.destroy());
    let turn = 0;
    const next = (): LoadRequest => ({ label: 'read', url: `/request/${(turn += 1)}` });
    const result = await runLoad({ url: server.url, next, agent, connections: 2, durationMs: 200 });
    expect(result.errors).toBe(0);
    expect(result.resent).toBe(1);
    expect(result.statuses).toEqual({ 200: result.requests });
    // The one closed under it was answered once, on the new connection.
    expect(server.seen.filter((line) => line.startsWith('GET /request/2 ')).length).toBe(1);
  });

  it('never sends again a request whose new connection was closed unanswered (it may have been read)', async () => {
    const server = await closingServer({ connection: 1, request: 1 });
    cleanups.push(server.close);
    const answers: string[] = [];
    let turn = 0;
    const next = (): LoadRequest => ({ label: 'write', url: `/request/${(turn += 1)}`, method: 'POST' });
    const result = await runLoad({
      url: server.url,
      next,
      connections: 1,
      durationMs: 200,
      onAnswer: (request, answer) =>
        answers.push(`${request.url} ${'error' in answer ? 'failed' : answer.status}`),
    });
    expect(result.errors).toBe(1);
    expect(result.resent).toBe(0);
    expect(answers[0]).toBe('/request/1 failed');
    expect(answers.slice(1).every((answer) => answer.endsWith(' 200'))).toBe(true);
  });
});
