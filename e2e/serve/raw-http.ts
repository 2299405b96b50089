import { request } from 'node:http';

import { SERVE_PORT } from './settings';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent: still compressed when the server compressed it. */
  body: Buffer;
}

/**
 * One GET to the served build, exactly as asked (Playwright's request context would add its own
 * Accept-Encoding and decompress the reply).
 */
export function rawGet(
  path: string,
  headers: Record<string, string> = {},
  port = SERVE_PORT,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk: Buffer) => chunks.push(chunk));
      reply.on('end', () =>
        resolve({
          status: reply.statusCode ?? 0,
          headers: reply.headers,
          body: Buffer.concat(chunks),
        }),
      );
      reply.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
