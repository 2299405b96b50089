// The sandbox's outbox as a page a person can read: GET /api/sandbox/outbox with Accept text/html
// (a browser) gets this, a script gets the sandbox's JSON. Links are relative to the page, so the
// same page works through the dev server (5173), the preview (4173) or the front door itself.
//
// Who may read it (outboxRefusal), at the front door and, in depth, at the sandbox's route: its
// mails hold invitation and password-reset links, each one a way into an account, so no page of
// another origin may read it, another port of this machine included (the door allows CORS for
// loopback pages, as `npm run serve`'s app needs).

/** Where the outbox is, at the front door and at the sandbox. */
export const OUTBOX_PATH = '/api/sandbox/outbox';

/**
 * The header that lets any caller read the outbox (`X-Sandbox-Outbox: read`). A form or a link
 * cannot send a header, and a cross-origin `fetch` that sends one needs a CORS preflight, which
 * the front door does not grant for it (it is not among the headers it allows, and a preflight for
 * the outbox is refused): only a script outside a browser page can.
 */
export const OUTBOX_HEADER = 'x-sandbox-outbox';

/** A header value as it may be shown in a reply: at most 100 characters. */
const shown = (/** @type {string} */ value) =>
  value.length > 100 ? `${value.slice(0, 100)}…` : value;

/**
 * Why a request may not read the outbox, or undefined when it may. It may when it carries
 * `X-Sandbox-Outbox: read`, or comes from no other origin's page: `Sec-Fetch-Site`, when the
 * browser sends it, is `none` (the address bar, a bookmark, a link from outside a browser) or
 * `same-origin` (the door's own page; through Vite's proxy, the dev server's page), and `Origin`,
 * when sent, is `ownOrigin`. A script (curl, Playwright's `request`, the e2e fixture) sends
 * neither. Both headers are set by the browser, and no page can change them.
 * @param {(name: string) => string | undefined} header a request header by its lower-case name
 * @param {string | undefined} ownOrigin the origin the request was addressed to, e.g.
 *   http://127.0.0.1:4010
 * @returns {string | undefined}
 */
export function outboxRefusal(header, ownOrigin) {
  if (header(OUTBOX_HEADER)?.trim().toLowerCase() === 'read') return undefined;
  const site = header('sec-fetch-site')?.trim().toLowerCase();
  const origin = header('origin');
  /** @type {string | undefined} */
  let from;
  if (site !== undefined && site !== 'none' && site !== 'same-origin')
    from = `Sec-Fetch-Site: ${shown(site)}`;
  else if (origin !== undefined && !sameOrigin(origin, ownOrigin))
    from = `Origin: ${shown(origin)}`;
  if (from === undefined) return undefined;
  return (
    `The sandbox outbox holds sign-in links, so no other site's page may read it, and this request came from one (${from}). ` +
    `Open ${OUTBOX_PATH} in the address bar, or send the header X-Sandbox-Outbox: read from a script.`
  );
}

/**
 * Whether an Origin header names `ownOrigin` (`null`, or one that is not a URL, never does).
 * @param {string} origin
 * @param {string | undefined} ownOrigin
 */
function sameOrigin(origin, ownOrigin) {
  try {
    return ownOrigin !== undefined && new URL(origin).origin === ownOrigin;
  } catch {
    return false;
  }
}

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** @param {unknown} text */
const escape = (text) => String(text).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);

/**
 * The HTML page listing `mails` ({ id, at, to, subject, link, body? }), newest first; an alert's
 * body shows under its subject.
 * @param {ReadonlyArray<{ at?: string, to: string, subject: string, link: string, body?: string }>} mails
 */
export function outboxPage(mails) {
  const rows = [...mails]
    .reverse()
    .map(
      (mail) =>
        `<tr><td>${escape(mail.at ?? '')}</td><td>${escape(mail.to)}</td><td>${escape(mail.subject)}${mail.body ? `<pre>${escape(mail.body)}</pre>` : ''}</td>` +
        `<td><a href="${escape(mail.link)}">${escape(mail.link)}</a></td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>AceBridge sandbox outbox</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2rem; color: #1c2127; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.4rem 0.6rem; border-bottom: 1px solid #dce0e5; vertical-align: top; }
td:last-child { word-break: break-all; }
pre { white-space: pre-wrap; margin: 0.4rem 0 0; font: inherit; color: #5f6b7c; }
</style>
</head>
<body>
<h1>Sandbox outbox</h1>
<p>The mails the sandbox would have sent (invitations, password resets and e-mail alerts), newest first.
Reload to see new ones; <code>npm start -- --fresh</code> empties it.</p>
${
  mails.length === 0
    ? '<p>No mail yet: invite a user, or ask for a password reset.</p>'
    : `<table>
<thead><tr><th>When</th><th>To</th><th>Subject</th><th>Link</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</body>
</html>
`;
}
