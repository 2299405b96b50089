import { describe, expect, it } from 'vitest';

import { unmappedRequired, unmappedRequiredText } from './unmapped-required';

const counts = (lead: [number, number], opportunity: [number, number]) => ({
  mapped_aws_mandatory_lead: lead[0],
  aws_mandatory_lead: lead[1],
  mapped_aws_mandatory_opportunity: opportunity[0],
  aws_mandatory_opportunity: opportunity[1],
});

describe('required fields still unmapped', () => {
  it('counts them per entity and in all', () => {
    expect(unmappedRequired(counts([1, 3], [5, 18]))).toEqual({
      lead: 2,
      opportunity: 13,
      total: 15,
    });
    expect(unmappedRequired(counts([3, 3], [18, 18])).total).toBe(0);
  });

  it('says what happens to the records that need them, in the right number', () => {
    expect(unmappedRequiredText(counts([1, 3], [5, 18]))).toBe(
      '2 required fields of leads and 13 required fields of opportunities have no Salesforce field yet: records that need them fail to sync until they are mapped.',
    );
    expect(unmappedRequiredText(counts([3, 3], [17, 18]))).toBe(
      '1 required field of opportunities has no Salesforce field yet: records that need it fail to sync until it is mapped.',
    );
  });
});
