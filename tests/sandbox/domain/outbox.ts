/**
 * The mails the sandbox would send (invitations, password resets, the notice that replaces an
 * invitation to an address another company owns, the e-mail alerts users chose) and their
 * one-time links.
 *
 * A mail is written inside the transaction that causes it (an OutboxMail row and a LinkToken), so a
 * refused request leaves neither; `deps.onMail` (the `npm start` console) hears of it only after
 * the transaction commits. Links are Django's: `uid` is the user id's decimal string in unpadded
 * base64url (2 -> 'Mg', 4 -> 'NA'); a token works once, for three days, and issuing a new link of
 * the same kind for the same user voids the older ones.
 *
 * A mail's header fields (`to`, `subject`) are built by one function, mailHeaders, which every
 * mail written goes through (writeMail): see there for why it refuses a control character.
 */
import { randomBytes } from 'node:crypto';

import { type Draft, isDraft, original } from 'immer';

import { isSingleLine, toSingleLine } from '../../../generated/rules/index';
import { nextId, type LinkToken, type State, type UserRow } from '../store/state';
import type { Store } from '../store/store';

/** How long a link works (Django's PASSWORD_RESET_TIMEOUT default). */
const LINK_LIFETIME_MS = 3 * 24 * 3600 * 1000;

export interface Mail {
  to: string;
  subject: string;
  /** The app path the mail links to; '' for a mail with no link (a notice). */
  link: string;
  /** The text of a mail that says more than its subject (an alert); none for a link mail. */
  body?: string;
}

/** What writing mail needs from the running sandbox (the app's deps carry it). */
export interface MailDeps {
  store: Store;
  now: () => Date;
  /** Told of every mail once its transaction has committed. */
  onMail?: (mail: Mail) => void;
  /** Sends the webhook deliveries a committed change queued (domain/webhooks.ts). */
  webhooks?: { kick(): void };
}

/** `2` -> `Mg`, as Django's urlsafe_base64_encode(force_bytes(pk)). */
function uidOf(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

/** `Mg` -> 2, or null when the uid is not an encoded id. */
function userIdOf(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]+$/.test(uid)) return null;
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  return /^[1-9]\d*$/.test(decoded) ? Number(decoded) : null;
}

/** A token shaped like Django's `<timestamp>-<hash>`. */
function newToken(now: Date): string {
  return `${Math.floor(now.getTime() / 1000).toString(36)}-${randomBytes(16).toString('hex')}`;
}

function issueLink(
  draft: Draft<State>,
  kind: LinkToken['kind'],
  userId: number,
  now: Date,
): string {
  // The rows are looked up in the list as the transaction found it: going through the draft makes
  // a proxy of every row, and this list grows with each invitation (200 invitations at once cost
  // twice as much as 200 reads). A transaction that already added or removed rows walks the draft.
  const tokens = draft.linkTokens;
  const before = isDraft(tokens) ? original(tokens) : undefined;
  const rows = before?.length === tokens.length ? before : tokens;
  rows.forEach((old, index) => {
    if (old.kind !== kind || old.userId !== userId) return;
    const row = tokens[index]!;
    if (row.kind === kind && row.userId === userId) row.used = true;
  });
  const token = newToken(now);
  draft.linkTokens.push({ kind, userId, token, createdAt: now.toISOString(), used: false });
  return token;
}

/** The header fields of a mail, as a mailer would write them (`To:`, `Subject:`). */
type MailHeaders = Pick<Mail, 'to' | 'subject'>;

/**
 * The header fields of a mail, checked: the one function that builds them, for every mail
 * written (writeMail). A header is one line, so a value with a carriage return or a line feed
 * ends its header and starts another one (`Subject: Evil Corp\r\nBcc: everyone@victim.example`
 * sends the mail to more people, and any header can be forged the same way); no other control
 * character (the contract's SingleLineText: C0, DEL, C1, U+2028, U+2029) has a place in a header
 * either. Such a value is refused with a throw, never mended: it is a programming error, since
 * every request that can put text into a mail is refused at the door (request-checks.ts applies
 * SingleLineText to every single-line field) and text stored before that rule is made one line
 * where a writer reads it (fromStore). The throw rolls the whole change back: no mail is written
 * with a broken header, and nothing else of the change is kept.
 */
export function mailHeaders(headers: MailHeaders): MailHeaders {
  for (const [name, value] of Object.entries(headers))
    if (!isSingleLine(value))
      throw new Error(
        `A mail's ${name} may not hold a line break or another control character: ` +
          `${JSON.stringify(value)}. Refuse it where it comes in, or read it with fromStore.`,
      );
  return headers;
}

/**
 * Text read from the store for a mail's header, made one line: each run of control characters
 * becomes one space. A row written before the contract refused them may hold some (a company
 * that signed up as `Evil Corp\r\nBcc: …`), and it can no longer be refused: refusing the mail
 * instead would break every invitation of that company, or the alerts of a sync. Mended text
 * carries no header of its own, and every character that was not a control character is kept.
 */
export function fromStore(text: string): string {
  return toSingleLine(text);
}

function writeMail(draft: Draft<State>, mail: Mail, now: Date): Mail {
  const written = { ...mail, ...mailHeaders({ to: mail.to, subject: mail.subject }) };
  draft.outbox.push({ id: nextId(draft as State, 'outbox'), at: now.toISOString(), ...written });
  return written;
}

/** Writes the invitation of an invited user: `/register/{uid}/{token}?name={first name}`. */
export function writeInvitation(draft: Draft<State>, user: UserRow, now: Date): Mail {
  const token = issueLink(draft, 'invite', user.id, now);
  const name = encodeURIComponent(user.first_name);
  return writeMail(
    draft,
    {
      to: fromStore(user.email),
      subject: 'You are invited to AceBridge',
      link: `/register/${uidOf(user.id)}/${token}?name=${name}`,
    },
    now,
  );
}

/**
 * Writes the notice an address gets when a company invites it while it belongs to another
 * company's user (domain/users.ts ownerOf): someone at `company` invited you; your address
 * already has an AceBridge account with another company, and an address can belong to one company
 * only. No link: there is nothing to accept, and the invited row can never be activated. The
 * inviter is answered as for any address and learns nothing of it.
 */
export function writeInvitationNotice(
  draft: Draft<State>,
  user: UserRow,
  company: string,
  now: Date,
): Mail {
  return writeMail(
    draft,
    {
      to: fromStore(user.email),
      subject:
        `Someone at ${fromStore(company)} invited you to AceBridge. Your address already has an AceBridge ` +
        'account with another company, and an address can belong to one company only: there is ' +
        'nothing to accept.',
      link: '',
    },
    now,
  );
}

/**
 * Writes an alert (domain/alerts.ts decides who gets which): its text, and a link into the app.
 * `to` is a stored user's address, read as stored text; the subject is the sandbox's own words
 * about a run or a webhook (its URL as the URL parser wrote it, control characters
 * percent-encoded), so a control character there is the programming error mailHeaders refuses.
 */
export function writeAlert(
  draft: Draft<State>,
  alert: { to: string; subject: string; body: string; link: string },
  now: Date,
): Mail {
  return writeMail(draft, { ...alert, to: fromStore(alert.to) }, now);
}

/** Writes a password-reset mail: `/password/reset/{uid}/{token}`. */
export function writePasswordReset(draft: Draft<State>, user: UserRow, now: Date): Mail {
  const token = issueLink(draft, 'reset', user.id, now);
  return writeMail(
    draft,
    {
      to: fromStore(user.email),
      subject: 'Reset your AceBridge password',
      link: `/password/reset/${uidOf(user.id)}/${token}`,
    },
    now,
  );
}

/**
 * Spends the link `uid`/`token` of the given kind: the user it names, or null when the link is
 * unknown, already used, voided by a newer one or expired.
 */
export function redeemLink(
  draft: Draft<State>,
  kind: LinkToken['kind'],
  uid: string,
  token: string,
  now: Date,
): Draft<UserRow> | null {
  const userId = userIdOf(uid);
  const link = draft.linkTokens.find(
    (row) => row.kind === kind && row.userId === userId && row.token === token && !row.used,
  );
  if (!link || now.getTime() - Date.parse(link.createdAt) > LINK_LIFETIME_MS) return null;
  const user = draft.users.find((row) => row.id === userId);
  if (!user) return null;
  link.used = true;
  return user;
}

/**
 * Runs a change that may write mails (and queue webhook deliveries: the alerts' events go to
 * both), and tells `deps.onMail` of them, and the webhooks to send, once it has committed (a
 * change that throws rolls its mails back with everything else, and nothing is printed or sent).
 */
export function transactWithMail<T>(
  deps: MailDeps,
  change: (draft: Draft<State>, now: Date) => { result: T; mails: Mail[] },
): T {
  const now = deps.now();
  const { result, mails } = deps.store.transact((draft) => change(draft, now));
  for (const mail of mails) deps.onMail?.(mail);
  deps.webhooks?.kick();
  return result;
}
