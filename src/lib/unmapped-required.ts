import type { MappingCounts } from '@generated/api/model';

/** `1 required field`, `13 required fields`. */
export const requiredFields = (count: number) => `${count} required field${count === 1 ? '' : 's'}`;

/** The required ACE fields still without a Salesforce field, per entity and in all. */
export function unmappedRequired(counts: MappingCounts): {
  lead: number;
  opportunity: number;
  total: number;
} {
  const lead = Math.max(counts.aws_mandatory_lead - counts.mapped_aws_mandatory_lead, 0);
  const opportunity = Math.max(
    counts.aws_mandatory_opportunity - counts.mapped_aws_mandatory_opportunity,
    0,
  );
  return { lead, opportunity, total: lead + opportunity };
}

/**
 * What unmapped required fields mean, said where set-up is finished and wherever they are still
 * unmapped: set-up counts as complete with one of them mapped, but a record missing the others
 * fails its sync.
 */
export function unmappedRequiredText(counts: MappingCounts): string {
  const { lead, opportunity, total } = unmappedRequired(counts);
  const parts = [
    lead > 0 ? `${requiredFields(lead)} of leads` : '',
    opportunity > 0 ? `${requiredFields(opportunity)} of opportunities` : '',
  ].filter(Boolean);
  const have = total === 1 ? 'has' : 'have';
  return `${parts.join(' and ')} ${have} no Salesforce field yet: records that need ${total === 1 ? 'it' : 'them'} fail to sync until ${total === 1 ? 'it is' : 'they are'} mapped.`;
}
