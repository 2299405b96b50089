// @vitest-environment node
import { describe, expect, it } from 'vitest';

import { ReservedAttributeName } from '../../../generated/api/model/reservedAttributeName';
import { buildSeed } from '../seed/seed';
import { testStore } from '../test-sandbox';
import { aceAttributes, isReserved, mappingCounts } from './attributes';
import { Invalid } from './failure';
import { createMapping } from './mappings';

const ACME = 1;

describe("the contract's reserved names (ReservedAttributeName) in the sandbox", () => {
  it('are the reserved ACE attributes, and only they', () => {
    const reserved = aceAttributes(buildSeed()).filter(isReserved);
    expect(new Set(reserved.map((row) => row.name))).toEqual(
      new Set(Object.values(ReservedAttributeName)),
    );
    expect(isReserved({ name: 'partnerCrmLeadId' })).toBe(true);
    expect(isReserved({ name: 'PartnerCrmLeadId' })).toBe(false);
  });

  it('are never counted as required mappings, though ACE marks some mandatory', () => {
    const state = buildSeed();
    const mandatory = (entity: 'Lead' | 'Opportunity') =>
      aceAttributes(state, entity).filter((row) => row.is_mandatory && !isReserved(row)).length;
    expect(aceAttributes(state).some((row) => isReserved(row) && row.is_mandatory)).toBe(true);
    expect(mappingCounts(state, ACME)).toMatchObject({
      aws_mandatory_lead: mandatory('Lead'),
      aws_mandatory_opportunity: mandatory('Opportunity'),
    });
  });

  it('cannot be mapped', () => {
    const store = testStore({ seed: buildSeed });
    const reserved = aceAttributes(store.state).find(isReserved)!;
    let failure: unknown;
    try {
      store.transact((draft) =>
        createMapping(draft, ACME, { aws_ace_attribute: reserved.id, is_dummy_value: true }),
      );
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Invalid);
    expect((failure as Invalid).fields).toEqual({
      aws_ace_attribute: [`${reserved.name} is filled by AceBridge itself.`],
    });
  });
});
