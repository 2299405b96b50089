import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDebouncedCallback } from 'use-debounce';

import { AceValueInput } from '@/components/ace-value-input/ace-value-input';
import { shortName } from '@/lib/person-name';
import { DataType, type ActivityArea } from '@generated/api/model';

import { activityPeopleQueryOptions } from '../activity-query-options';
import styles from '../activity.module.css';
import { isFiltered, type ActivityFilters } from '../model/activity-search';
import { ACTIVITY_TEXT, AREA_LABEL } from '../model/activity-texts';

/** Typing in the search box asks the server after this pause, not at every key. */
const SEARCH_PAUSE_MS = 300;

export interface ActivityFiltersProps {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
}

const AREA_OPTIONS = [
  { value: '', label: ACTIVITY_TEXT.allAreas },
  ...Object.entries(AREA_LABEL).map(([value, label]) => ({ value, label })),
];

/** Person, area, days and text: each narrows the list (and the CSV) and is kept in the URL. */
export function ActivityFiltersBar({ filters, onChange }: ActivityFiltersProps) {
  const ids = { person: useId(), area: useId(), search: useId() };
  const people = useQuery(activityPeopleQueryOptions());
  const set = (patch: Partial<ActivityFilters>) => onChange({ ...filters, ...patch });
  const personOptions = [
    { value: '', label: ACTIVITY_TEXT.everyone },
    ...(people.data?.results ?? []).map((user) => ({
      value: String(user.id),
      label: `${shortName(user)} (${user.email})`,
    })),
  ];
  // A person named by the link whose user is not (or no longer) in the list still shows.
  if (filters.person && !personOptions.some((option) => option.value === String(filters.person))) {
    personOptions.push({ value: String(filters.person), label: `#${filters.person}` });
  }
  return (
    <div className={styles.filters} role="search" aria-label="Activity filters">
      <FormGroup label={ACTIVITY_TEXT.person} labelFor={ids.person} className={styles.filter}>
        <HTMLSelect
          id={ids.person}
          fill
          value={filters.person ? String(filters.person) : ''}
          options={personOptions}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set({ person: value ? Number(value) : undefined });
          }}
        />
      </FormGroup>
      <FormGroup label={ACTIVITY_TEXT.area} labelFor={ids.area} className={styles.filter}>
        <HTMLSelect
          id={ids.area}
          fill
          value={filters.area ?? ''}
          options={AREA_OPTIONS}
          onChange={(event) => {
            const value = event.currentTarget.value;
            set({ area: value ? (value as ActivityArea) : undefined });
          }}
        />
      </FormGroup>
      <FormGroup label={ACTIVITY_TEXT.from} className={styles.filter}>
        <AceValueInput
          dataType={DataType.Date}
          rules="filter"
          dateEntry="typed"
          label={ACTIVITY_TEXT.from}
          placeholder=""
          value={filters.from ?? ''}
          onChange={(value) => set({ from: value || undefined })}
        />
      </FormGroup>
      <FormGroup label={ACTIVITY_TEXT.to} className={styles.filter}>
        <AceValueInput
          dataType={DataType.Date}
          rules="filter"
          dateEntry="typed"
          label={ACTIVITY_TEXT.to}
          placeholder=""
          value={filters.to ?? ''}
          onChange={(value) => set({ to: value || undefined })}
        />
      </FormGroup>
      <SearchBox
        id={ids.search}
        value={filters.search ?? ''}
        onChange={(search) => set({ search: search || undefined })}
      />
      {isFiltered(filters) ? (
        <Button
          className={styles.clear}
          variant="minimal"
          text={ACTIVITY_TEXT.clear}
          onClick={() => onChange({})}
        />
      ) : null}
    </div>
  );
}

/**
 * The search text, sent after a pause in the typing (and when the box is left, so nothing typed
 * is lost). A search changed elsewhere (Clear filters, the browser's back) replaces the text.
 */
function SearchBox({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    // The URL keeps the text trimmed: spaces still being typed at its end are not taken away.
    if (text.trim() !== value) setText(value);
  }
  const commit = useDebouncedCallback((next: string) => onChange(next.trim()), SEARCH_PAUSE_MS, {
    flushOnExit: true,
  });
  return (
    <FormGroup label={ACTIVITY_TEXT.search} labelFor={id} className={styles.search}>
      <InputGroup
        id={id}
        type="search"
        leftElement={<SearchIcon />}
        placeholder={ACTIVITY_TEXT.searchPlaceholder}
        maxLength={200}
        value={text}
        onValueChange={(next) => {
          setText(next);
          commit(next);
        }}
        onBlur={() => void commit.flush()}
      />
    </FormGroup>
  );
}
