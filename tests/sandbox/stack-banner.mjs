// The one banner the sandbox stack prints once everything answers: where the app is, who to sign
// in as, the licence keys, the outbox, and how to start otherwise.

export const DEMO_PASSWORD = 'Sup3r-Secret!';
export const DEMO_ACCOUNTS = [
  { email: 'dana.whitfield@acme-cloud.com', role: 'super_admin', company: 'Acme' },
  { email: 'marcus.oyelaran@acme-cloud.com', role: 'user', company: 'Acme' },
  { email: 'ops@globex.example', role: 'super_admin', company: 'Globex' },
];
export const DEMO_LICENCE_KEYS = ['DEMO-LICENCE-1', 'DEMO-LICENCE-2', 'DEMO-LICENCE-3'];

/**
 * `withApp`: the dev server runs too (`npm start`); else only the stack (`npm run sandbox`), and
 * the banner says how to reach it.
 * @param {{ appUrl: string, apiUrl: string, readyMs: number, withApp?: boolean }} options
 */
export function sandboxBanner({ appUrl, apiUrl, readyMs, withApp = true }) {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  const lines = [
    withApp
      ? `AceBridge is ready at ${appUrl}  (sandbox backend, ready in ${(readyMs / 1000).toFixed(1)} s)`
      : `The sandbox stack answers on ${apiUrl}  (ready in ${(readyMs / 1000).toFixed(1)} s)`,
    ...(withApp
      ? []
      : [
          `  npm run dev and npm run preview reach it through /api when API_PROXY_TARGET is ${apiUrl}`,
          '  (their default is http://127.0.0.1:4010, where `npm run sandbox` listens)',
        ]),
    '',
    `Sign in (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map(
      ({ email, role, company }) => `  ${email.padEnd(width)}  ${role.padEnd(11)}  ${company}`,
    ),
    `Licence keys for a new company (/new-connection): ${DEMO_LICENCE_KEYS.join(', ')}`,
    `Outbox (invitation and reset links): ${withApp ? appUrl : apiUrl}/api/sandbox/outbox`,
    '',
    'Contract violations and sandbox mails print below as they happen.',
    `Restart with --fresh to go back to the seed, or --mock for the contract's examples only.`,
    withApp ? 'Ctrl-C stops everything.' : 'Ctrl-C stops it.',
  ];
  const rule = '─'.repeat(Math.max(...lines.map((line) => line.length)));
  return [rule, ...lines, rule].join('\n');
}
