// The build as production delivers it: HTTP/2 over TLS, as any CDN or host in front of the static
// files does, in front of `vite preview` (which stays the origin: the same files, compression,
// headers and /api proxy to the mock). `vite preview` itself speaks HTTP/1.1 once it proxies, and
// HTTP/1.1 gives a page six connections per host: a screen's 30 to 40 small chunks and its API
// calls then queue, which Lighthouse's simulation counts (see docs/bench.md).
import http from 'node:http';
import http2 from 'node:http2';

import selfsigned from 'selfsigned';

/** Chromium's flag for the bench's own certificate, made for each run and trusted by nobody. */
export const ACCEPT_BENCH_CERTIFICATE = '--ignore-certificate-errors';

/** Headers that belong to one connection and must not be passed on (RFC 9113, section 8.2.2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

const passOn = (headers) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

/**
 * An HTTP/2 front on 127.0.0.1:`port` for the origin at `target` (an http:// URL). Resolves to
 * its https:// address and a stop().
 */
export async function startHttp2Front({ port, target }) {
  const { private: key, cert } = await selfsigned.generate(
    [{ name: 'commonName', value: '127.0.0.1' }],
    { days: 1, keySize: 2048 },
  );
  const origin = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const sessions = new Set();
  // HTTP/1.1 too, for Playwright's request API (the bench signs in with it); browsers pick h2.
  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const upstream = http.request(
      {
        host: origin.hostname,
        port: origin.port,
        path: request.url,
        method: request.method,
        headers: { ...passOn(request.headers), host: origin.host },
        agent,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, passOn(reply.headers));
        reply.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // A browser keeps its sessions open; the server closes once they are gone.
        for (const session of sessions) session.destroy();
      }),
  };
}
