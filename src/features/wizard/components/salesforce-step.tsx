import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';

import { session } from '@/api/session';
import { useFormSubmit } from '@/components/form/use-form-submit';
import { SalesforceConnectionForm } from '@/components/salesforce-connection/salesforce-connection-form';
import {
  CONNECTION_FIELDS,
  toConnectionRequest,
  type SalesforceConnectionValues,
} from '@/components/salesforce-connection/salesforce-connection-values';
import { toast } from '@/lib/toaster';
import { getCreateSalesforceConnectionMutationOptions } from '@generated/api/onboarding/onboarding';
import { getGetTenantQueryOptions } from '@generated/api/tenants/tenants';

import styles from '../wizard.module.css';
import { WizardNav } from './wizard-nav';

export interface SalesforceStepProps {
  value: SalesforceConnectionValues;
  onChange: (value: SalesforceConnectionValues) => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** Step 3: connect the Salesforce org; Production is offered to production-enabled tenants. */
export function SalesforceStep({ value, onChange, onPrevious, onNext }: SalesforceStepProps) {
  const tenantId = session.tenantId();
  // Without the tenant, Production simply stays unavailable: no need to alarm the user.
  const tenant = useQuery({
    ...getGetTenantQueryOptions(tenantId ?? 0, { query: { meta: { silentErrors: true } } }),
    enabled: tenantId !== undefined,
  });
  const connect = useFormSubmit(getCreateSalesforceConnectionMutationOptions(), {
    fields: CONNECTION_FIELDS,
    onSuccess: (reply) => void toast.success(reply?.message || 'Connected Successfully'),
    next: onNext,
  });

  return (
    <>
      <h2 className={`${Classes.HEADING} ${styles.sectionTitle}`}>Setup Salesforce Connection</h2>
      <SalesforceConnectionForm
        formData={value}
        onChange={onChange}
        onSubmit={(values) => connect.submit({ data: toConnectionRequest(values) })}
        serverErrors={connect.fieldErrors}
        productionEnabled={tenant.data?.is_production_enabled === true}
        disabled={connect.finishing}
      >
        <WizardNav onPrevious={onPrevious} busy={connect.busy} />
      </SalesforceConnectionForm>
    </>
  );
}
