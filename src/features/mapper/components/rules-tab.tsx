import { Checkbox } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { session } from '@/api/session';
import { toast } from '@/lib/toaster';
import type { CreateOnSfSettingsRequestType, Tenant } from '@generated/api/model';
import {
  getGetTenantQueryKey,
  useGetTenant,
  useUpdateCreateOnSfSettings,
} from '@generated/api/tenants/tenants';

import styles from '../mapper.module.css';

const RULES = [
  {
    type: 'lead',
    field: 'is_lead_create_allowed_in_sf',
    label: 'Are new Leads created when syncing from AWS to Salesforce?',
  },
  {
    type: 'opportunity',
    field: 'is_opportunity_create_allowed_in_sf',
    label: 'Are new Opportunities created when syncing from AWS to Salesforce?',
  },
] as const satisfies readonly {
  type: CreateOnSfSettingsRequestType;
  field: keyof Tenant;
  label: string;
}[];

const RULES_FAILED = 'Could not update the settings';

/** Whether a sync from AWS may create new leads and opportunities in Salesforce. */
export function RulesTab() {
  const client = useQueryClient();
  const tenantId = session.tenantId() ?? 0;
  const tenant = useGetTenant(tenantId);
  // What the user ticked, until the server agrees (then the tenant query holds it).
  const [ticked, setTicked] = useState<Partial<Record<CreateOnSfSettingsRequestType, boolean>>>({});
  const save = useUpdateCreateOnSfSettings({ mutation: { meta: { silentErrors: true } } });

  return (
    <div className={styles.rules}>
      {RULES.map(({ type, field, label }) => {
        const stored = tenant.data?.[field] ?? false;
        const onChange = (value: boolean) => {
          setTicked((all) => ({ ...all, [type]: value }));
          save.mutate(
            { data: { type, value } },
            {
              onSuccess: (reply) => {
                void toast.success(reply.message);
                client.setQueryData<Tenant>(getGetTenantQueryKey(tenantId), (old) =>
                  old ? { ...old, [field]: value } : old,
                );
              },
              onError: () => {
                void toast.danger(RULES_FAILED);
                setTicked((all) => ({ ...all, [type]: !value }));
              },
            },
          );
        };
        return (
          <Checkbox
            key={type}
            label={label}
            checked={ticked[type] ?? stored}
            disabled={tenant.isPending && tenantId !== 0}
            onChange={(event) => onChange(event.currentTarget.checked)}
          />
        );
      })}
    </div>
  );
}
