// @vitest-environment node
/**
 * Single-line text carries no control characters (the contract's SingleLineText), a mail's
 * headers are one line, and the console prints what a request sent as one line. The attack: a
 * company signs up as `Evil Corp\r\nBcc: everyone@victim.example\r\nX-Phish: …`, then invites
 * another company's user, whose notice names the company in its subject: the lines would become
 * headers of their own, and the stack's console would print them as lines of its own.
 *
 * - the sandbox refuses such text in every single-line field with the contract's 400 field error
 *   (request-checks.ts applies SingleLineText's pattern, worded as its x-message), and stores
 *   nothing;
 * - every mail's header fields are built by mailHeaders, which throws on a line break or another
 *   control character; a company name stored before the rule is made one line (fromStore), so its
 *   invitations still go out, with no header of its own;
 * - the console escapes control characters in what it prints (printable, mailLines);
 * - the compiled rule (generated/rules) refuses each control character and takes every script,
 *   accent and emoji.
 */
import { describe, expect, it } from 'vitest';

import {
  EMAIL_ADDRESS,
  isSingleLine,
  SINGLE_LINE_MESSAGE,
  SINGLE_LINE_PATTERN,
  toSingleLine,
} from '../../generated/rules/index';
import { createViolationLog, printable } from '../contract/violations.mjs';
import { fromStore, mailHeaders } from '../sandbox/domain/outbox';
import { GLOBEX } from '../sandbox/seed/seed';
import { mailLines } from '../sandbox/stack.mjs';
import { anonymous, signIn, throughDoor } from '../sandbox/test-client';
import { testSandbox } from '../sandbox/test-sandbox';

const INJECTED = 'Evil Corp\r\nBcc: everyone@victim.example\r\nX-Phish: click here';
const refused = [SINGLE_LINE_MESSAGE];
const GLOBEX_ADMIN = 'ops@globex.example';
const MARCUS = 'marcus.oyelaran@acme-cloud.com';

/** Every character SingleLineText refuses: C0, DEL, C1, and the line and paragraph separators. */
const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, index) => 0x7f + index),
  0x2028,
  0x2029,
].map((code) => String.fromCharCode(code));

function sandbox() {
  const mails: { to: string; subject: string; link: string }[] = [];
  const made = testSandbox({
    inMemory: true,
    now: () => new Date('2026-11-26T09:00:00Z'),
    onMail: (mail) => mails.push(mail),
  });
  return { ...made, mails };
}

const signUp = (company: object, admin: object = {}) => ({
  key: 'DEMO-LICENCE-1',
  company: {
    company_name: 'Initech',
    aws_partner_status: 'advance',
    industry: 'Software',
    email: 'info@initech.example',
    is_term_and_conditions_accepted: true,
    ...company,
  },
  admin: {
    first_name: 'Bill',
    last_name: 'Lumbergh',
    email: 'bill@initech.example',
    password: 'TPS-rep0rts!',
    ...admin,
  },
});

describe('the sandbox refuses control characters in single-line text', () => {
  it('refuses a sign-up whose company name holds CR/LF, on that field, and makes no tenant', async () => {
    const s = sandbox();
    const tenants = s.store.state.tenants.length;
    const users = s.store.state.users.length;
    const answer = await anonymous(
      s.app,
      'POST',
      '/api/v1/tenants/',
      signUp({ company_name: INJECTED }),
      throughDoor('203.0.113.9'),
    );
    expect(answer).toEqual({ status: 400, body: { 'company.company_name': refused } });
    expect(s.store.state.tenants).toHaveLength(tenants);
    expect(s.store.state.users).toHaveLength(users);
    expect(s.store.state.licenceKeys.find((row) => row.key === 'DEMO-LICENCE-1')?.tenantId).toBe(
      null,
    );
    expect(s.mails).toEqual([]);

    // The same sign-up with a name of accents, apostrophes, hyphens and emoji goes through.
    const accented = await anonymous(
      s.app,
      'POST',
      '/api/v1/tenants/',
      signUp(
        { company_name: 'Zoë & José Café 🚀' },
        { first_name: 'Zoë', last_name: "O'Brien-Smith" },
      ),
      throughDoor('203.0.113.10'),
    );
    expect(accented.status).toBe(201);
    expect(s.store.state.tenants.at(-1)?.company_name).toBe('Zoë & José Café 🚀');
  });

  it.each([
    ['the industry', signUp({ industry: 'Soft\u001b[2Jware' }), 'company.industry'],
    ['the company e-mail', signUp({ email: 'info@initech\u0000.example' }), 'company.email'],
    ["the admin's first name", signUp({}, { first_name: 'Bi\u2028ll' }), 'admin.first_name'],
    ["the admin's last name", signUp({}, { last_name: 'Lumbergh\u0085' }), 'admin.last_name'],
    ["the admin's e-mail", signUp({}, { email: 'bill\u007f@initech.example' }), 'admin.email'],
  ])('refuses a sign-up with a control character in %s', async (_field, body, field) => {
    const s = sandbox();
    const tenants = s.store.state.tenants.length;
    const answer = await anonymous(s.app, 'POST', '/api/v1/tenants/', body, throughDoor('a'));
    expect(answer).toEqual({ status: 400, body: { [field]: refused } });
    expect(s.store.state.tenants).toHaveLength(tenants);
  });

  it('refuses an invitation whose names or address hold CR/LF, and writes no user and no mail', async () => {
    const s = sandbox();
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const users = structuredClone(s.store.state.users);
    const invite = (fields: object) => ({
      first_name: 'Marc',
      middle_name: null,
      last_name: 'Again',
      email: MARCUS,
      role: 'user',
      ...fields,
    });
    for (const [field, value] of [
      ['first_name', 'Marc\r\nBcc: everyone@victim.example'],
      ['middle_name', 'Jo\nhn'],
      ['last_name', 'Again\r'],
      ['email', 'new\r\n@globex.example'],
    ] as const)
      expect(
        await globex.post('/api/v1/tenants/invite-users/', invite({ [field]: value })),
      ).toEqual({ status: 400, body: { [field]: refused } });
    expect(s.store.state.users).toEqual(users);
    expect(s.mails).toEqual([]);
    expect(s.store.state.outbox).toHaveLength(0);
  });

  it("refuses renaming a user with CR/LF (there is no company rename: the company's name is set at sign-up only)", async () => {
    const s = sandbox();
    const dana = await signIn(s.app, 'dana.whitfield@acme-cloud.com');
    const marcus = s.store.state.users.find((user) => user.email === MARCUS)!;
    const before = structuredClone(marcus);
    for (const field of ['first_name', 'middle_name', 'last_name'])
      expect(
        await dana.patch(`/api/v1/users/${String(marcus.id)}/`, {
          first_name: 'Marcus',
          last_name: 'Oyelaran',
          [field]: 'Marcus\r\nX-Phish: yes',
        }),
      ).toEqual({ status: 400, body: { [field]: refused } });
    expect(s.store.state.users.find((user) => user.id === marcus.id)).toEqual(before);
  });

  it('refuses an AWS Marketplace registration with a control character, and keeps nothing', async () => {
    const s = sandbox();
    const before = s.store.state.awsRegistrations.length;
    const answer = await anonymous(
      s.app,
      'POST',
      '/api/v1/auth/aws/marketplace/fulfill/register-purchase',
      {
        company_name: INJECTED,
        contact_person: 'Grace Hopper',
        contact_phone: '+1 555 0100',
        email: 'grace@cobol.example',
      },
    );
    expect(answer).toEqual({ status: 400, body: { company_name: refused } });
    expect(s.store.state.awsRegistrations).toHaveLength(before);
  });
});

describe("a mail's headers are one line", () => {
  it('mailHeaders throws on CR, LF or another control character in any header, and passes one line as it is', () => {
    expect(() => mailHeaders({ to: 'a@b.example', subject: INJECTED })).toThrow(
      /may not hold a line break or another control character/,
    );
    expect(() => mailHeaders({ to: 'a@b.example\nBcc: c@d.example', subject: 'Hi' })).toThrow(
      /mail's to/,
    );
    for (const char of ['\r', '\n', '\u001b', '\u0000', '\u0085', '\u2028'])
      expect(() => mailHeaders({ to: 'a@b.example', subject: `Hi${char}there` })).toThrow();
    const fine = { to: 'zoe@café.example', subject: 'Someone at Zoë & José Café 🚀 invited you' };
    expect(mailHeaders(fine)).toEqual(fine);
  });

  it('a company name stored before the rule still gets its invitations out, the name made one line', async () => {
    const s = sandbox();
    // A store from before the rule: the company signed up with the lines in its name.
    s.store.transact((draft) => {
      const globex = draft.tenants.find((row) => row.id === GLOBEX.id)!;
      globex.company_name = INJECTED;
      return { result: undefined };
    });
    const globex = await signIn(s.app, GLOBEX_ADMIN);
    const answer = await globex.post('/api/v1/tenants/invite-users/', {
      first_name: 'Marc',
      middle_name: null,
      last_name: 'Again',
      email: MARCUS,
      role: 'user',
    });
    expect(answer.status).toBe(201);
    const notice = s.mails.at(-1)!;
    expect(notice.to).toBe(MARCUS);
    expect(notice.subject).toContain(
      'Someone at Evil Corp Bcc: everyone@victim.example X-Phish: click here invited you',
    );
    expect(isSingleLine(notice.subject)).toBe(true);
    expect(s.store.state.outbox.at(-1)?.subject).toBe(notice.subject);
  });

  it('fromStore replaces each run of control characters with one space and keeps the rest', () => {
    expect(fromStore('Evil Corp\r\nBcc: x')).toBe('Evil Corp Bcc: x');
    expect(fromStore('Zoë\u0000\u001b O’Brien')).toBe('Zoë  O’Brien');
    expect(fromStore('José')).toBe('José');
  });
});

describe('the console prints what a request sent on one line', () => {
  it('printable escapes CR, LF, tab, ESC, NUL, DEL, C1 and U+2028 as JSON does, and keeps the rest', () => {
    expect(printable('a\r\nb')).toBe('a\\r\\nb');
    expect(printable('\u001b[2J\u001b]0;owned\u0007')).toBe('\\u001b[2J\\u001b]0;owned\\u0007');
    expect(printable('\t\u0000\u007f\u0085\u009b\u2028\u2029')).toBe(
      '\\t\\u0000\\u007f\\u0085\\u009b\\u2028\\u2029',
    );
    expect(printable("Zoë O'Brien-Smith 🚀 C:\\path")).toBe("Zoë O'Brien-Smith 🚀 C:\\path");
    for (const char of CONTROL_CHARACTERS) expect(isSingleLine(printable(char))).toBe(true);
  });

  it("a mail's console lines are two, whatever its subject holds", () => {
    const lines = mailLines(
      { to: 'marcus@acme.example\u001b[2J', subject: `Someone at ${INJECTED}`, link: '' },
      'http://localhost:5173',
      '09:00:00',
    );
    expect(lines.split('\n')).toEqual([
      '09:00:00 MAIL to marcus@acme.example\\u001b[2J: Someone at Evil Corp\\r\\nBcc: everyone@victim.example\\r\\nX-Phish: click here',
      '    ',
    ]);
    expect(lines).not.toContain('\r');
    expect(lines).not.toContain('\u001b');
  });
  it('a violation is printed one line each, whatever its URL or location holds', () => {
    const log = createViolationLog((method, url) => `${method} ${url}`);
    const lines = log.record({
      method: 'POST',
      url: '/api/v1/x/?q=\u001b]0;owned\u0007',
      status: 400,
      at: new Date('2026-11-26T09:00:00Z'),
      violations: [
        {
          severity: 'error',
          location: 'request.body.values.a\r\nFORGED 12:00 OK',
          message: 'bad\n',
        },
      ],
    });
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(isSingleLine(line)).toBe(true);
    expect(lines[1]).toBe(
      "    error   the app's request broke it: request.body.values.a\\r\\nFORGED 12:00 OK: bad\\n",
    );
    expect(log.summary().split('\n')).toHaveLength(3);
  });
});

describe('the compiled rule (generated/rules)', () => {
  it('is the contract pattern: it refuses each control character, alone or inside text', () => {
    expect(SINGLE_LINE_PATTERN).toBe('^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$');
    expect(CONTROL_CHARACTERS).toHaveLength(67);
    for (const char of CONTROL_CHARACTERS) {
      expect(isSingleLine(char)).toBe(false);
      expect(isSingleLine(`José${char}Smith`)).toBe(false);
      expect(toSingleLine(`José${char}Smith`)).toBe('José Smith');
    }
  });

  it('takes letters of every script, accents, emoji, spaces, apostrophes and hyphens', () => {
    for (const text of [
      '',
      'José',
      "Zoë O'Brien-Smith",
      'Björk Guðmundsdóttir',
      'Łukasz Żółć',
      '東京 株式会社',
      'محمد',
      'Ελληνικά',
      'Café 🚀 👩‍💻 🇫🇷',
      '\u00a0non-breaking\u00a0space',
      'tilde ~ and ÿ (U+00FF) and ¡ (U+00A1)',
    ])
      expect(isSingleLine(text)).toBe(true);
  });

  it('an e-mail address must be one line too (EmailValue takes SingleLineText)', () => {
    expect(EMAIL_ADDRESS.test('dana@acme.example')).toBe(true);
    expect(EMAIL_ADDRESS.test('dana\u001b@acme.example')).toBe(false);
    expect(EMAIL_ADDRESS.test('dana@acme\u0085.example')).toBe(false);
  });
});
