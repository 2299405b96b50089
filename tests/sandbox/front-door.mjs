// The front door of the sandbox stack: the one port the app's /api proxy talks to (4010 under
// `npm start`). It routes each request:
//
//   /api/sandbox/*          straight to the sandbox (its own routes, outside the contract), except
//                           GET/DELETE /api/sandbox/violations, answered here, and the outbox as an
//                           HTML page when a browser asks for it
//   a `Prefer` header       to the Prism mock: the scenario switcher and the e2e presets pick the
//                           contract's examples as they always did
//   everything else         through Prism in proxy mode (validating, --errors) to the sandbox
//
// Every exchange through Prism that breaks the contract is printed as it happens and kept, for
// `GET /api/sandbox/violations` (the e2e fixture fails a test on any).
import { request } from 'node:http';
import { forward, HOST } from '../contract/contract-proxy.mjs';
import { createOperationNamer, createViolationLog } from '../contract/violations.mjs';
import { outboxPage } from './front-door-outbox.mjs';

/** Prints and keeps every exchange that breaks the contract. */
export function createViolationRecorder({ doc, print = console.log }) {
  const nameOperation = createOperationNamer(doc);
  const log = createViolationLog(nameOperation);
  let kept = [];
  return {
    record(exchange) {
      const at = new Date();
      const lines = log.record({ ...exchange, at });
      if (lines.length === 0) return;
      for (const line of lines) print(line);
      const { method, url, status, violations } = exchange;
      kept.push({
        at: at.toISOString(),
        method,
        url,
        status,
        operation: nameOperation(method, url),
        violations,
      });
    },
    /** The violating exchanges since the last clear(). */
    list: () => kept,
    clear() {
      kept = [];
    },
    summary: () => log.summary(),
  };
}

function sendJson(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(text);
}

/** Answers the outbox as HTML, from the sandbox's JSON. */
function outboxAsHtml(res, sandboxPort) {
  const upstream = request(
    {
      host: HOST,
      port: sandboxPort,
      path: '/api/sandbox/outbox',
      headers: { accept: 'application/json' },
    },
    (reply) => {
      const chunks = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('end', () => {
        let mails;
        try {
          mails = JSON.parse(Buffer.concat(chunks).toString('utf8')).mails;
        } catch {
          mails = undefined;
        }
        if (!Array.isArray(mails)) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('The sandbox did not answer its outbox.');
          return;
        }
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(outboxPage(mails));
      });
    },
  );
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`The sandbox did not answer: ${error.message}`);
  });
  upstream.end();
}

/** The front door's request handler. */
export function createFrontDoor({ sandboxPort, proxyPort, mockPort, recorder }) {
  const onExchange = (exchange) => recorder.record(exchange);
  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/sandbox/violations') {
      if (req.method === 'GET') return sendJson(res, 200, recorder.list());
      if (req.method === 'DELETE') {
        recorder.clear();
        res.writeHead(204).end();
        return undefined;
      }
      res.writeHead(405, { allow: 'GET, DELETE' }).end();
      return undefined;
    }
    if (
      path === '/api/sandbox/outbox' &&
      req.method === 'GET' &&
      /text\/html/.test(req.headers.accept ?? '')
    ) {
      return outboxAsHtml(res, sandboxPort);
    }
    if (path.startsWith('/api/sandbox/'))
      return forward(req, res, { port: sandboxPort, name: 'The sandbox' });
    if (req.headers.prefer)
      return forward(req, res, { port: mockPort, onExchange, name: 'The Prism mock' });
    return forward(req, res, { port: proxyPort, onExchange });
  };
}
