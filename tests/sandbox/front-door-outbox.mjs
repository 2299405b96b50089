// The sandbox's outbox as a page a person can read: GET /api/sandbox/outbox with Accept text/html
// (a browser) gets this, a script gets the sandbox's JSON. Links are relative to the page, so the
// same page works through the dev server (5173), the preview (4173) or the front door itself.

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
