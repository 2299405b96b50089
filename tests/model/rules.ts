/**
 * The rules the model-based suite checks, by name, and how a broken one is told: `rule(holds,
 * name, message)` throws a RuleBroken naming it (fast-check then shrinks the sequence).
 *
 * KNOWN_BROKEN lists the rules the sandbox is known to break still, each with the regression test
 * (tests/model/regressions.test.ts, an `it.fails`) that shows it: the property goes on past them,
 * so that the other rules are still searched, and the test says at the end which known rules a run
 * met. When a fix lands, its regression test starts to pass, so `it.fails` fails: flip it to `it`
 * and take its rule out of here. `FC_STRICT=1` checks every rule, the known ones too;
 * `FC_SKIP=rule,rule` goes on past those rules too, for one run (to look for others meanwhile).
 */
const RULES = {
  'no-5xx': 'No call answers 5xx, whatever the sequence of actions.',
  'action-accepted':
    "A valid action of the company's super admin is accepted (2xx), as the contract says when.",
  'run-ends': 'A started run ends (no run stays queued or running once the runner is idle).',
  'run-parts-add-up':
    "A run's five count parts add up to its processed records; a finished run processed its total.",
  'run-state-agrees-with-counts':
    'succeeded iff nothing failed; completed_with_failures iff some failed and some synced; failed iff it stopped, or records failed and none synced.',
  'run-failed-equals-errors':
    "A run's failed (records, over both entities) is the number of records its errors name (listSyncLogs ?run=).",
  'finished-run-unchanged':
    'A run that ended never changes, nor disappears from the history (but after the 30 days it is kept).',
  'changes-before-kept':
    "An ended run's changes_before (the changes since the run before it) stays as it was.",
  'total-synced-moves-by-created':
    'TOTAL SYNCED moves by exactly the created records of the runs that ended since (nothing deletes ACE records here).',
  'last-synced-is-last-full-sync':
    "Last Synced is the newest full sync's created + updated, last_unchanged its unchanged, the date its end.",
  'sync-replaces-open-errors':
    "A sync's errors replace the open errors of the directions it ran (of its records, for a retry); the others stay.",
  'retry-goes-errors-directions': 'A retry runs the direction(s) of the errors it retries.',
  'causes-cover-open-errors': 'The causes group every open error exactly once.',
  'pending-override-points-to-open-error':
    "A pending override's sync_error_id is an open error of its record: the newest about its ACE field, else the record's newest.",
  'override-status-consistent':
    'One value per record and ACE field; pending has no used_at, used has one and names no open error; a record that fails has its values pending.',
  'saved-values-kept':
    'A saved value stays, with its value, until a save of its record or a revert replaces it (syncs, retries, mappings, filters and restarts keep it); a pending one goes when its record has no open error left and no sync sent it.',
  'save-replaces-named-records-only':
    "A save makes the named records' values exactly the list's (pending), and leaves every other saved value as it was.",
  'save-follows-replaced-error':
    "A save naming an error that a newer sync replaced is saved for the record's open error.",
  'revert-restores-before': "A revert puts back the reverted event's `before` (its own `after`).",
  'revert-takes-values-away':
    'A revert of a save that only takes values away from a record (its other values stay as they are) is accepted, whether or not the record still fails: only a value put back needs an open error.',
  'dismiss-removes-exactly':
    'A dismissal removes exactly the errors named from the open list, and keeps them in the log.',
  'activity-chain-verifies':
    'The activity chain verifies, and still holds the head noted at the last check.',
  'write-sticks': 'An acknowledged write (filter, mapping, invitation) is there when read back.',
  'signed-out-stays-out': "A signed-out session's tokens stay refused (across restarts too).",
  'restart-keeps-acknowledged-writes':
    'A restart (clean or from a crash) changes nothing a client can read, and keeps its session.',
} as const;

export type Rule = keyof typeof RULES;

/** Rules the sandbox still breaks, with the regression test that shows it (see above). */
export const KNOWN_BROKEN: Partial<Record<Rule, string>> = {};

const STRICT = process.env.FC_STRICT === '1';
/** FC_SKIP=rule,rule: rules to go on past for this run only (to look for others meanwhile). */
const SKIPPED = new Set((process.env.FC_SKIP ?? '').split(',').filter(Boolean));

class RuleBroken extends Error {
  override name = 'RuleBroken';
  constructor(
    readonly rule: Rule,
    message: string,
  ) {
    super(`${rule} (${RULES[rule]})\n${message}`);
  }
}

/** Known rules met during the runs of this process, for the test's closing note. */
export const knownMet = new Map<Rule, number>();

/** Throws RuleBroken unless `holds` (a known broken rule is counted instead, unless strict). */
export function rule(holds: boolean, name: Rule, message: () => string): void {
  if (holds) return;
  if ((!STRICT && name in KNOWN_BROKEN) || SKIPPED.has(name)) {
    knownMet.set(name, (knownMet.get(name) ?? 0) + 1);
    return;
  }
  throw new RuleBroken(name, message());
}
