import { Classes } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useCreateSalesforceConnection } from '@generated/api/onboarding/onboarding';
import { getGetTenantQueryOptions } from '@generated/api/tenants/tenants';
import { session } from '@/api/session';
import { SalesforceConnectionForm } from '@/components/salesforce-connection/salesforce-connection-form';
import {
  connectionServerErrors,
  toConnectionRequest,
  type SalesforceConnectionValues,
} from '@/components/salesforce-connection/salesforce-connection-values';
import { SUCCESS_DELAY_MS, wait } from '@/lib/timing';
import { toast } from '@/lib/toaster';
import { toastUnlessFieldErrors } from './server-errors';
import { WizardNav } from './wizard-nav';
import styles from './wizard.module.css';
import { useSingleFlight } from '@/lib/use-single-flight';

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
  const [serverBody, setServerBody] = useState<unknown>();
  const [moving, setMoving] = useState(false);
  const connect = useSingleFlight(
    useCreateSalesforceConnection({ mutation: { meta: { silentErrors: true } } }),
  );
  const serverErrors = useMemo(() => connectionServerErrors(serverBody), [serverBody]);

  const submit = (values: SalesforceConnectionValues) => {
    if (connect.isPending || moving) return;
    setServerBody(undefined);
    connect.mutate(
      { data: toConnectionRequest(values) },
      {
        onSuccess: async (reply) => {
          setMoving(true);
          void toast.success(reply?.message || 'Connected Successfully');
          await wait(SUCCESS_DELAY_MS);
          onNext();
        },
        onError: (error) => {
          setServerBody(error.body);
          toastUnlessFieldErrors(error, connectionServerErrors(error.body));
        },
      },
    );
  };

  return (
    <>
      <h2 className={`${Classes.HEADING} ${styles.sectionTitle}`}>Setup Salesforce Connection</h2>
      <SalesforceConnectionForm
        formData={value}
        onChange={onChange}
        onSubmit={submit}
        serverErrors={serverErrors}
        productionEnabled={tenant.data?.is_production_enabled === true}
        disabled={moving}
      >
        <WizardNav onPrevious={onPrevious} busy={connect.isPending || moving} />
      </SalesforceConnectionForm>
    </>
  );
}
