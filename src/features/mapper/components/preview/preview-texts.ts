import type { EntityType, PreviewAttribute, RecordPreview } from '@generated/api/model';

export const PREVIEW_TEXT = {
  title: 'Preview a record',
  intro:
    'Pick a Salesforce record to see what ACE would receive for it under the current mappings, and what ACE would refuse. It refreshes as you change the mappings.',
  recordType: 'Record type',
  search: 'Search Salesforce records',
  searchPlaceholder: 'Name, company, e-mail…',
  noValue: '—',
  syncs: 'This record would sync: ACE would accept every value.',
  heldBack: 'The sync filters hold this record back: the next sync would not send it.',
  recordProblems: 'Problems with the record itself',
  columns: { field: 'ACE Field', value: 'Value', source: 'Source', problems: 'Problems' },
  goToSf: 'Go to SF',
  refreshing: 'Refreshing the preview…',
} as const;

const PLURAL: Record<EntityType, string> = { Lead: 'leads', Opportunity: 'opportunities' };

export const entityTabs: ReadonlyArray<[EntityType, string]> = [
  ['Lead', 'Leads'],
  ['Opportunity', 'Opportunities'],
];

/** What the results list says when nothing matches (or the org has no record of the type). */
export function noResultsText(entity: EntityType, search: string): string {
  return search.trim()
    ? `No ${PLURAL[entity]} match “${search.trim()}”.`
    : `There are no ${PLURAL[entity]} in Salesforce yet.`;
}

/** 'ACE would refuse this record: 2 problems.' */
export function refusedText(count: number): string {
  return `ACE would refuse this record: ${count} ${count === 1 ? 'problem' : 'problems'}.`;
}

/** Where an attribute's value comes from, in words. */
export function sourceText({ source }: Pick<PreviewAttribute, 'source'>): string {
  const names = source.salesforce_fields.map((field) => field.name);
  switch (source.kind) {
    case 'field':
      return `Salesforce field ${names[0] ?? ''}`.trim();
    case 'concatenation':
      return `Concatenation of ${names.join(' + ')}`;
    case 'picklist':
      return source.salesforce_value === null
        ? `Picklist translation of ${names[0] ?? 'a Salesforce field'}`
        : `Picklist translation of ${names[0] ?? 'a Salesforce field'} “${source.salesforce_value}”`;
    case 'dummy':
      return 'Dummy value';
    case 'override':
      return 'Override value saved for the next sync';
    case 'none':
      return 'Not mapped';
  }
}

/** The record's problems by the attribute they concern; record-level ones under null. */
export function problemsByAttribute(preview: RecordPreview) {
  const byAttribute = new Map<number | null, RecordPreview['problems']>();
  for (const problem of preview.problems) {
    const key = problem.attribute?.id ?? null;
    byAttribute.set(key, [...(byAttribute.get(key) ?? []), problem]);
  }
  return byAttribute;
}

/** The attributes ACE would refuse first, each group in the mapper's order. */
export function withProblemsFirst(
  attributes: readonly PreviewAttribute[],
  problems: ReadonlyMap<number | null, unknown>,
): PreviewAttribute[] {
  const refused = attributes.filter((row) => problems.has(row.attribute.id));
  return [...refused, ...attributes.filter((row) => !problems.has(row.attribute.id))];
}
