import {
  AttributePermissionType,
  type Attribute,
  type AttributeRef,
  type EntityType,
} from '@generated/api/model';
import { BOOLEAN_VALUES, isRelatedRecordName, isReservedAttributeName } from '@generated/rules';

/** The two entity types the mapper has a tab for (the contract's EntityType). */
export type { EntityType };

/** ACE rows per page: the paginator's default page size. */
export const ROWS_PER_PAGE = 20;

/**
 * Identifiers the backend fills itself (the contract's ReservedAttributeName): never shown as
 * mappable rows, since a value chosen here would break the link between a record and ACE's.
 */
export const isReserved = (attribute: Pick<Attribute, 'name'>) =>
  isReservedAttributeName(attribute.name);

/** ACE only sends a Read Only field: it takes no mapping (AutoMatch leaves it too). */
export const isReadOnly = (attribute: Pick<Attribute, 'permission_type'>) =>
  attribute.permission_type === AttributePermissionType.Read_Only;

/**
 * Red asterisk: mandatory, needs a match or a dummy value. Grey asterisk: mandatory for ACE but
 * on a related record (the contract's rule: a name with account., user. or contact., in any
 * letter case), so whether it is needed depends on the CRM configuration; such fields are not
 * highlighted as mandatory.
 */
export function mandatoryMark(attribute: Pick<Attribute, 'name' | 'is_mandatory'>) {
  if (!attribute.is_mandatory) return null;
  return isRelatedRecordName(attribute.name) ? 'maybe' : 'required';
}

/** The rows of one tab: mappable fields first, then the read-only ones ACE only sends. */
export interface TabRows {
  main: Attribute[];
  /** Introduced by 'Salesforce Optional Update Values' at the end of the last page. */
  extra: Attribute[];
}

export function tabRows(attributes: readonly Attribute[], type: EntityType): TabRows {
  const rows: TabRows = { main: [], extra: [] };
  for (const attribute of attributes) {
    if (attribute.type !== type || isReserved(attribute)) continue;
    (isReadOnly(attribute) ? rows.extra : rows.main).push(attribute);
  }
  return rows;
}

export interface RowsPage {
  rows: Attribute[];
  /** Only on the last page. */
  extra: Attribute[];
  pages: number;
}

/** One page of 20 rows; the extra rows follow the main ones on the last page. */
export function rowsPage({ main, extra }: TabRows, page: number): RowsPage {
  const pages = Math.max(1, Math.ceil(main.length / ROWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const start = (current - 1) * ROWS_PER_PAGE;
  return {
    rows: main.slice(start, start + ROWS_PER_PAGE),
    extra: current === pages ? extra : [],
    pages,
  };
}

/** A Salesforce attribute as mappings reference it. */
export const toRef = (attribute: Attribute): AttributeRef => ({
  id: attribute.id,
  name: attribute.name,
  ...(attribute.type ? { type: attribute.type } : {}),
  ...(attribute.data_type ? { data_type: attribute.data_type } : {}),
});

/** The Salesforce attributes of one entity type (the list may hold both). */
export const salesforceOfType = (attributes: readonly Attribute[], type: EntityType) =>
  attributes.filter((attribute) => !attribute.type || attribute.type === type);

/**
 * The ACE values of a picklist or boolean field: one sub-row each (a boolean's are the contract's
 * True and False, the words of the overrides and the filters too).
 */
export function aceValues(attribute: Attribute): { value: string; label: string }[] {
  if (attribute.data_type === 'Boolean') {
    return BOOLEAN_VALUES.map((word) => ({ value: word, label: word }));
  }
  if (attribute.data_type === 'Picklist' && attribute.choices) {
    return Object.entries(attribute.choices).map(([value, label]) => ({ value, label }));
  }
  return [];
}

/** The values a Salesforce field offers to a sub-row: its picklist choices, or true/false. */
export function salesforceValues(
  attribute: Pick<Attribute, 'data_type' | 'choices'> | undefined,
): { value: string; label: string }[] {
  if (!attribute) return [];
  if (attribute.choices) {
    return Object.entries(attribute.choices).map(([value, label]) => ({ value, label }));
  }
  if (attribute.data_type === 'Boolean') {
    return [
      { value: 'true', label: 'true' },
      { value: 'false', label: 'false' },
    ];
  }
  return [];
}

/** Picklist and Boolean ACE fields expand into value sub-rows. */
export const hasValueRows = (attribute: Pick<Attribute, 'data_type'>) =>
  attribute.data_type === 'Picklist' || attribute.data_type === 'Boolean';
