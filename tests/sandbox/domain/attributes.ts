/** ACE attributes as the mapper and the counts see them. */
import { isReservedAttributeName } from '../../../generated/rules/index';
import type { AttributeRow, Entity, MappingRow, State } from '../store/state';

/**
 * Identifiers the backend fills itself (the contract's ReservedAttributeName): never mapped,
 * never counted, never overridden.
 */
export function isReserved(attribute: Pick<AttributeRow, 'name'>): boolean {
  return isReservedAttributeName(attribute.name);
}

export function aceAttributes(state: State, entity?: Entity): AttributeRow[] {
  return state.attributes.filter(
    (row) => row.is_aws_ace && (entity === undefined || row.type === entity),
  );
}

/** The tenant's Salesforce fields (its simulated org's field list). */
export function salesforceFields(state: State, tenantId: number, entity?: Entity): AttributeRow[] {
  return state.attributes.filter(
    (row) =>
      row.is_salesforce &&
      row.tenantId === tenantId &&
      (entity === undefined || row.type === entity),
  );
}

/** The field-level mapping of an ACE attribute (for picklists and booleans, the parent row). */
export function fieldMapping(
  state: State,
  tenantId: number,
  attributeId: number,
): MappingRow | undefined {
  return state.mappings.find(
    (row) =>
      row.tenant === tenantId &&
      row.aws_ace_attribute === attributeId &&
      !row.aws_ace_picklist_value &&
      row.picklist_mapping == null,
  );
}

/** Mandatory ACE attributes (reserved identifiers excluded) and how many have a mapping or dummy value. */
export function mappingCounts(state: State, tenantId: number) {
  const count = (entity: Entity) => {
    const mandatory = aceAttributes(state, entity).filter(
      (row) => row.is_mandatory && !isReserved(row),
    );
    return {
      total: mandatory.length,
      mapped: mandatory.filter((row) => fieldMapping(state, tenantId, row.id)).length,
    };
  };
  const lead = count('Lead');
  const opportunity = count('Opportunity');
  return {
    aws_mandatory_lead: lead.total,
    mapped_aws_mandatory_lead: lead.mapped,
    aws_mandatory_opportunity: opportunity.total,
    mapped_aws_mandatory_opportunity: opportunity.mapped,
  };
}
