/**
 * The raw HTTP the door tests speak (tests/security/front-door.test.ts, door-bodies.test.ts): a
 * server on a free loopback port, and one request written as it is, with node:http (fetch resolves
 * `..` before sending and will not send a Host of the caller's choosing), from any loopback
 * address (127.0.0.0/8 is all this machine: each address is a client to the door).
 */
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Listens on a free port of 127.0.0.1; resolves with it. */
export async function listen(server: Server): Promise<number> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return (server.address() as AddressInfo).port;
}

/** Closes a server and every connection it holds. */
export function close(server: Server | undefined): Promise<void> {
  if (!server?.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** From sending to the end of the answer. */
  ms: number;
}

export interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The local address to send from. */
  from?: string;
  deadlineMs?: number;
}

/** One request on a connection of its own; fails if no answer comes within `deadlineMs` (a hang). */
export function send(
  port: number,
  { method = 'GET', path, headers = {}, body, from, deadlineMs = 10_000 }: Sent,
): Promise<Reply> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers,
        agent: false,
        ...(from ? { localAddress: from } : {}),
      },
      (reply) => {
        let text = '';
        reply.setEncoding('utf8');
        reply.on('data', (chunk: string) => (text += chunk));
        reply.on('end', () => {
          clearTimeout(timer);
          const ms = performance.now() - started;
          done({ status: reply.statusCode ?? 0, headers: reply.headers, text, ms });
        });
      },
    );
    const timer = setTimeout(() => {
      sent.destroy();
      fail(new Error(`${method} ${path}: no answer within ${deadlineMs} ms (a hang)`));
    }, deadlineMs);
    sent.once('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    sent.end(body);
  });
}
