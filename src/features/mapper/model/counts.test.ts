import { describe, expect, it } from 'vitest';

import { applyMandatoryEvent, countLine } from './counts';

const counts = {
  aws_mandatory_lead: 3,
  mapped_aws_mandatory_lead: 2,
  aws_mandatory_opportunity: 18,
  mapped_aws_mandatory_opportunity: 0,
};

describe('required-field counts', () => {
  it('reads as the spec writes it', () => {
    expect(countLine(2, 3, 'leads')).toBe('2/3 Required Fields of leads Matched');
    expect(countLine(9, 18, 'opportunities')).toBe('9/18 Required Fields of opportunities Matched');
  });

  it("moves the counter of the attribute's entity on 'added' and 'removed'", () => {
    expect(applyMandatoryEvent(counts, 'added', 'Lead')).toEqual({
      ...counts,
      mapped_aws_mandatory_lead: 3,
    });
    expect(applyMandatoryEvent(counts, 'added', 'Opportunity')).toEqual({
      ...counts,
      mapped_aws_mandatory_opportunity: 1,
    });
    expect(applyMandatoryEvent(counts, 'removed', 'Lead')).toEqual({
      ...counts,
      mapped_aws_mandatory_lead: 1,
    });
  });

  it('stays between zero and the total', () => {
    expect(applyMandatoryEvent(counts, 'removed', 'Opportunity')).toEqual(counts);
    const full = applyMandatoryEvent(counts, 'added', 'Lead');
    expect(applyMandatoryEvent(full, 'added', 'Lead')).toEqual(full);
  });
});
