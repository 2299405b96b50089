import type { UiSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { useCreateTenant } from '@generated/api/onboarding/onboarding';
import createTenantUi from '@schemas/create-tenant.ui.json';
import { connectionStore, session } from '@/api/session';
import { SchemaForm } from '@/components/schema-form/schema-form';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { accountServerErrors, toCreateTenantRequest, type AccountValues } from './account-values';
import { createTenantSchema, createTenantValidator } from './create-tenant-form';
import { toastUnlessFieldErrors } from './server-errors';
import { WizardNav } from './wizard-nav';
import { useSingleFlight } from '@/lib/use-single-flight';

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
 * and after the server's message and a second the wizard moves on (spec section 4).
 */
export function AccountStep({ productKey, value, onChange, onPrevious, onNext }: AccountStepProps) {
  const [serverBody, setServerBody] = useState<unknown>();
  const [moving, setMoving] = useState(false);
  const create = useSingleFlight(useCreateTenant({ mutation: { meta: { silentErrors: true } } }));
  const serverErrors = useMemo(() => accountServerErrors(serverBody), [serverBody]);

  const submit = (values: AccountValues) => {
    if (create.isPending || moving) return;
    setServerBody(undefined);
    create.mutate(
      { data: toCreateTenantRequest(productKey, values) },
      {
        onSuccess: async (reply) => {
          setMoving(true);
          connectionStore.setTenantId(reply.id);
          connectionStore.setTenantSubdomain(reply.subdomain_prefix);
          session.start(reply.tenant_admin);
          if (reply.message) void toast.success(reply.message);
          await wait(SUCCESS_DELAY_MS);
          onNext();
        },
        onError: (error) => {
          setServerBody(error.body);
          toastUnlessFieldErrors(error, accountServerErrors(error.body));
        },
      },
    );
  };

  return (
    <SchemaForm<AccountValues>
      schema={createTenantSchema}
      uiSchema={uiSchema}
      validator={createTenantValidator}
      formData={value}
      onChange={onChange}
      onSubmit={submit}
      serverErrors={serverErrors}
      disabled={moving}
    >
      <WizardNav onPrevious={onPrevious} busy={create.isPending || moving} />
    </SchemaForm>
  );
}
