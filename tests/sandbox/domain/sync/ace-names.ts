/**
 * How ACE names its attributes in its own messages: the API path (for example
 * `Project.ExpectedMonthlyAWSRevenue.Amount`) and the label the partner sees. From the ACE
 * reference (aws-samples/partner-crm-integration-samples); attributes not listed use their name.
 */
import type { AttributeRow } from '../../store/state';

const OPPORTUNITY: Record<string, [path: string, label: string]> = {
  customerCompanyName: ['Customer.Account.CompanyName', 'Customer Company Name'],
  'Customer.Account.WebsiteUrl': ['Customer.Account.WebsiteUrl', 'Customer Website'],
  industry: ['Customer.Account.Industry', 'Industry Vertical'],
  country: ['Customer.Account.Address.CountryCode', 'Country'],
  state: ['Customer.Account.Address.StateOrRegion', 'State'],
  postalCode: ['Customer.Account.Address.PostalCode', 'Postal Code'],
  city: ['Customer.Account.Address.City', 'City'],
  partnerProjectTitle: ['Project.Title', 'Partner Project Title'],
  projectDescription: ['Project.CustomerBusinessProblem', 'Customer Business Problem'],
  useCase: ['Project.CustomerUseCase', 'Use Case'],
  deliveryModel: ['Project.DeliveryModel', 'Delivery Model'],
  expectedMonthlyAwsRevenue: [
    'Project.ExpectedMonthlyAWSRevenue.Amount',
    'Estimated AWS Monthly Recurring Revenue',
  ],
  targetCloseDate: ['TargetCloseDate', 'Target Close Date'],
  stage: ['LifeCycle.Stage', 'Stage'],
  status: ['LifeCycle.ReviewStatus', 'Status'],
  partnerPrimaryNeedFromAws: ['PrimaryNeedsFromAWS', 'Partner primary need from AWS'],
  salesActivities: ['Project.SalesActivities', 'Sales Activities'],
  doesOppBelongToNatSec: ['AccessControls.NationalSecurity', 'National Security'],
  IsOppFromMarketingActivity: ['Marketing.Source', 'Is Opportunity from Marketing Activity?'],
  aWSAccountOwnerEmail: ['AWSOpportunityTeam.AWSAccountOwner.Email', 'AWS Account Manager Email'],
  aWSSalesRepName: ['AWSOpportunityTeam.AWSSalesRep.Name', 'AWS Sales Rep Name'],
  opportunityOwnership: ['Origin', 'Opportunity Ownership'],
  contractStartDate: ['SoftwareRevenue.EffectiveDate', 'Contract effective date'],
  customerSoftwareValue: ['SoftwareRevenue.Value.Amount', 'Customer Software Value'],
};

const LEAD: Record<string, [path: string, label: string]> = {
  status: ['Lead.Status', 'Lead Status'],
  currentLeadStage: ['Lead.CurrentLeadStage', 'Lead Stage'],
  campaignName: ['Lead.CampaignName', 'Campaign Name'],
  email: ['Lead.Customer.Email', 'Email'],
  country: ['Lead.Customer.Address.CountryCode', 'Country'],
  createdDate: ['Lead.CreatedDate', 'Created Date'],
};

function entry(attribute: Pick<AttributeRow, 'name' | 'type'>): [string, string] | undefined {
  return (attribute.type === 'Lead' ? LEAD : OPPORTUNITY)[attribute.name];
}

/** ACE's API path of an attribute, as its exceptions name it. */
export function acePath(attribute: Pick<AttributeRow, 'name' | 'type'>): string {
  return entry(attribute)?.[0] ?? attribute.name;
}

/** The label the partner sees for an attribute. */
export function aceLabel(attribute: Pick<AttributeRow, 'name' | 'type'>): string {
  const known = entry(attribute)?.[1];
  if (known) return known;
  const spaced = attribute.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/\./g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
