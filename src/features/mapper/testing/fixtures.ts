import type { Attribute, DataMapping } from '@generated/api/model';

/**
 * Small, readable stand-ins for the contract's attributes and mappings, for the model's unit tests
 * (pure functions and stores). Screens are tested against the sandbox backend instead.
 */
function attribute(id: number, name: string, onAce: boolean, extra: Partial<Attribute>): Attribute {
  return {
    id,
    name,
    type: 'Opportunity',
    is_aws_ace: onAce,
    is_salesforce: !onAce,
    is_mandatory: false,
    help_text: null,
    permission_type: 'Update',
    choices: null,
    data_type: 'String',
    mapping: null,
    ...extra,
  };
}

export function ace(id: number, name: string, extra: Partial<Attribute> = {}): Attribute {
  return attribute(id, name, true, extra);
}

export function salesforce(id: number, name: string, extra: Partial<Attribute> = {}): Attribute {
  return attribute(id, name, false, extra);
}

export function mapping(id: number, aceId: number, extra: Partial<DataMapping> = {}): DataMapping {
  return {
    id,
    aws_ace_attribute: aceId,
    salesforce_attribute: null,
    is_receive_update: false,
    is_concatenated: false,
    concatenated_attributes: [],
    concatenated_attribute_mapping: [],
    is_picklist: false,
    is_dummy_value: false,
    dummy_value_description: null,
    aws_ace_picklist_value: null,
    salesforce_picklist_value: '',
    tenant: 1,
    picklist_mapping: null,
    ...extra,
  };
}

export const choices = (...values: string[]) =>
  Object.fromEntries(values.map((value) => [value, value]));
