/**
 * The sandbox's data model: everything it remembers, as plain JSON. Rows that the API returns
 * reuse the contract's schema types; the rest (passwords, links, the simulated Salesforce org,
 * what ACE holds) is the sandbox's own.
 */
import type { Schemas } from '../contract';

export type Entity = Schemas['EntityType'];
export type ConnectionState = Schemas['ConnectionState'];

interface LicenceKey {
  key: string;
  /** The company the key created; null while unused. */
  tenantId: number | null;
}

export interface SalesforceSetup {
  username: string;
  consumer_key: string | null;
  is_salesforce_managed_package: boolean;
  account_type: Schemas['SalesforceAccount']['account_type'];
}

export interface AwsSetup {
  account_id: string;
  external_id: string;
  external_role_arn: string;
  /** The uploaded policy document, or null when the bucket fields were given instead. */
  policy: unknown;
  region: string | null;
  spm_id: string | null;
  bucket_name: string | null;
  kms_arn: string | null;
}

export type TenantRow = Schemas['Tenant'] & {
  company_name: string;
  company_email: string;
  industry: string | null;
  key: string;
  salesforce: SalesforceSetup | null;
  aws: AwsSetup | null;
  /**
   * The external id step 4 offers for the AWS role (`generateUuid`), made on its first call and
   * kept: the id an admin copies into the role's trust policy must be the one sent later.
   */
  external_id: string | null;
  salesforce_connection: ConnectionState;
  aws_connection: ConnectionState;
  /** When the connections were last (re)configured: 'connecting' turns into the real state after a moment. */
  connected_at: string | null;
};

export type UserRow = Schemas['User'] & {
  tenantId: number;
  /** scrypt `salt:hash`, null until the invited user sets a password. */
  passwordHash: string | null;
};

/** A one-time link token: an invitation or a password reset. */
export interface LinkToken {
  kind: 'invite' | 'reset';
  userId: number;
  token: string;
  createdAt: string;
  used: boolean;
}

/** What identifies one refresh token of a session: re-signing these claims gives the token again. */
export interface RefreshStub {
  jti: string;
  /** Issued at and expiry, in seconds since the epoch (the JWT's `iat` and `exp`). */
  iat: number;
  exp: number;
}

/**
 * A session: one sign-in and the refresh tokens that rotation derives from it (a token family).
 * Its tokens carry its id in the `sid` claim.
 */
export interface SessionRow {
  id: string;
  userId: number;
  tenantId: number;
  startedAt: string;
  /** The one refresh token that rotates now. */
  current: RefreshStub;
  /** The token the last rotation retired, and when: reused within the grace, it gets `current` back. */
  previous: { jti: string; retiredAt: string } | null;
  /** When it ended (logout, a reused token, a password change or reset); null while it lives. */
  endedAt: string | null;
}

interface OutboxMail {
  id: number;
  at: string;
  to: string;
  subject: string;
  /** The app path the mail links to, e.g. /register/NA/abc?name=Grace. */
  link: string;
  /** The mail's text, for mails that say more than their subject (alerts); none for a link mail. */
  body?: string;
}

/** The e-mail alerts one user chose (domain/alerts.ts), and the local day of their last digest. */
interface AlertSettingsRow {
  userId: number;
  settings: Schemas['AlertSettings'];
  /** The local date (YYYY-MM-DD in the digest's zone) the last digest went out; null before one. */
  lastDigestDay: string | null;
}

/** An alert kept for a user's daily digest instead of being mailed at once. */
interface PendingAlertRow {
  userId: number;
  at: string;
  subject: string;
  body: string;
}

/**
 * What the connection check last found for a tenant, so that a failure is alerted once, when it
 * appears, and not again on every check while it lasts.
 */
interface ConnectionAlertRow {
  tenantId: number;
  salesforce: ConnectionState;
  aws: ConnectionState;
}

export type AttributeRow = Schemas['Attribute'] & {
  /** ACE attributes are shared by every tenant (null); Salesforce fields belong to one tenant's org. */
  tenantId: number | null;
  type: Schemas['AttributeType'];
  data_type: Schemas['DataType'];
  is_aws_ace: boolean;
  is_salesforce: boolean;
  is_mandatory: boolean;
};

export type MappingRow = Schemas['DataMapping'];

export type FilterRow = Omit<Schemas['SyncFilter'], 'attribute' | 'choices' | 'data_type'> & {
  tenant: number;
  attributeId: number;
};

/** A Salesforce record of the simulated org: field API name -> value as Salesforce gives it. */
export interface SalesforceRecord {
  Id: string;
  entity: Entity;
  fields: Record<string, string | number | boolean | null>;
}

/** What ACE holds for a record it has received (keyed by Salesforce id). */
export interface AceRecord {
  salesforceId: string;
  entity: Entity;
  values: Record<string, string | number | boolean | null>;
  /** ACE's own stage for opportunities; 'Launched' ones reach the inbox. */
  aceStage: string | null;
  /** The record was deleted on the ACE side (a later sync reports Record Not Found). */
  deleted: boolean;
  syncedAt: string;
}

export type SyncErrorRow = Schemas['SyncError'] & {
  tenantId: number;
  entity: Entity;
  /** The ACE attribute the error is about, when there is one. */
  attributeId: number | null;
  /** The sync run that raised it; null for errors older than runs (the seed's). */
  runId: number | null;
};

type SyncLogRow = Schemas['SyncLog'] & {
  tenantId: number;
  runId: number | null;
};

/**
 * A value saved for a record's ACE field (domain/sync/errors.ts has its rules): `pending` on the
 * record's open error while the record fails, `used` once a sync sent the record with it.
 */
type OverrideRow = Schemas['Override'] & {
  tenantId: number;
};

interface LaunchRow {
  tenantId: number;
  name: string;
  salesforceId: string | null;
  read: boolean;
  at: string;
}

/**
 * A sync run, as the contract's SyncRun, kept per tenant (the last 30 days, at most 500). A retry
 * keeps the Salesforce ids of the records it runs over.
 */
export type SyncRunRow = Omit<Schemas['SyncRun'], 'changes_before'> & {
  tenantId: number;
  /** When it was queued (started_at is null until it starts). */
  queued_at: string;
  /**
   * The newest activity event's id when it was queued: the changes before it are the events
   * after the previous run's mark, up to this one (ids, as a second holds many events). Absent
   * on runs stored before it was kept: their times are used instead.
   */
  activity_mark?: number;
  /** The records a retry runs over; null for a run over the whole org. */
  records: string[] | null;
};

/**
 * An activity event (the contract's ActivityEvent) and the tenant whose chain holds it: null for a
 * sign-in refused at an address that names no account, which no tenant reads. Append-only and
 * never pruned (domain/activity.ts). `revertible` is worked out when it is read (it is not hashed
 * content).
 */
export type ActivityRow = Omit<Schemas['ActivityEvent'], 'revertible'> & {
  tenantId: number | null;
};

/**
 * What the last full sync of a tenant did (domain/sync/stats.ts): its created plus updated records
 * (`last_synced`), its unchanged ones, and when it finished. Total Synced is not kept: it is what
 * ACE holds (`ace`), counted when it is read.
 */
interface TenantStats {
  tenantId: number;
  last_synced: Schemas['SyncCounts'];
  last_unchanged: Schemas['SyncCounts'];
  last_synced_date: string | null;
}

/** A company's webhook (domain/webhooks.ts has its rules). */
export interface WebhookRow {
  id: number;
  tenantId: number;
  url: string;
  events: Schemas['WebhookEventType'][];
  /** The signing secret: shown once, never listed. */
  secret: string;
  status: Schemas['WebhookStatus'];
  paused_reason: string | null;
  failed_in_a_row: number;
  created_at: string;
}

/** One event to one webhook: its tries, and the exact body they send. */
export interface WebhookDeliveryRow {
  id: number;
  webhookId: number;
  tenantId: number;
  event_id: string;
  type: Schemas['WebhookDeliveryType'];
  status: Schemas['WebhookDeliveryStatus'];
  attempts: number;
  response_code: number | null;
  error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  /** The JSON body exactly as sent (and signed) in every try. */
  body: string;
}

/**
 * Everything the sandbox remembers. This type is the one source of the snapshot's shape: start
 * checks a snapshot against state.schema.json (state-shape.ts), which state-schema.ts derives from
 * this type. After a change here (or to a contract type it uses), run
 * `node tests/sandbox/store/state-schema.ts`; state-shape.test.ts fails until then.
 */
export interface State {
  /**
   * Bumped when the shape changes, with a migration in snapshot.ts (docs/sandbox.md, "Its data",
   * lists the versions).
   */
  version: number;
  sequences: Record<string, number>;
  licenceKeys: LicenceKey[];
  tenants: TenantRow[];
  users: UserRow[];
  linkTokens: LinkToken[];
  /** Every sign-in's session (its refresh token family): rotation, reuse detection, logout. */
  sessions: SessionRow[];
  outbox: OutboxMail[];
  attributes: AttributeRow[];
  mappings: MappingRow[];
  filters: FilterRow[];
  salesforce: Record<string, SalesforceRecord[]>;
  ace: Record<string, AceRecord[]>;
  syncErrors: SyncErrorRow[];
  syncLogs: SyncLogRow[];
  overrides: OverrideRow[];
  launches: LaunchRow[];
  syncRuns: SyncRunRow[];
  stats: TenantStats[];
  awsRegistrations: Schemas['AwsRegistrationRequest'][];
  /** Who changed what, oldest first: appended in the transaction of each change, never edited. */
  activity: ActivityRow[];
  /** The e-mail alerts each user chose; a user with no row has the defaults (all off). */
  alertSettings: AlertSettingsRow[];
  /** Alerts waiting for their user's daily digest, oldest first. */
  pendingAlerts: PendingAlertRow[];
  /** What the connection check last found, per tenant (connection-failed alerts). */
  connectionAlerts: ConnectionAlertRow[];
  /** The companies' webhooks, with their signing secrets (domain/webhooks.ts). */
  webhooks: WebhookRow[];
  /** Every webhook's deliveries (queued, retrying and its log), oldest first. */
  webhookDeliveries: WebhookDeliveryRow[];
}

export const STATE_VERSION = 10;

/** The next id of a table (ids are never reused). */
export function nextId(state: State, table: string): number {
  const id = (state.sequences[table] ?? 0) + 1;
  state.sequences[table] = id;
  return id;
}
