import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';

import { session } from '@/api/session';
import { ConfirmDialog } from '@/components/confirm-dialog/confirm-dialog';
import { EnvironmentSwitch } from '@/components/environment-switch';
import { toast } from '@/lib/toaster';
import { requiredFields, unmappedRequired, unmappedRequiredText } from '@/lib/unmapped-required';
import { getGetMappingCountsQueryOptions } from '@generated/api/mappings/mappings';
import type { MappingCounts } from '@generated/api/model';
import { getGetTenantQueryOptions } from '@generated/api/tenants/tenants';

import styles from '../wizard.module.css';
import { Loading } from './loading';
import { WizardNav } from './wizard-nav';

export interface SettingsStepProps {
  /** The field-mapping editor, composed by the route. */
  mapper: ReactNode;
  onPrevious: () => void;
  onFinish: () => void;
}

/**
 * Step 5: the mapping editor; Finish needs at least one mandatory field mapped, and asks first while
 * others are still unmapped, naming how many and what happens to their records.
 */
export function SettingsStep({ mapper, onPrevious, onFinish }: SettingsStepProps) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [unmapped, setUnmapped] = useState<MappingCounts | null>(null);
  const tenantId = session.tenantId();
  const tenant = useQuery({
    ...getGetTenantQueryOptions(tenantId ?? 0, { query: { meta: { silentErrors: true } } }),
    enabled: tenantId !== undefined,
  });

  const finish = async () => {
    setChecking(true);
    try {
      const counts = await queryClient.fetchQuery(
        getGetMappingCountsQueryOptions({ query: { staleTime: 0 } }),
      );
      if (counts.mapped_aws_mandatory_lead === 0 && counts.mapped_aws_mandatory_opportunity === 0) {
        void toast.danger('At least one required field needs to be mapped');
        return;
      }
      // Set-up is complete with one required field mapped; the others are never a surprise.
      if (unmappedRequired(counts).total > 0) setUnmapped(counts);
      else onFinish();
    } catch {
      // The failed call has already been reported by the query cache.
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      {tenant.data ? (
        <div className={styles.environment}>
          {/* Switching from the wizard lands on the dashboard (from the navbar, on the wizard). */}
          <EnvironmentSwitch
            isProductionEnabled={tenant.data.is_production_enabled}
            destination="/dashboard"
          />
        </div>
      ) : null}
      {/* The route may hand the mapper over lazily: a spinner until it has loaded. */}
      <Suspense fallback={<Loading />}>{mapper}</Suspense>
      <WizardNav
        onPrevious={onPrevious}
        nextText="Finish"
        onNext={() => void finish()}
        busy={checking}
      />
      <ConfirmDialog
        isOpen={unmapped !== null}
        title={`Finish with ${requiredFields(unmapped ? unmappedRequired(unmapped).total : 0)} unmapped?`}
        body={
          unmapped
            ? `${unmappedRequiredText(unmapped)} You can map them later in Sync Settings.`
            : ''
        }
        acceptText="Finish anyway"
        declineText="Keep mapping"
        onResult={(answer) => {
          setUnmapped(null);
          if (answer === 'accept') onFinish();
        }}
      />
    </>
  );
}
