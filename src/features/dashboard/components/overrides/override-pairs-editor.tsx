import { Button, Classes, Intent } from '@blueprintjs/core';
import { AddIcon, CrossIcon } from '@blueprintjs/icons';
import { useId } from 'react';

import { AceValueInput } from '@/components/ace-value-input/ace-value-input';
import { FilterSelect } from '@/components/filter-select/filter-select';
import { useRefusal } from '@/components/form/refusal-board';
import { waitMs } from '@/lib/timing';
import type { Attribute, SyncError } from '@generated/api/model';

import {
  attributeOptions,
  entityTypeOf,
  pairStatus,
  valueProblem,
  type OverridePair,
} from '../../model/override-form';
import styles from './overrides.module.css';
import { useOverrideFormContext } from './use-override-form';

/**
 * The 'ACE Field with dummy values' cell of one sync error: ACE attribute and value pairs, one
 * per line, and a button to add another attribute.
 */
export function OverridePairsEditor({ error }: { error: SyncError }) {
  const form = useOverrideFormContext();
  const row = form.rowFor(error);
  const entityType = entityTypeOf(error);
  const canAdd =
    row.pairs.every((pair) => pair.attributeId !== null) &&
    attributeOptions(form.attributes, row, '', entityType).length > 0;
  // A save replaces a record's values with the ones it sends, and cannot send none: a record with
  // values saved keeps at least one (it can be changed; dismissing the error drops them all).
  const keepsOne = form.savedRow(error.id) !== undefined;
  return (
    <div className={styles.pairs} data-sync-error={error.id}>
      {row.pairs.map((pair, index) => (
        <PairLine
          key={pair.key}
          error={error}
          pair={pair}
          position={row.pairs.length > 1 ? index + 1 : undefined}
          options={attributeOptions(form.attributes, row, pair.key, entityType)}
          removable={
            row.pairs.length > 1 || (!keepsOne && (pair.attributeId !== null || pair.value !== ''))
          }
        />
      ))}
      {canAdd ? (
        <Button
          className={styles.addPair}
          size="small"
          variant="minimal"
          intent={Intent.PRIMARY}
          icon={<AddIcon />}
          text="Add attribute"
          aria-label={`Add attribute for ${error.salesforce_id}`}
          onClick={() => form.addPair(error)}
        />
      ) : null}
    </div>
  );
}

interface PairLineProps {
  error: SyncError;
  pair: OverridePair;
  position: number | undefined;
  options: Attribute[];
  removable: boolean;
}

function PairLine({ error, pair, position, options, removable }: PairLineProps) {
  const form = useOverrideFormContext();
  const problemId = useId();
  const attribute =
    pair.attributeId === null ? undefined : form.attributesById.get(pair.attributeId);
  const status = pairStatus(pair, attribute);
  const show = form.submitted || pair.touched;
  const refused = useRefusal(form.refusals, pair.key);
  // The pair's own check first; else what the server said of it at the last save.
  const ownProblem = show ? valueProblem(pair.value, attribute) : undefined;
  const problem =
    ownProblem ??
    (refused ? [...(refused.attribute ?? []), ...(refused.value ?? [])].join(' ') : undefined);
  const missingAttribute = show && status === 'incomplete' && pair.attributeId === null;
  const missingValue = show && status === 'incomplete' && pair.value.trim() === '';
  const suffix = `${position ? ` ${position}` : ''} for ${error.salesforce_id}`;
  // A saved attribute that is not in the list (a related-record field) still shows by name.
  const selected =
    attribute ??
    (pair.attributeId === null
      ? undefined
      : { id: pair.attributeId, name: `#${pair.attributeId}` });
  const items = attribute && !options.includes(attribute) ? [attribute, ...options] : options;
  return (
    <div className={styles.pair} data-attribute={pair.attributeId ?? undefined}>
      <div className={styles.pairFields}>
        <FilterSelect<Attribute>
          items={items}
          selected={selected}
          onSelect={(next) => form.setAttribute(error, pair.key, next.id)}
          itemKey={(item) => String(item.id)}
          itemText={(item) => item.name}
          itemTitle={(item) => item.help_text ?? undefined}
          placeholder="Select attribute"
          label={`ACE field${suffix}`}
          invalid={missingAttribute || Boolean(refused?.attribute)}
          loading={form.attributes.length === 0 && pair.attributeId !== null}
        />
        {/* Shaped by the attribute so that the value cannot cause a new error: a filterable
            choice for picklists and booleans, a yyyy-mm-dd calendar (or typed day) for dates, and
            text for the rest; a new attribute starts a new box. */}
        <AceValueInput
          key={`${pair.attributeId ?? 'none'}`}
          dataType={attribute?.data_type}
          choices={attribute?.choices}
          value={pair.value}
          onChange={(value) => form.setValue(error, pair.key, value)}
          onTouch={() => form.touchValue(error, pair.key)}
          label={`Dummy value${suffix}`}
          placeholder="Dummy value"
          choicePlaceholder="Select value"
          invalid={missingValue || Boolean(ownProblem) || Boolean(refused?.value)}
          describedBy={problem ? problemId : undefined}
          disabled={!attribute}
          rules="override"
          choiceList="filterable"
          dateEntry="typed"
          typingPauseMs={waitMs('overrideTypingPause')}
        />
        {removable ? (
          <Button
            variant="minimal"
            size="small"
            icon={<CrossIcon />}
            aria-label={`Remove ACE field${suffix}`}
            onClick={() => form.removePair(error, pair.key)}
          />
        ) : null}
      </div>
      {problem ? (
        <div id={problemId} className={`${Classes.FORM_HELPER_TEXT} ${styles.problem}`}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}
