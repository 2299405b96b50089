import type { UiSchema } from '@rjsf/utils';

import { connectionStore, session } from '@/api/session';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { toast } from '@/lib/toaster';
import { getCreateTenantMutationOptions } from '@generated/api/onboarding/onboarding';
import createTenantUi from '@schemas/create-tenant.ui.json';

import { ACCOUNT_FIELDS, toCreateTenantRequest, type AccountValues } from '../model/account-values';
import { createTenantSchema, createTenantValidator } from '../model/create-tenant-form';
import { WizardNav } from './wizard-nav';

const legalLink = (href: string, text: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {text}
  </a>
);

const uiSchema: UiSchema<AccountValues> = {
  ...createTenantUi,
  is_term_and_conditions_accepted: {
    'ui:options': {
      labelNode: (
        <>
          I accept the {legalLink('/terms-and-conditions', 'Terms and Conditions')} and the{' '}
          {legalLink('/privacy-policy', 'Privacy Policy')}
        </>
      ),
    },
  },
};

export interface AccountStepProps {
  productKey: string;
  value: AccountValues;
  onChange: (value: AccountValues) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * Step 2: the company and its admin. On success the admin is signed in, the tenant remembered,
 * and after the server's message and a second the wizard moves on.
 */
export function AccountStep({ productKey, value, onChange, onPrevious, onNext }: AccountStepProps) {
  const create = useFormSubmit(getCreateTenantMutationOptions(), {
    fields: ACCOUNT_FIELDS,
    onSuccess: (reply) => {
      connectionStore.setTenantId(reply.id);
      connectionStore.setTenantSubdomain(reply.subdomain_prefix);
      session.start(reply.tenant_admin);
      if (reply.message) void toast.success(reply.message);
    },
    next: onNext,
  });

  return (
    <SchemaForm<AccountValues>
      schema={createTenantSchema}
      uiSchema={uiSchema}
      validator={createTenantValidator}
      formData={value}
      onChange={onChange}
      onSubmit={(values) => create.submit({ data: toCreateTenantRequest(productKey, values) })}
      serverErrors={create.fieldErrors}
      disabled={create.finishing}
    >
      <WizardNav onPrevious={onPrevious} busy={create.busy} />
    </SchemaForm>
  );
}
