/**
 * Acme's recent history in the activity log: a handful of changes its super_admin (Dana) and a
 * user (Marcus) made in the days before the seed's last sync, chained as `record` chains them.
 * Globex has none: its log starts with its first change.
 */
import { actorOf, chained } from '../domain/activity';
import type { ActivityRow, State } from '../store/state';

type Unhashed = Omit<ActivityRow, 'hash' | 'prev_hash'>;

/** Appends Acme's seeded events (`tenantId`) to `state.activity` and moves the table's sequence past them. */
export function seedActivityHistory(state: State, tenantId: number): void {
  const user = (id: number) => {
    const row = state.users.find((candidate) => candidate.id === id);
    if (!row) throw new Error(`the seed has no user ${id}`);
    return actorOf(row);
  };
  const dana = user(1);
  const marcus = user(2);
  const events: Omit<Unhashed, 'id' | 'tenantId'>[] = [
    {
      at: '2026-02-26T08:58:12Z',
      actor: dana,
      area: 'sign_in',
      action: 'sign_in.succeeded',
      target: { kind: 'user', id: '1', label: dana.email },
      before: null,
      after: null,
      request_id: 'seed-0a1c6e2f-0001',
    },
    {
      at: '2026-02-26T09:04:40Z',
      actor: dana,
      area: 'mapping',
      action: 'mapping.changed',
      target: { kind: 'ace_attribute', id: '46', label: 'stage' },
      before: { salesforce_attribute: 'Stage__c', is_receive_update: false },
      after: { salesforce_attribute: 'StageName', is_receive_update: true },
      request_id: 'seed-0a1c6e2f-0002',
    },
    {
      at: '2026-02-26T09:11:05Z',
      actor: dana,
      area: 'rule',
      action: 'rule.changed',
      target: { kind: 'rule', id: 'opportunity', label: 'Create opportunities in Salesforce' },
      before: { is_opportunity_create_allowed_in_sf: false },
      after: { is_opportunity_create_allowed_in_sf: true },
      request_id: 'seed-0a1c6e2f-0003',
    },
    {
      at: '2026-02-27T14:22:31Z',
      actor: dana,
      area: 'user',
      action: 'user.invited',
      target: { kind: 'user', id: '4', label: 'tomas.rivera@acme-cloud.com' },
      before: null,
      after: { name: 'Tomás Rivera', email: 'tomas.rivera@acme-cloud.com', role: 'user' },
      request_id: 'seed-0a1c6e2f-0004',
    },
    {
      at: '2026-02-28T10:02:47Z',
      actor: marcus,
      area: 'sign_in',
      action: 'sign_in.refused',
      target: { kind: 'user', id: '2', label: marcus.email },
      before: null,
      after: null,
      request_id: 'seed-0a1c6e2f-0005',
    },
    {
      at: '2026-02-28T10:03:15Z',
      actor: marcus,
      area: 'sign_in',
      action: 'sign_in.succeeded',
      target: { kind: 'user', id: '2', label: marcus.email },
      before: null,
      after: null,
      request_id: 'seed-0a1c6e2f-0006',
    },
    {
      at: '2026-02-28T10:09:58Z',
      actor: marcus,
      area: 'launch',
      action: 'launch.resolved',
      target: { kind: 'launches', id: null, label: 'Launched opportunities' },
      before: { unread: 2 },
      after: { unread: 0 },
      request_id: 'seed-0a1c6e2f-0007',
    },
    {
      at: '2026-03-01T16:40:03Z',
      actor: dana,
      area: 'sync_filter',
      action: 'sync_filter.created',
      target: { kind: 'sync_filter', id: '1', label: 'Opportunity filter' },
      before: null,
      after: { entity: 'Opportunity', comparison: 'greater_than', value: '10000' },
      request_id: 'seed-0a1c6e2f-0008',
    },
  ];
  const first = (state.sequences.activity ?? 0) + 1;
  const rows: Unhashed[] = events.map((event, index) => ({
    ...event,
    id: first + index,
    tenantId,
  }));
  state.activity.push(...chained(rows));
  state.sequences.activity = first + rows.length - 1;
}
