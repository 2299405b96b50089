import { Classes } from '@blueprintjs/core';

import { session } from '@/api/session';
import { useSessionUser } from '@/api/use-session';

import styles from './accounts.module.css';
import { CompanyCard } from './components/company-card';
import { MyAccountCard } from './components/my-account-card';
import { UsersCard } from './components/users-card';
import { WebhooksCard } from './components/webhooks-card';

export interface AccountsPageProps {
  /** The invite modal is open (super_admin only). */
  inviting?: boolean;
  onInvitingChange?: (inviting: boolean) => void;
}

/**
 * Company Settings (/accounts): the company and its connections, the signed-in user's own account,
 * and, for a super_admin, the users of the company and its webhooks.
 */
export function AccountsPage({ inviting = false, onInvitingChange = () => {} }: AccountsPageProps) {
  const user = useSessionUser();
  if (!user) return null; // logging out
  const superAdmin = user.role === 'super_admin';
  return (
    <div className={styles.page}>
      <h1 className={Classes.HEADING}>Company Settings</h1>
      <div className={styles.grid}>
        <CompanyCard tenantId={session.tenantId()} canEditSalesforce={superAdmin} />
        <MyAccountCard user={user} />
        {superAdmin ? (
          <div className={styles.wide}>
            <UsersCard inviting={inviting} onInvitingChange={onInvitingChange} />
          </div>
        ) : null}
        {superAdmin ? (
          <div className={styles.wide}>
            <WebhooksCard />
          </div>
        ) : null}
      </div>
    </div>
  );
}
