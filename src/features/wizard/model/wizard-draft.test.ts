import { describe, expect, it } from 'vitest';

import { INITIAL_SALESFORCE_CONNECTION } from '@/components/salesforce-connection/salesforce-connection-values';

import { INITIAL_ACCOUNT, type AccountValues } from './account-values';
import { INITIAL_AWS } from './aws-values';
import { isWizardDraft, wizardDraftOf } from './wizard-draft';

const ACCOUNT: AccountValues = {
  company: {
    company_name: 'Initech',
    aws_partner_status: 'premier',
    email: 'info@initech.example',
  },
  admin: { name: 'Peter Gibbons', email: 'peter@initech.example', password: 'Sup3r-Secret!' },
  is_term_and_conditions_accepted: true,
};
const VALUES = {
  account: ACCOUNT,
  salesforce: { ...INITIAL_SALESFORCE_CONNECTION, username: 'sf@initech.example' },
  aws: {
    ...INITIAL_AWS,
    account_id: '123456789012',
    policy: 'data:application/json;name=p.json,{}',
  },
};

describe('the wizard’s draft', () => {
  it('keeps the step and what was typed, never the password nor the policy file', () => {
    const draft = wizardDraftOf(2, VALUES);
    expect(draft).toEqual({
      step: 2,
      account: { ...ACCOUNT, admin: { name: 'Peter Gibbons', email: 'peter@initech.example' } },
      salesforce: VALUES.salesforce,
      aws: { has_policy_file: true, account_id: '123456789012' },
    });
    expect(JSON.stringify(draft)).not.toContain('Sup3r-Secret!');
    expect(isWizardDraft(JSON.parse(JSON.stringify(draft)))).toBe(true);
  });

  it('keeps nothing of step 2 once it is done: the company exists', () => {
    expect(wizardDraftOf(3, VALUES)).not.toHaveProperty('account');
    expect(isWizardDraft(wizardDraftOf(5, { ...VALUES, account: INITIAL_ACCOUNT }))).toBe(true);
  });

  it.each([
    ['no step', { account: { company: {}, admin: {} } }],
    ['a step outside the wizard', { step: 6 }],
    ['a password', { step: 2, account: { company: {}, admin: { password: 'x' } } }],
    ['a policy file', { step: 4, aws: { policy: 'data:application/json,{}' } }],
    [
      'an unknown partner status',
      { step: 2, account: { company: { aws_partner_status: 'gold' }, admin: {} } },
    ],
    ['a field of the wrong type', { step: 3, salesforce: { username: 42 } }],
    ['something else', { step: 3, secret: 'x' }],
    ['not an object', 'step 3'],
  ])('is not read back with %s', (_case, value) => {
    expect(isWizardDraft(value)).toBe(false);
  });
});
