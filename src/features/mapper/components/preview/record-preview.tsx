import { Classes, HTMLTable, InputGroup, RadioGroup, Spinner } from '@blueprintjs/core';
import { SearchIcon, ShareIcon } from '@blueprintjs/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';

import { BlockError } from '@/components/block-error/block-error';
import { ErrorCategoryTag } from '@/components/error-category/error-category';
import {
  getPreviewSalesforceRecordQueryOptions,
  getSearchSalesforceRecordsQueryOptions,
} from '@generated/api/mappings/mappings';
import type { AttributeRef, EntityType, RecordPreview as Preview } from '@generated/api/model';

import {
  entityTabs,
  noResultsText,
  PREVIEW_TEXT,
  problemsByAttribute,
  withProblemsFirst,
  refusedText,
  sourceText,
} from './preview-texts';
import styles from './preview.module.css';
import { useMappingChanges } from './use-mapping-changes';

/** Search results shown at once; the search narrows them. */
export const RESULTS_SHOWN = 8;
/** The search is asked this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
const QUIET = { meta: { silentErrors: true } } as const;

export interface RecordPreviewProps {
  /** Takes the user to a field's row in the mapper. */
  onPickField: (attribute: AttributeRef) => void;
}

/**
 * Search a Salesforce lead or opportunity, pick it, and see the ACE record it would become: each
 * attribute with its value and source, and each problem ACE would report beside its field.
 */
export function RecordPreview({ onPickField }: RecordPreviewProps) {
  const [entity, setEntity] = useState<EntityType>('Lead');
  const [search, setSearch] = useState('');
  const [debounced] = useDebounce(search, SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<string | null>(null);

  const results = useQuery({
    ...getSearchSalesforceRecordsQueryOptions(
      { type: entity, search: debounced.trim() || undefined, 'page-size': RESULTS_SHOWN },
      { query: QUIET },
    ),
    placeholderData: keepPreviousData,
  });

  return (
    <div className={styles.body}>
      <p className={Classes.TEXT_MUTED}>{PREVIEW_TEXT.intro}</p>
      <RadioGroup
        inline
        label={PREVIEW_TEXT.recordType}
        selectedValue={entity}
        options={entityTabs.map(([value, label]) => ({ value, label }))}
        onChange={(event) => {
          setEntity(event.currentTarget.value === 'Opportunity' ? 'Opportunity' : 'Lead');
          setPicked(null);
        }}
      />
      <label className={styles.searchLabel}>
        {PREVIEW_TEXT.search}
        <InputGroup
          type="search"
          leftIcon={<SearchIcon />}
          value={search}
          placeholder={PREVIEW_TEXT.searchPlaceholder}
          onValueChange={setSearch}
          rightElement={results.isFetching ? <Spinner size={16} /> : undefined}
        />
      </label>
      {results.isError ? (
        <BlockError
          error={results.error}
          onRetry={() => void results.refetch()}
          retrying={results.isFetching}
        />
      ) : results.data ? (
        results.data.results.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{noResultsText(entity, debounced)}</p>
        ) : (
          <ul
            className={styles.results}
            aria-label={`${entity === 'Lead' ? 'Leads' : 'Opportunities'} found`}
          >
            {results.data.results.map((record) => (
              <li key={record.id}>
                <button
                  type="button"
                  className={styles.result}
                  aria-pressed={picked === record.id}
                  onClick={() => setPicked(record.id)}
                >
                  <strong>{record.name}</strong>
                  <span className={Classes.TEXT_MUTED}>
                    {[record.id, ...Object.values(record.fields).filter(Boolean)].join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : (
        <Spinner size={20} className={styles.spinner} />
      )}
      {picked ? <PreviewOf salesforceId={picked} onPickField={onPickField} /> : null}
    </div>
  );
}

function PreviewOf({
  salesforceId,
  onPickField,
}: {
  salesforceId: string;
  onPickField: (attribute: AttributeRef) => void;
}) {
  const client = useQueryClient();
  const options = getPreviewSalesforceRecordQueryOptions(salesforceId, { query: QUIET });
  const preview = useQuery(options);
  // After a mapping change settles, ask again; a newer request cancels the one in flight, so
  // at most one runs and the latest answer is the one shown.
  useMappingChanges(() => {
    void client.refetchQueries(
      { queryKey: options.queryKey, exact: true },
      { cancelRefetch: true },
    );
  });

  if (preview.isError) {
    return (
      <BlockError
        error={preview.error}
        onRetry={() => void preview.refetch()}
        retrying={preview.isFetching}
      />
    );
  }
  if (!preview.data) return <Spinner size={24} className={styles.spinner} />;
  return (
    <PreviewTable
      preview={preview.data}
      refreshing={preview.isFetching}
      onPickField={onPickField}
    />
  );
}

function PreviewTable({
  preview,
  refreshing,
  onPickField,
}: {
  preview: Preview;
  refreshing: boolean;
  onPickField: (attribute: AttributeRef) => void;
}) {
  const problems = problemsByAttribute(preview);
  const ofRecord = problems.get(null) ?? [];
  const verdict = !preview.passes_filters
    ? PREVIEW_TEXT.heldBack
    : preview.problems.length > 0
      ? refusedText(preview.problems.length)
      : PREVIEW_TEXT.syncs;
  return (
    <section
      className={styles.preview}
      aria-labelledby="record-preview-name"
      aria-busy={refreshing}
    >
      <header className={styles.previewHeader}>
        <h4 id="record-preview-name" className={Classes.HEADING}>
          {preview.name}
        </h4>
        {preview.entity_url ? (
          <a href={preview.entity_url} target="_blank" rel="noopener noreferrer">
            {PREVIEW_TEXT.goToSf} <ShareIcon size={12} aria-hidden />
          </a>
        ) : null}
      </header>
      <p role="status" className={styles.verdict}>
        {verdict}
        {refreshing ? <span className={Classes.TEXT_MUTED}> {PREVIEW_TEXT.refreshing}</span> : null}
      </p>
      {ofRecord.length > 0 ? (
        <div>
          <h5 className={Classes.HEADING}>{PREVIEW_TEXT.recordProblems}</h5>
          {ofRecord.map((problem) => (
            <p key={problem.error_description}>
              <ErrorCategoryTag type={problem.error_type} exact={problem.error_type_description} />{' '}
              {problem.error_description}
            </p>
          ))}
        </div>
      ) : null}
      <div className={styles.tableScroll}>
        <HTMLTable
          compact
          className={styles.table}
          aria-label={`What ACE would receive for ${preview.name}`}
        >
          <thead>
            <tr>
              <th scope="col">{PREVIEW_TEXT.columns.field}</th>
              <th scope="col">{PREVIEW_TEXT.columns.value}</th>
              <th scope="col">{PREVIEW_TEXT.columns.source}</th>
              <th scope="col">{PREVIEW_TEXT.columns.problems}</th>
            </tr>
          </thead>
          <tbody>
            {withProblemsFirst(preview.attributes, problems).map((row) => {
              const found = problems.get(row.attribute.id) ?? [];
              return (
                <tr
                  key={row.attribute.id}
                  className={found.length > 0 ? styles.problemRow : undefined}
                >
                  <th scope="row">
                    {found.length > 0 ? (
                      <button
                        type="button"
                        className={styles.fieldLink}
                        onClick={() => onPickField(row.attribute)}
                      >
                        {row.attribute.name}
                      </button>
                    ) : (
                      row.attribute.name
                    )}
                  </th>
                  <td className={styles.value}>{row.value ?? PREVIEW_TEXT.noValue}</td>
                  <td>{sourceText(row)}</td>
                  <td>
                    {found.map((problem) => (
                      <div key={problem.error_description} className={styles.problem}>
                        <ErrorCategoryTag
                          type={problem.error_type}
                          exact={problem.error_type_description}
                        />
                        <span>{problem.error_description}</span>
                      </div>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}
