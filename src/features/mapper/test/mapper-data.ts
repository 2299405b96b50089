import { ace, choices, mapping, salesforce } from '../testing/fixtures';

/** A tenant small enough to read: what the component tests serve. */
export const STAGE_VALUES = Array.from({ length: 20 }, (_, i) => `Stage ${i + 1}`);

export const ACE_ATTRIBUTES = [
  ace(1, 'status', {
    type: 'Lead',
    is_mandatory: true,
    data_type: 'Picklist',
    choices: choices('Open', 'Qualified'),
  }),
  ace(3, 'partnerCrmLeadId', { type: 'Lead', is_mandatory: true }),
  ace(5, 'campaignName', { type: 'Lead', is_mandatory: true, permission_type: 'Read Only' }),
  ace(6, 'firstName', { type: 'Lead' }),
  ace(25, 'partnerCrmUniqueIdentifier'),
  ace(27, 'customerCompanyName', { is_mandatory: true }),
  ace(28, 'Customer.Account.WebsiteUrl', { is_mandatory: true }),
  ace(40, 'partnerProjectTitle', { is_mandatory: true, help_text: 'Project title' }),
  ace(41, 'projectDescription'),
  ace(46, 'stage', {
    is_mandatory: true,
    data_type: 'Picklist',
    choices: choices(...STAGE_VALUES),
  }),
  ace(51, 'doesOppBelongToNatSec', { data_type: 'Boolean' }),
];

export const SALESFORCE_ATTRIBUTES = [
  salesforce(103, 'FirstName', { type: 'Lead', help_text: 'First Name' }),
  salesforce(117, 'Status', {
    type: 'Lead',
    data_type: 'Picklist',
    choices: choices('Open - Not Contacted', 'Closed'),
  }),
  salesforce(147, 'Name', { help_text: 'Opportunity Name' }),
  salesforce(149, 'Account.Name', { help_text: 'Account Name' }),
  salesforce(159, 'StageName', {
    data_type: 'Picklist',
    choices: choices(...STAGE_VALUES.map((v) => `SF ${v}`)),
  }),
  salesforce(164, 'Description'),
  salesforce(181, 'Customer_Business_Problem__c'),
  salesforce(189, 'AWS_National_Security__c', { data_type: 'Boolean' }),
];

export const MAPPINGS = [
  mapping(2, 27, {
    salesforce_attribute: { id: 149, name: 'Account.Name' },
    is_receive_update: true,
  }),
  mapping(8, 46, { salesforce_attribute: { id: 159, name: 'StageName' }, is_picklist: true }),
  mapping(20, 51, { salesforce_attribute: { id: 189, name: 'AWS_National_Security__c' } }),
  mapping(21, 51, {
    salesforce_attribute: { id: 189, name: 'AWS_National_Security__c' },
    is_picklist: true,
    aws_ace_picklist_value: 'True',
    salesforce_picklist_value: 'true',
    picklist_mapping: 20,
  }),
];

export const COUNTS = {
  aws_mandatory_lead: 2,
  mapped_aws_mandatory_lead: 0,
  aws_mandatory_opportunity: 4,
  mapped_aws_mandatory_opportunity: 2,
};

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const routes = () => ({
  'GET /api/v1/salesforce/aws/attributes/': page(ACE_ATTRIBUTES),
  'GET /api/v1/salesforce/attributes/': page(SALESFORCE_ATTRIBUTES),
  'GET /api/v1/salesforce/data-mappings/': page(MAPPINGS),
  'GET /api/v1/salesforce/data-mappings/count/': COUNTS,
  'GET /api/v1/tenants/check-connection/': { salesforce_connection: 'ok', aws_connection: 'ok' },
  'POST /api/v1/salesforce/data-mappings/': (call: { body: unknown }) => ({
    ...mapping(500, (call.body as { aws_ace_attribute: number }).aws_ace_attribute),
  }),
  'PATCH /api/v1/salesforce/data-mappings/{id}/': mapping(1, 40),
  'DELETE /api/v1/salesforce/data-mappings/{id}/': () => new Response(null, { status: 204 }),
});
