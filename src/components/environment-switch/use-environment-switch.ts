import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';

import { ERROR_TEXT } from '@/api/error-messages';
import { connectionStore, session } from '@/api/session';
import { toast } from '@/lib/toaster';
import { getListAwsAttributesQueryKey } from '@generated/api/attributes/attributes';
import {
  getGetMappingCountsQueryKey,
  getListDataMappingsQueryKey,
} from '@generated/api/mappings/mappings';
import { getGetConnectionStepStatusQueryOptions } from '@generated/api/onboarding/onboarding';
import {
  getGetSyncStatsQueryKey,
  getListOverridesQueryKey,
  getListSyncErrorsQueryKey,
  getListSyncLogsQueryKey,
} from '@generated/api/sync/sync';
import { getGetTenantQueryKey, useUpdateTenant } from '@generated/api/tenants/tenants';

/** Where the user goes after a switch: the wizard sends to the dashboard, the others to the wizard. */
export type EnvironmentSwitchDestination = '/dashboard' | '/new-connection';

/**
 * The environment switch: PATCH the tenant's `is_production_enabled`, ask the connection step again
 * with the stored product key, then go to `destination`. Failed calls toast through the query and
 * mutation caches; the caller's dialog stays open for another try.
 */
export function useEnvironmentSwitch(destination: EnvironmentSwitchDestination) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const updateTenant = useUpdateTenant();
  const [busy, setBusy] = useState(false);
  // `busy` is stale within one event loop turn: a double click on Yes must still switch once.
  const running = useRef(false);

  /** Resolves true when the switch is done and the user is on their way. */
  const switchEnvironment = async (isProductionEnabled: boolean): Promise<boolean> => {
    const tenantId = session.tenantId();
    if (tenantId === undefined) {
      void toast.danger(ERROR_TEXT.noTenant);
      return false;
    }
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    try {
      const tenant = await updateTenant.mutateAsync({
        id: tenantId,
        data: { is_production_enabled: !isProductionEnabled },
      });
      queryClient.setQueryData(getGetTenantQueryKey(tenantId), tenant);
      const key = connectionStore.getProductKey();
      await queryClient.fetchQuery(
        getGetConnectionStepStatusQueryOptions(key ? { key } : {}, { query: { staleTime: 0 } }),
      );
      // The backend deleted the logs, error logs and custom-attribute mappings of the old environment.
      await Promise.all(
        [
          getListSyncErrorsQueryKey(),
          getListSyncLogsQueryKey(),
          getListOverridesQueryKey(),
          getGetSyncStatsQueryKey(),
          getListDataMappingsQueryKey(),
          getGetMappingCountsQueryKey(),
          getListAwsAttributesQueryKey(),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
      );
      await navigate({ to: destination });
      return true;
    } catch {
      return false; // the caches have shown the error
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return { busy, switchEnvironment };
}
