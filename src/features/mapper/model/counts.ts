import type { Attribute, AttributeType, MappingCounts } from '@generated/api/model';

import { tabRows, type EntityType } from './attributes';
import type { MappingStore } from './mapping-store';
import type { MandatoryEvent } from './mapping-sync';

/** '{mapped}/{total} Required Fields of leads Matched', and likewise for opportunities. */
export const countLine = (mapped: number, total: number, entity: 'leads' | 'opportunities') =>
  `${mapped}/${total} Required Fields of ${entity} Matched`;

/** The required counter moves with the mandatory-mapping events: up on added, down on removed. */
export function applyMandatoryEvent(
  counts: MappingCounts,
  event: MandatoryEvent,
  type: AttributeType | undefined,
): MappingCounts {
  const step = event === 'added' ? 1 : -1;
  const clamp = (value: number, total: number) => Math.min(Math.max(value + step, 0), total);
  if (type === 'Lead') {
    return {
      ...counts,
      mapped_aws_mandatory_lead: clamp(counts.mapped_aws_mandatory_lead, counts.aws_mandatory_lead),
    };
  }
  if (type === 'Opportunity') {
    return {
      ...counts,
      mapped_aws_mandatory_opportunity: clamp(
        counts.mapped_aws_mandatory_opportunity,
        counts.aws_mandatory_opportunity,
      ),
    };
  }
  return counts;
}

/**
 * The mandatory ACE fields of one type that have no mapping on screen yet, in the mapper's row
 * order: what the count line still misses (it counts every mandatory field but the reserved ones,
 * related-record fields with their grey asterisk included).
 */
export function unmatchedRequired(
  attributes: readonly Attribute[],
  store: Pick<MappingStore, 'view'>,
  type: EntityType,
): Attribute[] {
  const { main, extra } = tabRows(attributes, type);
  return [...main, ...extra].filter(
    (attribute) => attribute.is_mandatory && !store.view(attribute.id).field,
  );
}
