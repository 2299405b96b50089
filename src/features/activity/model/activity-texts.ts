import type { ActivityArea } from '@generated/api/model';

/** The texts of the Activity screen, in one place. */
export const ACTIVITY_TEXT = {
  title: 'Activity',
  table: 'Activity',
  pages: 'Activity pages',
  empty: 'No activity matches these filters.',
  none: 'No activity yet.',
  person: 'Person',
  everyone: 'Everyone',
  area: 'Area',
  allAreas: 'All areas',
  from: 'From',
  to: 'To',
  search: 'Search',
  searchPlaceholder: 'Name, e-mail, target or action',
  clear: 'Clear filters',
  exportCsv: 'Export CSV',
  checkIntegrity: 'Check integrity',
  when: 'When',
  who: 'Who',
  action: 'Action',
  target: 'Target',
  event: 'Event',
  request: 'Request',
  before: 'Before',
  after: 'After',
  field: 'Field',
  changes: 'Changes',
  noChange: 'No details recorded.',
  showUnchanged: (count: number) => `Show unchanged fields (${count})`,
  /** A value that is not there (null): nothing before, or nothing left after. */
  noValue: '(none)',
  unknownActor: '(unknown)',
  revert: 'Revert',
  revertTitle: 'Revert this change?',
  revertBody: (target: string) =>
    `${target} will be put back as it was before this change. The revert is recorded as an event of its own.`,
  restored: 'What will be restored',
  overwrite: 'Overwrite',
  overwriteBody: 'It was changed again since:',
  laterChange: (who: string, when: string, what: string) =>
    `This will overwrite a later change by ${who} at ${when}: ${what}.`,
  reverted: 'Change reverted.',
  intact: (checked: number) =>
    `The log is intact: ${checked} ${checked === 1 ? 'event' : 'events'} checked.`,
  broken: (eventId: number | null, reason: string | null) =>
    `The log is broken at event ${eventId ?? '?'}: ${reason ?? 'no reason given.'}`,
} as const;

/** Each area as people read it (a new area in the contract fails the build until named here). */
export const AREA_LABEL: Record<ActivityArea, string> = {
  mapping: 'Mappings',
  sync_filter: 'Sync filters',
  override: 'Overrides',
  rule: 'Rules',
  user: 'Users',
  company: 'Company',
  environment: 'Environment',
  launch: 'Launches',
  sync: 'Syncs',
  password: 'Passwords',
  sign_in: 'Sign-ins',
};

export { actionText } from '@/lib/activity-actions';

/** An area as people read it, or as it is when unknown. */
export function areaText(area: string): string {
  return (AREA_LABEL as Record<string, string>)[area] ?? area;
}
