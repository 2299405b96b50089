/**
 * The user actions of the model-based suite, as fast-check commands over the sandbox (world.ts)
 * and the model (invariants.ts). Each step moves the clock a minute, does one action through the
 * API as the app would (Dana, the company's super admin), checks what the contract says of that
 * action's reply and effect, then every invariant (checkInvariants).
 *
 * A command holds only its random choices (indexes into what the server lists at that moment, so a
 * shrunk sequence still means something): never state of a run, as fast-check reuses instances
 * while it shrinks. An action with nothing to act on (no open error to retry) does nothing.
 */
import fc from 'fast-check';

import {
  isOverrideValue,
  isReservedAttributeName,
  mayTakeOverride,
} from '../../generated/rules/index';
import {
  api,
  entityOf,
  FILTERS,
  MAPPINGS,
  TERMINAL,
  type Attribute,
  type Entity,
  type Override,
  type Run,
  type SyncError,
} from './api';
import {
  attributeOfErrors,
  checkInvariants,
  mapDiff,
  observe,
  overrideKey,
  overrideMap,
  type Model,
} from './invariants';
import { rule, type Rule } from './rules';
import { type Answer, type World, restart, settle, signIn } from './world';

type Direction = 'both' | 'salesforce_to_aws' | 'aws_to_salesforce';

const show = (value: unknown) => JSON.stringify(value);
const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/** JSON with its keys sorted: two views equal whatever the order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/**
 * Whether a revert's `after` puts back the reverted event's `before`: equal, or for an object view
 * every field `before` names (an event may name only the fields it changed, as the seed's rule
 * change does).
 */
function putsBack(after: unknown, before: unknown): boolean {
  if (canonical(after) === canonical(before)) return true;
  if (!before || !after || typeof before !== 'object' || Array.isArray(before)) return false;
  return Object.entries(before as Record<string, unknown>).every(
    ([key, value]) => canonical((after as Record<string, unknown>)[key]) === canonical(value),
  );
}

function accepted(
  answer: Answer,
  statuses: number[],
  what: string,
  name: Rule = 'action-accepted',
) {
  rule(
    statuses.includes(answer.status),
    name,
    () =>
      `${what} answered ${answer.status} (expected ${statuses.join(' or ')}): ${show(answer.body)}`,
  );
}

/** Values of the contract's format for an ACE attribute's data type (OverrideWrite). */
function valuesFor(attribute: Attribute): string[] {
  switch (attribute.data_type) {
    case 'Boolean':
      return ['True', 'False'];
    case 'Int':
      return ['42', '-7'];
    case 'Double':
      return ['10000', '2.5E3', '.5'];
    case 'Date':
      return ['2026-03-31', '2027-01-15'];
    case 'Email':
      return ['jane.doe@example.com'];
    case 'Picklist': {
      const keys = Object.keys(attribute.choices ?? {});
      return keys.length > 0 ? keys : ['Model value'];
    }
    default:
      return ['Model value', 'Another model value'];
  }
}

function valueFor(attribute: Attribute, pick: number): string {
  const values = valuesFor(attribute);
  const value = values[pick % values.length] as string;
  if (!isOverrideValue(attribute, value))
    throw new Error(`the suite made a value the contract refuses: ${attribute.name} ${value}`);
  return value;
}

const sidesOf = (direction: Run['direction']) =>
  direction === 'both' ? ['salesforce_to_aws', 'aws_to_salesforce'] : [direction];

/**
 * After a run: its errors replaced the open errors of the directions it ran (of its records, for
 * a retry), every one of them is open, and the other open errors are the ones before.
 */
async function checkReplaced(
  world: World,
  run: Run,
  before: readonly SyncError[],
  records: ReadonlySet<string> | null,
): Promise<void> {
  const sides = sidesOf(run.direction);
  const inScope = (error: SyncError) =>
    sides.includes(error.sync_direction) && (records === null || records.has(error.salesforce_id));
  const after = await api.openErrors(world.dana);
  const ofRun = new Set((await api.openErrors(world.dana, run.id)).map((error) => error.id));
  const logged = await api.logs(world.dana, run.id);
  const stale = after.filter((error) => inScope(error) && !ofRun.has(error.id));
  rule(
    stale.length === 0,
    'sync-replaces-open-errors',
    () =>
      `after run ${run.id} (${run.trigger}, ${run.direction}), open errors it did not raise are still open: ${show(stale.map((error) => [error.id, error.salesforce_id, error.sync_direction]))}`,
  );
  const kept = before.filter((error) => !inScope(error)).map((error) => error.id);
  const left = after.filter((error) => !ofRun.has(error.id)).map((error) => error.id);
  rule(
    canonical(kept.sort()) === canonical(left.sort()),
    'sync-replaces-open-errors',
    () => `run ${run.id} was to keep the open errors ${show(kept)}, the others are ${show(left)}`,
  );
  rule(
    ofRun.size === logged.length,
    'sync-replaces-open-errors',
    () => `run ${run.id} logged ${logged.length} errors, ${ofRun.size} of them are open`,
  );
}

/** Waits for the run to end and reads it. */
async function ended(world: World, answer: Answer): Promise<Run | null> {
  const id = (answer.body as { run?: Run } | undefined)?.run?.id;
  await settle(world);
  if (typeof id !== 'number') return null;
  const run = await api.run(world.dana, id);
  rule(
    TERMINAL.has(run.state),
    'run-ends',
    () => `run ${id} is ${run.state} once the runner is idle`,
  );
  return run;
}

/** Time spent per kind of step (name -> [steps, ms]), for the closing note. */
export const stepTimes = new Map<string, [number, number]>();

abstract class Step implements fc.AsyncCommand<Model, World> {
  check(_model: Readonly<Model>): boolean {
    return true;
  }

  async run(model: Model, world: World): Promise<void> {
    world.clock.tick();
    world.steps += 1;
    const started = performance.now();
    await this.act(model, world);
    await checkInvariants(world, model);
    const kind = this.toString().replace(/\(.*$/, '');
    const [count, ms] = stepTimes.get(kind) ?? [0, 0];
    stepTimes.set(kind, [count + 1, ms + performance.now() - started]);
  }

  protected abstract act(model: Model, world: World): Promise<void>;
  abstract toString(): string;
}

/** Sync: start a run (both ways, or one) and let it finish. */
class Sync extends Step {
  constructor(readonly direction: Direction) {
    super();
  }

  protected async act(_model: Model, world: World) {
    const before = await api.openErrors(world.dana);
    const answer = await api.startSync(world.dana, this.direction);
    accepted(answer, [200], 'startSync');
    const run = await ended(world, answer);
    if (run) await checkReplaced(world, run, before, null);
  }

  toString() {
    return `sync(${this.direction})`;
  }
}

/** Retry a cause of errors (the whole cause, or its first error only) and let the run finish. */
class Retry extends Step {
  constructor(
    readonly pick: number,
    readonly firstErrorOnly: boolean,
  ) {
    super();
  }

  override check(model: Readonly<Model>) {
    return model.openErrors > 0;
  }

  protected async act(_model: Model, world: World) {
    const causes = await api.causes(world.dana);
    const cause = causes[this.pick % Math.max(1, causes.length)];
    if (!cause) return;
    const before = await api.openErrors(world.dana);
    const named = this.firstErrorOnly ? cause.error_ids.slice(0, 1) : cause.error_ids;
    const errors = before.filter((error) => named.includes(error.id));
    const answer = await api.retry(
      world.dana,
      this.firstErrorOnly ? { error_ids: named } : { cause_id: cause.id },
    );
    accepted(answer, [200], `retrySyncErrors ${this.firstErrorOnly ? show(named) : cause.id}`);
    const run = await ended(world, answer);
    if (!run) return;
    const directions = new Set(errors.map((error) => error.sync_direction));
    rule(
      run.direction === (directions.size > 1 ? 'both' : [...directions][0]),
      'retry-goes-errors-directions',
      () => `the retry of errors of ${show([...directions])} ran ${run.direction}`,
    );
    await checkReplaced(world, run, before, new Set(errors.map((error) => error.salesforce_id)));
  }

  toString() {
    return `retry(cause#${this.pick}${this.firstErrorOnly ? ', first error' : ''})`;
  }
}

/**
 * Save values on an open error (or on an error the client saw open earlier, which a sync may have
 * replaced since): one or two ACE fields of its record that take an override, each with a value
 * of its type; the first is the error's own field when `ownField` and it takes one.
 */
class SaveOverrides extends Step {
  constructor(
    readonly pickError: number,
    readonly pickField: number,
    readonly pickValue: number,
    readonly ownField: boolean,
    readonly twoFields: boolean,
    readonly seenEarlier: boolean,
  ) {
    super();
  }

  override check(model: Readonly<Model>) {
    return model.openErrors > 0 || model.seenErrors.size > 0;
  }

  protected async act(model: Model, world: World) {
    const open = (await api.openErrors(world.dana)).sort(byId);
    const openIds = new Set(open.map((error) => error.id));
    const earlier = [...model.seenErrors]
      .filter(([id]) => !openIds.has(id))
      .sort(([a], [b]) => a - b)
      .map(([id, salesforceId]) => ({ id, salesforce_id: salesforceId }));
    const pool = this.seenEarlier && earlier.length > 0 ? earlier : open;
    const error = pool[this.pickError % Math.max(1, pool.length)];
    if (!error) return;
    const stale = !openIds.has(error.id);
    const entity = entityOf(error.salesforce_id);
    const attributes = (await api.aceAttributes(world.dana))
      .filter((row) => row.type === entity && mayTakeOverride(row))
      .sort(byId);
    const own = attributeOfErrors(await api.causes(world.dana)).get(error.id);
    const first =
      (this.ownField && attributes.find((row) => row.id === own)) ||
      (attributes[this.pickField % attributes.length] as Attribute);
    const fields = [first];
    const second = attributes[(this.pickField + 1 + this.pickValue) % attributes.length];
    if (this.twoFields && second && second.id !== first.id) fields.push(second);
    const items = fields.map((field) => ({
      sync_error_id: error.id,
      salesforce_id: error.salesforce_id,
      ace_id: field.id,
      dummy_value: valueFor(field, this.pickValue),
    }));
    const before = await api.overrides(world.dana);
    const answer = await api.saveOverrides(world.dana, items);
    const failing = open.some((row) => row.salesforce_id === error.salesforce_id);
    if (!failing) {
      // The record fails no more: there is no open error to save the value for.
      accepted(answer, [400], `updateOverrides ${show(items)}`, 'save-follows-replaced-error');
      return;
    }
    accepted(
      answer,
      [200],
      `updateOverrides ${show(items)}${stale ? ` (error ${error.id} replaced since)` : ''}`,
      stale ? 'save-follows-replaced-error' : 'action-accepted',
    );
    if (answer.status !== 200) return;

    const after = await api.overrides(world.dana);
    const ofRecord = (rows: Override[]) =>
      rows.filter((row) => row.salesforce_id === error.salesforce_id);
    const expected = new Map(
      items.map((item) => [overrideKey(item.salesforce_id, item.ace_id), item.dummy_value]),
    );
    const saved = overrideMap(ofRecord(after));
    rule(
      canonical([...saved].sort()) === canonical([...expected].sort()) &&
        ofRecord(after).every((row) => row.status === 'pending' && row.used_at === null),
      'save-replaces-named-records-only',
      () =>
        `the record's values after the save: ${show(ofRecord(after))}\n${mapDiff(expected, saved)}`,
    );
    const others = (rows: Override[]) =>
      rows
        .filter((row) => row.salesforce_id !== error.salesforce_id)
        .map((row) => canonical(row))
        .sort();
    rule(
      canonical(others(before)) === canonical(others(after)),
      'save-replaces-named-records-only',
      () =>
        `other records' values changed:\n  before ${others(before).join(', ')}\n  after  ${others(after).join(', ')}`,
    );
    const event = (await api.activity(world.dana, '?area=override'))[0];
    if (event) {
      model.overrideStates.set(event.id, new Map(model.overrides ?? overrideMap(before)));
      model.saves.push(event.id);
    }
    const next = new Map(model.overrides ?? overrideMap(before));
    for (const key of [...next.keys()])
      if (key.startsWith(`${error.salesforce_id}|`)) next.delete(key);
    for (const [key, value] of expected) {
      next.set(key, value);
      model.pending.add(key);
    }
    model.overrides = next;
  }

  toString() {
    return `save(error#${this.pickError}${this.seenEarlier ? ' seen earlier' : ''}, field#${this.pickField}${this.ownField ? ' (its own)' : ''}${this.twoFields ? ' +1' : ''}, value#${this.pickValue})`;
  }
}

/**
 * A revert of an override event this sequence made: the values become the event's `before`, the
 * values just before it (what "clear the values" is: revert the save's event).
 */
async function revertOverrides(model: Model, world: World, id: number): Promise<void> {
  const event = (await api.activity(world.dana, '?area=override')).find((row) => row.id === id);
  const state = model.overrideStates.get(id);
  if (!event || !state) {
    model.overrides = null;
    return;
  }
  const open = await api.openErrors(world.dana);
  const failing = new Set(open.map((error) => error.salesforce_id));
  const current = model.overrides ?? new Map<string, string>();
  // A value to put back (changed since, or gone) is saved again through updateOverrides' rules:
  // that needs an open error of its record, else the revert is refused with their 400. A value to
  // take away needs none: there is nothing to check it against.
  const recordOf = (key: string) => key.slice(0, key.indexOf('|'));
  const putBack = new Set(
    [...state].filter(([key, value]) => current.get(key) !== value).map(([key]) => recordOf(key)),
  );
  const possible = [...putBack].every((record) => failing.has(record));
  const answer = await api.revert(world.dana, id);
  const what = `revertActivityEvent ${id} (${event.action}): from ${show([...current])} to ${show([...state])}, records failing ${show([...failing])}`;
  if (possible && answer.status === 400) {
    // Refused though it puts nothing back on a record that no longer fails: it only takes values
    // away there (the record's other values stay as they are).
    const takenAway = [...current.keys()]
      .filter((key) => !state.has(key))
      .map(recordOf)
      .filter((record) => !failing.has(record));
    if (takenAway.length > 0) {
      rule(false, 'revert-takes-values-away', () => `${what} answered 400: ${show(answer.body)}`);
      return;
    }
  }
  accepted(answer, possible ? [201] : [400], what);
  if (answer.status !== 201) return;
  const revert = (answer.body as { event: { id: number; after: unknown } }).event;
  rule(
    putsBack(revert.after, event.before),
    'revert-restores-before',
    () =>
      `the revert of ${id} left ${canonical(revert.after)}, its before was ${canonical(event.before)}`,
  );
  model.overrideStates.set(revert.id, new Map(current));
  model.saves.push(revert.id);
  model.overrides = new Map(state);
  for (const key of state.keys()) if (current.get(key) !== state.get(key)) model.pending.add(key);
}

/** Clear the values of a save: revert the save's activity event. */
class ClearOverrides extends Step {
  constructor(readonly pick: number) {
    super();
  }

  override check(model: Readonly<Model>) {
    return model.saves.length > 0;
  }

  protected async act(model: Model, world: World) {
    const id = model.saves[this.pick % model.saves.length];
    if (id !== undefined) await revertOverrides(model, world, id);
  }

  toString() {
    return `clear(save#${this.pick})`;
  }
}

/** Revert any revertible event of the log (confirmed over later changes). */
class Revert extends Step {
  constructor(readonly pick: number) {
    super();
  }

  protected async act(model: Model, world: World) {
    const events = (await api.activity(world.dana)).filter((row) => row.revertible).sort(byId);
    const event = events[this.pick % Math.max(1, events.length)];
    if (!event) return;
    if (event.area === 'override') return revertOverrides(model, world, event.id);
    const answer = await api.revert(world.dana, event.id);
    // 400: the value is no longer valid; 409: a sync filter deleted since.
    accepted(answer, [201, 400, 409], `revertActivityEvent ${event.id} (${event.action})`);
    if (answer.status !== 201) return;
    const revert = (answer.body as { event: { after: unknown } }).event;
    rule(
      putsBack(revert.after, event.before),
      'revert-restores-before',
      () =>
        `the revert of ${event.id} (${event.action}) left ${canonical(revert.after)}, its before was ${canonical(event.before)}`,
    );
  }

  toString() {
    return `revert(event#${this.pick})`;
  }
}

/** Map an unmapped ACE field, to a Salesforce field of its entity or to a fixed value. */
class MapField extends Step {
  constructor(
    readonly pick: number,
    readonly toField: boolean,
    readonly pickSource: number,
  ) {
    super();
  }

  protected async act(_model: Model, world: World) {
    const unmapped = (await api.aceAttributes(world.dana))
      .filter((row) => row.mapping === null && !isReservedAttributeName(row.name))
      .sort(byId);
    const ace = unmapped[this.pick % Math.max(1, unmapped.length)];
    if (!ace) return;
    let body: Record<string, unknown>;
    if (this.toField) {
      const fields = (await api.salesforceFields(world.dana, ace.type as Entity)).sort(byId);
      const field = fields[this.pickSource % fields.length] as Attribute;
      body = {
        aws_ace_attribute: ace.id,
        salesforce_attribute: field.id,
        is_receive_update: false,
      };
    } else {
      body = {
        aws_ace_attribute: ace.id,
        is_dummy_value: true,
        dummy_value_description: valueFor(ace, this.pickSource),
      };
    }
    const answer = await world.dana.post(MAPPINGS, body);
    accepted(answer, [201], `createDataMapping ${show(body)}`);
    const mapped = (await api.aceAttributes(world.dana)).find((row) => row.id === ace.id);
    rule(
      answer.status !== 201 || mapped?.mapping?.id === (answer.body as { id: number }).id,
      'write-sticks',
      () => `${ace.name} mapped by ${show(body)} reads ${show(mapped?.mapping)}`,
    );
  }

  toString() {
    return `map(field#${this.pick} to ${this.toField ? `salesforce#${this.pickSource}` : `value#${this.pickSource}`})`;
  }
}

/** Unmap a mapped ACE field (its mapping row, and its value rows with it). */
class UnmapField extends Step {
  constructor(readonly pick: number) {
    super();
  }

  protected async act(_model: Model, world: World) {
    const mapped = (await api.aceAttributes(world.dana)).filter((row) => row.mapping).sort(byId);
    const ace = mapped[this.pick % Math.max(1, mapped.length)];
    if (!ace?.mapping) return;
    const answer = await world.dana.delete(`${MAPPINGS}${ace.mapping.id}/`);
    accepted(answer, [204], `deleteDataMapping ${ace.mapping.id} (${ace.name})`);
    const after = (await api.aceAttributes(world.dana)).find((row) => row.id === ace.id);
    rule(
      answer.status !== 204 || after?.mapping === null,
      'write-sticks',
      () => `${ace.name} unmapped reads ${show(after?.mapping)}`,
    );
  }

  toString() {
    return `unmap(field#${this.pick})`;
  }
}

/** Sync filter conditions the contract accepts (attribute, comparison, value of its type). */
const FILTER_TEMPLATES = [
  {
    attribute_id: 44,
    comparison_type: 'lesser_than',
    field_value: '900',
    entity_type: 'Opportunity',
  },
  {
    attribute_id: 44,
    comparison_type: 'greater_than',
    field_value: '20000',
    entity_type: 'Opportunity',
  },
  {
    attribute_id: 46,
    comparison_type: 'equal_to',
    field_value: 'Committed',
    entity_type: 'Opportunity',
  },
  {
    attribute_id: 45,
    comparison_type: 'greater_than',
    field_value: '2026-06-01',
    entity_type: 'Opportunity',
  },
  { attribute_id: 1, comparison_type: 'not_equal_to', field_value: 'Open', entity_type: 'Lead' },
  { attribute_id: 1, comparison_type: 'equal_to', field_value: 'Research', entity_type: 'Lead' },
  { attribute_id: 23, comparison_type: 'greater_than', field_value: '30', entity_type: 'Lead' },
] as const;

/** Add a sync filter condition, in block 1 to 3. */
class AddFilter extends Step {
  constructor(
    readonly template: number,
    readonly block: number,
  ) {
    super();
  }

  protected async act(_model: Model, world: World) {
    const template = FILTER_TEMPLATES[
      this.template % FILTER_TEMPLATES.length
    ] as (typeof FILTER_TEMPLATES)[number];
    const body = { ...template, block: this.block };
    const answer = await world.dana.post(`${FILTERS}/`, body);
    accepted(answer, [201], `createSyncFilter ${show(body)}`);
    if (answer.status !== 201) return;
    const id = (answer.body as { id: number }).id;
    const listed = (await api.filters(world.dana)).find((row) => row.id === id);
    rule(
      listed?.field_value === body.field_value &&
        listed?.comparison_type === body.comparison_type &&
        listed?.block === body.block,
      'write-sticks',
      () => `filter ${id} created by ${show(body)} reads ${show(listed)}`,
    );
  }

  toString() {
    return `addFilter(${this.template}, block ${this.block})`;
  }
}

/** Remove a sync filter condition. */
class RemoveFilter extends Step {
  constructor(readonly pick: number) {
    super();
  }

  protected async act(_model: Model, world: World) {
    const filters = (await api.filters(world.dana)).sort(byId);
    const filter = filters[this.pick % Math.max(1, filters.length)];
    if (!filter) return;
    const answer = await world.dana.delete(`${FILTERS}/${filter.id}/`);
    accepted(answer, [204], `deleteSyncFilter ${filter.id}`);
    const left = (await api.filters(world.dana)).some((row) => row.id === filter.id);
    rule(
      answer.status !== 204 || !left,
      'write-sticks',
      () => `filter ${filter.id} deleted is still listed`,
    );
  }

  toString() {
    return `removeFilter(#${this.pick})`;
  }
}

/** Dismiss one error, the first two of a cause, or a whole cause. */
class Dismiss extends Step {
  constructor(
    readonly pick: number,
    readonly how: 'one' | 'ids' | 'cause',
  ) {
    super();
  }

  override check(model: Readonly<Model>) {
    return model.openErrors > 0;
  }

  protected async act(_model: Model, world: World) {
    const open = (await api.openErrors(world.dana)).sort(byId);
    const causes = await api.causes(world.dana);
    const logs = (await api.logs(world.dana)).length;
    let named: number[];
    let answer: Answer;
    if (this.how === 'one') {
      const error = open[this.pick % Math.max(1, open.length)];
      if (!error) return;
      named = [error.id];
      answer = await api.dismissOne(world.dana, error.id);
      accepted(answer, [204], `deleteSyncError ${error.id}`);
    } else {
      const cause = causes[this.pick % Math.max(1, causes.length)];
      if (!cause) return;
      named = this.how === 'ids' ? cause.error_ids.slice(0, 2) : cause.error_ids;
      answer = await api.dismiss(
        world.dana,
        this.how === 'ids' ? { error_ids: named } : { cause_id: cause.id },
      );
      accepted(answer, [200], `dismissSyncErrors ${this.how === 'ids' ? show(named) : cause.id}`);
      rule(
        answer.status !== 200 || (answer.body as { dismissed: number }).dismissed === named.length,
        'dismiss-removes-exactly',
        () => `dismissed ${show(answer.body)}, named ${named.length}`,
      );
    }
    const after = await api.openErrors(world.dana);
    const expected = open.map((error) => error.id).filter((id) => !named.includes(id));
    rule(
      canonical(after.map((error) => error.id).sort()) === canonical(expected.sort()),
      'dismiss-removes-exactly',
      () => `open errors ${show(after.map((error) => error.id))}, expected ${show(expected)}`,
    );
    const logsAfter = (await api.logs(world.dana)).length;
    rule(
      logsAfter === logs,
      'dismiss-removes-exactly',
      () => `the log went from ${logs} to ${logsAfter} errors`,
    );
  }

  toString() {
    return `dismiss(${this.how} #${this.pick})`;
  }
}

/** Invite a new user (a `user`); a 429 (the invitation throttle) is no acknowledgement. */
class Invite extends Step {
  protected async act(model: Model, world: World) {
    const email = `model.user.${model.invitations}@acme-cloud.com`;
    model.invitations += 1;
    const answer = await world.dana.post('/api/v1/tenants/invite-users/', {
      first_name: 'Model',
      last_name: `User ${model.invitations}`,
      email,
      role: 'user',
    });
    accepted(answer, [201, 429], `inviteUser ${email}`);
    if (answer.status === 201) model.invited.push(email);
  }

  toString() {
    return 'invite';
  }
}

/** Sign out (the session ends) and sign in again. */
class SignOutIn extends Step {
  protected async act(_model: Model, world: World) {
    const old = world.dana;
    const answer = await old.post('/api/v1/auth/logout/', { refresh: old.refresh });
    accepted(answer, [200], 'logout');
    world.signedOut.push(old);
    world.dana = await signIn(world);
  }

  toString() {
    return 'signOutIn';
  }
}

/** Restart the store: clean (stop, start on the same files) or as after a crash (kill -9). */
/**
 * Restart the store: clean (stop, start on the same files) or as after a crash (kill -9); or crash
 * right after starting a sync, while its run is queued or under way: the run then ends
 * `interrupted` (or, had it finished before the crash, as it finished).
 */
class Restart extends Step {
  constructor(readonly kind: 'clean' | 'crash' | 'crash during a sync') {
    super();
  }

  protected async act(_model: Model, world: World) {
    const before = await observe(world);
    let started: Answer | null = null;
    if (this.kind === 'crash during a sync') {
      started = await api.startSync(world.dana, 'both');
      accepted(started, [200], 'startSync');
    }
    try {
      await restart(world, this.kind === 'clean' ? 'clean' : 'crash');
    } catch (error) {
      rule(
        false,
        'restart-keeps-acknowledged-writes',
        () => `the sandbox did not start again: ${String(error)}`,
      );
      throw error;
    }
    const session = await world.dana.get('/api/v1/users/me/alerts/');
    rule(
      session.status === 200,
      'restart-keeps-acknowledged-writes',
      () => `Dana's session answers ${session.status} after the restart`,
    );
    const after = await observe(world);
    // A sync cut short may have gone some way: only what it cannot touch must be as it was, and
    // its run must be there, ended.
    const keys = started ? ['mappings', 'filters', 'users', 'activityOk'] : Object.keys(before);
    if (started) {
      // The start of the sync is one event more in the chain.
      const [was, now] = [before.activityHead, after.activityHead] as { count: number }[];
      rule(
        now?.count === (was?.count ?? 0) + 1,
        'restart-keeps-acknowledged-writes',
        () => `the activity chain held ${was?.count} events, ${now?.count} after the sync's start`,
      );
    }
    const changed = keys.filter((key) => canonical(before[key]) !== canonical(after[key]));
    rule(
      changed.length === 0,
      'restart-keeps-acknowledged-writes',
      () =>
        `a ${this.kind} restart changed ${changed.join(', ')}:\n${changed
          .map(
            (key) =>
              `  ${key} before ${canonical(before[key]).slice(0, 600)}\n  ${key} after  ${canonical(after[key]).slice(0, 600)}`,
          )
          .join('\n')}`,
    );
    if (started) {
      const id = (started.body as { run?: Run } | undefined)?.run?.id;
      const run = typeof id === 'number' ? await api.run(world.dana, id) : null;
      rule(
        run !== null && TERMINAL.has(run.state),
        'restart-keeps-acknowledged-writes',
        () => `the run started before the crash (${String(id)}) reads ${show(run)}`,
      );
      if (run?.state === 'interrupted')
        rule(
          Boolean(run.failure_reason),
          'run-state-agrees-with-counts',
          () => `run ${run.id} interrupted without a failure_reason`,
        );
    }
  }

  toString() {
    return `restart(${this.kind})`;
  }
}

const pick = fc.nat({ max: 99 });

/** The actions, weighted (a sync and a save come up more often: they are the second day). */
export const commandArbitraries: fc.Arbitrary<fc.AsyncCommand<Model, World>>[] = [
  fc
    .constantFrom<Direction>('both', 'salesforce_to_aws', 'aws_to_salesforce')
    .map((d) => new Sync(d)),
  fc.constant(new Sync('both')),
  fc.tuple(pick, fc.boolean()).map(([p, first]) => new Retry(p, first)),
  fc
    .tuple(pick, pick, pick, fc.boolean(), fc.boolean(), fc.boolean())
    .map(([e, f, v, own, two, earlier]) => new SaveOverrides(e, f, v, own, two, earlier)),
  fc
    .tuple(pick, pick, pick, fc.boolean())
    .map(([e, f, v, two]) => new SaveOverrides(e, f, v, true, two, false)),
  pick.map((p) => new ClearOverrides(p)),
  fc.tuple(pick, fc.boolean(), pick).map(([p, toField, s]) => new MapField(p, toField, s)),
  pick.map((p) => new UnmapField(p)),
  fc.tuple(pick, fc.integer({ min: 1, max: 3 })).map(([t, b]) => new AddFilter(t, b)),
  pick.map((p) => new RemoveFilter(p)),
  pick.map((p) => new Revert(p)),
  fc
    .tuple(pick, fc.constantFrom('one', 'ids', 'cause') as fc.Arbitrary<'one' | 'ids' | 'cause'>)
    .map(([p, how]) => new Dismiss(p, how)),
  fc.constant(new Invite()),
  fc.constant(new SignOutIn()),
  fc
    .constantFrom<'clean' | 'crash' | 'crash during a sync'>(
      'clean',
      'crash',
      'crash during a sync',
    )
    .map((kind) => new Restart(kind)),
];
