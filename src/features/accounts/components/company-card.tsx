import { Button, Card, Classes, Tooltip } from '@blueprintjs/core';
import { EditIcon } from '@blueprintjs/icons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { LazySalesforceConnectionDialog } from '@/components/salesforce-connection/lazy-salesforce-connection-dialog';
import type { AwsPartnerStatus, ConnectionState } from '@generated/api/model';

import { connectionQueryOptions, tenantQueryOptions } from '../accounts-queries';
import styles from '../accounts.module.css';
import { ConnectionStateTag } from './connection-state';

const SUPPORT_EMAIL = 'support@acebridge.io';

const PARTNER_STATUS: Record<AwsPartnerStatus, string> = {
  advance: 'Advanced Tier',
  premier: 'Premier Tier',
  i_dont_know: 'Not known',
};

export interface CompanyCardProps {
  tenantId: number | undefined;
  /** A super_admin may change the Salesforce account. */
  canEditSalesforce: boolean;
}

/** Subscription, AWS partner status and the health of both connections. */
export function CompanyCard({ tenantId, canEditSalesforce }: CompanyCardProps) {
  const [editingSalesforce, setEditingSalesforce] = useState(false);
  const tenant = useQuery({
    ...tenantQueryOptions(tenantId ?? 0),
    enabled: tenantId !== undefined,
  });
  const connection = useQuery(connectionQueryOptions());
  // 'connecting' until the check answers; a failed check means both failed.
  const state = (pick: 'aws_connection' | 'salesforce_connection'): ConnectionState =>
    connection.isError ? 'Failed' : (connection.data?.[pick] ?? 'connecting');
  const loading = tenant.isPending && tenantId !== undefined;
  const value = (text: string | undefined) =>
    loading ? <span className={Classes.SKELETON}>Loading</span> : (text ?? 'Not available');

  return (
    <Card className={styles.card} elevation={1}>
      <h2 className={Classes.HEADING}>{tenant.data?.company_name ?? 'Company'}</h2>
      <dl className={styles.facts}>
        <dt>Subscription</dt>
        <dd>{value(tenant.data?.subscription ?? undefined)}</dd>
        <dt>AWS Partner Status</dt>
        <dd>{value(tenant.data ? PARTNER_STATUS[tenant.data.aws_partner_status] : undefined)}</dd>
        <dt>Amazon ACE Connection</dt>
        <dd aria-live="polite">
          <ConnectionStateTag state={state('aws_connection')} />
        </dd>
        <dt>Salesforce Connection</dt>
        <dd aria-live="polite">
          <ConnectionStateTag state={state('salesforce_connection')} />
          {canEditSalesforce ? (
            <Tooltip content="Update your Salesforce Account" placement="top">
              <Button
                variant="minimal"
                size="small"
                icon={<EditIcon />}
                aria-label="Update your Salesforce Account"
                onClick={() => setEditingSalesforce(true)}
              />
            </Tooltip>
          ) : null}
        </dd>
      </dl>
      <p className={Classes.TEXT_MUTED}>
        Need help with a connection? Reach out to us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      {canEditSalesforce ? (
        <LazySalesforceConnectionDialog
          isOpen={editingSalesforce}
          onClose={() => setEditingSalesforce(false)}
        />
      ) : null}
    </Card>
  );
}
