import type { FieldMap } from '@/components/form/field-map';
import type { AwsPartnerStatus, CreateTenantRequest } from '@generated/api/model';

import { splitAdminName } from './admin-name';

/** What the step-2 form holds (schemas/create-tenant.schema.json). */
export interface AccountValues {
  company: {
    company_name?: string;
    aws_partner_status?: AwsPartnerStatus;
    industry?: string;
    email?: string;
  };
  admin: { name?: string; email?: string; password?: string };
  is_term_and_conditions_accepted?: boolean;
}

export const INITIAL_ACCOUNT: AccountValues = {
  company: { aws_partner_status: 'advance' },
  admin: {},
};

/** Step 2's payload: the admin name split into first and last name. */
export function toCreateTenantRequest(key: string, values: AccountValues): CreateTenantRequest {
  const { company, admin } = values;
  return {
    key,
    company: {
      company_name: (company.company_name ?? '').trim(),
      aws_partner_status: company.aws_partner_status ?? 'advance',
      industry: company.industry?.trim() || null,
      email: (company.email ?? '').trim(),
      is_term_and_conditions_accepted: values.is_term_and_conditions_accepted === true,
    },
    admin: {
      ...splitAdminName(admin.name ?? ''),
      email: (admin.email ?? '').trim(),
      password: admin.password ?? '',
    },
  };
}

/** Step 2's field map: password and email under the admin's fields, the name's parts under it. */
export const ACCOUNT_FIELDS: FieldMap = {
  password: 'admin.password',
  email: 'admin.email',
  first_name: 'admin.name',
  last_name: 'admin.name',
  company_name: 'company.company_name',
};
